import { mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Where a restore unpacks the archive: a folder of its own inside DATA_DIR (so the moves into place are renames). */
const STAGING = '.restore-';

/**
 * Entries of DATA_DIR that are not data: a volume's lost+found, the lock (and its files while it is
 * taken), the backup socket a crashed server left, a restore's own folder.
 */
const notData = (name: string) => name === 'lost+found' || name.startsWith('server.lock') || name === 'backup.sock' || name.startsWith(STAGING);

/** What DATA_DIR holds besides what is not data; empty for a new folder. */
export async function dataIn(dataDir: string): Promise<string[]> {
  return (await readdir(dataDir)).filter((name) => !notData(name)).sort();
}

/**
 * A new staging folder in DATA_DIR, after removing those that a restore that was stopped left (the
 * caller holds DATA_DIR's lock, so no other restore is using one).
 */
export async function stagingFolder(dataDir: string): Promise<string> {
  for (const name of await readdir(dataDir)) {
    if (name.startsWith(STAGING)) await rm(path.join(dataDir, name), { recursive: true, force: true });
  }
  return mkdtemp(path.join(dataDir, STAGING));
}

/**
 * Puts the restored entries `names` of `staging` in DATA_DIR, replacing what is there under those names
 * and removing the entries `replaced` that the archive does not bring (say a token secret, when the
 * backed-up server had JWT_SECRET set).
 */
export async function moveIntoPlace(staging: string, dataDir: string, names: readonly string[], replaced: readonly string[]): Promise<void> {
  for (const name of new Set([...names, ...replaced])) await rm(path.join(dataDir, name), { recursive: true, force: true });
  for (const name of names) {
    const from = path.join(staging, name);
    if (await stat(from).catch(() => null)) await rename(from, path.join(dataDir, name));
  }
}
