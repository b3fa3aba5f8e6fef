import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZIG_TEXTS } from '@/domain/payments/zig';
import { ENGINES, startServer, type TestServer } from './harness';

// The ZiG rate (issue 39): an administrator sets it; every visitor's /api/config carries it (the app
// keeps the last copy for offline visits); nobody else may set it, and a wrong rate changes nothing.

describe.each(ENGINES)('%s: the ZiG rate', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine);
  });
  afterAll(async () => {
    await s?.close();
  });

  const config = async () => (await s.request({ method: 'GET', url: '/api/config' })).json() as { zig_rate: { rate: number; set_at: string } | null };
  const put = (token: string | null, body: unknown) => s.request({ method: 'PUT', url: '/api/admin/zig-rate', token, body });

  it('is none until an administrator sets it, then every visitor reads it with its date', async () => {
    expect((await config()).zig_rate).toBeNull();
    const admin = await s.admin();
    s.clock.now = new Date('2026-11-27T08:00:00Z');
    const res = await put(admin.token, { rate: 26.8 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rate: 26.8, set_at: '2026-11-27T08:00:00.000Z' });
    expect((await config()).zig_rate).toEqual({ rate: 26.8, set_at: '2026-11-27T08:00:00.000Z' });
    expect((await put(admin.token, { rate: 27.1 })).statusCode).toBe(200);
    expect((await config()).zig_rate?.rate).toBe(27.1);
  });

  it('refuses others and wrong rates, leaving the rate as it was', async () => {
    const admin = await s.admin();
    expect((await put(admin.token, { rate: 30 })).statusCode).toBe(200);
    const seller = await s.signup({ name: 'Not An Admin' });
    expect((await put(seller.token, { rate: 1 })).statusCode).toBe(403);
    expect((await put(null, { rate: 1 })).statusCode).toBe(401);
    for (const rate of [0, -5, 1_000_000]) {
      const res = await put(admin.token, { rate });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(ZIG_TEXTS.rateInvalid);
    }
    expect((await put(admin.token, { rate: 'lots' })).statusCode).toBe(422);
    expect((await put(admin.token, {})).statusCode).toBe(422);
    expect((await config()).zig_rate?.rate).toBe(30);
  });
});
