import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { EXPIRY_REMINDER_DAYS } from '@/domain/account/notifications';
import { startFakePushService, type FakePushService } from '../fakes/fakePushService';
import { listingBody } from '../support/listingBody';
import { postgresDatabase } from '../support/postgresDatabase';
import { startS3Server, type TestS3Server } from '../support/s3Server';
import { startServerInstance, type ServerInstance } from '../support/serverInstance';

// Two server processes behind one (imagined) load balancer, sharing one PostgreSQL database, one Redis,
// one S3-compatible bucket and the secrets, as the README's production setup runs them. Real processes,
// real HTTP: what one instance acknowledges, the other must see. Needs PostgreSQL (TEST_DATABASE_URL),
// and Redis (TEST_REDIS_URL) for the shared rate limit: CI starts both (.ci/run); the bucket is
// s3rver's, started here.

/** How often each instance polls for background jobs (and runs each recurring one). */
const JOBS_INTERVAL_MS = 300;

const REDIS_URL = process.env.TEST_REDIS_URL;

/** An answer: its status, and its body parsed as JSON (as T: what the route answers on success). */
interface Answer<T> {
  status: number;
  json: T;
  headers: Headers;
}

/**
 * Client addresses of this run: both instances trust the load balancer's X-Forwarded-For
 * (TRUST_PROXY), so rate limits count each of these apart from other test runs sharing the Redis.
 * A /64 of its own each (unique local, 40 random bits per run), as rate limits count IPv6 per /64.
 */
const RUN = randomBytes(5).toString('hex');
let clients = 0;
const newClient = () => `fd${RUN.slice(0, 2)}:${RUN.slice(2, 6)}:${RUN.slice(6)}:${(clients += 1).toString(16)}::1`;

