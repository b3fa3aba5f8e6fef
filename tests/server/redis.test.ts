import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../support/ports';
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
    // A client of its own each run (the counts of an earlier run in the same minute live on in Redis).
    const client = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
    const login = (s: TestServer) => s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@motokari.test', password: 'whatever-1' }, remoteAddress: client });
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

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

// Redis holds only rate-limit counters: while it is away, the routes it counts for (sign-in, sign-up,
// reset codes) keep answering at once, each instance counting on its own, and GET /api/ready says so.
describe('rate limits while Redis is away', () => {
  const limits = { login: 3, signup: 3, reset: 3, resetPerEmail: 2, contact: 100 };
  const login = (s: TestServer) => s.request({ method: 'POST', url: '/api/auth/login', body: { email: 'nobody@motokari.test', password: 'whatever-1' } });

  it('a Redis that never answered: sign-in answers and is limited per instance', async () => {
    const server = await startServer('pglite', { config: { redisUrl: `redis://127.0.0.1:${await freePort()}`, rateLimits: limits } });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await login(server)).statusCode);
      expect(answers).toEqual([401, 401, 401, 429]);
      const ready = await server.request({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ ready: true, redis: 'unavailable' });
    } finally {
      await server.close();
    }
  });

  it.skipIf(!hasRedisServer)('a Redis that goes away and comes back: counted in memory meanwhile, in Redis again after (skipped without redis-server)', async () => {
    const port = await freePort();
    const startRedis = async () => {
      const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await vi.waitFor(
        () =>
          expect(
            spawnSync('redis-cli', ['-p', String(port), 'ping'])
              .stdout?.toString()
              .trim(),
          ).toBe('PONG'),
        { timeout: 10_000, interval: 100 },
      );
      return child;
    };
    const stopRedis = async (child: ChildProcess) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    };
    let redis = await startRedis();
    const server = await startServer('pglite', { config: { redisUrl: `redis://127.0.0.1:${port}`, rateLimits: limits } });
    const ready = async () => (await server.request({ method: 'GET', url: '/api/ready' })).json() as { redis: string };
    try {
      expect((await login(server)).statusCode).toBe(401);
      expect((await login(server)).statusCode).toBe(401);
      await stopRedis(redis);
      await vi.waitFor(async () => expect((await ready()).redis).toBe('unavailable'), { timeout: 10_000, interval: 100 });
      // In memory from nothing: three more answers, the fourth refused.
      const meanwhile = [];
      for (let i = 0; i < 4; i++) meanwhile.push((await login(server)).statusCode);
      expect(meanwhile).toEqual([401, 401, 401, 429]);
      redis = await startRedis();
      await vi.waitFor(async () => expect((await ready()).redis).toBe('ok'), { timeout: 10_000, interval: 100 });
      // A new Redis holds no counts: three answers again, the fourth refused, counted in Redis.
      const after = [];
      for (let i = 0; i < 4; i++) after.push((await login(server)).statusCode);
      expect(after).toEqual([401, 401, 401, 429]);
      expect(Number(spawnSync('redis-cli', ['-p', String(port), 'dbsize']).stdout.toString())).toBeGreaterThan(0);
    } finally {
      await server.close();
      await stopRedis(redis);
    }
  });
});
