import path from 'node:path';
import { existsSync, mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { lockDataDir } from './dataDirLock';
import { migrationsFolder, readEmptyImage, writeEmptyImage } from './emptyImage';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** PGlite and node-postgres return `execute` results in the same `{ rows }` shape. */
export function rowsOf<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
  /**
   * Calls `onNotify` with its payload for each NOTIFY on `channel` (delivered when the notifying transaction commits)
   * and `onLost` if the listening connection fails, after which no more notifications arrive.
   * Resolves once listening, to a function that stops; rejects if it cannot start listening (and
   * then does not call `onLost`).
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: (err: Error) => void): Promise<() => Promise<void>>;
  /** The connections this instance holds: all of them, those idle, and the queries waiting for one. */
  poolStats(): PoolStats;
  /**
   * The embedded database's own dump (PGlite's dumpDataDir, a gzipped tar of its data folder), taken
   * between two queries, so consistent; null for PostgreSQL (pg_dump makes its copy).
   */
  dumpDataDir: (() => Promise<Blob>) | null;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  /**
   * A direct connection for LISTEN (DATABASE_LISTEN_URL) when `databaseUrl` goes through a pooler in
   * transaction mode, where a LISTEN would stay on a server connection that other clients then get.
   */
  listenUrl?: string | null;
  dataDir: string;
  inMemory?: boolean;
  /** Where to say that a setting could not be made (the server's log). */
  warn?: (message: string) => void;
  /** Told each step of opening as it begins (the server's start-up says where it is). */
  onStep?: (step: string) => void;
}

/**
 * A database whose handle exists at once while it opens: `opened` settles when it answers with every
 * migration applied. Nothing may query it before then (the server answers 503 meanwhile).
 */
export interface OpeningDatabase {
  database: Database;
  opened: Promise<void>;
}

/** Opens PostgreSQL (when a URL is given) or an embedded PGlite, and applies the committed migrations. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const { database, opened } = await createDatabase(opts);
  await opened;
  return database;
}

/**
 * Starts opening the database and returns its handle before it answers. The embedded database's data
 * folder is locked here, before anything else is started, so a second server on the same folder stops
 * with a clear message at once.
 */
export async function createDatabase(opts: OpenDatabaseOptions): Promise<OpeningDatabase> {
  return opts.databaseUrl ? createPostgres(opts, opts.databaseUrl) : createPglite(opts);
}

async function createPostgres(opts: OpenDatabaseOptions, url: string): Promise<OpeningDatabase> {
  const step = opts.onStep ?? (() => {});
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // No startup `options`: PgBouncer refuses the connection when a client sends them.
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
  // An idle pooled connection that PostgreSQL ends (a restart, an administrator's kill) is dropped
  // by the pool, which reports it here; without a listener that report would crash the server.
  pool.on('error', (err) => console.warn('an idle database connection was closed', err.message));
  // A connection lost while a request holds it between two queries (inside a transaction) is reported
  // on the client itself; unheard, that report is an uncaught exception that ends the process. Heard,
  // the request's next query fails (503, src/server/plugins/app/errors.ts) and the pool drops the client.
  pool.on('connect', (client) =>
    client.on('error', (err) => {
      console.warn('a database connection in use was closed', err.message);
      // Ending it marks it for the pool to drop when the request releases it, not to hand out again.
      void client.end().catch(() => undefined);
    }),
  );
  const db = drizzle(pool, { schema });
  const opened = (async () => {
    step(`connecting to PostgreSQL (${hostOf(url)})`);
    await preferSerialPlans(pg, url, opts.warn ?? ((m) => console.warn(m)));
    step('applying the migrations');
    await oneAtATime(pg, url, () => migrate(db, { migrationsFolder }));
  })();
  const listen = async (channel: string, onNotify: (payload: string) => void, onLost: (err: Error) => void) => {
    // A connection of its own: a pooled one would be handed to queries that do not expect LISTEN.
    const client = new pg.Client({ connectionString: opts.listenUrl || url });
    let stopped = false;
    let listening = false;
    const lost = (err: Error) => {
      if (stopped) return;
      stopped = true;
      client.end().catch(() => undefined);
      // Before LISTEN took effect the failure is told once, by the rejection below (the caller's
      // retry): told through onLost as well, each failed attempt scheduled two more.
      if (listening) onLost(err);
    };
    client.on('notification', (msg) => msg.channel === channel && onNotify(msg.payload ?? ''));
    client.on('error', lost);
    client.on('end', () => lost(new Error('listening connection closed')));
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      lost(err as Error);
      throw err;
    }
    listening = true;
    return async () => {
      stopped = true;
      await client.end().catch(() => undefined);
    };
  };
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  const database: Database = { db: db as unknown as Db, engine: 'postgres', close: () => pool.end(), listen, poolStats, dumpDataDir: null };
  return { database, opened };
}

