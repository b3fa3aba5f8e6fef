import { LISTING_CHANNEL } from '../search/publicIndex';
import { BackupError } from './cli';
import { runPgProgram } from './pgTools';
import { COUNTS_SQL, countsOf, type RestoredCounts } from './restoredCounts';

/** The schemas of PostgreSQL itself, which an empty database has too. */
const SYSTEM_SCHEMAS = "nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%'";

/** The PostgreSQL database of DATABASE_URL, as a restore's target. */
export interface PostgresTarget {
  /**
   * How many server instances use it: each keeps a connection whose last statement is its LISTEN for
   * the listings' changes (search/publicIndex.ts), as pg_stat_activity shows to the same role.
   */
  servers(): Promise<number>;
  /** How many tables, views and sequences it holds, and the first few by name: none in a new database. */
  contents(): Promise<{ count: number; some: string[] }>;
  /** Drops every schema of its own (the tables, the migrations' record), leaving an empty `public`. */
  clear(): Promise<void>;
  /** Loads pg_dump's custom-format dump `file`, in one transaction: all of it or nothing. */
  load(file: string): Promise<RestoredCounts>;
  close(): Promise<void>;
}

/** Connects to `url`; a BackupError saying so when it cannot. */
export async function openPostgresTarget(url: string): Promise<PostgresTarget> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw new BackupError(`cannot connect to DATABASE_URL: ${(err as Error).message}`);
  }
  return {
    async servers() {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query = $1', [
        `LISTEN "${LISTING_CHANNEL}"`,
      ]);
      return rows[0]?.n ?? 0;
    },
    async contents() {
      const { rows } = await client.query<{ name: string; total: number }>(
        `select n.nspname || '.' || c.relname as name, (count(*) over ())::int as total
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where ${SYSTEM_SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          order by 1 limit 5`,
      );
      return { count: rows[0]?.total ?? 0, some: rows.map((r) => r.name) };
    },
    async clear() {
      const { rows } = await client.query<{ nspname: string }>(`select nspname from pg_namespace where ${SYSTEM_SCHEMAS}`);
      try {
        await client.query('begin');
        for (const { nspname } of rows) await client.query(`drop schema "${nspname.replace(/"/g, '""')}" cascade`);
        await client.query('create schema if not exists public');
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw new BackupError(`cannot clear the database of DATABASE_URL (${(err as Error).message}): restore into a new, empty database instead`);
      }
    },
    async load(file) {
      await runPgProgram('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file], url);
      const { rows } = await client.query<Record<string, unknown>>(COUNTS_SQL);
      return countsOf(rows[0]);
    },
    close: () => client.end().catch(() => undefined),
  };
}
