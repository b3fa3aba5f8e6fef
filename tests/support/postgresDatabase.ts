import { randomBytes } from 'node:crypto';

/** A database of its own on the PostgreSQL server of TEST_DATABASE_URL (or `base`), and how to drop it. */
export async function postgresDatabase(prefix = 'motokari_test', base = process.env.TEST_DATABASE_URL): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  if (!base) throw new Error('TEST_DATABASE_URL is not set (eval "$(bash .ci/start-postgres.sh)" starts a server)');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
