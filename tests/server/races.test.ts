import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { payments } from '@/server/db/schema';
import type { FakePaynow } from '../fakes/fakePaynow';
import { ENGINES, listingBody, startServer, startServerWithFakePaynow, type TestServer } from './harness';

// Races a client can start: many requests at once for one listing (a retrying app, a double tap,
// an attacker). Each must give the answer a single request would, on both engines.

const N = 50;

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;
  let seller: { token: string; user: { id: string } };

  beforeAll(async () => {
    s = await startServer(engine);
    seller = await s.signup({ name: 'Race Seller' });
  });
  afterAll(async () => {
    await s?.close();
  });

  const all = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
  const ecoCreate = (token: string, vehicleId: string, msisdn = '0771234567') =>
    s.request({ method: 'POST', url: '/api/payments/ecocash/create', token, body: { vehicle_id: vehicleId, payment_method: 'ecocash', customer_msisdn: msisdn } });
  const ecoConfirm = (token: string, txId: string) => s.request({ method: 'POST', url: `/api/payments/ecocash/confirm/${txId}`, token, body: { pin: '1234' } });
  const settled = (vehicleId: string) =>
    s.app.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.vehicleId, vehicleId), eq(payments.status, 'succeeded')));
  const owned = async (id: string) => (await s.request({ method: 'GET', url: `/api/vehicles/${id}`, token: seller.token })).json() as Vehicle;

  describe('creating one listing id at once', () => {
    it("the owner's concurrent creates give 201 once and the same listing with 200 to the others, never 500", async () => {
      const id = randomUUID();
      const answers = await all(N, () => s.request({ method: 'POST', url: '/api/vehicles', token: seller.token, body: listingBody({ id }) }));
      const codes = answers.map((r) => r.statusCode).sort();
      expect(
        codes.filter((c) => c === 201),
        answers.find((r) => r.statusCode >= 500)?.body,
      ).toHaveLength(1);
      expect(codes.filter((c) => c === 200)).toHaveLength(N - 1);
      expect(new Set(answers.map((r) => (r.json() as Vehicle).id))).toEqual(new Set([id]));
      expect((await owned(id)).seller_id).toBe(seller.user.id);
    });

    it('another seller racing for the same id gets 409, never 500', async () => {
      const rival = await s.signup({ name: 'Race Rival' });
      const id = randomUUID();
      const answers = await all(N, (i) => s.request({ method: 'POST', url: '/api/vehicles', token: i % 2 ? rival.token : seller.token, body: listingBody({ id }) }));
      expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
      const winner = (answers.find((r) => r.statusCode === 201)!.json() as Vehicle).seller_id;
      answers.forEach((r, i) => {
        const sender = i % 2 ? rival.user.id : seller.user.id;
        expect([201, 200, 409]).toContain(r.statusCode);
        if (r.statusCode === 409) expect(sender).not.toBe(winner);
        else expect((r.json() as Vehicle).seller_id).toBe(sender);
      });
    });
  });

  describe('paying for one listing at once', () => {
    it('concurrent mobile-money creates open one payment: every answer has the same transaction id', async () => {
      const v = await s.draft(seller.token);
      const answers = await all(N, () => ecoCreate(seller.token, v.id));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
      expect(new Set(answers.map((r) => r.json().transaction_id)).size).toBe(1);
    });

    it('concurrent card creates open one intent', async () => {
      const v = await s.draft(seller.token);
      const answers = await all(N, () => s.request({ method: 'POST', url: '/api/payments/create-intent', token: seller.token, body: { vehicle_id: v.id, payment_method: 'card' } }));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
      expect(new Set(answers.map((r) => r.json().payment_intent_id)).size).toBe(1);
      expect(new Set(answers.map((r) => r.json().client_secret)).size).toBe(1);
      const confirms = await all(N, () => s.request({ method: 'POST', url: `/api/payments/confirm/${answers[0]!.json().payment_intent_id}`, token: seller.token, body: {} }));
      expect(confirms.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
      expect(await settled(v.id)).toHaveLength(1);
    });

    it('concurrent confirms settle once and extend the expiry once', async () => {
      const v = await s.draft(seller.token);
      const txId = (await ecoCreate(seller.token, v.id)).json().transaction_id as string;
      const answers = await all(N, () => ecoConfirm(seller.token, txId));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
      const published = answers.map((r) => r.json().vehicle as Vehicle);
      expect(new Set(published.map((p) => p.expires_at)).size).toBe(1);
      expect(new Set(published.map((p) => p.revision)).size).toBe(1);
      expect(await settled(v.id)).toHaveLength(1);
      const after = await owned(v.id);
      expect(after.is_published).toBe(true);
      expect(after.revision).toBe(published[0]!.revision);
      // A create after the payment finds the listing paid for this period: nothing new is opened.
      expect((await ecoCreate(seller.token, v.id)).statusCode).toBe(409);
    });

    it('a payment superseded by a new one that the provider completes anyway is credited to the payer and shown to admins', async () => {
      const payer = await s.signup({ name: 'Double Payer' });
      const v = await s.draft(payer.token);
      const first = (await ecoCreate(payer.token, v.id, '0771234567')).json().transaction_id as string;
      // The payer changed the number: the first payment is superseded, a new one is opened.
      const second = (await ecoCreate(payer.token, v.id, '0772345678')).json().transaction_id as string;
      expect(second).not.toBe(first);
      expect((await ecoConfirm(payer.token, second)).statusCode).toBe(200);
      const paid = (await s.request({ method: 'GET', url: `/api/vehicles/${v.id}`, token: payer.token })).json() as Vehicle;
      expect(paid.is_published).toBe(true);

      // The phone approved the first prompt as well: the provider took the money twice.
      const late = await all(5, () => ecoConfirm(payer.token, first));
      expect(late.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
      const after = (await s.request({ method: 'GET', url: `/api/vehicles/${v.id}`, token: payer.token })).json() as Vehicle;
      expect(after.expires_at).toBe(paid.expires_at);
      expect(after.revision).toBe(paid.revision);

      const admin = await s.admin();
      const users = (await s.request({ method: 'GET', url: '/api/admin/users', token: admin.token })).json() as { id: string; credit_cents: number }[];
      expect(users.find((u) => u.id === payer.user.id)?.credit_cents).toBe(100);
      expect(users.find((u) => u.id === seller.user.id)?.credit_cents).toBe(0);
    });
  });
});

