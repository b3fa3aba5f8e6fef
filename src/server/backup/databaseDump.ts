import { createReadStream, existsSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Engine } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/dataDirLock';
import { DUMP_ENTRY } from './archiveLayout';
import { BackupError } from './cli';
import { runPgProgram } from './pgTools';
import { dumpFromServer } from './serverDump';

/** The database's copy, ready to go into the archive. */
export interface DatabaseDump {
  engine: Engine;
  /** Its name in the archive (DUMP_ENTRY). */
  entry: string;
  bytes: number;
  body: Buffer | AsyncIterable<Buffer>;
  /** Where it came from, for the command's report. */
  source: string;
  /** Lets go of what the dump holds (a temporary file, the server's connection). */
  dispose(): Promise<void>;
}

/**
 * A consistent copy of the database, taken now: PostgreSQL's by pg_dump (one snapshot, while servers run;
 * written to `scratch` first, as its size goes in the archive before its bytes); the embedded database's
 * by PGlite's own dump, made by the server that holds DATA_DIR when one runs (it is single-process),
 * otherwise by this process, which holds the folder's lock meanwhile so that no server starts on it.
 */
export async function dumpDatabase(config: { dataDir: string; databaseUrl: string | null }, scratch: string): Promise<DatabaseDump> {
  if (config.databaseUrl) {
    await runPgProgram('pg_dump', ['--format=custom', `--file=${scratch}`], config.databaseUrl);
    const { size } = await stat(scratch);
    return {
      engine: 'postgres',
      entry: DUMP_ENTRY.postgres,
      bytes: size,
      body: createReadStream(scratch),
      source: 'PostgreSQL (pg_dump)',
      dispose: () => rm(scratch, { force: true }),
    };
  }
  const folder = path.join(config.dataDir, 'pglite');
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BackupError(`there is no embedded database in ${config.dataDir} (no pglite/ folder): is DATA_DIR right? For PostgreSQL, set DATABASE_URL`);
  }
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const dump = await dumpFromServer(config.dataDir, err.pid);
    return {
      engine: 'pglite',
      entry: DUMP_ENTRY.pglite,
      bytes: dump.bytes,
      body: dump.body,
      source: `the running server (process ${err.pid})`,
      dispose: async () => dump.close(),
    };
  }
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(folder);
    try {
      const blob = await db.dumpDataDir('gzip');
      const body = Buffer.from(await blob.arrayBuffer());
      return { engine: 'pglite', entry: DUMP_ENTRY.pglite, bytes: body.length, body, source: `the embedded database in ${folder} (no server running)`, dispose: async () => {} };
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
}
