import { describe, expect, it } from 'vitest';
import { cleanResetCode, EMPTY_SIGN_UP, passwordProblem, resetCodeProblem, signUpPayload, signUpProblem, type SignUpValues } from '@/app/features/account/authValidation';
import { tokenExpired } from '@/domain/account/storedSession';
import { signupSchema } from '@/domain/account/user';

const FILLED: SignUpValues = {
  ...EMPTY_SIGN_UP,
  name: ' Rudo Chikore ',
  email: ' Rudo@Example.co.zw ',
  phone: '+263 71 555 0101',
  location: 'Mutare, Zimbabwe',
  password: 'hunter22',
  confirmPassword: 'hunter22',
};

describe('password checks (spec section 5)', () => {
  it('accepts matching passwords of six characters or more', () => {
    expect(passwordProblem('abcdef', 'abcdef')).toBeNull();
    expect(passwordProblem('a much longer passphrase', 'a much longer passphrase')).toBeNull();
  });
  it("says 'Passwords do not match' when they differ, even if one is too short", () => {
    expect(passwordProblem('abcdef', 'abcdeg')).toBe('Passwords do not match');
    expect(passwordProblem('abc', 'abcdef')).toBe('Passwords do not match');
  });
  it("says 'Password must be at least 6 characters long' for five characters", () => {
    expect(passwordProblem('abcde', 'abcde')).toBe('Password must be at least 6 characters long');
  });
});

describe('the sign-up wizard', () => {
  it('starts as a private seller with empty fields', () => {
    expect(EMPTY_SIGN_UP.user_type).toBe('private');
    expect(signUpProblem(EMPTY_SIGN_UP)).toEqual({ step: 1, message: 'Please fill in Full Name' });
  });
  it('sends the user back to step 1 for a field holding only spaces', () => {
    expect(signUpProblem({ ...FILLED, location: '   ' })).toEqual({ step: 1, message: 'Please fill in Location' });
  });
  it('sends the user back to step 2 for a password problem', () => {
    expect(signUpProblem({ ...FILLED, confirmPassword: 'hunter23' })).toEqual({ step: 2, message: 'Passwords do not match' });
    expect(signUpProblem({ ...FILLED, password: 'abc', confirmPassword: 'abc' })).toEqual({ step: 2, message: 'Password must be at least 6 characters long' });
  });
  it('accepts a complete form', () => {
    expect(signUpProblem(FILLED)).toBeNull();
  });
  it("builds the spec's payload: trimmed, Harare's coordinates whatever the location, no confirmation field", () => {
    const payload = signUpPayload(FILLED);
    expect(payload).toEqual({
      name: 'Rudo Chikore',
      email: 'rudo@example.co.zw',
      phone: '+263 71 555 0101',
      location: 'Mutare, Zimbabwe',
      password: 'hunter22',
      user_type: 'private',
      latitude: -17.8252,
      longitude: 31.0335,
    });
    expect(signupSchema.safeParse(payload).success).toBe(true);
  });
  it('sends a business name only for a dealer who typed one', () => {
    expect(signUpPayload({ ...FILLED, business_name: 'Dube Motors' })).not.toHaveProperty('business_name');
    expect(signUpPayload({ ...FILLED, user_type: 'dealer', business_name: ' Dube Motors ' })).toMatchObject({ user_type: 'dealer', business_name: 'Dube Motors' });
    expect(signUpPayload({ ...FILLED, user_type: 'dealer', business_name: ' ' })).not.toHaveProperty('business_name');
  });
});

describe('the reset code', () => {
  it('keeps digits only, at most six', () => {
    expect(cleanResetCode('12 34-56')).toBe('123456');
    expect(cleanResetCode('1234567')).toBe('123456');
    expect(cleanResetCode('abc')).toBe('');
  });
  it('must be exactly six digits', () => {
    expect(resetCodeProblem('012345')).toBeNull();
    expect(resetCodeProblem('12345')).toBe('Invalid or expired code');
    expect(resetCodeProblem('12345a')).toBe('Invalid or expired code');
  });
});

describe('token expiry', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
  it('reads exp from a JWT', () => {
    expect(tokenExpired(jwt({ exp: now.getTime() / 1000 - 1 }), now)).toBe(true);
    expect(tokenExpired(jwt({ exp: now.getTime() / 1000 + 60 }), now)).toBe(false);
  });
  it('leaves tokens it cannot read to the server', () => {
    expect(tokenExpired('opaque', now)).toBe(false);
    expect(tokenExpired('a.!!!.c', now)).toBe(false);
    expect(tokenExpired(jwt({ sub: 'u1' }), now)).toBe(false);
  });
});
