import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports';
import { startServerProcess } from './serverProcess';

/**
 * A real server process, as one of several instances behind a load balancer: its own port and
 * DATA_DIR, everything else (DATABASE_URL, REDIS_URL, the secrets, the media store) from `env`.
 */
export interface ServerInstance {
  name: string;
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** Sends the process a signal; SIGKILL ends it at once, whatever it is doing. */
  kill(signal?: NodeJS.Signals): void;
  /** Resolves once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it printed (stdout and stderr), for failure messages. */
  output(): string;
  /** Ends it (SIGTERM, SIGKILL after `graceMs`) if still running, and removes its DATA_DIR. */
  stop(graceMs?: number): Promise<void>;
}

/** Instances of this test process still running, ended if the test process exits without stopping them. */
const running = new Set<ServerInstance>();
let exitHookSet = false;

/**
 * Starts tests/support/instanceMain.ts (the server as `npm start` runs it, see there) and resolves
 * once `GET /api/health` answers 200. Fails with what it printed if it exits first or does not answer
 * within `startTimeoutMs`.
 */
export async function startServerInstance(opts: { name: string; env: Record<string, string>; startTimeoutMs?: number }): Promise<ServerInstance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `motokari-${opts.name}-`));
  const { child, output } = startServerProcess(dataDir, { PORT: String(port), LOG_LEVEL: 'warn', ...opts.env }, 'tests/support/instanceMain.ts');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const instance: ServerInstance = {
    name: opts.name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    kill: (signal = 'SIGTERM') => {
      if (alive()) child.kill(signal);
    },
    exited,
    output,
    async stop(graceMs = 5000) {
      if (alive()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => instance.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      running.delete(instance);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  running.add(instance);
  if (!exitHookSet) {
    exitHookSet = true;
    process.once('exit', () => {
      for (const s of running) s.kill('SIGKILL');
    });
  }

  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  for (;;) {
    if (!alive()) {
      await instance.stop();
      throw new Error(`server ${opts.name} exited before answering /api/health:\n${output()}`);
    }
    const ok = await fetch(`${instance.url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return instance;
    if (Date.now() > deadline) {
      await instance.stop();
      throw new Error(`server ${opts.name} did not answer /api/health in time:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
