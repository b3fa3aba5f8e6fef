import { createHmac, randomBytes } from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ENGINES, startServer, type TestServer } from './harness';
import { mailsTo as mailsToAddress } from './outbox';

const RATE_LIMITED = { detail: 'Too many requests. Please try again later.' };

function uniqueEmail(tag: string): string {
  return `${tag}-${randomBytes(4).toString('hex')}@example.co.zw`;
}

/** An HS256 JWT for `sub`, signed with `secret` (built by hand so no extra package is needed). */
function hs256(sub: string, secret: string): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, iat: now, exp: now + 3600 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** The emails to an address, oldest first. */
const mailsTo = (s: TestServer, email: string): string[] => mailsToAddress(s.dataDir, email);

/** The reset code of the newest mail to an address. */
function latestCode(s: TestServer, email: string): string {
  const mails = mailsTo(s, email);
  const m = /code is (\d{6})/.exec(mails[mails.length - 1] ?? '');
  if (!m) throw new Error(`no reset code mailed to ${email}`);
  return m[1]!;
}

/** A six-digit code that is not `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;

  beforeAll(async () => {
    // Seeded, so the sample sellers exist for the sign-in and reset checks.
    s = await startServer(engine, { seed: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  const post = (url: string, body: unknown) => s.request({ method: 'POST', url, body });

  async function requestCode(email: string): Promise<string> {
    const res = await post('/api/auth/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Reset code sent to your email' });
    return latestCode(s, email);
  }

  describe('signup', () => {
    it('creates a private account by default and returns a token and the user without any password field', async () => {
      const email = uniqueEmail('new');
      const res = await post('/api/auth/signup', {
        name: 'Rudo Chikore',
        email,
        phone: '+263 71 555 0101',
        location: 'Avondale, Harare',
        password: 'hunter22',
        latitude: -17.8252,
        longitude: 31.0335,
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(typeof body.access_token).toBe('string');
      expect(body.access_token.split('.')).toHaveLength(3);
      expect(body.user).toMatchObject({ name: 'Rudo Chikore', email, user_type: 'private', isAdmin: false, business_name: null });
      expect(typeof body.user.id).toBe('string');
      expect(res.body).not.toMatch(/hunter22/);
      for (const key of Object.keys(body.user)) expect(key).not.toMatch(/pass|hash/i);
      const me = await s.request({ method: 'GET', url: '/api/auth/me', token: body.access_token });
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(body.user.id);
    });

    it('gives a dealer a business name (its own, else the name)', async () => {
      const named = await post('/api/auth/signup', {
        name: 'Farai Dube',
        email: uniqueEmail('dealer'),
        phone: '+263 77 000 1111',
        location: 'Bulawayo',
        password: 'secret-pass',
        user_type: 'dealer',
        business_name: 'Dube Motors',
      });
      expect(named.statusCode).toBe(201);
      expect(named.json().user).toMatchObject({ user_type: 'dealer', business_name: 'Dube Motors' });
      const unnamed = await post('/api/auth/signup', {
        name: 'Nyasha Ncube',
        email: uniqueEmail('dealer'),
        phone: '+263 77 000 2222',
        location: 'Gweru',
        password: 'secret-pass',
        user_type: 'dealer',
      });
      expect(unnamed.statusCode).toBe(201);
      expect(unnamed.json().user).toMatchObject({ user_type: 'dealer', business_name: 'Nyasha Ncube' });
    });

    it('never makes an administrator through sign-up', async () => {
      const base = { name: 'Sneaky', phone: '+263 77 111 2222', location: 'Harare', password: 'secret-pass' };
      const asAdmin = await post('/api/auth/signup', { ...base, email: uniqueEmail('sneak'), user_type: 'admin' });
      expect(asAdmin.statusCode).toBe(422);
      const extra = await post('/api/auth/signup', { ...base, email: uniqueEmail('sneak'), isAdmin: true, userType: 'admin' });
      expect(extra.statusCode).toBe(201);
      expect(extra.json().user).toMatchObject({ user_type: 'private', isAdmin: false });
      const stats = await s.request({ method: 'GET', url: '/api/admin/stats', token: extra.json().access_token });
      expect(stats.statusCode).toBe(403);
    });

    it('refuses a second account for the same email, whatever its case, with 409', async () => {
      const email = uniqueEmail('dup');
      await s.signup({ email });
      const again = await post('/api/auth/signup', {
        name: 'Someone Else',
        email: email.toUpperCase(),
        phone: '+263 77 999 0000',
        location: 'Harare',
        password: 'another-pass',
        user_type: 'private',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: 'An account with this email already exists' });
    });

    const valid = () => ({ name: 'Test User', email: uniqueEmail('v'), phone: '+263 77 123 0000', location: 'Harare', password: 'secret-pass' });

    it.each([
      ['a missing field', (b: Record<string, unknown>) => ({ ...b, name: undefined }), 'name'],
      ['a bad email', (b: Record<string, unknown>) => ({ ...b, email: 'not-an-email' }), 'email'],
      ['a password under 6 characters', (b: Record<string, unknown>) => ({ ...b, password: '12345' }), 'password'],
    ])('answers 422 with a list of messages for %s', async (_label, change, field) => {
      const res = await post('/api/auth/signup', change(valid()));
      expect(res.statusCode).toBe(422);
      const { detail } = res.json();
      expect(Array.isArray(detail)).toBe(true);
      expect(detail.length).toBeGreaterThan(0);
      for (const item of detail) expect(typeof item.msg).toBe('string');
      expect(detail.some((d: { loc: string[] }) => d.loc.includes(field))).toBe(true);
    });

    it('says why a short password is refused', async () => {
      const res = await post('/api/auth/signup', { ...valid(), password: 'abc' });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail.map((d: { msg: string }) => d.msg)).toContain('Password must be at least 6 characters long');
    });

    it('answers 400 to a malformed JSON body', async () => {
      const res = await s.request({
        method: 'POST',
        url: '/api/auth/signup',
        body: '{"name": "Broken", "email": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ detail: 'Malformed JSON body' });
    });
  });

  describe('login', () => {
    it('signs in with the right password (email in any case) and refuses a wrong one or an unknown email alike', async () => {
      const { user } = await s.signup({ password: 'right-password' });
      const ok = await post('/api/auth/login', { email: user.email.toUpperCase(), password: 'right-password' });
      expect(ok.statusCode).toBe(200);
      expect(typeof ok.json().access_token).toBe('string');
      expect(ok.json().user.id).toBe(user.id);
      for (const key of Object.keys(ok.json().user)) expect(key).not.toMatch(/pass|hash/i);

      const wrong = await post('/api/auth/login', { email: user.email, password: 'wrong-password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ detail: 'Invalid credentials' });

      const unknown = await post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'right-password' });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ detail: 'Invalid credentials' });
    });
  });

  describe('GET /api/auth/me', () => {
    it('returns the user for a valid token', async () => {
      const { token, user } = await s.signup();
      const res = await s.request({ method: 'GET', url: '/api/auth/me', token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, email: user.email });
      for (const key of Object.keys(res.json())) expect(key).not.toMatch(/pass|hash/i);
    });

    it('answers 401 without a token, with a garbage token and with a token signed by another secret', async () => {
      const { user } = await s.signup();
      const none = await s.request({ method: 'GET', url: '/api/auth/me' });
      expect(none.statusCode).toBe(401);
      expect(typeof none.json().detail).toBe('string');

      const garbage = await s.request({ method: 'GET', url: '/api/auth/me', token: 'not.a.token' });
      expect(garbage.statusCode).toBe(401);
      expect(typeof garbage.json().detail).toBe('string');

      const forged = await s.request({ method: 'GET', url: '/api/auth/me', token: hs256(user.id, 'some-other-secret') });
      expect(forged.statusCode).toBe(401);

      // The same hand-made token with the server's secret is accepted: only the signature made the difference.
      const genuine = await s.request({ method: 'GET', url: '/api/auth/me', token: hs256(user.id, s.config.jwtSecret) });
      expect(genuine.statusCode).toBe(200);
      expect(genuine.json().id).toBe(user.id);
    });

    it('lets a public route through with a garbage token', async () => {
      const res = await s.request({ method: 'GET', url: '/api/vehicles', token: 'garbage-token' });
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    });
  });

  describe('password reset', () => {
    it('resets a password with the mailed code', async () => {
      const { user } = await s.signup({ password: 'old-password' });
      const code = await requestCode(user.email);
      expect(mailsTo(s, user.email)).toHaveLength(1);

      const verify = await post('/api/auth/verify-code', { email: user.email, code });
      expect(verify.statusCode).toBe(200);
      expect(verify.json()).toEqual({ message: 'Code verified successfully' });

      const reset = await post('/api/auth/reset-password', { email: user.email, code, new_password: 'new-password' });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: 'Password reset successfully' });

      const fresh = await post('/api/auth/login', { email: user.email, password: 'new-password' });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().user.id).toBe(user.id);
      const stale = await post('/api/auth/login', { email: user.email, password: 'old-password' });
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toEqual({ detail: 'Invalid credentials' });

      // The code is spent.
      const again = await post('/api/auth/reset-password', { email: user.email, code, new_password: 'third-password' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: 'Invalid or expired code' });
      const verifyAgain = await post('/api/auth/verify-code', { email: user.email, code });
      expect(verifyAgain.statusCode).toBe(400);
      expect((await post('/api/auth/login', { email: user.email, password: 'new-password' })).statusCode).toBe(200);
    });

    it('answers the same for an unknown email and mails nothing', async () => {
      const email = uniqueEmail('ghost');
      const res = await post('/api/auth/forgot-password', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Reset code sent to your email' });
      expect(mailsTo(s, email)).toHaveLength(0);
      const verify = await post('/api/auth/verify-code', { email, code: '123456' });
      expect(verify.statusCode).toBe(400);
      expect(verify.json()).toEqual({ detail: 'Invalid or expired code' });
    });

    it('refuses a code after 15 minutes', async () => {
      const { user } = await s.signup({ password: 'old-password' });
      const code = await requestCode(user.email);
      const start = s.clock.now;
      try {
        s.clock.now = new Date(start.getTime() + 16 * 60_000);
        const verify = await post('/api/auth/verify-code', { email: user.email, code });
        expect(verify.statusCode).toBe(400);
        expect(verify.json()).toEqual({ detail: 'Invalid or expired code' });
        const reset = await post('/api/auth/reset-password', { email: user.email, code, new_password: 'new-password' });
        expect(reset.statusCode).toBe(400);
        expect(reset.json()).toEqual({ detail: 'Invalid or expired code' });
      } finally {
        s.clock.now = start;
      }
      expect((await post('/api/auth/login', { email: user.email, password: 'old-password' })).statusCode).toBe(200);
    });

    it('accepts a code within its 15 minutes', async () => {
      const { user } = await s.signup();
      const code = await requestCode(user.email);
      const start = s.clock.now;
      try {
        s.clock.now = new Date(start.getTime() + 14 * 60_000);
        const verify = await post('/api/auth/verify-code', { email: user.email, code });
        expect(verify.statusCode).toBe(200);
      } finally {
        s.clock.now = start;
      }
    });

    it('kills a code after 5 wrong guesses, even for the right code', async () => {
      const { user } = await s.signup({ password: 'old-password' });
      const code = await requestCode(user.email);
      for (let i = 0; i < 5; i++) {
        const res = await post('/api/auth/verify-code', { email: user.email, code: wrongCode(code) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ detail: 'Invalid or expired code' });
      }
      const right = await post('/api/auth/verify-code', { email: user.email, code });
      expect(right.statusCode).toBe(400);
      expect(right.json()).toEqual({ detail: 'Invalid or expired code' });
      const reset = await post('/api/auth/reset-password', { email: user.email, code, new_password: 'new-password' });
      expect(reset.statusCode).toBe(400);
      expect((await post('/api/auth/login', { email: user.email, password: 'old-password' })).statusCode).toBe(200);
    });

    it('still accepts the right code after 4 wrong guesses', async () => {
      const { user } = await s.signup();
      const code = await requestCode(user.email);
      for (let i = 0; i < 4; i++) {
        expect((await post('/api/auth/verify-code', { email: user.email, code: wrongCode(code) })).statusCode).toBe(400);
      }
      expect((await post('/api/auth/verify-code', { email: user.email, code })).statusCode).toBe(200);
    });

    it('replaces an older code with a newer one', async () => {
      const { user } = await s.signup({ password: 'old-password' });
      const first = await requestCode(user.email);
      let second = await requestCode(user.email);
      // Two equal codes in a row (one chance in a million) would prove nothing: ask once more.
      if (second === first) second = await requestCode(user.email);
      expect(second).not.toBe(first);

      const old = await post('/api/auth/verify-code', { email: user.email, code: first });
      expect(old.statusCode).toBe(400);
      expect(old.json()).toEqual({ detail: 'Invalid or expired code' });
      const oldReset = await post('/api/auth/reset-password', { email: user.email, code: first, new_password: 'new-password' });
      expect(oldReset.statusCode).toBe(400);

      const reset = await post('/api/auth/reset-password', { email: user.email, code: second, new_password: 'new-password' });
      expect(reset.statusCode).toBe(200);
      expect((await post('/api/auth/login', { email: user.email, password: 'new-password' })).statusCode).toBe(200);
    });

    it('rejects a code that is not six digits with 422', async () => {
      const { user } = await s.signup();
      const res = await post('/api/auth/verify-code', { email: user.email, code: '12ab' });
      expect(res.statusCode).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
    });

    it('refuses a new password under 6 characters with 422', async () => {
      const { user } = await s.signup({ password: 'old-password' });
      const code = await requestCode(user.email);
      const res = await post('/api/auth/reset-password', { email: user.email, code, new_password: '123' });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail.map((d: { msg: string }) => d.msg)).toContain('Password must be at least 6 characters long');
      // The code survives a refused password.
      expect((await post('/api/auth/reset-password', { email: user.email, code, new_password: '123456' })).statusCode).toBe(200);
    });
  });

  describe('sample sellers', () => {
    it('cannot sign in and get no reset mail', async () => {
      const admin = await s.admin();
      const users = (await s.request({ method: 'GET', url: '/api/admin/users', token: admin.token })).json() as { email: string }[];
      const samples = users.filter((u) => u.email.endsWith('@sample.motokari.invalid'));
      expect(samples.length).toBeGreaterThan(0);
      for (const u of samples.slice(0, 3)) {
        for (const password of ['x', 'secret-pass', 'password']) {
          const res = await post('/api/auth/login', { email: u.email, password });
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual({ detail: 'Invalid credentials' });
        }
        const forgot = await post('/api/auth/forgot-password', { email: u.email });
        expect(forgot.statusCode).toBe(200);
        expect(forgot.json()).toEqual({ message: 'Reset code sent to your email' });
        expect(mailsTo(s, u.email)).toHaveLength(0);
      }
    });
  });

  describe('rate limiting', () => {
    it('answers 429 to the fourth login in a minute when the limit is 3', async () => {
      const limited = await startServer(engine, { config: { rateLimits: { login: 3, signup: 3, reset: 3, resetPerEmail: 100, contact: 100 } } });
      try {
        const body = { email: 'admin@motokari.test', password: 'admin-password' };
        for (let i = 0; i < 3; i++) {
          const res = await limited.request({ method: 'POST', url: '/api/auth/login', body });
          expect(res.statusCode).toBe(200);
        }
        const fourth = await limited.request({ method: 'POST', url: '/api/auth/login', body });
        expect(fourth.statusCode).toBe(429);
        expect(fourth.json()).toEqual(RATE_LIMITED);
        // Other routes are not limited by it.
        expect((await limited.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

        const forgot = (email: string) => limited.request({ method: 'POST', url: '/api/auth/forgot-password', body: { email } });
        for (let i = 0; i < 3; i++) expect((await forgot(uniqueEmail('rl'))).statusCode).toBe(200);
        const fourthForgot = await forgot(uniqueEmail('rl'));
        expect(fourthForgot.statusCode).toBe(429);
        expect(fourthForgot.json()).toEqual(RATE_LIMITED);
      } finally {
        await limited.close();
      }
    });

    it('limits reset mails per recipient, whichever client addresses ask, the same way for unknown addresses', async () => {
      const limited = await startServer(engine, { config: { rateLimits: { login: 100, signup: 100, reset: 100, resetPerEmail: 3, contact: 100 } } });
      try {
        const { user } = await limited.signup();
        // Seven clients, as in the report: each asks once for the same inbox.
        const forgot = (email: string, i: number) => limited.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: `198.51.100.${i + 1}` });
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) statuses.push((await forgot(i % 2 ? user.email.toUpperCase() : user.email, i)).statusCode);
        expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429]);
        expect(mailsTo(limited, user.email)).toHaveLength(3);
        const refused = await forgot(user.email, 9);
        expect(refused.json()).toEqual({ detail: 'Too many reset codes were asked for this email address. Please wait an hour before asking again.' });

        // An address with no account is answered exactly alike, so the limit tells nothing about who is registered.
        const nobody = uniqueEmail('nobody');
        const unknown: { status: number; body: unknown }[] = [];
        for (let i = 0; i < 5; i++) {
          const res = await forgot(nobody, i);
          unknown.push({ status: res.statusCode, body: res.json() });
        }
        expect(unknown.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
        expect(unknown[0]!.body).toEqual({ message: 'Reset code sent to your email' });
        expect(unknown[4]!.body).toEqual(refused.json());

        // Another inbox is not held up by it.
        const other = await limited.signup();
        expect((await forgot(other.user.email, 1)).statusCode).toBe(200);
        expect(mailsTo(limited, other.user.email)).toHaveLength(1);
      } finally {
        await limited.close();
      }
    });

    it('cannot be dodged by sending a different X-Forwarded-For each time', async () => {
      const limited = await startServer(engine, { config: { rateLimits: { login: 3, signup: 3, reset: 3, resetPerEmail: 100, contact: 100 } } });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) {
          const res = await limited.request({
            method: 'POST',
            url: '/api/auth/login',
            body: { email: 'admin@motokari.test', password: 'wrong-password' },
            headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 429, 429]);
      } finally {
        await limited.close();
      }
    });
  });
});