describe.each(ENGINES)('%s, mobile money through a fake Paynow', (engine) => {
  let paynow: FakePaynow;
  let s: TestServer;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ s, paynow, close: stop } = await startServerWithFakePaynow(engine));
  });
  afterAll(async () => {
    await stop?.();
  });

  it('asks Paynow once for concurrent creates; a superseded payment Paynow reports paid is credited, not published again', async () => {
    const payer = await s.signup({ name: 'Paynow Payer' });
    const v = await s.draft(payer.token);
    const create = (msisdn: string) =>
      s.request({ method: 'POST', url: '/api/payments/ecocash/create', token: payer.token, body: { vehicle_id: v.id, payment_method: 'ecocash', customer_msisdn: msisdn } });
    const sentBefore = paynow.requests.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => create('0771234567')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.json().transaction_id)).size).toBe(1);
    expect(paynow.requests.slice(sentBefore).filter((r) => r.path === '/interface/remotetransaction')).toHaveLength(1);
    const first = answers[0]!.json().transaction_id as string;

    // Another number: a new prompt, the first one superseded. The payer approves the new one...
    const second = (await create('0772345678')).json().transaction_id as string;
    expect(second).not.toBe(first);
    paynow.setStatus(second, 'Paid');
    const callback = (reference: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/payments/ecocash/result',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ reference, status: 'Paid' }).toString(),
      });
    expect((await callback(second)).statusCode).toBe(200);
    const paid = (await s.request({ method: 'GET', url: `/api/vehicles/${v.id}`, token: payer.token })).json() as Vehicle;
    expect(paid.is_published).toBe(true);

    // ...and the first as well: Paynow took the money twice. Recorded as credit; nothing extended.
    paynow.setStatus(first, 'Paid');
    expect((await callback(first)).statusCode).toBe(200);
    expect((await callback(first)).statusCode).toBe(200);
    const after = (await s.request({ method: 'GET', url: `/api/vehicles/${v.id}`, token: payer.token })).json() as Vehicle;
    expect(after.revision).toBe(paid.revision);
    const admin = await s.admin();
    const users = (await s.request({ method: 'GET', url: '/api/admin/users', token: admin.token })).json() as { id: string; credit_cents: number }[];
    expect(users.find((u) => u.id === payer.user.id)?.credit_cents).toBe(100);
  });
});
