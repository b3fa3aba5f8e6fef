import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/server/db/client';
import { postgresDatabase } from './harness';

/**
 * A stand-in for PgBouncer's front door: it reads the client's startup message and refuses the
 * connection, as PgBouncer does, when it carries an `options` parameter; otherwise it relays the
 * connection to PostgreSQL. Answers the address to use instead of the server's.
 */
async function startPoolerLikeRelay(target: URL): Promise<{ url: string; refused: string[]; close(): Promise<void> }> {
  const refused: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      if (head.length < 4 || head.length < head.readInt32BE(0)) return;
      client.off('data', onData);
      const fields = head.subarray(8, head.readInt32BE(0)).toString('utf8').split('\0');
      const names = fields.filter((_, i) => i % 2 === 0);
      if (names.includes('options')) {
        refused.push('options');
        const message = Buffer.from('SFATAL\0C08P01\0Munsupported startup parameter: options\0\0', 'utf8');
        const error = Buffer.alloc(5);
        error.write('E', 0);
        error.writeInt32BE(message.length + 4, 1);
        client.end(Buffer.concat([error, message]));
        return;
      }
      const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) }, () => {
        upstream.write(head);
        client.pipe(upstream).pipe(client);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
    };
    client.on('data', onData);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const address = server.address() as { port: number };
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    refused,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

// PostgreSQL can end a server's idle connections at any time (a restart, an administrator, a
// failover). The server must drop them and carry on with new ones, not crash.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL connection pool', () => {
  let pgdb: Awaited<ReturnType<typeof postgresDatabase>>;
  let database: Database;

  beforeAll(async () => {
    pgdb = await postgresDatabase();
    database = await openDatabase({ databaseUrl: pgdb.url, dataDir: tmpdir() });
  });
  afterAll(async () => {
    await database?.close();
    await pgdb?.drop();
  });

  it('survives PostgreSQL ending its idle connections, and the next query opens a new one', async () => {
    const pid = async () => Number(((await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]!.pid);
    const before = await pid();
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const killed = await admin.query('select pg_terminate_backend($1)', [before]);
      expect(killed.rows).toHaveLength(1);
    } finally {
      await admin.end();
    }
    // Let the pool hear of the closed connection (the moment the server used to crash).
    await new Promise((done) => setTimeout(done, 200));
    const after = await pid();
    expect(after).not.toBe(before);
  });
});

// Managed PostgreSQL is usually reached through PgBouncer in transaction mode: it refuses startup
// `options`, and a LISTEN through it would not stay on a connection of ours.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL behind a transaction-mode pooler', () => {
  let pgdb: Awaited<ReturnType<typeof postgresDatabase>>;
  let relay: Awaited<ReturnType<typeof startPoolerLikeRelay>>;

  beforeAll(async () => {
    pgdb = await postgresDatabase();
    relay = await startPoolerLikeRelay(new URL(pgdb.url));
  });
  afterAll(async () => {
    await relay?.close();
    await pgdb?.drop();
  });

  it('opens through a pooler that refuses startup options, and still plans queries without parallel workers', async () => {
    const database = await openDatabase({ databaseUrl: relay.url, dataDir: tmpdir() });
    try {
      const shown = rows<{ max_parallel_workers_per_gather: string }>(await database.db.execute(sql`show max_parallel_workers_per_gather`));
      expect(shown[0]!.max_parallel_workers_per_gather).toBe('0');
      expect(relay.refused).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('with DATABASE_LISTEN_URL, LISTEN runs on a direct connection to that address while queries use DATABASE_URL', async () => {
    const application = `motokari-listen-${process.pid}-${Date.now()}`;
    const direct = new URL(pgdb.url);
    direct.searchParams.set('application_name', application);
    const database = await openDatabase({ databaseUrl: relay.url, listenUrl: direct.toString(), dataDir: tmpdir() });
    try {
      let heard = 0;
      const stop = await database.listen(
        'motokari_listings',
        () => (heard += 1),
        () => undefined,
      );
      const listeners = rows<{ query: string }>(await database.db.execute(sql`select query from pg_stat_activity where application_name = ${application} and datname = current_database()`));
      expect(listeners).toEqual([{ query: 'LISTEN "motokari_listings"' }]);
      await database.db.execute(sql`select pg_notify('motokari_listings', 'x')`);
      await expect.poll(() => heard).toBe(1);
      await stop();
    } finally {
      await database.close();
    }
  });
});
