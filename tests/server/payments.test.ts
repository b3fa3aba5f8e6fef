import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { SandboxMobileMoneyProvider } from '@/server/payments/sandbox';
import { StripeCardProvider } from '@/server/payments/stripe';
import { startFakeStripe, type FakeStripe } from '../fakes/fakeStripe';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';

type Session = { token: string; user: { id: string } };

const DAY_MS = 86_400_000;
const AUTH_REQUIRED = 'Authentication required. Please log in to process payments.';
const VEHICLE_NOT_FOUND = 'Vehicle not found. Please refresh and try again.';
const PAID = 'Payment successful! Your listing has been published and is now visible to buyers.';

/** Helpers bound to one server. */
function client(get: () => TestServer) {
  const s = () => get();
  return {
    async draft(token: string, over: Record<string, unknown> = {}): Promise<Vehicle> {
      const res = await s().request({ method: 'POST', url: '/api/vehicles', token, body: listingBody(over) });
      expect(res.statusCode, res.body).toBe(201);
      const v = res.json() as Vehicle;
      expect(v.is_published).toBe(false);
      return v;
    },
    createIntent(token: string | null, body: Record<string, unknown>, headers?: Record<string, string>) {
      return s().request({ method: 'POST', url: '/api/payments/create-intent', token, body: { payment_method: 'card', ...body }, ...(headers && { headers }) });
    },
    confirm(token: string | null, intentId: string) {
      return s().request({ method: 'POST', url: `/api/payments/confirm/${intentId}`, token, body: {} });
    },
    ecoCreate(token: string | null, body: Record<string, unknown>) {
      return s().request({ method: 'POST', url: '/api/payments/ecocash/create', token, body: { payment_method: 'ecocash', ...body } });
    },
    ecoConfirm(token: string | null, txId: string, body: Record<string, unknown> = {}) {
      return s().request({ method: 'POST', url: `/api/payments/ecocash/confirm/${txId}`, token, body });
    },
    async owned(token: string, id: string): Promise<Vehicle> {
      const res = await s().request({ method: 'GET', url: `/api/vehicles/${id}`, token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Vehicle;
    },
    async isPublic(id: string): Promise<boolean> {
      const res = await s().request({ method: 'GET', url: `/api/vehicles/${id}` });
      expect([200, 404]).toContain(res.statusCode);
      return res.statusCode === 200;
    },
  };
}

function expectSevenDays(v: Vehicle) {
  expect(v.expires_at).not.toBeNull();
  expect(Math.abs(Date.parse(v.expires_at!) - (Date.now() + 7 * DAY_MS))).toBeLessThan(10 * 60_000);
}

describe.each(ENGINES)('%s', (engine) => {
  describe('sandbox providers', () => {
    let s: TestServer;
    let priv: Session;
    let dealer: Session;
    let other: Session;
    const c = client(() => s);

    beforeAll(async () => {
      s = await startServer(engine);
      priv = await s.signup({ name: 'Pay Private' });
      dealer = await s.signup({ user_type: 'dealer', name: 'Pay Dealer', business_name: 'Pay Motors' });
      other = await s.signup({ name: 'Pay Other' });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('the server computes the amount: private standard $1, dealer premium $2; a body amount is ignored', async () => {
      const pv = await c.draft(priv.token);
      const p = await c.createIntent(priv.token, { vehicle_id: pv.id, amount: 0.01 });
      expect(p.statusCode, p.body).toBe(200);
      expect(p.json()).toMatchObject({ amount: 1, currency: 'usd', subscription_plan: 'standard' });

      const dv = await c.draft(dealer.token);
      const d = await c.createIntent(dealer.token, { vehicle_id: dv.id, amount: 0 });
      expect(d.statusCode).toBe(200);
      expect(d.json()).toMatchObject({ amount: 2, currency: 'usd', subscription_plan: 'premium' });

      const e = await c.ecoCreate(priv.token, { vehicle_id: pv.id, customer_msisdn: '0771234567', amount: 500 });
      expect(e.statusCode).toBe(200);
      expect(e.json()).toMatchObject({ amount: 1, subscription_plan: 'standard' });
      const ed = await c.ecoCreate(dealer.token, { vehicle_id: dv.id, customer_msisdn: '0771234567' });
      expect(ed.json()).toMatchObject({ amount: 2, subscription_plan: 'premium' });

      // A dealer cannot pay the private plan.
      const bad = await c.createIntent(dealer.token, { vehicle_id: dv.id, subscription_plan: 'standard' });
      expect(bad.statusCode).toBe(422);
    });

    it('card create-intent returns client_secret, payment_intent_id and test_mode', async () => {
      const v = await c.draft(priv.token);
      const res = await c.createIntent(priv.token, { vehicle_id: v.id, subscription_plan: 'standard' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(typeof body.client_secret).toBe('string');
      expect(body.client_secret.length).toBeGreaterThan(10);
      expect(typeof body.payment_intent_id).toBe('string');
      expect(body.client_secret).toContain(body.payment_intent_id);
      expect(body.test_mode).toBe(true);
      // Creating the intent does not publish anything.
      expect((await c.owned(priv.token, v.id)).is_published).toBe(false);
    });

    it('confirm publishes for 7 days; a second confirm succeeds without publishing again', async () => {
      const v = await c.draft(priv.token);
      const intent = (await c.createIntent(priv.token, { vehicle_id: v.id })).json();
      expect(await c.isPublic(v.id)).toBe(false);
      const first = await c.confirm(priv.token, intent.payment_intent_id);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ success: true, status: 'succeeded', message: PAID });
      const published = first.json().vehicle as Vehicle;
      expect(published).toMatchObject({ id: v.id, is_published: true, is_expired: false });
      expectSevenDays(published);
      expect(await c.isPublic(v.id)).toBe(true);

      // A later replay must not restart the 7 days (the server's clock moves on; the DB's does not matter here).
      const t0 = s.clock.now;
      s.clock.now = new Date(t0.getTime() + 3 * 3_600_000);
      const second = await c.confirm(priv.token, intent.payment_intent_id).finally(() => {
        s.clock.now = t0;
      });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ success: true, status: 'succeeded' });
      const again = second.json().vehicle as Vehicle;
      expect(again.revision).toBe(published.revision);
      expect(again.expires_at).toBe(published.expires_at);
      const now = await c.owned(priv.token, v.id);
      expect(now.revision).toBe(published.revision);
      expect(now.expires_at).toBe(published.expires_at);
    });

    it('paying for a listing that is already published is 409', async () => {
      const v = await c.draft(priv.token);
      const intent = (await c.createIntent(priv.token, { vehicle_id: v.id })).json();
      expect((await c.confirm(priv.token, intent.payment_intent_id)).statusCode).toBe(200);
      const res = await c.createIntent(priv.token, { vehicle_id: v.id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toHaveProperty('detail');
      const eco = await c.ecoCreate(priv.token, { vehicle_id: v.id, customer_msisdn: '0771234567' });
      expect(eco.statusCode).toBe(409);
    });

    it('a second card payment started for one draft answers the open one; paying publishes it once', async () => {
      const v = await c.draft(priv.token);
      const i1 = (await c.createIntent(priv.token, { vehicle_id: v.id })).json();
      const i2 = (await c.createIntent(priv.token, { vehicle_id: v.id })).json();
      expect(i2.payment_intent_id).toBe(i1.payment_intent_id);
      expect(i2.client_secret).toBe(i1.client_secret);
      const r1 = await c.confirm(priv.token, i1.payment_intent_id);
      expect(r1.statusCode).toBe(200);
      const published = r1.json().vehicle as Vehicle;
      const r2 = await c.confirm(priv.token, i2.payment_intent_id);
      expect(r2.statusCode).toBe(200);
      expect(r2.json()).toMatchObject({ success: true });
      const after = await c.owned(priv.token, v.id);
      expect(after.is_published).toBe(true);
      expect(Date.parse(after.expires_at!)).toBeGreaterThanOrEqual(Date.parse(published.expires_at!));
    });

    it('requires a token, with the payment wording', async () => {
      const v = await c.draft(priv.token);
      const intent = (await c.createIntent(priv.token, { vehicle_id: v.id })).json();
      const eco = (await c.ecoCreate(priv.token, { vehicle_id: v.id, customer_msisdn: '0771234567' })).json();
      for (const res of [
        await c.createIntent(null, { vehicle_id: v.id }),
        await c.confirm(null, intent.payment_intent_id),
        await c.ecoCreate(null, { vehicle_id: v.id, customer_msisdn: '0771234567' }),
        await c.ecoConfirm(null, eco.transaction_id),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: AUTH_REQUIRED });
      }
      const badToken = await c.createIntent('not-a-token', { vehicle_id: v.id });
      expect(badToken.statusCode).toBe(401);
      expect(badToken.json()).toEqual({ detail: AUTH_REQUIRED });
      expect((await c.owned(priv.token, v.id)).is_published).toBe(false);
    });

    it('an unknown vehicle is 404 with the refresh wording; a malformed id is 422', async () => {
      for (const res of [await c.createIntent(priv.token, { vehicle_id: randomUUID() }), await c.ecoCreate(priv.token, { vehicle_id: randomUUID(), customer_msisdn: '0771234567' })]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: VEHICLE_NOT_FOUND });
      }
      expect((await c.createIntent(priv.token, { vehicle_id: 'abc' })).statusCode).toBe(422);
    });

    it("paying for someone else's vehicle is 403; confirming someone else's payment is 403", async () => {
      const v = await c.draft(priv.token);
      const card = await c.createIntent(other.token, { vehicle_id: v.id });
      expect(card.statusCode).toBe(403);
      const eco = await c.ecoCreate(other.token, { vehicle_id: v.id, customer_msisdn: '0771234567' });
      expect(eco.statusCode).toBe(403);

      const intent = (await c.createIntent(priv.token, { vehicle_id: v.id })).json();
      expect((await c.confirm(other.token, intent.payment_intent_id)).statusCode).toBe(403);
      const tx = (await c.ecoCreate(priv.token, { vehicle_id: v.id, customer_msisdn: '0771234567' })).json();
      expect((await c.ecoConfirm(other.token, tx.transaction_id)).statusCode).toBe(403);
      expect((await c.owned(priv.token, v.id)).is_published).toBe(false);
    });

    it('confirming an unknown payment is 404', async () => {
      expect((await c.confirm(priv.token, 'pi_sandbox_doesnotexist')).statusCode).toBe(404);
      expect((await c.ecoConfirm(priv.token, 'eco_sandbox_doesnotexist')).statusCode).toBe(404);
    });

    it('mobile money needs a phone number of digits', async () => {
      const v = await c.draft(priv.token);
      for (const body of [{ vehicle_id: v.id }, { vehicle_id: v.id, customer_msisdn: '' }, { vehicle_id: v.id, customer_msisdn: '   ' }]) {
        const res = await c.ecoCreate(priv.token, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ detail: 'A phone number is required for mobile money payments.' });
      }
      for (const msisdn of ['077-123', '+263771234567', '0771 234 567', 'abcdefghij']) {
        const res = await c.ecoCreate(priv.token, { vehicle_id: v.id, customer_msisdn: msisdn });
        expect(res.statusCode, msisdn).toBe(400);
        expect(res.json()).toEqual({ detail: 'Phone number must contain digits only' });
      }
    });

    it('mobile money says when a number of digits is too short or too long', async () => {
      const v = await c.draft(priv.token);
      for (const msisdn of ['07712', '0771234567890123']) {
        const res = await c.ecoCreate(priv.token, { vehicle_id: v.id, customer_msisdn: msisdn });
        expect(res.statusCode, msisdn).toBe(400);
        expect(res.json()).toEqual({ detail: 'Phone number must have 9 to 15 digits' });
      }
    });

    it('a second payment started before the first settled does not publish again (double payment)', async () => {
      const v = await c.draft(priv.token);
      const first = (await c.ecoCreate(priv.token, { vehicle_id: v.id, customer_msisdn: '0771234567' })).json();
      const second = (await c.ecoCreate(priv.token, { vehicle_id: v.id, customer_msisdn: '0771234567' })).json();
      expect((await c.ecoConfirm(priv.token, first.transaction_id, { pin: '1234' })).statusCode).toBe(200);
      const published = await c.owned(priv.token, v.id);
      s.clock.now = new Date(Date.now() + 60 * 60_000);
      try {
        const again = await c.ecoConfirm(priv.token, second.transaction_id, { pin: '1234' });
        expect(again.statusCode).toBe(200);
        const after = await c.owned(priv.token, v.id);
        expect(after.expires_at).toBe(published.expires_at);
        expect(after.revision).toBe(published.revision);
      } finally {
        s.clock.now = new Date();
      }
    });

    it('polling a pending payment with one Idempotency-Key still sees it complete', async () => {
      const fake = await startFakeStripe();
      const stripe = await startServer(engine, {
        deps: { payments: { card: new StripeCardProvider({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', apiBase: fake.url }), mobileMoney: new SandboxMobileMoneyProvider() } },
      });
      try {
        const u = await stripe.signup();
        const d = (await stripe.request({ method: 'POST', url: '/api/vehicles', token: u.token, body: listingBody() })).json();
        const intent = (await stripe.request({ method: 'POST', url: '/api/payments/create-intent', token: u.token, body: { vehicle_id: d.id, payment_method: 'card' } })).json();
        const poll = () => stripe.request({ method: 'POST', url: `/api/payments/confirm/${intent.payment_intent_id}`, token: u.token, body: {}, headers: { 'idempotency-key': 'poll-1' } });
        expect((await poll()).statusCode).toBe(202);
        fake.succeed(intent.payment_intent_id);
        const done = await poll();
        expect(done.statusCode).toBe(200);
        expect(done.json()).toMatchObject({ success: true, status: 'succeeded' });
      } finally {
        await stripe.close();
        await fake.close();
      }
    });

    it('mobile money: a declined PIN keeps the draft, payable later; the approving PIN publishes; replays are safe', async () => {
      const v = await c.draft(priv.token);
      const created = await c.ecoCreate(priv.token, { vehicle_id: v.id, subscription_plan: 'standard', customer_msisdn: '0771234567' });
      expect(created.statusCode).toBe(200);
      const tx = created.json();
      expect(tx).toMatchObject({ success: true, message: 'Payment initiated. Please enter your PIN.' });
      expect(typeof tx.transaction_id).toBe('string');
      expect(tx.transaction_id.length).toBeGreaterThan(0);

      const declined = await c.ecoConfirm(priv.token, tx.transaction_id, { pin: '0000' });
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toHaveProperty('detail');
      expect((await c.owned(priv.token, v.id)).is_published).toBe(false);
      expect(await c.isPublic(v.id)).toBe(false);
      // Replaying the failed confirm (even with the right PIN) changes nothing.
      const replayFailed = await c.ecoConfirm(priv.token, tx.transaction_id, { pin: '1234' });
      expect(replayFailed.statusCode).toBe(402);
      expect((await c.owned(priv.token, v.id)).is_published).toBe(false);

      const retry = await c.ecoCreate(priv.token, { vehicle_id: v.id, customer_msisdn: '0771234567' });
      expect(retry.statusCode).toBe(200);
      const tx2 = retry.json();
      expect(tx2.transaction_id).not.toBe(tx.transaction_id);
      const ok = await c.ecoConfirm(priv.token, tx2.transaction_id, { pin: '1234' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ success: true, status: 'completed', message: 'Payment completed successfully!' });
      const published = ok.json().vehicle as Vehicle;
      expect(published.is_published).toBe(true);
      expectSevenDays(published);
      expect(await c.isPublic(v.id)).toBe(true);

      const t0 = s.clock.now;
      s.clock.now = new Date(t0.getTime() + 3 * 3_600_000);
      const replay = await c.ecoConfirm(priv.token, tx2.transaction_id, { pin: '1234' }).finally(() => {
        s.clock.now = t0;
      });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toMatchObject({ success: true, status: 'completed' });
      expect((replay.json().vehicle as Vehicle).revision).toBe(published.revision);
      expect((await c.owned(priv.token, v.id)).expires_at).toBe(published.expires_at);
    });

    it('a listing whose mobile-money payment failed can be paid by card later', async () => {
      const v = await c.draft(priv.token);
      const tx = (await c.ecoCreate(priv.token, { vehicle_id: v.id, customer_msisdn: '0771234567' })).json();
      expect((await c.ecoConfirm(priv.token, tx.transaction_id, { pin: '9999' })).statusCode).toBe(402);
      const intent = (await c.createIntent(priv.token, { vehicle_id: v.id })).json();
      const ok = await c.confirm(priv.token, intent.payment_intent_id);
      expect(ok.statusCode).toBe(200);
      expect(await c.isPublic(v.id)).toBe(true);
    });
  });

  describe('card payments switched off', () => {
    let s: TestServer;
    let priv: Session;
    const c = client(() => s);

    beforeAll(async () => {
      s = await startServer(engine, { deps: { payments: { card: null, mobileMoney: new SandboxMobileMoneyProvider() } } });
      priv = await s.signup({ name: 'No Card' });
    });
    afterAll(async () => {
      await s?.close();
    });

    it("create-intent and confirm answer 503 'Payment System Error'", async () => {
      const v = await c.draft(priv.token);
      const res = await c.createIntent(priv.token, { vehicle_id: v.id });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'Payment System Error' });
      const confirm = await c.confirm(priv.token, 'pi_anything');
      expect(confirm.statusCode).toBe(503);
      expect(confirm.json()).toEqual({ detail: 'Payment System Error' });
    });

    it('mobile money still works', async () => {
      const v = await c.draft(priv.token);
      const tx = await c.ecoCreate(priv.token, { vehicle_id: v.id, customer_msisdn: '0771234567' });
      expect(tx.statusCode).toBe(200);
      const ok = await c.ecoConfirm(priv.token, tx.json().transaction_id, { pin: '1234' });
      expect(ok.statusCode).toBe(200);
      expect(await c.isPublic(v.id)).toBe(true);
    });
  });

  describe('Stripe adapter against a fake Stripe', () => {
    let s: TestServer;
    let fake: FakeStripe;
    let priv: Session;
    let dealer: Session;
    let other: Session;
    const c = client(() => s);

    beforeAll(async () => {
      fake = await startFakeStripe();
      const card = new StripeCardProvider({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', apiBase: fake.url });
      s = await startServer(engine, { deps: { payments: { card, mobileMoney: new SandboxMobileMoneyProvider() } } });
      priv = await s.signup({ name: 'Stripe Private' });
      dealer = await s.signup({ user_type: 'dealer', name: 'Stripe Dealer', business_name: 'Stripe Motors' });
      other = await s.signup({ name: 'Stripe Other' });
    });
    afterAll(async () => {
      await s?.close();
      await fake?.close();
    });

    it('create-intent sends Stripe the server-computed amount in cents with an Idempotency-Key', async () => {
      const v = await c.draft(priv.token);
      const before = fake.creates.length;
      const res = await c.createIntent(priv.token, { vehicle_id: v.id, amount: 0.5 });
      expect(res.statusCode, res.body).toBe(200);
      expect(fake.creates.length).toBe(before + 1);
      const sent = fake.creates[fake.creates.length - 1]!;
      expect(sent.params.amount).toBe('100');
      expect(sent.params.currency).toBe('usd');
      expect(typeof sent.idempotencyKey).toBe('string');
      expect(sent.idempotencyKey!.length).toBeGreaterThan(0);
      const body = res.json();
      const pi = fake.intents.get(body.payment_intent_id);
      expect(pi).toBeDefined();
      expect(body).toMatchObject({ client_secret: pi!.client_secret, amount: 1, test_mode: true, provider: 'stripe' });

      const dv = await c.draft(dealer.token);
      const d = await c.createIntent(dealer.token, { vehicle_id: dv.id });
      expect(d.statusCode).toBe(200);
      const dealerSent = fake.creates[fake.creates.length - 1]!;
      expect(dealerSent.params.amount).toBe('200');
      expect(dealerSent.idempotencyKey).not.toBe(sent.idempotencyKey);
    });

    it('confirm before the customer paid is 202 pending and the listing stays a draft; after paying it is published', async () => {
      const v = await c.draft(priv.token);
      const intent = (await c.createIntent(priv.token, { vehicle_id: v.id })).json();
      const pending = await c.confirm(priv.token, intent.payment_intent_id);
      expect(pending.statusCode).toBe(202);
      expect(pending.json()).toMatchObject({ success: false, status: 'pending' });
      expect((await c.owned(priv.token, v.id)).is_published).toBe(false);
      expect(await c.isPublic(v.id)).toBe(false);

      fake.succeed(intent.payment_intent_id);
      const ok = await c.confirm(priv.token, intent.payment_intent_id);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ success: true, status: 'succeeded', message: PAID });
      const published = ok.json().vehicle as Vehicle;
      expect(published.is_published).toBe(true);
      expectSevenDays(published);
      expect(await c.isPublic(v.id)).toBe(true);

      const again = await c.confirm(priv.token, intent.payment_intent_id);
      expect(again.statusCode).toBe(200);
      expect((again.json().vehicle as Vehicle).revision).toBe(published.revision);
    });

    it('a declined card is 402 with the reason, the listing stays a draft, and a replay is still 402', async () => {
      const v = await c.draft(priv.token);
      const intent = (await c.createIntent(priv.token, { vehicle_id: v.id })).json();
      fake.fail(intent.payment_intent_id, 'Your card was declined.');
      const res = await c.confirm(priv.token, intent.payment_intent_id);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ detail: 'Your card was declined.' });
      expect((await c.owned(priv.token, v.id)).is_published).toBe(false);
      // Even if the intent later shows paid, the settled failure is final for this payment...
      fake.succeed(intent.payment_intent_id);
      expect((await c.confirm(priv.token, intent.payment_intent_id)).statusCode).toBe(402);
      // ...and a new payment publishes it.
      const retry = (await c.createIntent(priv.token, { vehicle_id: v.id })).json();
      expect(retry.payment_intent_id).not.toBe(intent.payment_intent_id);
      fake.succeed(retry.payment_intent_id);
      expect((await c.confirm(priv.token, retry.payment_intent_id)).statusCode).toBe(200);
      expect(await c.isPublic(v.id)).toBe(true);
    });

    it('a canceled intent is 402', async () => {
      const v = await c.draft(priv.token);
      const intent = (await c.createIntent(priv.token, { vehicle_id: v.id })).json();
      fake.cancel(intent.payment_intent_id);
      const res = await c.confirm(priv.token, intent.payment_intent_id);
      expect(res.statusCode).toBe(402);
      expect((await c.owned(priv.token, v.id)).is_published).toBe(false);
    });

    it('an intent paid for less than the fee does not publish', async () => {
      const v = await c.draft(priv.token);
      const intent = (await c.createIntent(priv.token, { vehicle_id: v.id })).json();
      const pi = fake.intents.get(intent.payment_intent_id)!;
      pi.status = 'succeeded';
      pi.amount_received = 50;
      const res = await c.confirm(priv.token, intent.payment_intent_id);
      expect(res.statusCode).toBe(402);
      expect((await c.owned(priv.token, v.id)).is_published).toBe(false);
    });

    it('the same Idempotency-Key from two users gives each their own intent', async () => {
      const va = await c.draft(priv.token);
      const vb = await c.draft(other.token);
      const key = `shared-${randomUUID()}`;
      const ra = await c.createIntent(priv.token, { vehicle_id: va.id }, { 'idempotency-key': key });
      const rb = await c.createIntent(other.token, { vehicle_id: vb.id }, { 'idempotency-key': key });
      expect(ra.statusCode).toBe(200);
      expect(rb.statusCode).toBe(200);
      expect(rb.json().payment_intent_id).not.toBe(ra.json().payment_intent_id);
      // A retry by the same user with the same key gets the same intent back.
      const again = await c.createIntent(priv.token, { vehicle_id: va.id }, { 'idempotency-key': key });
      expect(again.statusCode).toBe(200);
      expect(again.json().payment_intent_id).toBe(ra.json().payment_intent_id);
      // Each can pay their own.
      fake.succeed(rb.json().payment_intent_id);
      const ok = await c.confirm(other.token, rb.json().payment_intent_id);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await c.isPublic(vb.id)).toBe(true);
      expect(await c.isPublic(va.id)).toBe(false);
    });

    it('confirming an intent the server never created is 404', async () => {
      const res = await c.confirm(priv.token, 'pi_unknown123');
      expect(res.statusCode).toBe(404);
    });
  });
});
