import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Another live process holds the data folder: the embedded database is single-process. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dir} is in use by another server (process ${pid}). The embedded database can be opened by one process at a time: ` +
        `stop that process, choose another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server between instances.`,
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_FILE = 'server.lock';
/**
 * Lock files this process holds. A file naming this process's own PID that it does not hold was left by an
 * earlier process that had the same PID (a container restarted after a crash usually starts its server
 * under the same small PID), so it is stale, not ours.
 */
const heldHere = new Set<string>();

function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Whether process `pid` still runs (EPERM: it does, as another user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const ignore = (fn: () => void) => {
  try {
    fn();
  } catch {
    // already gone
  }
};

/**
 * Takes `dir/server.lock` for this process, or throws DataDirLockedError naming the live process that
 * holds it. The file is created whole and at once (written aside, then hard-linked into place, which
 * fails when it exists); a file left by a process that died without releasing it (kill -9, a crash)
 * names a dead PID and is taken over. Resolves to the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const mine = `${file}.${process.pid}.tmp`;
  writeFileSync(mine, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        linkSync(mine, file);
        heldHere.add(file);
        return () => {
          heldHere.delete(file);
          if (readPid(file) === process.pid) ignore(() => unlinkSync(file));
        };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const holder = readPid(file);
      if (holder === process.pid ? heldHere.has(file) : holder !== null && alive(holder)) throw new DataDirLockedError(dir, holder!);
      // Stale: move it aside under a name of our own, so of two processes taking over only one gets it;
      // if what was moved is not the stale file (another process took over meanwhile), put it back.
      const aside = `${file}.${process.pid}.stale`;
      try {
        renameSync(file, aside);
      } catch {
        continue;
      }
      if (readPid(aside) !== holder) ignore(() => linkSync(aside, file));
      ignore(() => unlinkSync(aside));
    }
    throw new Error(`Could not take the lock ${file}`);
  } finally {
    ignore(() => unlinkSync(mine));
  }
}
