import { readFile } from 'node:fs/promises';
import { BackupError } from './cli';
import { COUNTS_SQL, countsOf, type RestoredCounts } from './restoredCounts';

/**
 * Makes the embedded database's folder `folder` (absent or empty) from PGlite's dump `dumpFile`, opens it
 * to read what it holds, and closes it. The server applies any newer migration when it starts on it.
 */
export async function restorePglite(dumpFile: string, folder: string): Promise<RestoredCounts> {
  const { PGlite } = await import('@electric-sql/pglite');
  let db: InstanceType<typeof PGlite>;
  try {
    db = await PGlite.create(folder, { loadDataDir: new Blob([await readFile(dumpFile)]) });
  } catch (err) {
    throw new BackupError(`the archive's database could not be loaded: ${(err as Error).message}`);
  }
  try {
    const { rows } = await db.query<Record<string, unknown>>(COUNTS_SQL);
    return countsOf(rows[0]);
  } catch (err) {
    throw new BackupError(`the archive's database was loaded but does not answer as Motokari's: ${(err as Error).message}`);
  } finally {
    await db.close();
  }
}
