import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MotokariDb } from '@/data/db';
import { getDraft, saveDraft } from '@/data/drafts';
import type { DraftFields } from '@/data/records';
import { summarizeOutbox, type OutboxItem, type PaymentChoice } from '@/data/outbox/items';
import type { Send } from '@/data/outbox/senders';
import { discard, enqueuePublish, listOutbox, PublishInputError, retry } from '@/data/outbox/enqueue';
import { OUTBOX_LOCK, processOutbox, type OutboxLocks } from '@/data/outbox/runner';
import { SANDBOX_PINS } from '@/domain/payments/fees';
import { GENERIC_MESSAGES, LISTING_MESSAGES, OUTBOX_TEXTS, PAYMENT_MESSAGES } from '@/domain/core/messages';
import { AUTH_MESSAGES } from '@/domain/account/authMessages';
import { queueStateText } from '@/domain/listing/dashboard';
import type { Vehicle } from '@/domain/listing/vehicle';
import { payments } from '@/server/db/schema';
import { purgeOrphanUploads } from '@/server/repositories/uploads.repo';
import { listingBody, startServer, type TestServer } from '../server/harness';

// The seller's offline write path against the real server (Fastify inject, PGlite): a draft on the
// device (Dexie on fake-indexeddb) published through the outbox.

type Session = { token: string; user: { id: string; email: string } };

interface Wire {
  /** The token the app holds now; tests change it to play an expired session. */
  token: string | null;
  /** Every request that reached the server, as "METHOD path". */
  log: string[];
}

/** A fetch-shaped Send over Fastify inject: what ky does in the browser, without a socket. */
function injectSend(s: TestServer, wire: Wire): Send {
  return async (path, init) => {
    const headers: Record<string, string> = { ...init.headers };
    let payload: string | Buffer;
    if (typeof init.body === 'string') {
      payload = init.body;
    } else {
      const encoded = new Response(init.body);
      payload = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type')!;
    }
    if (wire.token) headers.authorization = `Bearer ${wire.token}`;
    wire.log.push(`${init.method} ${path}`);
    const res = await s.app.inject({ method: init.method, url: `/api/${path}`, headers, payload });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, { status: res.statusCode, headers: out });
  };
}

/** The request reaches the server and is performed, but the answer is lost on the way back. */
function dropAnswers(send: Send, drop: (path: string) => boolean, seen: { path: string; body: unknown }[]): Send {
  return async (path, init) => {
    const res = await send(path, init);
    if (!drop(path)) return res;
    seen.push({ path, body: await res.json() });
    throw new TypeError('fetch failed');
  };
}

