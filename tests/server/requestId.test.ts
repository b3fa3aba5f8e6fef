import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase, type Database } from '@/server/db/client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A server whose log lines (at info, as in production) are kept in `lines`. */
interface LoggedServer {
  app: FastifyInstance;
  lines: string[];
  /** The log lines of one request, parsed. */
  logOf(id: string): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

async function loggedServer(trustProxy: boolean): Promise<LoggedServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motokari-reqid-'));
  const config = loadConfig({}, { dataDir, inMemory: true, seed: false, logLevel: 'info', jwtSecret: 'request-id-test-secret', trustProxy });
  const database: Database = await openDatabase({ databaseUrl: null, dataDir, inMemory: true });
  const lines: string[] = [];
  const app = await buildServer(config, { database, logStream: { write: (line) => lines.push(line) } });
  return {
    app,
    lines,
    logOf: (id) => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.reqId === id),
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('X-Request-Id', () => {
  let direct: LoggedServer;
  let proxied: LoggedServer;

  beforeAll(async () => {
    [direct, proxied] = await Promise.all([loggedServer(false), loggedServer(true)]);
  });
  afterAll(async () => {
    await Promise.all([direct?.close(), proxied?.close()]);
  });

  it('is on every answer (found, not found, refused by validation or by the router) and is the reqId of its log lines', async () => {
    const answers = await Promise.all([
      direct.app.inject({ method: 'GET', url: '/api/health' }),
      direct.app.inject({ method: 'GET', url: '/no-such-file.js' }),
      direct.app.inject({ method: 'POST', url: '/api/vehicles', payload: {} }),
      direct.app.inject({ method: 'GET', url: '/api/vehicles/%zz' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 422, 400]);
    const ids = answers.map((a) => String(a.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    const logged = direct.logOf(ids[0]!);
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(logged[0]).toMatchObject({ reqId: ids[0], req: { method: 'GET', url: '/api/health' } });
    // The log is JSON lines (parsing every line above would have thrown otherwise), not pretty-printed text.
    expect(direct.lines.every((line) => line.startsWith('{') && line.endsWith('}\n'))).toBe(true);
  });

  it("ignores a client's X-Request-Id when no proxy is trusted (the client would choose its own)", async () => {
    const res = await direct.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'chosen-by-the-client' } });
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(direct.logOf('chosen-by-the-client')).toEqual([]);
    expect(direct.logOf(String(res.headers['x-request-id'])).length).toBeGreaterThanOrEqual(1);
  });

  it("takes a trusted proxy's X-Request-Id when it looks like an id, and logs under it", async () => {
    const sent = 'lb-7f3a.2024:eu-west-1';
    const res = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': sent } });
    expect(res.headers['x-request-id']).toBe(sent);
    expect(proxied.logOf(sent)[0]).toMatchObject({ reqId: sent, req: { url: '/api/health' } });
  });

  it('makes a new one when the proxy sent something that is not an id', async () => {
    for (const sent of ['two words', 'a'.repeat(129), 'x"}{"y', 'ünïcode']) {
      const res = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': sent } });
      expect(res.headers['x-request-id'], sent).toMatch(UUID);
    }
  });
});
