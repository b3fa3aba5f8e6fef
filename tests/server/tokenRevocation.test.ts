import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';
import { mailsTo } from './outbox';

// A token issued before a password reset used to keep working for its 7 days. A reset, and "Sign out
// on all devices", now revoke every earlier token: on every route it counts for nothing.

const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
const UUID = '00000000-0000-4000-8000-000000000000';

/** The newest reset code mailed to an address (the outbox mailer writes one .eml per message). */
function latestCode(s: TestServer, email: string): string {
  const m = /code is (\d{6})/.exec(mailsTo(s.dataDir, email).at(-1) ?? '');
  if (!m) throw new Error(`no reset code mailed to ${email}`);
  return m[1]!;
}

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer(engine);
  });
  afterAll(async () => {
    await s?.close();
  });

  const me = (token: string) => s.request({ method: 'GET', url: '/api/auth/me', token });
  const login = async (email: string, password: string) => {
    const res = await s.request({ method: 'POST', url: '/api/auth/login', body: { email, password } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().access_token as string;
  };

  async function resetPassword(email: string, password: string) {
    expect((await s.request({ method: 'POST', url: '/api/auth/forgot-password', body: { email } })).statusCode).toBe(200);
    const reset = await s.request({ method: 'POST', url: '/api/auth/reset-password', body: { email, code: latestCode(s, email), new_password: password } });
    expect(reset.statusCode, reset.body).toBe(200);
  }

  it('after a password reset, tokens issued before it are refused with 401; a new sign-in works', async () => {
    const u = await s.signup({ password: 'old-password' });
    const second = await login(u.user.email, 'old-password');
    expect((await me(u.token)).statusCode).toBe(200);

    await resetPassword(u.user.email, 'new-password');

    for (const token of [u.token, second]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: SESSION_EXPIRED });
      const create = await s.request({ method: 'POST', url: '/api/vehicles', token, body: listingBody() });
      expect(create.statusCode).toBe(401);
    }
    const fresh = await login(u.user.email, 'new-password');
    expect((await me(fresh)).json()).toMatchObject({ id: u.user.id });
  });

  it('a revoked token is answered on every route of the API exactly as no token is', async () => {
    const admin = await s.admin();
    const adminToken = await login('admin@motokari.test', 'admin-password');
    const seller = await s.signup();
    const v = await s.draft(seller.token);
    const revoked = { admin: admin.token, seller: seller.token };
    expect((await s.request({ method: 'POST', url: '/api/auth/logout-all', token: adminToken })).statusCode).toBe(200);
    expect((await s.request({ method: 'POST', url: '/api/auth/logout-all', token: seller.token })).statusCode).toBe(200);

    const doc = (await s.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path: p })));
    expect(routes.length).toBeGreaterThan(30);
    const differences: string[] = [];
    for (const r of routes) {
      // Someone's own listing where a route names one, so the token (not a 404) decides the answer.
      const url = r.path.replace(/\{[^}]+\}/g, (name) => (/id/.test(name) ? v.id : UUID));
      for (const token of Object.values(revoked)) {
        const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
        const anonymous = await s.request({ method: r.method, url, body });
        const withRevoked = await s.request({ method: r.method, url, token, body });
        if (anonymous.statusCode !== withRevoked.statusCode) {
          differences.push(`${r.method} ${r.path}: anonymous ${anonymous.statusCode}, revoked ${withRevoked.statusCode}`);
        }
        expect(withRevoked.statusCode, `${r.method} ${r.path}`).toBeLessThan(500);
      }
    }
    expect(differences).toEqual([]);
    // The listing is untouched and its owner, signed in again, still has it.
    const again = await login(seller.user.email, 'secret-pass');
    expect((await s.request({ method: 'GET', url: `/api/vehicles/${v.id}`, token: again })).statusCode).toBe(200);
  });

  it('"Sign out on all devices" revokes every token of that user, and only theirs; it needs a valid token', async () => {
    const u = await s.signup({ password: 'pass-word' });
    const phone = await login(u.user.email, 'pass-word');
    const other = await s.signup();
    const out = await s.request({ method: 'POST', url: '/api/auth/logout-all', token: u.token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'You have been signed out on all devices.' });
    expect((await me(u.token)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await s.request({ method: 'POST', url: '/api/auth/logout-all', token: phone })).statusCode).toBe(401);
    expect((await s.request({ method: 'POST', url: '/api/auth/logout-all' })).statusCode).toBe(401);
    expect((await me(await login(u.user.email, 'pass-word'))).statusCode).toBe(200);
  });
});
