import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { loadConfig, type ServerConfig } from '@/server/config';
import { buildServer, type ServerDeps } from '@/server/app';
import { openDatabase, type Engine } from '@/server/db/client';
import { currentRevision } from '@/server/repositories/vehicles/writes';
import { PaynowMobileMoneyProvider } from '@/server/payments/paynow';
import { SandboxCardProvider } from '@/server/payments/sandbox';
import { startFakePaynow, type FakePaynow } from '../fakes/fakePaynow';
import { listingBody } from '../support/listingBody';
import { postgresDatabase } from '../support/postgresDatabase';

/** The engines every API suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

export interface TestServer {
  app: FastifyInstance;
  config: ServerConfig;
  dataDir: string;
  /** The clock the server reads; tests move it to reach expiry. */
  clock: { now: Date };
  close(): Promise<void>;
  /** Waits until public searches see rows written straight to the database (not through the API). */
  outsideWriteSeen(): Promise<void>;
  request(opts: { method: string; url: string; token?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  signup(over?: Partial<SignupBody>): Promise<{ token: string; user: { id: string; email: string; user_type: string; name: string } }>;
  admin(): Promise<{ token: string; user: { id: string } }>;
  /** Creates a listing (a draft) from listingBody(over). */
  draft(token: string, over?: Record<string, unknown>, query?: string): Promise<Vehicle>;
  /** Pays for a listing through the sandbox mobile-money flow; returns it published. */
  pay(token: string, vehicleId: string): Promise<Vehicle>;
}

export interface SignupBody {
  name: string;
  email: string;
  phone: string;
  location: string;
  password: string;
  user_type: 'private' | 'dealer';
  latitude?: number;
  longitude?: number;
  business_name?: string;
}

export { postgresDatabase };

let counter = 0;

export async function startServer(engine: Engine, opts: { seed?: boolean; admin?: boolean; config?: Partial<ServerConfig>; deps?: Omit<ServerDeps, 'database' | 'now'> } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motokari-test-'));
  // A second instance on the same PostgreSQL database is given its URL (it then leaves dropping it to the first).
  const pgdb = engine === 'postgres' && !opts.config?.databaseUrl ? await postgresDatabase() : null;
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl: pgdb?.url ?? null,
      inMemory: true,
      jwtSecret: 'test-secret-' + randomBytes(8).toString('hex'),
      seed: opts.seed ?? false,
      logLevel: 'silent',
      adminEmail: opts.admin === false ? null : 'admin@motokari.test',
      adminPassword: opts.admin === false ? null : 'admin-password',
      rateLimits: { login: 1000, signup: 1000, reset: 1000, resetPerEmail: 1000, contact: 1000 },
      ...opts.config,
    },
  );
  const database = await openDatabase({ databaseUrl: config.databaseUrl, listenUrl: config.databaseListenUrl, dataDir, inMemory: true });
  const clock = { now: new Date() };
  const app = await buildServer(config, { ...opts.deps, database, now: () => clock.now, logger: false });
  await app.ready();
  // Public searches come from the in-memory index once it is built (SQL before): the API suites test it.
  await app.ctx.publicIndex.build();
  const request: TestServer['request'] = ({ method, url, token, body, headers }) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body !== undefined && { payload: body as object }),
    });
  return {
    app,
    config,
    dataDir,
    clock,
    request,
    async outsideWriteSeen() {
      // A write made past withListingWrite (as by another server instance) reaches the public index
      // through the database's notification, shortly after its commit.
      const head = await currentRevision(app.ctx.db);
      const deadline = Date.now() + 5000;
      for (;;) {
        await app.ctx.publicIndex.refresh();
        if (app.ctx.publicIndex.appliedRevision >= head) return;
        if (Date.now() > deadline) throw new Error('the public index did not hear of the write');
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    async close() {
      await app.close();
      await database.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async signup(over = {}) {
      counter += 1;
      const body: SignupBody = {
        name: `Tendai Moyo ${counter}`,
        email: `seller${counter}-${randomBytes(3).toString('hex')}@example.co.zw`,
        phone: '+263 77 123 4567',
        location: 'Harare',
        password: 'secret-pass',
        user_type: 'private',
        latitude: -17.8252,
        longitude: 31.0335,
        ...over,
      };
      const res = await request({ method: 'POST', url: '/api/auth/signup', body });
      if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
      const json = res.json();
      return { token: json.access_token, user: json.user };
    },
    async draft(token, over = {}, query = '') {
      const res = await request({ method: 'POST', url: `/api/vehicles${query}`, token, body: listingBody(over) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Vehicle;
    },
    async pay(token, vehicleId) {
      const created = await request({
        method: 'POST',
        url: '/api/payments/ecocash/create',
        token,
        body: { vehicle_id: vehicleId, payment_method: 'ecocash', customer_msisdn: '0771234567' },
      });
      expect(created.statusCode, created.body).toBe(200);
      const confirmed = await request({ method: 'POST', url: `/api/payments/ecocash/confirm/${created.json().transaction_id}`, token, body: {} });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const v = confirmed.json().vehicle as Vehicle;
      expect(v.is_published).toBe(true);
      return v;
    },
    async admin() {
      const res = await request({ method: 'POST', url: '/api/auth/login', body: { email: 'admin@motokari.test', password: 'admin-password' } });
      if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
      return { token: res.json().access_token, user: res.json().user };
    },
  };
}

export { listingBody };

/** The server with mobile money through Paynow's real adapter, against a local fake Paynow (cards: the sandbox). */
export async function startServerWithFakePaynow(engine: Engine): Promise<{ s: TestServer; paynow: FakePaynow; close(): Promise<void> }> {
  const creds = { integrationId: '12345', integrationKey: 'fake-integration-key' };
  const paynow = await startFakePaynow(creds);
  const mobileMoney = new PaynowMobileMoneyProvider({
    ...creds,
    resultUrl: 'http://127.0.0.1/api/payments/ecocash/result',
    returnUrl: 'http://127.0.0.1/dashboard',
    apiBase: paynow.url,
  });
  const s = await startServer(engine, { deps: { payments: { card: new SandboxCardProvider(), mobileMoney } } });
  return {
    s,
    paynow,
    async close() {
      await s.close();
      await paynow.close();
    },
  };
}
