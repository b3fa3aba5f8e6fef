// The auth dialog's own checks (spec section 5) and the check of a session saved on the device
// (spec section 4): pure, so they are tested without a browser.
// zod/mini: this check runs on every app start, so it must not pull the whole library into the first load.
import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH, RESET_CODE_LENGTH, SIGNUP_COORDINATES, USER_TYPES, type SellerType } from './constants';
import { AUTH_MESSAGES } from './messages';
import { SIGN_UP_TEXTS } from './authTexts';
import type { SignupInput, User } from './user';

/** 'Passwords do not match' first (the likelier slip), then the minimum length; null when fine. */
export function passwordProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  return null;
}

export interface SignUpValues {
  name: string;
  email: string;
  phone: string;
  location: string;
  password: string;
  confirmPassword: string;
  user_type: SellerType;
  business_name: string;
}

export const EMPTY_SIGN_UP: SignUpValues = {
  name: '',
  email: '',
  phone: '',
  location: '',
  password: '',
  confirmPassword: '',
  user_type: 'private',
  business_name: '',
};

/** Which wizard step holds the problem (1 personal, 2 security), so the dialog can go back to it. */
export interface SignUpProblem {
  step: 1 | 2;
  message: string;
}

const REQUIRED_STEP_1: [keyof SignUpValues, string][] = [
  ['name', SIGN_UP_TEXTS.fullName],
  ['email', SIGN_UP_TEXTS.email],
  ['phone', SIGN_UP_TEXTS.phone],
  ['location', SIGN_UP_TEXTS.location],
];

/** Checks the whole sign-up form before 'Create Account'; Next is only held back by the browser's required fields. */
export function signUpProblem(v: SignUpValues): SignUpProblem | null {
  for (const [key, label] of REQUIRED_STEP_1) {
    if (!String(v[key]).trim()) return { step: 1, message: SIGN_UP_TEXTS.required(label) };
  }
  const pw = passwordProblem(v.password, v.confirmPassword);
  return pw ? { step: 2, message: pw } : null;
}

/** The sign-up payload of spec section 7: always Harare's coordinates, whatever location was typed. */
export function signUpPayload(v: SignUpValues): SignupInput {
  const business = v.business_name.trim();
  return {
    name: v.name.trim(),
    email: v.email.trim().toLowerCase(),
    phone: v.phone.trim(),
    location: v.location.trim(),
    password: v.password,
    user_type: v.user_type,
    ...(v.user_type === 'dealer' && business ? { business_name: business } : {}),
    latitude: SIGNUP_COORDINATES.latitude,
    longitude: SIGNUP_COORDINATES.longitude,
  };
}

/** What the reset-code field keeps of what was typed or pasted: digits only, at most six. */
export function cleanResetCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, RESET_CODE_LENGTH);
}

export function resetCodeProblem(code: string): string | null {
  return new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`).test(code) ? null : AUTH_MESSAGES.invalidCode;
}

const nullableText = z.pipe(z.nullish(z.string()), z.transform((s: string | null | undefined) => s ?? null));
const nullableNumber = z.pipe(z.nullish(z.number()), z.transform((n: number | null | undefined) => n ?? null));

/** A user as saved under userData: the fields the app relies on must be there and of the right type. */
const storedUserSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  email: z.string(),
  phone: nullableText,
  location: nullableText,
  region: nullableText,
  area: nullableText,
  latitude: nullableNumber,
  longitude: nullableNumber,
  user_type: z.enum(USER_TYPES),
  business_name: nullableText,
  created_at: z.catch(z.string(), ''),
});

/**
 * The saved user, or null when it is missing, is not JSON or has the wrong shape. isAdmin is
 * derived from user_type (spec section 3) rather than trusted from storage.
 */
export function parseStoredUser(raw: string | null): User | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = storedUserSchema.safeParse(json);
  if (!parsed.success) return null;
  return { ...parsed.data, isAdmin: parsed.data.user_type === 'admin' };
}

/**
 * True when the token is a JWT whose `exp` has passed, so a stale session is dropped on start even
 * offline. A token that is not a readable JWT is left to the server to judge.
 */
export function tokenExpired(token: string, now: Date = new Date()): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const b64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '=')));
    const exp = typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && exp * 1000 <= now.getTime();
  } catch {
    return false;
  }
}
