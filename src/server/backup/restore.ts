import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from '../config';
import type { Engine } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/dataDirLock';
import { MEDIA_FOLDER, SECRET_FILES, type Manifest } from './archiveLayout';
import { BackupError } from './cli';
import { dataIn, moveIntoPlace, stagingFolder } from './dataDirTarget';
import { extractArchive } from './extractArchive';
import { restorePglite } from './pgliteTarget';
import { openPostgresTarget, type PostgresTarget } from './postgresTarget';
import type { RestoredCounts } from './restoredCounts';

/** What a restore put in place, for the command's report. */
export interface RestoreReport {
  manifest: Manifest;
  counts: RestoredCounts;
}

/** Takes DATA_DIR's lock: no server may start on the folder while it is filled, and none may run on it. */
function lockForRestore(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupError(`a server (process ${err.pid}) is running on ${dataDir}: stop it before restoring into this folder`);
    throw err;
  }
}

/** Refuses a database that a server uses, even with `force`; and a DATA_DIR or a database that holds data, unless `force`. */
async function checkEmpty(dataDir: string, target: PostgresTarget | null, force: boolean): Promise<void> {
  const servers = (await target?.servers()) ?? 0;
  if (servers) throw new BackupError(`${servers === 1 ? 'a server uses' : `${servers} servers use`} the database of DATABASE_URL: stop every instance before restoring into it`);
  if (force) return;
  const present = await dataIn(dataDir);
  if (present.length) {
    throw new BackupError(`${dataDir} is not empty (it holds ${present.join(', ')}): restore into an empty DATA_DIR, or add --force to replace its database, photos and secrets with the backup's`);
  }
  const held = await target?.contents();
  if (held?.count) {
    throw new BackupError(
      `the database of DATABASE_URL is not empty (it holds ${held.count} tables, views or sequences: ${held.some.join(', ')}${held.count > held.some.length ? ', …' : ''}): ` +
        'restore into an empty database, or add --force to drop what it holds first',
    );
  }
}

/**
 * Restores the backup `archive` (backup.ts) into DATA_DIR and, with DATABASE_URL, into that PostgreSQL
 * database: both must be empty, unless `force`. The archive is unpacked and checked, and its database
 * loaded, in a folder of DATA_DIR's own before anything that is there is replaced (a bad archive leaves
 * DATA_DIR as it was, even with `force`); then the database folder, the photos and the secrets are put
 * in place. DATA_DIR's lock is held throughout, so no server starts on it meanwhile.
 */
export async function restore(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>, archive: string, force: boolean): Promise<RestoreReport> {
  const file = await stat(archive).catch((err: NodeJS.ErrnoException) => {
    throw new BackupError(err.code === 'ENOENT' ? `${archive} does not exist` : `cannot read ${archive}: ${err.message}`);
  });
  if (!file.isFile()) throw new BackupError(`${archive} is not a file`);
  const engine: Engine = config.databaseUrl ? 'postgres' : 'pglite';
  await mkdir(config.dataDir, { recursive: true });
  const unlock = lockForRestore(config.dataDir);
  let target: PostgresTarget | null = null;
  try {
    target = config.databaseUrl ? await openPostgresTarget(config.databaseUrl) : null;
    await checkEmpty(config.dataDir, target, force);
    const staging = await stagingFolder(config.dataDir);
    try {
      const manifest = await extractArchive(archive, staging, engine);
      const dump = path.join(staging, manifest.database);
      let counts: RestoredCounts;
      if (target) {
        if (force) await target.clear();
        counts = await target.load(dump);
      } else {
        counts = await restorePglite(dump, path.join(staging, 'pglite'));
      }
      const database = engine === 'pglite' ? ['pglite'] : [];
      const media = manifest.media_store === 'local' ? [MEDIA_FOLDER] : [];
      await moveIntoPlace(staging, config.dataDir, [...database, ...media, ...manifest.secrets], [...database, ...media, ...SECRET_FILES]);
      return { manifest, counts };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } finally {
    await target?.close();
    unlock();
  }
}
