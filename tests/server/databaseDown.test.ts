import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@/domain/core/messages';
import { RETRY_AFTER_S } from '@/server/plugins/app/errors';
import { postgresDatabase, startServer, type TestServer } from './harness';

/**
 * A TCP relay in front of PostgreSQL that can cut every connection and refuse new ones (the
 * database restarting or failing over, as the server meets it), then let them through again.
 */
async function relayTo(target: URL): Promise<{ port: number; cut(): void; restore(): void; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// What a client meets while the database cannot be reached: 503 with a reason and Retry-After (worth
// trying again), not 500; and the same server answers again once the database is back.
describe.skipIf(!process.env.TEST_DATABASE_URL)('while the database cannot be reached', () => {
  let db: Awaited<ReturnType<typeof postgresDatabase>>;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let s: TestServer;

  beforeAll(async () => {
    db = await postgresDatabase();
    relay = await relayTo(new URL(db.url));
    const url = new URL(db.url);
    url.host = `127.0.0.1:${relay.port}`;
    s = await startServer('postgres', { config: { databaseUrl: url.toString() } });
  });
  afterAll(async () => {
    relay?.restore();
    await s?.close();
    await relay?.close();
    await db?.drop();
  });

  it('answers 503 with Retry-After, then serves again once it is back', async () => {
    const listing = () => s.request({ method: 'GET', url: `/api/vehicles/${randomUUID()}` });
    const signup = () =>
      s.request({
        method: 'POST',
        url: '/api/auth/signup',
        body: { name: 'Tendai Moyo', email: `t${Date.now()}@motokari.test`, phone: '+263771234567', location: 'Harare', password: 'a-good-password-1', user_type: 'private' },
      });
    expect((await listing()).statusCode).toBe(404);

    relay.cut();
    for (const res of [await listing(), await listing(), await signup()]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: GENERIC_MESSAGES.unavailable });
      expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_S));
    }
    const ready = await s.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, database: 'unavailable' });

    relay.restore();
    expect((await listing()).statusCode).toBe(404);
    expect((await signup()).statusCode).toBe(201);
  });

  it('a connection lost inside a transaction, between two of its queries, fails that transaction only: the process carries on', async () => {
    const work = s.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      relay.cut();
      // Something other than the database awaited meanwhile (a provider's answer, a photo's bytes).
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(work).rejects.toThrow();
    relay.restore();
    expect((await s.request({ method: 'GET', url: `/api/vehicles/${randomUUID()}` })).statusCode).toBe(404);
  });
});
