import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakePaynow } from '../fakes/fakePaynow';
import { startServerWithFakePaynow, type TestServer } from './harness';

// EcoCash through Paynow, end to end through the server's routes, against a local fake Paynow.
describe('mobile money through Paynow', () => {
  let paynow: FakePaynow;
  let s: TestServer;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ s, paynow, close: stop } = await startServerWithFakePaynow('pglite'));
  });
  afterAll(async () => {
    await stop?.();
  });

  const draft = (token: string) => s.draft(token);

  it('config says mobile money is live through Paynow', async () => {
    const cfg = (await s.request({ method: 'GET', url: '/api/config' })).json();
    expect(cfg.payments.mobile_money).toEqual({ provider: 'paynow', mode: 'live' });
  });

  it('initiates with the server-computed amount, waits for approval, then publishes once', async () => {
    const { token } = await s.signup();
    const v = await draft(token);
    const created = await s.request({ method: 'POST', url: '/api/payments/ecocash/create', token, body: { vehicle_id: v.id, payment_method: 'ecocash', customer_msisdn: '0771234567' } });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({ success: true, status: 'pending', amount: 1, test_mode: false });
    expect(body.transaction_id).toBeTruthy();
    const sent = paynow.requests.at(-1)!;
    expect(sent.path).toBe('/interface/remotetransaction');
    expect(sent.form.amount).toBe('1');
    expect(sent.form.phone).toBe('0771234567');
    expect(sent.form.method).toBe('ecocash');

    const confirm = () => s.request({ method: 'POST', url: `/api/payments/ecocash/confirm/${body.transaction_id}`, token, body: {} });
    const waiting = await confirm();
    expect(waiting.statusCode).toBe(202);
    expect((await s.request({ method: 'GET', url: `/api/vehicles/${v.id}` })).statusCode).toBe(404);

    paynow.setStatus(body.transaction_id, 'Paid');
    const done = await confirm();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, status: 'completed', message: 'Payment completed successfully!' });
    const pub = await s.request({ method: 'GET', url: `/api/vehicles/${v.id}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().is_published).toBe(true);
  });

  it("publishes on Paynow's result callback, asking Paynow rather than trusting the callback", async () => {
    const { token } = await s.signup();
    const v = await draft(token);
    const tx = (await s.request({ method: 'POST', url: '/api/payments/ecocash/create', token, body: { vehicle_id: v.id, payment_method: 'ecocash', customer_msisdn: '0771234567' } })).json();
    const callback = (status: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/payments/ecocash/result',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ reference: tx.transaction_id, status }).toString(),
      });
    // A forged "Paid" while Paynow still says Created changes nothing.
    expect((await callback('Paid')).statusCode).toBe(200);
    expect((await s.request({ method: 'GET', url: `/api/vehicles/${v.id}` })).statusCode).toBe(404);
    paynow.setStatus(tx.transaction_id, 'Paid');
    expect((await callback('Paid')).statusCode).toBe(200);
    expect((await s.request({ method: 'GET', url: `/api/vehicles/${v.id}` })).statusCode).toBe(200);
  });

  it('a cancelled payment leaves the listing a draft, payable later', async () => {
    const { token } = await s.signup();
    const v = await draft(token);
    const tx = (await s.request({ method: 'POST', url: '/api/payments/ecocash/create', token, body: { vehicle_id: v.id, payment_method: 'ecocash', customer_msisdn: '0771234567' } })).json();
    paynow.setStatus(tx.transaction_id, 'Cancelled');
    const res = await s.request({ method: 'POST', url: `/api/payments/ecocash/confirm/${tx.transaction_id}`, token, body: {} });
    expect(res.statusCode).toBe(402);
    const mine = (await s.request({ method: 'GET', url: `/api/vehicles/${v.id}`, token })).json();
    expect(mine.is_published).toBe(false);
  });

  it('an invalid number is answered 400 with Paynow’s reason', async () => {
    const { token } = await s.signup();
    const v = await draft(token);
    const res = await s.request({ method: 'POST', url: '/api/payments/ecocash/create', token, body: { vehicle_id: v.id, payment_method: 'ecocash', customer_msisdn: '0001234567' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/invalid mobile number/i);
  });
});
