import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '@/server/db/dataDirLock';
import { serving, startServerProcess, type ServerProcess } from '../support/serverProcess';

// The embedded database is single-process: a second `npm start` on the same DATA_DIR used to start,
// answer 201 to creates and lose one server's writes at the next restart. Real server processes here.

describe('two servers on one DATA_DIR', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motokari-lock-'));
  const started: ServerProcess[] = [];
  const start = (dir: string) => {
    const s = startServerProcess(dir);
    started.push(s);
    return s;
  };

  afterAll(async () => {
    for (const s of started) {
      if (s.child.exitCode === null && s.child.signalCode === null) {
        s.child.kill('SIGKILL');
        await s.exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the second refuses to start, naming the folder and the process holding it; a killed holder is taken over', async () => {
    const first = start(dataDir);
    await serving(first);

    const second = start(dataDir);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(dataDir);
    expect(second.output()).toContain(`process ${first.child.pid}`);
    expect(second.output()).not.toContain('is serving on');

    // A crash releases it: kill -9 leaves the lock file behind, naming a process that is gone.
    first.child.kill('SIGKILL');
    await first.exited;
    const third = start(dataDir);
    await serving(third);

    // A server that stops normally leaves the folder free for the next.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    const fourth = start(dataDir);
    await serving(fourth);
    fourth.child.kill('SIGTERM');
    expect(await fourth.exited).toBe(0);
  }, 180_000);
});

describe('the lock file itself', () => {
  it("a lock naming this process's own PID that this process does not hold is stale (a restarted container's server gets the same PID)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'motokari-lock-pid-'));
    try {
      writeFileSync(path.join(dir, 'server.lock'), `${process.pid}\n`);
      const release = lockDataDir(dir);
      // Held now: a second take in the same process is refused, naming this process.
      expect(() => lockDataDir(dir)).toThrow(`process ${process.pid}`);
      release();
      expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
      lockDataDir(dir)();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