/** Where a database URL points, without its password: for messages. */
function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

async function createPglite(opts: OpenDatabaseOptions): Promise<OpeningDatabase> {
  const step = opts.onStep ?? (() => {});
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  // The embedded database is single-process: a second server on the same folder would write files
  // the first one does not see (and one of them would lose its writes), so it must not start.
  let unlock = () => {};
  if (!opts.inMemory) {
    dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(opts.dataDir);
  }
  const fresh = !dir || !existsSync(path.join(dir, 'PG_VERSION'));
  const image = fresh ? readEmptyImage() : null;
  step(image ? 'creating the database from its image' : fresh ? 'creating the database' : 'opening the database');
  const client = new PGlite(dir, image ? { loadDataDir: image } : {});
  const db = drizzle(client, { schema });
  const opened = (async () => {
    try {
      await client.waitReady;
      step('applying the migrations');
      await migrate(db, { migrationsFolder });
      // The first new database made without an image leaves one for the next (before anything is written to it).
      if (fresh && !image) await writeEmptyImage(await client.dumpDataDir('gzip')).catch((err: unknown) => opts.warn?.(`no image of the empty database kept: ${(err as Error).message}`));
    } catch (e) {
      await client.close().catch(() => undefined);
      unlock();
      throw e;
    }
  })();
  const listen = async (channel: string, onNotify: (payload: string) => void) => {
    // In-process: the connection cannot drop, so onLost is never called.
    const stop = await client.listen(channel, (payload) => onNotify(payload));
    return async () => {
      if (!client.closed) await stop();
    };
  };
  const close = async () => {
    try {
      await opened.catch(() => undefined);
      if (!client.closed) await client.close();
    } finally {
      unlock();
    }
  };
  // One connection, in process: PGlite queues the queries itself.
  const poolStats = () => ({ total: 1, idle: 1, waiting: 0 });
  const database: Database = { db: db as unknown as Db, engine: 'pglite', close, listen, poolStats, dumpDataDir: () => client.dumpDataDir('gzip') };
  return { database, opened };
}

/**
 * API queries are short and many run at once: a parallel plan spends cores on coordination that other
 * requests need (measured: every benchmark query got faster with it off). The setting goes on this role
 * in this database, where a pooler's server connections pick it up too (a startup option is refused by
 * PgBouncer, a session SET would stick to whichever client a transaction-mode pooler hands the
 * connection to next). A role that may not change its own settings (some managed services) only loses
 * this tuning: the server says so and carries on.
 */
async function preferSerialPlans(pg: typeof import('pg').default, url: string, warn: (message: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const shown = await client.query<{ max_parallel_workers_per_gather: string }>('show max_parallel_workers_per_gather');
    if (shown.rows[0]?.max_parallel_workers_per_gather === '0') return;
    await client.query(`do $$ begin
      execute format('alter role %I in database %I set max_parallel_workers_per_gather = 0', current_user, current_database());
    end $$`);
  } catch (err) {
    warn(`parallel query plans stay on (could not set max_parallel_workers_per_gather = 0 on the database role: ${(err as Error).message})`);
  } finally {
    await client.end();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The advisory lock key that instances take in turn to apply the migrations (any number of our own). */
const MIGRATION_LOCK = 7_417_104_256_017;

/**
 * Runs `work` (the migrations) while a transaction of a connection of its own holds an advisory lock,
 * so instances starting at once on one database take turns: the first applies the migrations, the
 * next finds nothing left to do. Without it the second failed (a duplicate key creating drizzle's
 * migrations table) and exited. A transaction-scoped lock, as a pooler in transaction mode keeps a
 * transaction on one server connection but may hand a session's statements to different ones; it is
 * released on commit, or by the server when a crashed instance's connection drops.
 */
async function oneAtATime(pg: typeof import('pg').default, url: string, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await work();
    await client.query('commit');
  } finally {
    await client.end();
  }
}