const offline: Send = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the outbox publishing a draft', () => {
  let s: TestServer;
  let seller: Session;
  let photos: Blob[];

  beforeAll(async () => {
    s = await startServer('pglite');
    seller = await s.signup({ name: 'Outbox Seller' });
    const colours = ['#c33', '#3c3', '#33c', '#cc3'];
    photos = await Promise.all(
      colours.map(async (background) => {
        const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background } })
          .jpeg()
          .toBuffer();
        return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
      }),
    );
  });
  afterAll(() => s?.close());

  const newDb = () => new MotokariDb(`outbox-${randomUUID()}`);
  const wire = (token: string | null = seller.token): Wire => ({ token, log: [] });
  const ecocash: PaymentChoice = { method: 'ecocash', msisdn: '0771234567' };

  async function draftWith(db: MotokariDb, nPhotos: number, over: DraftFields = {}): Promise<string> {
    const fields = { ...(listingBody() as DraftFields), subscription_plan: 'standard' as const, ...over };
    const saved = await saveDraft(db, {
      step: 7,
      fields,
      photos: photos.slice(0, nPhotos).map((blob, i) => ({ blob, name: `photo-${i + 1}.jpg` })),
    });
    return saved.id;
  }

  async function ownListings(session: Session = seller): Promise<Vehicle[]> {
    const res = await s.request({ method: 'GET', url: `/api/vehicles?seller_id=${session.user.id}`, token: session.token });
    expect(res.statusCode).toBe(200);
    return res.json() as Vehicle[];
  }

  async function serverListing(id: string, token = seller.token) {
    return s.request({ method: 'GET', url: `/api/vehicles/${id}`, token });
  }

  const paymentsFor = (vehicleId: string) => s.app.ctx.db.select().from(payments).where(eq(payments.vehicleId, vehicleId));

  async function confirmWithPin(transactionId: string, token = seller.token): Promise<Vehicle> {
    const res = await s.request({ method: 'POST', url: `/api/payments/ecocash/confirm/${transactionId}`, token, body: { pin: SANDBOX_PINS.approve } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 'completed', message: PAYMENT_MESSAGES.completed });
    return res.json().vehicle as Vehicle;
  }

  const states = (items: OutboxItem[]) => items.map((i) => `${i.kind}:${i.state}`);

  it('sends the uploads, then the create with their URLs, then the payment; the PIN publishes it', async () => {
    const db = newDb();
    const draftId = await draftWith(db, 3);
    const items = await enqueuePublish(db, draftId, { payment: ecocash, ownerId: seller.user.id });
    expect(states(items)).toEqual(['upload:waiting', 'upload:waiting', 'upload:waiting', 'create:waiting', 'payment:waiting']);
    expect(new Set(items.map((i) => i.idempotencyKey)).size).toBe(5);

    const w = wire();
    const result = await processOutbox(db, injectSend(s, w), { userId: seller.user.id });
    expect(result).toMatchObject({ outcome: 'empty', sent: 5, completed: 5, failed: 0 });
    expect(w.log).toEqual(['POST uploads', 'POST uploads', 'POST uploads', 'POST vehicles', 'POST payments/ecocash/create']);

    const done = await listOutbox(db, draftId);
    expect(states(done)).toEqual(['upload:done', 'upload:done', 'upload:done', 'create:done', 'payment:done']);
    const urls = done.filter((i) => i.kind === 'upload').map((i) => i.result!.url);
    expect(new Set(urls).size).toBe(3);

    // The listing has the client's id and the uploaded photos in the draft's order; it waits for payment.
    const created = (await serverListing(draftId)).json() as Vehicle;
    expect(created).toMatchObject({ id: draftId, make: 'Toyota', model: 'Hilux', is_published: false, subscription_plan: 'standard' });
    expect(created.images).toEqual(urls);

    const [summary] = summarizeOutbox(done);
    expect(summary).toMatchObject({ listingId: draftId, state: 'done', total: 5, done: 5, error: null });
    expect(summary!.vehicle!.id).toBe(draftId);
    expect(summary!.payment).toMatchObject({ alreadyPaid: false, amount: 1, currency: 'usd', message: PAYMENT_MESSAGES.initiated });

    const published = await confirmWithPin(summary!.payment!.transactionId!);
    expect(published).toMatchObject({ id: draftId, is_published: true });
    expect(published.images[0]).toBe(urls[0]);
  });

  it('does not send the create before every upload is done, nor the payment before the create', async () => {
    const db = newDb();
    const draftId = await draftWith(db, 3);
    await enqueuePublish(db, draftId, { payment: ecocash });

    // The connection drops at the second upload: nothing after it is tried.
    const w = wire();
    const real = injectSend(s, w);
    let calls = 0;
    const flaky: Send = (path, init) => (++calls === 2 ? offline(path, init) : real(path, init));
    const first = await processOutbox(db, flaky);
    expect(first).toMatchObject({ outcome: 'offline', message: PAYMENT_MESSAGES.networkError, completed: 1 });
    expect(w.log).toEqual(['POST uploads']);
    expect(states(await listOutbox(db, draftId))).toEqual(['upload:done', 'upload:waiting', 'upload:waiting', 'create:waiting', 'payment:waiting']);
    expect((await listOutbox(db, draftId))[1]).toMatchObject({ attempts: 1, error: PAYMENT_MESSAGES.networkError });
    expect((await serverListing(draftId)).statusCode).toBe(404);

    // A server error on the third upload: it backs off, and its chain waits behind it.
    let t = Date.now();
    const now = () => t;
    let uploads = 0;
    const busy: Send = (path, init) => {
      if (path !== 'uploads' || ++uploads !== 2) return real(path, init);
      w.log.push('503');
      return Promise.resolve(new Response(JSON.stringify({ detail: 'Internal server error' }), { status: 503 }));
    };
    const second = await processOutbox(db, busy, { now });
    expect(second.outcome).toBe('waiting');
    expect(second.retryAt).toBe(t + 5_000);
    expect(w.log).toEqual(['POST uploads', 'POST uploads', '503']);
    const third = (await listOutbox(db, draftId))[2]!;
    expect(third).toMatchObject({ state: 'waiting', nextAttemptAt: t + 5_000, httpStatus: 503, error: 'Internal server error' });

    // Before its time nothing is sent; after it, the rest runs in order.
    expect(await processOutbox(db, real, { now })).toMatchObject({ outcome: 'waiting', sent: 0 });
    t += 5_001;
    expect(await processOutbox(db, real, { now })).toMatchObject({ outcome: 'empty', sent: 3 });
    expect(w.log.slice(3)).toEqual(['POST uploads', 'POST vehicles', 'POST payments/ecocash/create']);

    // A create the server refuses stops the chain: no payment request goes out.
    const refusedDb = newDb();
    const refused = await draftWith(refusedDb, 1, { featured: true });
    await enqueuePublish(refusedDb, refused, { payment: ecocash });
    const w2 = wire();
    expect(await processOutbox(refusedDb, injectSend(s, w2))).toMatchObject({ outcome: 'empty', failed: 1 });
    expect(w2.log).toEqual(['POST uploads', 'POST vehicles']);
    const chain = await listOutbox(refusedDb, refused);
    expect(states(chain)).toEqual(['upload:done', 'create:failed', 'payment:waiting']);
    expect(chain[1]).toMatchObject({ httpStatus: 403, error: 'Only administrators can feature a listing' });
    expect(summarizeOutbox(chain)[0]).toMatchObject({ state: 'failed', error: 'Only administrators can feature a listing' });
  });

  it('a 429 waits at least as long as the server asks', async () => {
    const db = newDb();
    const draftId = await draftWith(db, 0);
    await enqueuePublish(db, draftId, { payment: null });
    const t = Date.now();
    const limited: Send = async () => new Response(JSON.stringify({ detail: 'Too many requests. Please try again later.' }), { status: 429, headers: { 'retry-after': '120' } });
    expect(await processOutbox(db, limited, { now: () => t })).toMatchObject({ outcome: 'waiting', retryAt: t + 120_000 });
    const [item] = await listOutbox(db, draftId);
    expect(item).toMatchObject({ state: 'waiting', httpStatus: 429 });
    // retry() skips the wait and keeps the key.
    expect(await retry(db, item!.id)).toBe(true);
    const [after] = await listOutbox(db, draftId);
    expect(after).toMatchObject({ nextAttemptAt: null, idempotencyKey: item!.idempotencyKey });
    expect(await processOutbox(db, injectSend(s, wire()))).toMatchObject({ outcome: 'empty', completed: 1 });
    expect((await serverListing(draftId)).json().images).toEqual(['/placeholder-vehicle.svg']);
  });

  it('a lost answer is replayed with the same key: one upload set, one listing, one payment', async () => {
    const session = await s.signup({ name: 'Dropped Answers' });
    const db = newDb();
    const draftId = await draftWith(db, 2);
    const queued = await enqueuePublish(db, draftId, { payment: ecocash, ownerId: session.user.id });
    const keys = queued.map((i) => i.idempotencyKey);

    const w = wire(session.token);
    const lost: { path: string; body: unknown }[] = [];
    // The first answer of each kind of request is lost after the server has acted on it.
    const dropped = new Set<string>();
    const firstOfEach = (path: string) => {
      if (dropped.has(path)) return false;
      dropped.add(path);
      return true;
    };
    const lossy = dropAnswers(injectSend(s, w), firstOfEach, lost);

    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await processOutbox(db, lossy, { userId: session.user.id });
      outcomes.push(r.outcome);
      if (r.outcome === 'empty') break;
    }
    expect(outcomes).toEqual(['offline', 'offline', 'offline', 'empty']);
    // Each of the three was sent twice; the second time the server answered from its record.
    expect(w.log).toEqual(['POST uploads', 'POST uploads', 'POST uploads', 'POST vehicles', 'POST vehicles', 'POST payments/ecocash/create', 'POST payments/ecocash/create']);
    const items = await listOutbox(db, draftId);
    expect(items.map((i) => i.idempotencyKey)).toEqual(keys);
    expect(items.map((i) => i.attempts)).toEqual([2, 1, 2, 2]);

    const [upload0, upload1, create, payment] = items as [OutboxItem, OutboxItem, OutboxItem, OutboxItem];
    expect(upload0.kind === 'upload' && upload0.result!.url).toBe((lost[0]!.body as { urls: string[] }).urls[0]);
    // Exactly one listing, with exactly the two uploaded photos.
    const own = await ownListings(session);
    expect(own.map((v) => v.id)).toEqual([draftId]);
    expect(own[0]!.images).toEqual([upload0, upload1].map((u) => (u.kind === 'upload' ? u.result!.url : null)));
    expect(create.kind === 'create' && create.result!.id).toBe(draftId);
    // Exactly one payment: the transaction the lost answer carried.
    const lostPayment = lost.find((l) => l.path === 'payments/ecocash/create')!.body as { transaction_id: string };
    expect(payment.kind === 'payment' && payment.result!.transactionId).toBe(lostPayment.transaction_id);
    const rows = await paymentsFor(draftId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ providerRef: lostPayment.transaction_id, status: 'pending', amountCents: 100 });

    expect(await confirmWithPin(lostPayment.transaction_id, session.token)).toMatchObject({ id: draftId, is_published: true });
    expect(await paymentsFor(draftId)).toHaveLength(1);
  });

  it('an item left "sending" by a closed tab is sent again with its key and not duplicated', async () => {
    const session = await s.signup({ name: 'Crashed Tab' });
    const db = newDb();
    const draftId = await draftWith(db, 0);
    await enqueuePublish(db, draftId, { payment: null });
    // The tab sent the create, the server made the listing, and the tab closed before hearing back.
    const [create] = await listOutbox(db, draftId);
    const body = create!.kind === 'create' ? { ...create!.listing, id: draftId, images: [] } : null;
    const made = await s.request({ method: 'POST', url: '/api/vehicles', token: session.token, body, headers: { 'idempotency-key': create!.idempotencyKey } });
    expect(made.statusCode).toBe(201);
    await db.outbox.update(create!.id, { state: 'sending', claim: 'closed-tab', attempts: 1 });

    expect(await processOutbox(db, injectSend(s, wire(session.token)))).toMatchObject({ outcome: 'empty', completed: 1 });
    expect((await ownListings(session)).map((v) => v.id)).toEqual([draftId]);
    expect((await listOutbox(db, draftId))[0]).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('a failed payment request is retried with a corrected number and a new key', async () => {
    const db = newDb();
    const draftId = await draftWith(db, 1);
    // Digits only passes the device's check; the server wants 9 to 15 of them.
    await enqueuePublish(db, draftId, { payment: { method: 'ecocash', msisdn: '12345' } });
    const w = wire();
    const send = injectSend(s, w);
    expect(await processOutbox(db, send)).toMatchObject({ outcome: 'empty', completed: 2, failed: 1 });
    let [, , payment] = await listOutbox(db, draftId);
    expect(payment).toMatchObject({ kind: 'payment', state: 'failed', httpStatus: 400, error: PAYMENT_MESSAGES.phoneLength, attempts: 1 });

    // Retried as it is, the server refuses again (and a run leaves a failed item alone).
    expect(await processOutbox(db, send)).toMatchObject({ outcome: 'empty', sent: 0 });
    expect(await retry(db, payment!.id)).toBe(true);
    const firstKey = payment!.idempotencyKey;
    [, , payment] = await listOutbox(db, draftId);
    expect(payment).toMatchObject({ state: 'waiting', error: null });
    expect(payment!.idempotencyKey).not.toBe(firstKey);
    expect(await processOutbox(db, send)).toMatchObject({ failed: 1 });

    await expect(retry(db, payment!.id, { msisdn: '077-123' })).rejects.toThrow(PAYMENT_MESSAGES.phoneDigitsOnly);
    expect(await retry(db, payment!.id, { msisdn: '0771234567' })).toBe(true);
    expect(await processOutbox(db, send)).toMatchObject({ outcome: 'empty', completed: 1, failed: 0 });
    [, , payment] = await listOutbox(db, draftId);
    expect(payment).toMatchObject({ state: 'done', attempts: 3 });
    expect(w.log.filter((l) => l.endsWith('ecocash/create'))).toHaveLength(3);
    const rows = await paymentsFor(draftId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.msisdn).toBe('0771234567');
    expect(await confirmWithPin(payment!.kind === 'payment' ? payment!.result!.transactionId! : '')).toMatchObject({ is_published: true });
    // A done item cannot be retried.
    expect(await retry(db, payment!.id)).toBe(false);
  });

  it('a failed chain does not hold up the next listing', async () => {
    const db = newDb();
    const bad = await draftWith(db, 0, { featured: true });
    const good = await draftWith(db, 1);
    let t = 1_000_000;
    const now = () => (t += 1);
    await enqueuePublish(db, bad, { payment: ecocash, now });
    await enqueuePublish(db, good, { payment: null, now });
    const w = wire();
    expect(await processOutbox(db, injectSend(s, w))).toMatchObject({ outcome: 'empty', completed: 2, failed: 1 });
    expect(w.log).toEqual(['POST vehicles', 'POST uploads', 'POST vehicles']);
    expect(summarizeOutbox(await listOutbox(db)).map((c) => [c.listingId, c.state])).toEqual([
      [bad, 'failed'],
      [good, 'done'],
    ]);
  });

  it('a 401 mid-way stops everything without failing anything, and a new sign-in completes it', async () => {
    const session = await s.signup({ name: 'Expiring Session', password: 'secret-pass' });
    const db = newDb();
    const first = await draftWith(db, 3);
    const second = await draftWith(db, 0);
    await enqueuePublish(db, first, { payment: ecocash });
    await enqueuePublish(db, second, { payment: ecocash });

    const w = wire(session.token);
    const real = injectSend(s, w);
    // The token expires after the first upload.
    const expired = s.app.jwt.sign({ sub: session.user.id, iat: Math.floor(Date.now() / 1000) - 7200 }, { expiresIn: 60 });
    const expiring: Send = async (path, init) => {
      const res = await real(path, init);
      if (w.log.length === 1) w.token = expired;
      return res;
    };
    const stopped = await processOutbox(db, expiring);
    expect(stopped).toMatchObject({ outcome: 'signInNeeded', message: AUTH_MESSAGES.sessionExpired, completed: 1, failed: 0 });
    expect(w.log).toEqual(['POST uploads', 'POST uploads']);
    const items = await listOutbox(db);
    expect(items.filter((i) => i.state === 'failed')).toEqual([]);
    expect(states(items.filter((i) => i.listingId === first))).toEqual(['upload:done', 'upload:waiting', 'upload:waiting', 'create:waiting', 'payment:waiting']);
    expect(items.find((i) => i.listingId === first && i.seq === 1)).toMatchObject({ httpStatus: 401, nextAttemptAt: null });
    // The other listing was not tried either.
    expect(items.filter((i) => i.listingId === second).every((i) => i.attempts === 0)).toBe(true);

    // While signed out nothing moves.
    expect(await processOutbox(db, real)).toMatchObject({ outcome: 'signInNeeded', sent: 1 });

    const login = await s.request({ method: 'POST', url: '/api/auth/login', body: { email: session.user.email, password: 'secret-pass' } });
    expect(login.statusCode).toBe(200);
    w.token = login.json().access_token as string;
    expect(await processOutbox(db, real, { userId: session.user.id })).toMatchObject({ outcome: 'empty', failed: 0 });
    expect((await listOutbox(db)).every((i) => i.state === 'done')).toBe(true);
    expect((await ownListings(session)).map((v) => v.id).sort()).toEqual([first, second].sort());
    expect(await paymentsFor(first)).toHaveLength(1);
    expect(await paymentsFor(second)).toHaveLength(1);
  });

  it("discard removes a listing's queue and keeps the draft", async () => {
    const db = newDb();
    const draftId = await draftWith(db, 2);
    await enqueuePublish(db, draftId, { payment: ecocash });
    const w = wire();
    const real = injectSend(s, w);
    let calls = 0;
    expect(await processOutbox(db, (p, i) => (++calls > 1 ? offline(p, i) : real(p, i)))).toMatchObject({ outcome: 'offline' });
    await discard(db, draftId);
    expect(await listOutbox(db, draftId)).toEqual([]);
    expect((await getDraft(db, draftId))!.photos).toHaveLength(2);
    expect(await processOutbox(db, real)).toMatchObject({ outcome: 'empty', sent: 0 });
    expect(w.log).toEqual(['POST uploads']);
    expect((await serverListing(draftId)).statusCode).toBe(404);
  });

  it('two triggers at once send each request once', async () => {
    const db = newDb();
    const draftId = await draftWith(db, 2);
    await enqueuePublish(db, draftId, { payment: ecocash });
    const w = wire();
    const send = injectSend(s, w);
    const [a, b] = await Promise.all([processOutbox(db, send), processOutbox(db, send)]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ outcome: 'empty', sent: 4, completed: 4 });
    expect(w.log).toEqual(['POST uploads', 'POST uploads', 'POST vehicles', 'POST payments/ecocash/create']);
    expect(await paymentsFor(draftId)).toHaveLength(1);
  });

  /** The Web Locks API's exclusive lock, as the page's and the service worker's navigator.locks share it. */
  function deviceLocks(): OutboxLocks & { granted: number } {
    let tail: Promise<unknown> = Promise.resolve();
    const locks = {
      granted: 0,
      request<T>(name: string, callback: () => Promise<T>): Promise<T> {
        expect(name).toBe(OUTBOX_LOCK);
        const run = tail.then(() => {
          locks.granted += 1;
          return callback();
        });
        tail = run.catch(() => undefined);
        return run;
      },
    };
    return locks;
  }

  it('the page and the service worker send one at a time: each request once, nothing waits to retry', async () => {
    const name = `outbox-${randomUUID()}`;
    // Two handles on one database, as the page's search worker and the service worker each open it.
    const pageDb = new MotokariDb(name);
    const swDb = new MotokariDb(name);
    const draftId = await draftWith(pageDb, 2);
    await enqueuePublish(pageDb, draftId, { payment: ecocash });
    const w = wire();
    const send = injectSend(s, w);
    const locks = deviceLocks();
    const [page, sw] = await Promise.all([processOutbox(pageDb, send, { locks }), processOutbox(swDb, send, { locks })]);
    expect(locks.granted).toBe(2);
    expect(page).toMatchObject({ outcome: 'empty', sent: 4, completed: 4 });
    expect(sw).toMatchObject({ outcome: 'empty', sent: 0 });
    expect(w.log).toEqual(['POST uploads', 'POST uploads', 'POST vehicles', 'POST payments/ecocash/create']);
    const chain = await listOutbox(swDb, draftId);
    expect(chain.map((i) => [i.state, i.nextAttemptAt])).toEqual(chain.map(() => ['done', null]));
    expect(await paymentsFor(draftId)).toHaveLength(1);
  });

  it('"still being processed" is asked again in a moment, not after a long back-off, and said in plain words', async () => {
    const db = newDb();
    const draftId = await draftWith(db, 1);
    await enqueuePublish(db, draftId, { payment: null });
    const t = Date.now();
    const busy: Send = async () => new Response(JSON.stringify({ detail: GENERIC_MESSAGES.idempotencyInProgress }), { status: 409, headers: { 'content-type': 'application/json' } });
    for (let round = 0; round < 3; round++) {
      const result = await processOutbox(db, busy, { now: () => t, locks: null });
      expect(result).toMatchObject({ outcome: 'waiting', failed: 0 });
      expect(result.retryAt! - t).toBeLessThanOrEqual(2_000);
      // Each answer asks again in a moment: the wait does not grow.
      await db.outbox.where('listingId').equals(draftId).modify({ nextAttemptAt: null });
    }
    const [upload] = await listOutbox(db, draftId);
    expect(upload).toMatchObject({ state: 'waiting', attempts: 0 });
    const words = queueStateText({ ...summarizeOutbox([upload!])[0]!, nextAttemptAt: t + 1_000 }, false, t);
    expect(words).not.toMatch(/Idempotency|409/);
    expect(words).toBe(`Waiting to retry: ${OUTBOX_TEXTS.stillProcessing}`);
    // The same item then goes through with its key.
    expect(await processOutbox(db, injectSend(s, wire()), { locks: null })).toMatchObject({ outcome: 'empty', completed: 2 });
  });

  it("leaves another user's queue alone", async () => {
    const db = newDb();
    const draftId = await draftWith(db, 0);
    await enqueuePublish(db, draftId, { payment: null, ownerId: randomUUID() });
    const w = wire();
    expect(await processOutbox(db, injectSend(s, w), { userId: seller.user.id })).toMatchObject({ outcome: 'empty', sent: 0 });
    expect(w.log).toEqual([]);
  });

  it('photos deleted on the server while the listing waited (two days offline after the uploads) are uploaded again, and the listing gets photos that load', async () => {
    const session = await s.signup({ name: 'Yard Without Signal' });
    const own = await Promise.all(
      ['#813', '#318'].map(async (background) => {
        const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background } })
          .jpeg()
          .toBuffer();
        return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
      }),
    );
    const db = newDb();
    const saved = await saveDraft(db, { step: 7, fields: { ...(listingBody() as DraftFields), subscription_plan: 'standard' }, photos: own.map((blob, i) => ({ blob, name: `yard-${i + 1}.jpg` })) });
    await enqueuePublish(db, saved.id, { payment: ecocash, ownerId: session.user.id });
    const w = wire(session.token);
    const live = injectSend(s, w);
    // The connection goes after the photos are up, before the listing is sent.
    const lostAfterUploads: Send = (path, init) => (path === 'uploads' ? live(path, init) : offline(path, init));
    expect(await processOutbox(db, lostAfterUploads, { userId: session.user.id })).toMatchObject({ outcome: 'offline' });
    const uploaded = (await listOutbox(db, saved.id)).flatMap((i) => (i.kind === 'upload' ? [i.result!.url] : []));
    expect(uploaded).toHaveLength(2);

    const start = new Date();
    try {
      // Two days later no listing has taken them: the server's housekeeping deletes them.
      s.clock.now = new Date(start.getTime() + 48 * 60 * 60 * 1000);
      expect(await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, s.clock.now)).toBeGreaterThanOrEqual(2);
      for (const url of uploaded) expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(404);

      w.log.length = 0;
      expect(await processOutbox(db, live, { userId: session.user.id })).toMatchObject({ outcome: 'empty', failed: 0 });
      expect(w.log).toEqual(['POST vehicles', 'POST uploads', 'POST uploads', 'POST vehicles', 'POST payments/ecocash/create']);
      expect(states(await listOutbox(db, saved.id))).toEqual(['upload:done', 'upload:done', 'create:done', 'payment:done']);
      const listing = (await serverListing(saved.id, session.token)).json() as Vehicle;
      expect(listing.images).toEqual(uploaded);
      for (const url of listing.images) expect((await s.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    } finally {
      s.clock.now = new Date();
    }
  });

  it('a photo the server still misses after it was uploaded again fails the listing with its words, once', async () => {
    const db = newDb();
    const draftId = await draftWith(db, 1);
    await enqueuePublish(db, draftId, { payment: null });
    const w = wire();
    const live = injectSend(s, w);
    const missing = LISTING_MESSAGES.imageGone('Image 1');
    const alwaysGone: Send = async (path, init) =>
      path === 'vehicles' ? (w.log.push(`${init.method} ${path}`), new Response(JSON.stringify({ detail: missing }), { status: 422 })) : live(path, init);
    expect(await processOutbox(db, alwaysGone)).toMatchObject({ outcome: 'empty', failed: 1 });
    expect(w.log).toEqual(['POST uploads', 'POST vehicles', 'POST uploads', 'POST vehicles']);
    const chain = await listOutbox(db, draftId);
    expect(states(chain)).toEqual(['upload:done', 'create:failed']);
    expect(chain[1]).toMatchObject({ httpStatus: 422, error: missing });
    // The seller's retry sends the photos again once more.
    w.log.length = 0;
    expect(await retry(db, chain[1]!.id)).toBe(true);
    expect(await processOutbox(db, alwaysGone)).toMatchObject({ outcome: 'empty', failed: 1 });
    expect(w.log).toEqual(['POST vehicles', 'POST uploads', 'POST vehicles']);
  });

  describe('queueing', () => {
    it('checks the draft before queueing anything', async () => {
      const db = newDb();
      const noModel = await draftWith(db, 0, { model: '' });
      await expect(enqueuePublish(db, noModel, { payment: ecocash })).rejects.toBeInstanceOf(PublishInputError);
      const noPhone = await draftWith(db, 0);
      await expect(enqueuePublish(db, noPhone, { payment: { method: 'ecocash', msisdn: ' ' } })).rejects.toThrow(PAYMENT_MESSAGES.phoneRequired);
      await expect(enqueuePublish(db, randomUUID(), { payment: null })).rejects.toThrow('The draft no longer exists');
      await expect(enqueuePublish(db, noPhone, { payment: ecocash, freeListing: true })).rejects.toBeInstanceOf(PublishInputError);
      expect(await listOutbox(db)).toEqual([]);
    });

    it('queues once, and copies the draft so later edits do not change what is sent', async () => {
      const db = newDb();
      const draftId = await draftWith(db, 2, { price: '38000' });
      const first = await enqueuePublish(db, draftId, { payment: ecocash });
      const again = await enqueuePublish(db, draftId, { payment: null });
      expect(again.map((i) => i.id)).toEqual(first.map((i) => i.id));

      await saveDraft(db, { id: draftId, step: 2, fields: { make: 'Edited' }, photos: [] });
      const w = wire();
      expect(await processOutbox(db, injectSend(s, w))).toMatchObject({ outcome: 'empty', completed: 4 });
      const created = (await serverListing(draftId)).json() as Vehicle;
      expect(created).toMatchObject({ make: 'Toyota', price: 38000 });
      expect(created.images).toHaveLength(2);
    });

    it('listings queued within the same millisecond are sent in the order they were queued', async () => {
      const db = newDb();
      const drafts = [await draftWith(db, 0), await draftWith(db, 0), await draftWith(db, 0), await draftWith(db, 0)];
      for (const id of drafts) await enqueuePublish(db, id, { payment: ecocash, now: () => 1_700_000_000_000 });
      const order = (await listOutbox(db)).map((i) => i.listingId).filter((id, i, all) => all.indexOf(id) === i);
      expect(order).toEqual(drafts);
    });

    it('the free-listing path creates the listing published and queues no payment', async () => {
      const session = await s.signup({ name: 'Free Path' });
      const existing = await s.draft(session.token);
      await s.pay(session.token, existing.id);
      const db = newDb();
      const draftId = await draftWith(db, 0);
      const items = await enqueuePublish(db, draftId, { payment: null, freeListing: true });
      expect(items.map((i) => i.kind)).toEqual(['create']);
      const w = wire(session.token);
      expect(await processOutbox(db, injectSend(s, w))).toMatchObject({ outcome: 'empty', completed: 1 });
      expect(w.log).toEqual(['POST vehicles?is_free_update=true']);
      expect((await serverListing(draftId, session.token)).json()).toMatchObject({ is_published: true, is_free_update: true });
    });
  });
});