async function call<T = unknown>(s: ServerInstance, method: string, url: string, opts: { token?: string; body?: unknown; client: string; headers?: Record<string, string> }): Promise<Answer<T>> {
  const isForm = opts.body instanceof FormData;
  const res = await fetch(s.url + url, {
    method,
    headers: {
      'x-forwarded-for': opts.client,
      ...(opts.token && { authorization: `Bearer ${opts.token}` }),
      ...(opts.body !== undefined && !isForm && { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    ...(opts.body !== undefined && { body: isForm ? (opts.body as FormData) : JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json: json as T, headers: res.headers };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL, one Redis and one bucket (skipped without TEST_DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof postgresDatabase>>;
  let s3: TestS3Server;
  let push: FakePushService;
  const instances: ServerInstance[] = [];
  let a: ServerInstance;
  let b: ServerInstance;
  const client = newClient();
  let seller: { token: string; id: string };

  beforeAll(async () => {
    [database, s3, push] = await Promise.all([postgresDatabase('motokari_two'), startS3Server(), startFakePushService()]);
    const vapid = webpush.generateVAPIDKeys();
    const env = {
      DATABASE_URL: database.url,
      ...(REDIS_URL && { REDIS_URL }),
      MEDIA_STORE: 's3',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      JOBS_INTERVAL_MS: String(JOBS_INTERVAL_MS),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      TRUST_PROXY: 'true',
      ADMIN_EMAIL: 'admin@motokari.test',
      ADMIN_PASSWORD: 'admin-password',
    };
    // Both start at once, as a deployment's instances do: the migrations must not trip over each other.
    const started = await Promise.allSettled([startServerInstance({ name: 'a', env }), startServerInstance({ name: 'b', env })]);
    instances.push(...started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
    for (const r of started) if (r.status === 'rejected') throw r.reason;
    [a, b] = instances as [ServerInstance, ServerInstance];
    const signup = await call<{ access_token: string; user: { id: string } }>(a, 'POST', '/api/auth/signup', {
      client,
      body: { name: 'Tendai Moyo', email: `seller-${RUN}@example.co.zw`, phone: '+263 77 123 4567', location: 'Harare', password: 'secret-pass', user_type: 'private' },
    });
    expect(signup.status, JSON.stringify(signup.json)).toBe(201);
    seller = { token: signup.json.access_token, id: signup.json.user.id };
  });

  afterAll(async () => {
    await Promise.all(instances.map((s) => s.stop()));
    await Promise.all([database?.drop(), s3?.close(), push?.close()]);
  });

  /** Creates a draft through `s` and publishes it with the mobile-money sandbox; resolves when `s` acknowledged the payment. */
  async function publish(s: ServerInstance, over: Record<string, unknown> = {}): Promise<Vehicle> {
    const draft = await call<Vehicle>(s, 'POST', '/api/vehicles', { client, token: seller.token, body: listingBody({ id: randomUUID(), ...over }) });
    expect(draft.status, JSON.stringify(draft.json)).toBe(201);
    const created = await call<{ transaction_id: string }>(s, 'POST', '/api/payments/ecocash/create', {
      client,
      token: seller.token,
      body: { vehicle_id: draft.json.id, payment_method: 'ecocash', customer_msisdn: '0771234567' },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const confirmed = await call<{ vehicle: Vehicle }>(s, 'POST', `/api/payments/ecocash/confirm/${created.json.transaction_id}`, { client, token: seller.token, body: {} });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect(confirmed.json.vehicle.is_published).toBe(true);
    return confirmed.json.vehicle;
  }

  it("a listing published through A is in B's search results within a second", async () => {
    const v = await publish(a, { make: 'Mazda', model: 'BT-50', variant: null, year: 2017 });
    const deadline = Date.now() + 1000;
    let found = false;
    let last: Answer<Vehicle[]> | null = null;
    while (!found && Date.now() <= deadline) {
      last = await call<Vehicle[]>(b, 'GET', '/api/vehicles?make=Mazda&model=BT-50', { client });
      found = last.status === 200 && last.json.some((x) => x.id === v.id);
      if (!found) await new Promise((r) => setTimeout(r, 25));
    }
    expect(found, `B's last answer: ${last?.status} ${JSON.stringify(last?.json)}`).toBe(true);
  });

  it('a photo uploaded through A is served by B', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'hilux.png');
    const uploaded = await call<{ files: Array<{ url: string; thumbnail_url: string }> }>(a, 'POST', '/api/uploads', { client, token: seller.token, body: form });
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
    const file = uploaded.json.files[0]!;
    for (const url of [file.url, file.thumbnail_url]) {
      const [fromA, fromB] = await Promise.all([fetch(a.url + url), fetch(b.url + url)]);
      expect(fromB.status, url).toBe(200);
      expect(fromB.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    }
  });

  it.skipIf(!REDIS_URL)('a rate limit spent on A applies on B (skipped without TEST_REDIS_URL)', async () => {
    const attacker = newClient();
    const login = (s: ServerInstance, from: string) => call(s, 'POST', '/api/auth/login', { client: from, body: { email: `nobody-${RUN}@example.co.zw`, password: 'wrong-password' } });
    let refusedOnA = 0;
    for (let i = 0; i < 100; i++) {
      const res = await login(a, attacker);
      if (res.status === 429) break;
      expect(res.status).toBe(401);
      refusedOnA += 1;
    }
    expect(refusedOnA).toBeGreaterThan(0);
    const onB = await login(b, attacker);
    expect(onB.status).toBe(429);
    expect(onB.json).toEqual({ detail: 'Too many requests. Please try again later.' });
    // Counted per client address: another client still reaches the password check on B.
    expect((await login(b, newClient())).status).toBe(401);
  });

  it('the expiry sweep and the reminder push run once across both instances', async () => {
    const device = push.device();
    const subscribed = await call(a, 'POST', '/api/push/subscriptions', { client, token: seller.token, body: device.subscription });
    expect(subscribed.status, JSON.stringify(subscribed.json)).toBe(201);
    const ending = await publish(a, { make: 'Honda', model: 'Fit', variant: null, year: 2012 });
    const reminded = await publish(b, { make: 'Nissan', model: 'Navara', variant: null, year: 2016 });
    const { default: pg } = await import('pg');
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const row = async (id: string) => (await db.query<{ is_expired: boolean; revision: string }>('select is_expired, revision from vehicles where id = $1', [id])).rows[0]!;
      const revisionBefore = Number((await row(ending.id)).revision);
      // Time passes, as far as these two listings are concerned: one ran out a minute ago, the other ends tomorrow.
      await db.query(`update vehicles set expires_at = now() - interval '1 minute' where id = $1`, [ending.id]);
      await db.query(`update vehicles set expires_at = now() + interval '1 day' where id = $1`, [reminded.id]);

      const titled = (title: string) => push.pushesFor(device).filter((p) => (p.payload as { title?: string } | null)?.title === title);
      const reminders = () => titled(`Your listing expires in ${EXPIRY_REMINDER_DAYS} days`);
      const live = () => titled('Your listing is live').filter((p) => [`/car/${ending.id}`, `/car/${reminded.id}`].includes((p.payload as { url: string }).url));
      const deadline = Date.now() + 20 * JOBS_INTERVAL_MS + 10_000;
      while (!((await row(ending.id)).is_expired && reminders().length > 0 && live().length >= 2)) {
        if (Date.now() > deadline) {
          throw new Error(`the jobs did not run: expired ${(await row(ending.id)).is_expired}, reminders ${reminders().length}, live ${live().length}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      const revisionExpired = Number((await row(ending.id)).revision);
      expect(revisionExpired).toBeGreaterThan(revisionBefore);
      // Both instances poll several more times: nothing is done twice.
      await new Promise((r) => setTimeout(r, 6 * JOBS_INTERVAL_MS));
      expect(reminders()).toHaveLength(1);
      expect(reminders()[0]!.payload).toMatchObject({ url: '/dashboard' });
      expect((reminders()[0]!.payload as { body: string }).body).toContain('Nissan Navara');
      expect(Number((await row(ending.id)).revision)).toBe(revisionExpired);
      // The publications' pushes too, one each, whichever instance took the payment.
      expect(
        live()
          .map((p) => (p.payload as { url: string }).url)
          .sort(),
      ).toEqual([`/car/${ending.id}`, `/car/${reminded.id}`].sort());
      // A device's copy, synced through either instance, hears of the expiry once, as a removal.
      const feed = await call<{ tombstones: string[]; upserts: Vehicle[] }>(b, 'GET', `/api/sync/vehicles?since=${revisionBefore}`, { client });
      expect(feed.status).toBe(200);
      expect(feed.json.tombstones.filter((id) => id === ending.id)).toHaveLength(1);
      expect(feed.json.upserts.map((v) => v.id)).not.toContain(ending.id);
    } finally {
      await db.end();
    }
  });

  it('killing A mid-request loses nothing it acknowledged, and leaves no listing half-written', async () => {
    const photos = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 } } })
          .png()
          .toBuffer(),
      ),
    );
    const sent = new Map<string, { price: number }>();
    const acknowledged = new Set<string>();
    let failures = 0;
    let next = 0;
    let killed = false;
    // Writers that always keep one create in flight at A, each listing with a photo of its own (sent
    // inline, so A stores it and then the row), until A is gone.
    const writer = async () => {
      for (let i = next++; !killed && i < photos.length; i = next++) {
        const id = randomUUID();
        const price = 20_000 + i;
        sent.set(id, { price });
        const image = `data:image/png;base64,${photos[i]!.toString('base64')}`;
        try {
          const res = await call(a, 'POST', '/api/vehicles', { client, token: seller.token, body: listingBody({ id, price, images: [image] }), headers: { 'idempotency-key': randomUUID() } });
          if (res.status === 201) acknowledged.add(id);
          else throw new Error(`${res.status} ${JSON.stringify(res.json)}`);
        } catch (e) {
          if (!killed) throw e;
          failures += 1;
        }
      }
    };
    const writers = Promise.all(Array.from({ length: 6 }, writer));
    // Once A acknowledged a few, it dies with the next creates in flight (a writer's error ends the wait too).
    let waiting = true;
    const acknowledgedSome = async () => {
      while (waiting && acknowledged.size < 8) await new Promise((r) => setTimeout(r, 5));
    };
    await Promise.race([writers, acknowledgedSome()]).finally(() => (waiting = false));
    killed = true;
    a.kill('SIGKILL');
    await writers;
    expect((await a.exited).signal).toBe('SIGKILL');
    expect(failures).toBeGreaterThan(0);

    for (const [id, { price }] of sent) {
      const res = await call<Vehicle>(b, 'GET', `/api/vehicles/${id}`, { client, token: seller.token });
      if (acknowledged.has(id)) expect(res.status, `acknowledged ${id}`).toBe(200);
      else expect([200, 404], `unacknowledged ${id}`).toContain(res.status);
      if (res.status !== 200) continue;
      // Whole or absent: the row with its price and its one stored photo, which B serves.
      expect(res.json.price).toBe(price);
      expect(res.json.images).toHaveLength(1);
      expect(res.json.images[0]).toMatch(/^\/media\/[0-9a-f]{32}-full\.webp$/);
      const photo = await fetch(b.url + res.json.images[0]!);
      expect(photo.status, `${id}'s photo`).toBe(200);
      expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });
});
