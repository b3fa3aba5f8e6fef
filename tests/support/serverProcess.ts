import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startNodeOptions } from './startCommand';

const root = path.resolve(import.meta.dirname, '../..');

/** A real server process (`src/server/start.ts`), as `npm start` runs it but without building the app. */
export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
}

/**
 * Starts the server on DATA_DIR `dataDir` (PGlite, no sample listings, a free port) with `env` on top;
 * `entry` (from the repository's root) replaces src/server/start.ts, as tests/support/instanceMain.ts does.
 */
export function startServerProcess(dataDir: string, env: Record<string, string> = {}, entry = 'src/server/start.ts'): ServerProcess {
  const child = spawn(process.execPath, [...startNodeOptions(), path.join(root, entry)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED: 'off', SKIP_BUILD: '1', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Waits until the server says it is serving, or fails with what it printed if it exits first. */
export async function serving(s: ServerProcess): Promise<void> {
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

/** The port the server listens on (PORT=0 picks a free one; Fastify logs the address it got). */
export function listeningPort(s: ServerProcess): number {
  const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(s.output());
  if (!match) throw new Error(`no listening address in the server's output:\n${s.output()}`);
  return Number(match[1]);
}
