import http from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listeningPort, serving, startServerProcess, type ServerProcess } from '../support/serverProcess';

// A deploy stops an instance with SIGTERM: it stops taking connections, finishes what it was asked,
// closes its pools and exits 0; past SHUTDOWN_TIMEOUT_MS it exits anyway, non-zero.

/** A POST whose body the client sends only when told: a slow upload on a phone's connection. */
function heldRequest(port: number): { finish(): void; abandon(): void; answer: Promise<{ status: number }> } {
  const body = JSON.stringify({ events: [{ type: 'page_view', path: '/cars', at: new Date().toISOString(), screen: 'phone' }] });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/events',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number }>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  return { finish: () => req.end(body.slice(10)), abandon: () => req.destroy(), answer };
}

/**
 * A raw connection that has sent a POST's headers and the start of its body: a request the server has
 * received and is reading. `finish()` sends the rest; `answer` is the raw response.
 */
async function partialPost(port: number): Promise<{ finish(): void; answer: Promise<string> }> {
  const body = JSON.stringify({ events: [{ type: 'page_view', path: '/cars', at: new Date().toISOString(), screen: 'phone' }] });
  const socket = connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(`POST /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`);
  let raw = '';
  socket.on('data', (d: Buffer) => (raw += d.toString()));
  const answer = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(raw));
    socket.on('error', reject);
  });
  return { finish: () => socket.write(body.slice(10)), answer };
}

/** Whether a new connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describe('graceful shutdown of the server process', () => {
  const dirs: string[] = [];
  const started: ServerProcess[] = [];
  const start = (env: Record<string, string> = {}) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'motokari-shutdown-'));
    dirs.push(dir);
    const s = startServerProcess(dir, env);
    started.push(s);
    return s;
  };
  const requestArrived = (s: ServerProcess) => expect.poll(() => /incoming request[^\n]*\/api\/events|\/api\/events[^\n]*incoming request/.test(s.output()), { timeout: 30_000 }).toBe(true);

  afterAll(async () => {
    for (const s of started) {
      if (s.child.exitCode === null && s.child.signalCode === null) {
        s.child.kill('SIGKILL');
        await s.exited;
      }
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('on SIGTERM it stops accepting connections, finishes the request in flight with its answer, and exits 0', async () => {
    const server = start();
    await serving(server);
    const port = listeningPort(server);
    const upload = heldRequest(port);
    await requestArrived(server);

    server.child.kill('SIGTERM');
    await expect.poll(() => accepts(port), { timeout: 30_000 }).toBe(false);
    expect(server.child.exitCode).toBeNull();

    upload.finish();
    expect((await upload.answer).status).toBe(204);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shut down');
  }, 120_000);

  it('on SIGTERM, every request it had received is answered, with Connection: close, before it exits', async () => {
    const server = start();
    await serving(server);
    const port = listeningPort(server);
    const posts = await Promise.all(Array.from({ length: 20 }, () => partialPost(port)));
    const arrived = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('incoming request') && line.includes('/api/events')).length;
    await expect.poll(arrived, { timeout: 30_000 }).toBe(20);

    server.child.kill('SIGTERM');
    await expect.poll(() => accepts(port), { timeout: 30_000 }).toBe(false);
    for (const p of posts) p.finish();

    for (const answer of await Promise.all(posts.map((p) => p.answer))) {
      expect(answer).toMatch(/^HTTP\/1\.1 204 /);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    }
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('a request that never completes makes it exit non-zero once SHUTDOWN_TIMEOUT_MS has passed', async () => {
    const server = start({ SHUTDOWN_TIMEOUT_MS: '1000' });
    await serving(server);
    const stuck = heldRequest(listeningPort(server));
    stuck.answer.catch(() => undefined);
    await requestArrived(server);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('shutdown took too long');
    stuck.abandon();
  }, 120_000);
});
