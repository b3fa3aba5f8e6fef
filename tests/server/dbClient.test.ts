import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { postgresDatabase } from './harness';

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
