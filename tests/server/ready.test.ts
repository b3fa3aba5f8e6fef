import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import type { Db } from '@/server/db/client';
import { readinessCheck } from '@/server/readiness';
import { PublicListingIndex } from '@/server/search/publicIndex';
import { Startup } from '@/server/startup';
import { freePort } from '../support/ports';
import { ENGINES, postgresDatabase, startServer, type TestServer } from './harness';

describe.each(ENGINES)('%s: liveness and readiness', (engine) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer(engine);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('GET /api/health stays a liveness probe', async () => {
    const res = await s.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready: 200 when the database answers; Redis not configured; the search index ready once caught up', async () => {
    await s.app.ctx.publicIndex.refresh();
    const res = await s.request({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ ready: true, state: 'running', waiting_for: [], database: 'ok', redis: 'not configured', media: 'ok', search_index: 'ready' });
  });

  it('the search index is building until its first build ends, and the instance is not ready meanwhile (searches would be answered by SQL)', async () => {
    const index = new PublicListingIndex(s.app.ctx.db);
    expect(index.ready).toBe(false);
    const check = readinessCheck({ startup: s.app.startup, db: s.app.ctx.db, redis: null, media: s.app.ctx.media, sharedMedia: false, searchIndexReady: () => index.ready });
    expect(await check()).toEqual({ ready: false, state: 'running', waiting_for: ['the search index (building)'], database: 'ok', redis: 'not configured', media: 'ok', search_index: 'building' });
    await index.build();
    expect(index.ready).toBe(true);
    expect(await check()).toMatchObject({ ready: true, waiting_for: [], search_index: 'ready' });
    await index.close();
  });

  it('turns 503, saying it is stopping, once a signal asks the process to stop (src/server/start.ts)', async () => {
    const stopping = await startServer(engine);
    try {
      stopping.app.startup.stopping = true;
      const res = await stopping.request({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ready: false, state: 'stopping', waiting_for: ['nothing more: the instance is stopping'], database: 'ok' });
      expect(res.headers.connection).toBe('close');
    } finally {
      await stopping.close();
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await s.request({ method: 'GET', url: '/api/docs/json' })).json();
    const ready = doc.paths['/api/ready'].get;
    // 4XX: the refusal every operation documents (openApiOperation.ts), as Redocly's recommended rules ask.
    expect(Object.keys(ready.responses).sort()).toEqual(['200', '4XX', '503']);
    expect(Object.keys(ready.responses['503'].content['application/json'].schema.properties).sort()).toEqual(['database', 'media', 'ready', 'redis', 'search_index', 'state', 'waiting_for']);
  });

  it('names Redis when it is configured and does not answer, still ready (rate limits count in memory meanwhile)', async () => {
    const down = await startServer(engine, { config: { redisUrl: `redis://127.0.0.1:${await freePort()}` } });
    try {
      const res = await down.request({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ready: true, database: 'ok', redis: 'unavailable' });
      expect((await down.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('503 naming the database when it does not answer', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'motokari-ready-'));
    const pgdb = engine === 'postgres' ? await postgresDatabase() : null;
    const config = loadConfig({}, { dataDir, databaseUrl: pgdb?.url ?? null, inMemory: true, seed: false, logLevel: 'silent', jwtSecret: 'ready-test-secret' });
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, inMemory: true });
    const app = await buildServer(config, { database, logger: false });
    try {
      await app.ctx.publicIndex.build();
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ready: false, state: 'running', waiting_for: ['the database'], database: 'unavailable', redis: 'not configured', media: 'ok', search_index: 'ready' });
    } finally {
      await app.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('readiness with Redis', () => {
  it('Redis that answers is ok', async () => {
    const s = await startServer('pglite', { config: { redisUrl: process.env.TEST_REDIS_URL! } });
    try {
      const res = await s.request({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ready: true, database: 'ok', redis: 'ok' });
    } finally {
      await s.close();
    }
  });
});

/** A start-up that has finished. */
function started(): Startup {
  const startup = new Startup();
  startup.run(async () => {});
  startup.apiReady = true;
  return startup;
}

describe('readiness while starting', () => {
  it('503 saying which start-up step it is at, without asking the database', async () => {
    const startup = new Startup();
    startup.step = 'applying the migrations';
    let asked = 0;
    const db = { execute: async () => asked++ } as unknown as Db;
    const answer = await readinessCheck({ startup, db, redis: null, media: { check: async () => undefined }, sharedMedia: false, searchIndexReady: () => false })();
    expect(answer).toEqual({
      ready: false,
      state: 'starting',
      waiting_for: ['start-up (applying the migrations)'],
      database: 'starting',
      redis: 'starting',
      media: 'starting',
      search_index: 'building',
    });
    expect(asked).toBe(0);
  });
});

describe('readiness checks under a flood of probes', () => {
  it('makes one check a second, the probes that arrive while it runs waiting for it', async () => {
    let checks = 0;
    let clock = 0;
    const media = {
      check: async () => {
        checks++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    };
    const db = { execute: async () => undefined } as unknown as Db;
    const ready = readinessCheck({ startup: started(), db, redis: null, media, sharedMedia: false, searchIndexReady: () => true }, () => clock);
    const answers = await Promise.all(Array.from({ length: 50 }, () => ready()));
    expect(checks).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ ready: true, state: 'running', waiting_for: [], database: 'ok', redis: 'not configured', media: 'ok', search_index: 'ready' })]),
    );
    clock += 999;
    await ready();
    expect(checks).toBe(1);
    clock += 1;
    await ready();
    expect(checks).toBe(2);
  });

  it("a photos' folder that fails makes the instance unready; a bucket that fails is reported, the instance still ready", async () => {
    const db = { execute: async () => undefined } as unknown as Db;
    const media = { check: () => Promise.reject(new Error('EIO')) };
    const folder = await readinessCheck({ startup: started(), db, redis: null, media, sharedMedia: false, searchIndexReady: () => true })();
    expect(folder).toEqual({ ready: false, state: 'running', waiting_for: ["the photos' folder"], database: 'ok', redis: 'not configured', media: 'unavailable', search_index: 'ready' });
    const bucket = await readinessCheck({ startup: started(), db, redis: null, media, sharedMedia: true, searchIndexReady: () => true })();
    expect(bucket).toEqual({ ready: true, state: 'running', waiting_for: [], database: 'ok', redis: 'not configured', media: 'unavailable', search_index: 'ready' });
  });
});
