import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/server/db/dataDirLock';

// The embedded database is single-process: a second `npm start` on the same DATA_DIR used to start,
// answer 201 to creates and lose one server's writes at the next restart. Real server processes here.

const root = path.resolve(__dirname, '../..');

interface Server {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
}

function startServerProcess(dataDir: string): Server {
  // `node --import tsx` rather than the tsx command, so the child's pid is the server's own.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/start.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED: 'off', SKIP_BUILD: '1', LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Waits until the server says it is serving, or fails with what it printed if it exits first. */
async function serving(s: Server): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (s.output().includes('is serving on')) {
        s.child.stdout!.off('data', check);
        resolve();
      }
    };
    s.child.stdout!.on('data', check);
    check();
    void s.exited.then((code) => reject(new Error(`the server exited (${code}) before serving:\n${s.output()}`)));
  });
}

describe('two servers on one DATA_DIR', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motokari-lock-'));
  const started: Server[] = [];
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
