import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_NAMES } from '@/server/jobs/backgroundJobs';
import type { Mailer } from '@/server/mail/mailer';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';

const TOKEN = 'metrics-test-token';

/** A mailer that fails for addresses starting with "fail" and sends (nowhere) to the others. */
const flakyMailer: Mailer = {
  transport: 'outbox',
  async send(message) {
    if (message.to.startsWith('fail')) throw new Error('the mail server refused the message');
  },
};

/** A multipart body of one PNG photo: its bytes and its content-type (with the boundary). */
async function photoUpload(): Promise<{ payload: Buffer; contentType: string }> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3c3' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'car.png');
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

/** The labels of one line of Prometheus' text format. */
function labelsOf(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
}

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const own = labelsOf(m[2] ?? '');
    if (Object.entries(labels).every(([k, v]) => own[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe.each(ENGINES)('%s: GET /metrics', (engine) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer(engine, { config: { metricsToken: TOKEN }, deps: { mailer: flakyMailer } });
  });
  afterAll(async () => {
    await s?.close();
  });

  /** The metrics' text, scraped with the token. */
  async function scrape(): Promise<string> {
    const res = await s.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  }

  /** How much a sample grew while `act` ran (a sample not there yet counts as 0). */
  async function growth(name: string, labels: Record<string, string>, act: () => Promise<unknown>): Promise<number> {
    const before = sample(await scrape(), name, labels) ?? 0;
    await act();
    return (sample(await scrape(), name, labels) ?? 0) - before;
  }

  it('is not there (404 {detail}) when METRICS_TOKEN is unset', async () => {
    const off = await startServer(engine);
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
        const res = await off.request({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found' });
      }
    } finally {
      await off.close();
    }
  });

  it('answers 401 {detail} without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${TOKEN}x`, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, TOKEN]) {
      const res = await s.request({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ detail: expect.any(String) });
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('motokari_');
    }
  });

  it('counts requests by route pattern, method and status, with their latency, never by an address or an id', async () => {
    const { token } = await s.signup();
    const listing = await s.pay(token, (await s.draft(token)).id);
    const missing = randomUUID();
    expect((await s.request({ method: 'GET', url: '/api/vehicles?vehicle_type=car' })).statusCode).toBe(200);
    expect((await s.request({ method: 'GET', url: `/api/vehicles/${listing.id}` })).statusCode).toBe(200);
    expect((await s.request({ method: 'GET', url: `/api/vehicles/${missing}` })).statusCode).toBe(404);
    expect((await s.request({ method: 'GET', url: `/api/no-such-thing/${missing}` })).statusCode).toBe(404);

    const text = await scrape();
    expect(sample(text, 'motokari_http_requests_total', { route: '/api/vehicles', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'motokari_http_requests_total', { route: '/api/vehicles/:id', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'motokari_http_requests_total', { route: '/api/vehicles/:id', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'motokari_http_requests_total', { route: '(unmatched)', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'motokari_http_request_duration_seconds_count', { route: '/api/vehicles/:id', method: 'GET' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'motokari_http_request_duration_seconds_bucket', { route: '/api/vehicles/:id', method: 'GET', le: '+Inf' })).toBeGreaterThanOrEqual(2);
    // No label holds an address, a query or an id.
    expect(text).not.toContain(listing.id);
    expect(text).not.toContain(missing);
    expect(text).not.toContain('vehicle_type');
  });

  it('reports the search index: listings held, ready, changes behind the database', async () => {
    const { token } = await s.signup();
    await s.pay(token, (await s.draft(token)).id);
    await s.outsideWriteSeen();
    const search = await s.request({ method: 'GET', url: '/api/vehicles' });
    const text = await scrape();
    expect(sample(text, 'motokari_search_index_listings')).toBe(Number(search.headers['x-total-count']));
    expect(sample(text, 'motokari_search_index_listings')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'motokari_search_index_ready')).toBe(1);
    expect(sample(text, 'motokari_search_index_revisions_behind')).toBe(0);
  });

  it("reports the database pool's connections and the data folder's disk", async () => {
    const text = await scrape();
    for (const name of ['motokari_db_pool_in_use', 'motokari_db_pool_idle', 'motokari_db_pool_waiting']) {
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    }
    if (engine === 'pglite') {
      // The embedded database is one connection, idle between requests.
      expect([sample(text, 'motokari_db_pool_in_use'), sample(text, 'motokari_db_pool_idle'), sample(text, 'motokari_db_pool_waiting')]).toEqual([0, 1, 0]);
    }
    expect(sample(text, 'motokari_data_dir_size_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'motokari_data_dir_free_bytes')).toBeGreaterThanOrEqual(0);
  });

  it("includes Node's process metrics", async () => {
    const text = await scrape();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts a request answered from a stored Idempotency-Key record', async () => {
    const { token } = await s.signup();
    const key = randomUUID();
    const create = () => s.request({ method: 'POST', url: '/api/vehicles', token, body: listingBody(), headers: { 'idempotency-key': key } });
    expect((await create()).statusCode).toBe(201);
    const grew = await growth('motokari_idempotent_replays_total', {}, async () => {
      const replay = await create();
      expect(replay.headers['idempotent-replayed']).toBe('true');
    });
    expect(grew).toBe(1);
  });

  it('counts a payment opened and completed by its provider', async () => {
    const { token } = await s.signup();
    const draft = await s.draft(token);
    const before = await scrape();
    await s.pay(token, draft.id);
    const after = await scrape();
    const count = (text: string, event: string) => sample(text, 'motokari_payments_total', { provider: 'sandbox', event }) ?? 0;
    expect(count(after, 'opened') - count(before, 'opened')).toBe(1);
    expect(count(after, 'completed') - count(before, 'completed')).toBe(1);
    expect(count(after, 'failed') - count(before, 'failed')).toBe(0);
  });

  it('counts mail sent and failed', async () => {
    const sent = await s.signup();
    const failing = await s.signup({ email: `fail-${randomUUID()}@example.co.zw` });
    const forgot = (email: string) => s.request({ method: 'POST', url: '/api/auth/forgot-password', body: { email } });
    expect(await growth('motokari_mail_total', { result: 'sent' }, () => forgot(sent.user.email))).toBe(1);
    expect(await growth('motokari_mail_total', { result: 'failed' }, () => forgot(failing.user.email))).toBe(1);
  });

  it('counts photos stored and uploads refused, by reason', async () => {
    const { token } = await s.signup();
    const { payload, contentType } = await photoUpload();
    const upload = (t: string | null) => s.request({ method: 'POST', url: '/api/uploads', token: t, body: payload, headers: { 'content-type': contentType } });
    expect(await growth('motokari_uploaded_images_total', {}, async () => expect((await upload(token)).statusCode).toBe(201))).toBe(1);
    expect(await growth('motokari_upload_refusals_total', { reason: 'not_signed_in' }, async () => expect((await upload(null)).statusCode).toBe(401))).toBe(1);
  });

  it('counts background job runs and failures by job name, with the last success time', async () => {
    const name = JOB_NAMES.expireListings;
    const before = await scrape();
    expect(sample(before, 'motokari_job_failures_total', { name: JOB_NAMES.purgeOrphanUploads })).toBe(0);
    // Due a second ago (now() itself may round up past the claim's now()).
    await s.app.ctx.db.execute(sql`update jobs set next_run_at = now() - interval '1 second' where id = ${name}`);
    s.app.ctx.jobs.kick();
    await s.app.ctx.jobs.idle();
    const after = await scrape();
    const runs = (text: string) => sample(text, 'motokari_job_runs_total', { name }) ?? 0;
    expect(runs(after) - runs(before)).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'motokari_job_failures_total', { name })).toBe(0);
    expect(sample(after, 'motokari_job_last_success_timestamp_seconds', { name })).toBeGreaterThan(Date.parse('2024-01-01') / 1000);
  });
});
