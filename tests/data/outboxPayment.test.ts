import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MotokariDb } from '@/data/db';
import { saveDraft } from '@/data/drafts';
import type { DraftFields } from '@/data/records';
import { paymentItemOf, type OutboxItem, type PaymentChoice, type PaymentItem } from '@/data/outbox/items';
import type { Send } from '@/data/outbox/senders';
import { clearPaidChain, enqueuePayment, enqueuePublish, forgetPayment, listOutbox, PublishInputError } from '@/data/outbox/enqueue';
import { processOutbox } from '@/data/outbox/runner';
import { SANDBOX_PINS } from '@/domain/payments/fees';
import { PAYMENT_MESSAGES } from '@/domain/core/messages';
import type { Vehicle } from '@/domain/listing/vehicle';
import { payments } from '@/server/db/schema';
import { listingBody, startServer, type TestServer } from '../server/harness';

// Paying for a listing through the outbox (enqueuePayment), against the real server (Fastify inject,
// PGlite) with the device's database on fake-indexeddb.

type Session = { token: string; user: { id: string; email: string } };

/** A fetch-shaped Send over Fastify inject, logging "METHOD path" of every request that reached the server. */
function injectSend(s: TestServer, token: string, log: string[]): Send {
  return async (path, init) => {
    log.push(`${init.method} ${path}`);
    const res = await s.app.inject({
      method: init.method,
      url: `/api/${path}`,
      headers: { ...init.headers, authorization: `Bearer ${token}` },
      payload: typeof init.body === 'string' ? init.body : Buffer.from(await new Response(init.body).arrayBuffer()),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, { status: res.statusCode, headers });
  };
}

describe('paying for a listing through the outbox', () => {
  let s: TestServer;
  let seller: Session;

  beforeAll(async () => {
    s = await startServer('pglite');
    seller = await s.signup({ name: 'Paying Seller' });
  });
  afterAll(() => s?.close());

  const newDb = () => new MotokariDb(`outbox-payment-${randomUUID()}`);
  const ecocash: PaymentChoice = { method: 'ecocash', msisdn: '0771234567' };
  const states = (items: OutboxItem[]) => items.map((i) => `${i.kind}:${i.state}`);
  const paymentsFor = (vehicleId: string) => s.app.ctx.db.select().from(payments).where(eq(payments.vehicleId, vehicleId));
  const listing = async (id: string, token = seller.token) => (await s.request({ method: 'GET', url: `/api/cars/${id}`, token })).json() as Vehicle;

  async function draftOnDevice(db: MotokariDb, over: DraftFields = {}): Promise<string> {
    const saved = await saveDraft(db, { step: 7, fields: { ...(listingBody() as DraftFields), subscription_plan: 'standard', ...over }, photos: [] });
    return saved.id;
  }

  async function confirm(path: string, body: unknown, token = seller.token) {
    return s.request({ method: 'POST', url: `/api/payments/${path}`, token, body, headers: { 'idempotency-key': randomUUID() } });
  }

  it('pays for a listing that exists only on the server: the chain is the payment request alone', async () => {
    const created = await s.draft(seller.token);
    const db = newDb();
    const item = await enqueuePayment(db, created.id, ecocash, { ownerId: seller.user.id, plan: 'standard' });
    expect(item).toMatchObject({ kind: 'payment', seq: 0, state: 'waiting', payment: { method: 'ecocash', msisdn: '0771234567', subscriptionPlan: 'standard' } });

    const log: string[] = [];
    expect(await processOutbox(db, injectSend(s, seller.token, log), { userId: seller.user.id })).toMatchObject({ outcome: 'empty', completed: 1 });
    expect(log).toEqual(['POST payments/ecocash/create']);
    const [done] = (await listOutbox(db, created.id)) as PaymentItem[];
    expect(done!.result).toMatchObject({ alreadyPaid: false, message: PAYMENT_MESSAGES.initiated, amount: 1, currency: 'usd', testMode: true });

    const res = await confirm(`ecocash/confirm/${done!.result!.transactionId}`, { pin: SANDBOX_PINS.approve });
    expect(res.json()).toMatchObject({ success: true, status: 'completed', message: PAYMENT_MESSAGES.completed });
    expect(await listing(created.id)).toMatchObject({ is_published: true });
    expect(await clearPaidChain(db, created.id)).toBe(true);
    expect(await listOutbox(db)).toEqual([]);
  });

  it('buys an advertising plan for a live listing through the outbox, at the plan’s price (issue 38)', async () => {
    const created = await s.draft(seller.token);
    await s.pay(seller.token, created.id);
    const db = newDb();
    const item = await enqueuePayment(db, created.id, ecocash, { ownerId: seller.user.id, plan: 'standard', advertisingPlan: 'ultimate' });
    expect(item.payment).toMatchObject({ subscriptionPlan: 'standard', advertisingPlan: 'ultimate' });
    expect(await processOutbox(db, injectSend(s, seller.token, []), { userId: seller.user.id })).toMatchObject({ outcome: 'empty', completed: 1 });
    const [done] = (await listOutbox(db, created.id)) as PaymentItem[];
    expect(done!.result).toMatchObject({ alreadyPaid: false, amount: 20 });
    await confirm(`ecocash/confirm/${done!.result!.transactionId}`, { pin: SANDBOX_PINS.approve });
    expect(await listing(created.id)).toMatchObject({ is_published: true, advertising_plan: 'ultimate' });
  });

  it('a payment queued after the listing (step 7 queued it with no payment) is sent after the create, never before', async () => {
    const db = newDb();
    let t = 1_000;
    const now = () => (t += 10);
    const first = await draftOnDevice(db);
    const second = await draftOnDevice(db);
    await enqueuePublish(db, first, { payment: null, now });
    await enqueuePublish(db, second, { payment: null, now });
    // Queued last, yet it belongs to the first chain, behind that chain's create.
    const item = await enqueuePayment(db, first, ecocash, { now });
    expect(item.seq).toBe(1);
    expect(states(await listOutbox(db))).toEqual(['create:waiting', 'payment:waiting', 'create:waiting']);

    // The first create fails for now (a server error): its payment must wait, the other chain goes on.
    const log: string[] = [];
    const real = injectSend(s, seller.token, log);
    let creates = 0;
    const busy: Send = async (path, init) => {
      if (path === 'vehicles' && ++creates === 1) {
        log.push('503');
        return new Response(JSON.stringify({ detail: 'Service unavailable' }), { status: 503 });
      }
      return real(path, init);
    };
    expect(await processOutbox(db, busy)).toMatchObject({ outcome: 'waiting', completed: 1 });
    expect(log).toEqual(['503', 'POST vehicles']);
    expect(states(await listOutbox(db, first))).toEqual(['create:waiting', 'payment:waiting']);

    await db.outbox.toCollection().modify({ nextAttemptAt: null });
    expect(await processOutbox(db, real)).toMatchObject({ outcome: 'empty', completed: 2 });
    expect(log.slice(2)).toEqual(['POST vehicles', 'POST payments/ecocash/create']);
    expect(await paymentsFor(first)).toHaveLength(1);
    expect(await paymentsFor(second)).toHaveLength(0);
  });

  it('never makes two live requests: a waiting or done one is returned, whatever the new choice', async () => {
    const db = newDb();
    const created = await s.draft(seller.token);
    const queued = await enqueuePayment(db, created.id, ecocash);
    const again = await enqueuePayment(db, created.id, { method: 'card' });
    expect(again).toEqual(queued);

    const log: string[] = [];
    await processOutbox(db, injectSend(s, seller.token, log));
    const done = await enqueuePayment(db, created.id, { method: 'card' });
    expect(done).toMatchObject({ id: queued.id, state: 'done', payment: { method: 'ecocash' } });
    expect(done.result!.transactionId).toMatch(/^eco_sandbox_/);
    expect(await processOutbox(db, injectSend(s, seller.token, log))).toMatchObject({ sent: 0 });
    expect(log).toEqual(['POST payments/ecocash/create']);
    expect(await paymentsFor(created.id)).toHaveLength(1);
    expect(await listOutbox(db, created.id)).toHaveLength(1);
  });

  it('a replay after a lost answer never charges twice (mobile money and card)', async () => {
    for (const choice of [ecocash, { method: 'card' } as const]) {
      const db = newDb();
      const created = await s.draft(seller.token);
      await enqueuePayment(db, created.id, choice);
      const log: string[] = [];
      const real = injectSend(s, seller.token, log);
      let lostBody: Record<string, string> | null = null;
      // The server acts on the first request, and its answer is lost on the way back.
      const lossy: Send = async (path, init) => {
        const res = await real(path, init);
        if (lostBody) return res;
        lostBody = (await res.json()) as Record<string, string>;
        throw new TypeError('Failed to fetch');
      };
      expect(await processOutbox(db, lossy)).toMatchObject({ outcome: 'offline', message: PAYMENT_MESSAGES.networkError });
      expect((await listOutbox(db, created.id))[0]).toMatchObject({ state: 'waiting', attempts: 1 });
      expect(await processOutbox(db, lossy)).toMatchObject({ outcome: 'empty', completed: 1 });
      expect(log).toHaveLength(2);

      const item = paymentItemOf(await listOutbox(db, created.id), created.id)!;
      const rows = await paymentsFor(created.id);
      expect(rows).toHaveLength(1);
      if (choice.method === 'ecocash') {
        expect(item.result!.transactionId).toBe(lostBody!.transaction_id);
        expect(rows[0]!.providerRef).toBe(lostBody!.transaction_id);
        await confirm(`ecocash/confirm/${item.result!.transactionId}`, { pin: SANDBOX_PINS.approve });
      } else {
        expect(item.result).toMatchObject({ clientSecret: lostBody!.client_secret, paymentIntentId: lostBody!.payment_intent_id });
        expect(rows[0]!.providerRef).toBe(lostBody!.payment_intent_id);
        expect((await confirm(`confirm/${item.result!.paymentIntentId}`, undefined)).json()).toMatchObject({ success: true, status: 'succeeded' });
      }
      // Confirming again (another tab, a replay) publishes nothing new and records nothing new.
      const before = await listing(created.id);
      expect(before).toMatchObject({ is_published: true });
      const path = choice.method === 'ecocash' ? `ecocash/confirm/${item.result!.transactionId}` : `confirm/${item.result!.paymentIntentId}`;
      expect((await confirm(path, undefined)).statusCode).toBe(200);
      expect((await listing(created.id)).expires_at).toBe(before.expires_at);
      expect(await paymentsFor(created.id)).toHaveLength(1);
    }
  });

  it('a failed request is replaced by the new choice with a new key; the earlier refusal charged nothing', async () => {
    const db = newDb();
    const draftId = await draftOnDevice(db);
    // Digits only passes step 7's check; the server wants 9 to 15 of them.
    await enqueuePublish(db, draftId, { payment: { method: 'ecocash', msisdn: '12345' } });
    await processOutbox(db, injectSend(s, seller.token, []));
    const failed = paymentItemOf(await listOutbox(db, draftId), draftId)!;
    expect(failed).toMatchObject({ state: 'failed', httpStatus: 400, error: PAYMENT_MESSAGES.phoneLength });

    const card = await enqueuePayment(db, draftId, { method: 'card' });
    expect(card).toMatchObject({ id: failed.id, seq: failed.seq, state: 'waiting', attempts: 0, error: null, payment: { method: 'card', msisdn: null, subscriptionPlan: 'standard' } });
    expect(card.idempotencyKey).not.toBe(failed.idempotencyKey);
    const log: string[] = [];
    expect(await processOutbox(db, injectSend(s, seller.token, log))).toMatchObject({ outcome: 'empty', completed: 1 });
    expect(log).toEqual(['POST payments/create-intent']);
    const intent = paymentItemOf(await listOutbox(db, draftId), draftId)!.result!;
    expect(intent.clientSecret).toMatch(/_secret_/);
    expect((await confirm(`confirm/${intent.paymentIntentId}`, undefined)).json()).toMatchObject({
      success: true,
      message: 'Payment successful! Your listing has been published and is now visible to buyers.',
    });
    expect(await paymentsFor(draftId)).toHaveLength(1);
  });

  it('a declined transaction is forgotten and paid again with a new request', async () => {
    const db = newDb();
    const created = await s.draft(seller.token);
    const first = await enqueuePayment(db, created.id, ecocash);
    await processOutbox(db, injectSend(s, seller.token, []));
    const tx = paymentItemOf(await listOutbox(db, created.id), created.id)!.result!.transactionId!;
    const declined = await confirm(`ecocash/confirm/${tx}`, { pin: SANDBOX_PINS.decline });
    expect(declined.statusCode).toBe(402);

    expect(await forgetPayment(db, created.id)).toBe(true);
    const second = await enqueuePayment(db, created.id, { method: 'ecocash', msisdn: '0712345678' });
    expect(second.id).not.toBe(first.id);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    await processOutbox(db, injectSend(s, seller.token, []));
    const tx2 = paymentItemOf(await listOutbox(db, created.id), created.id)!.result!.transactionId!;
    expect(tx2).not.toBe(tx);
    expect((await confirm(`ecocash/confirm/${tx2}`, { pin: SANDBOX_PINS.approve })).statusCode).toBe(200);
    const rows = await paymentsFor(created.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('a listing paid meanwhile (another device) counts as paid: alreadyPaid, nothing charged', async () => {
    const db = newDb();
    const created = await s.draft(seller.token);
    await enqueuePayment(db, created.id, ecocash);
    await s.pay(seller.token, created.id);
    await processOutbox(db, injectSend(s, seller.token, []));
    const item = paymentItemOf(await listOutbox(db, created.id), created.id)!;
    expect(item).toMatchObject({ state: 'done', result: { alreadyPaid: true, transactionId: null } });
    expect(await paymentsFor(created.id)).toHaveLength(1);
  });

  it('refuses what the form refuses, and keeps a request in flight or a chain with work left', async () => {
    const db = newDb();
    const id = randomUUID();
    await expect(enqueuePayment(db, id, { method: 'ecocash', msisdn: '' })).rejects.toThrow(PAYMENT_MESSAGES.phoneRequired);
    await expect(enqueuePayment(db, id, { method: 'ecocash', msisdn: '077-123-4567' })).rejects.toThrow(PAYMENT_MESSAGES.phoneDigitsOnly);
    await expect(enqueuePayment(db, id, { method: 'ecocash', msisdn: '12345' })).rejects.toBeInstanceOf(PublishInputError);
    expect(await listOutbox(db)).toEqual([]);

    const item = await enqueuePayment(db, id, { method: 'ecocash', msisdn: ' 0771234567 ' });
    expect(item.payment.msisdn).toBe('0771234567');
    expect(await clearPaidChain(db, id)).toBe(false);
    await db.outbox.update(item.id, { state: 'sending' });
    expect(await forgetPayment(db, id)).toBe(false);
    await db.outbox.update(item.id, { state: 'waiting' });
    expect(await forgetPayment(db, id)).toBe(true);
    expect(await listOutbox(db)).toEqual([]);
  });

  it("maps the server's refusals to the spec's payment messages", async () => {
    const other = await s.signup({ name: 'Someone Else' });
    const theirs = await s.draft(other.token);
    const db = newDb();
    await enqueuePayment(db, theirs.id, ecocash);
    await enqueuePayment(db, randomUUID(), ecocash);
    await processOutbox(db, injectSend(s, seller.token, []));
    const errors = (await listOutbox(db)).map((i) => [i.listingId === theirs.id ? 'theirs' : 'missing', i.httpStatus, i.error]);
    expect(errors.sort()).toEqual([
      ['missing', 404, PAYMENT_MESSAGES.vehicleNotFound],
      ['theirs', 403, PAYMENT_MESSAGES.authRequired],
    ]);
  });
});
