import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

// While PostgreSQL refuses connections (a failover, a restart), the server tries again to LISTEN once
// a second. A failed attempt used to be reported twice (the connection's end and the rejected
// connect), each report scheduling an attempt of its own: the attempts doubled every second, so a
// short outage ended with the server holding a crowd of LISTEN connections, and a longer one
// exhausted the database's connections for every instance.

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await pause(10);
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('postgres: listening again after the database refused connections', () => {
  let s: TestServer;
  let admin: import('pg').Client;
  let name: string;

  beforeAll(async () => {
    s = await startServer('postgres');
    name = new URL(s.config.databaseUrl!).pathname.slice(1);
    const { default: pg } = await import('pg');
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${name} allow_connections true`).catch(() => undefined);
    await admin?.end();
    await s?.close();
  });

  // Each instance listens on two channels, each on a connection of its own: the index's and the live channel's.
  const listeners = async (channel = 'motokari_listings') =>
    Number((await admin.query<{ n: string }>(`select count(*) as n from pg_stat_activity where datname = $1 and query ilike $2`, [name, `LISTEN %${channel}%`])).rows[0]!.n);

  it('holds one LISTEN connection once the database lets it in again', async () => {
    await eventually(() => s.app.ctx.publicIndex.isListening, 'it listens');
    expect(await listeners()).toBe(1);
    expect(await listeners('motokari_messages')).toBe(1);

    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'LISTEN %'`, [name]);
    await eventually(() => !s.app.ctx.publicIndex.isListening, 'the loss is noticed');
    // Several attempts fail meanwhile (one a second).
    await pause(4500);
    await admin.query(`alter database ${name} allow_connections true`);

    await eventually(() => s.app.ctx.publicIndex.isListening, 'it listens again');
    // Long enough for any other attempt still scheduled to have connected.
    await pause(2500);
    expect(await listeners()).toBe(1);
    expect(await listeners('motokari_messages')).toBe(1);
  });
});
