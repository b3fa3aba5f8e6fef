import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

// With REDIS_URL set, rate-limit counters live in Redis, so every instance behind a load balancer
// counts the same client together. CI starts a Redis server and sets TEST_REDIS_URL (see .ci/run).
describe.skipIf(!process.env.TEST_REDIS_URL)('rate limits shared through Redis', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    const config = { redisUrl: process.env.TEST_REDIS_URL!, rateLimits: { login: 3, signup: 3, reset: 3, resetPerEmail: 2, contact: 100 } };
    a = await startServer('pglite', { config });
    b = await startServer('pglite', { config, admin: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('two instances count one client together', async () => {
    const login = (s: TestServer) => s.request({ method: 'POST', url: '/api/auth/login', body: { email: 'nobody@motokari.test', password: 'whatever-1' } });
    expect((await login(a)).statusCode).toBe(401);
    expect((await login(b)).statusCode).toBe(401);
    expect((await login(a)).statusCode).toBe(401);
    const fourth = await login(b);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ detail: 'Too many requests. Please try again later.' });
    expect((await login(a)).statusCode).toBe(429);
  });

  it('two instances count reset mails to one address together', async () => {
    const user = await a.signup();
    const forgot = (s: TestServer, i: number) => s.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.user.email }, remoteAddress: `192.0.2.${i + 1}` });
    expect((await forgot(a, 0)).statusCode).toBe(200);
    expect((await forgot(b, 1)).statusCode).toBe(200);
    const third = await forgot(b, 2);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ detail: 'Too many reset codes were asked for this email address. Please wait an hour before asking again.' });
    expect((await forgot(a, 3)).statusCode).toBe(429);
  });
});
