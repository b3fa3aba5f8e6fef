import net from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@/domain/core/messages';
import { postgresDatabase } from '../support/postgresDatabase';
import { serving, startServerProcess, type ServerProcess } from '../support/serverProcess';

/** Fastify's default time for a plugin to load, which used to end start-up on a busy host. */
const FRAMEWORK_PLUGIN_TIMEOUT_MS = 10_000;

/**
 * A TCP relay to `target` that accepts connections but holds them, unanswered, until `release()`:
 * a database that takes its time (a busy host, a cold disk, a failover), or never answers.
 */
async function holdingRelay(target: URL | null): Promise<{ port: number; release(): void; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const held: net.Socket[] = [];
  let released = false;
  const pipe = (client: net.Socket) => {
    const upstream = net.connect(Number(target!.port || 5432), target!.hostname);
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
    client.resume();
  };
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined);
    client.pause();
    if (released) pipe(client);
    else held.push(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    release() {
      released = true;
      for (const client of held.splice(0)) pipe(client);
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The port a server process listens on, as soon as it says so (before its database is open). */
async function listening(s: ServerProcess): Promise<number> {
  let port = 0;
  await expect
    .poll(
      () => {
        const exited = s.child.exitCode;
        if (exited !== null) throw new Error(`the server exited (${exited}):\n${s.output()}`);
        port = Number(/listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(s.output())?.[1] ?? 0);
        return port > 0;
      },
      { timeout: 120_000, interval: 50 },
    )
    .toBe(true);
  return port;
}

const get = (port: number, url: string) => fetch(`http://127.0.0.1:${port}${url}`, { headers: { accept: 'application/json, text/html' } });

describe('start-up that waits for its database', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'motokari-startup-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  const start = (env: Record<string, string>) => {
    // A built app of one page, so the test does not depend on Vite's build.
    const appDir = dataDir();
    mkdirSync(path.join(appDir, 'assets'));
    writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><html><head><title>Motokari</title></head><body><div id="root"></div></body></html>');
    const server = startServerProcess(dataDir(), { APP_DIST_DIR: appDir, ...env });
    cleanups.push(async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    });
    return server;
  };

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a database that answers only after a framework plugin timeout: the port answers at once, the API says it is starting, then it serves',
    async () => {
      const pgdb = await postgresDatabase();
      cleanups.push(() => pgdb.drop());
      const target = new URL(pgdb.url);
      const relay = await holdingRelay(target);
      cleanups.push(() => relay.close());
      const viaRelay = new URL(pgdb.url);
      viaRelay.host = `127.0.0.1:${relay.port}`;
      const server = start({ DATABASE_URL: viaRelay.toString() });
      const port = await listening(server);

      expect((await get(port, '/api/health')).status).toBe(200);
      const ready = await get(port, '/api/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ready: false, state: 'starting', waiting_for: [expect.stringContaining('connecting to PostgreSQL')] });
      const search = await get(port, '/api/vehicles?limit=5');
      expect(search.status).toBe(503);
      expect(search.headers.get('retry-after')).toBeTruthy();
      expect(await search.json()).toEqual({ detail: GENERIC_MESSAGES.starting });
      const page = await get(port, '/');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');

      // Longer than Fastify's plugin timeout, which used to cut this start-up short.
      await new Promise((resolve) => setTimeout(resolve, FRAMEWORK_PLUGIN_TIMEOUT_MS + 1000));
      expect(server.child.exitCode).toBeNull();
      relay.release();
      await serving(server);
      const answered = await get(port, '/api/vehicles?limit=5');
      expect(answered.status).toBe(200);
      expect(await answered.json()).toEqual([]);
      await expect.poll(async () => (await get(port, '/api/ready')).status, { timeout: 60_000 }).toBe(200);
    },
    180_000,
  );

  it('a database that never answers: start-up ends after STARTUP_TIMEOUT_MS with a message naming the step and the setting', async () => {
    const relay = await holdingRelay(null);
    cleanups.push(() => relay.close());
    const server = start({ DATABASE_URL: `postgres://motokari@127.0.0.1:${relay.port}/motokari`, STARTUP_TIMEOUT_MS: '3000' });
    const port = await listening(server);
    const health = await get(port, '/api/health').catch(() => null);
    // The port answered while it waited (unless the deadline had already passed on a very slow host).
    if (health) expect(health.status).toBe(200);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Start-up did not finish within 3 s: it was still connecting to PostgreSQL');
    expect(server.output()).toContain('STARTUP_TIMEOUT_MS');
  }, 180_000);

  it('a refused STARTUP_TIMEOUT_MS stops the server with a message naming it', async () => {
    const server = start({ STARTUP_TIMEOUT_MS: 'soon' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('STARTUP_TIMEOUT_MS must be a whole number of milliseconds');
  }, 120_000);
});
