import { inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@/domain/account/dealerTeam';
import { addMonth, DEALER_PLAN_PRICE_CENTS, graceEnd, PLAN_MESSAGES } from '@/domain/payments/dealerPlan';
import type { DealerPlan, PlanInvoice } from '@/domain/payments/dealerPlanWire';
import type { Vehicle } from '@/domain/listing/vehicle';
import { dealerMembers, planInvoices } from '@/server/db/schema';
import { JOB_NAMES } from '@/server/jobs/jobNames';
import { renewCardPlans } from '@/server/dealerPlan/cardPlan';
import { SandboxMobileMoneyProvider } from '@/server/payments/sandbox';
import { StripeCardProvider } from '@/server/payments/stripe';
import { startFakePushService, type FakePushService } from '../fakes/fakePushService';
import { startFakeStripe, type FakeStripe } from '../fakes/fakeStripe';
import { listingBody } from '../support/listingBody';
import { ENGINES, startServer, startServerWithFakePaynow, type TestServer } from './harness';
import { mailsTo } from './outbox';
import type { FakePaynow } from '../fakes/fakePaynow';

// A dealer's monthly plan (issue 38; spec section 9: 'Dealers: unlimited listings for $99/month.'):
// subscribed by card (the sandbox, and Stripe's API faked locally) or paid a month at a time with
// EcoCash; while it is paid up the dealer's listings publish without a fee; a lapsed plan's listings
// expire at the end of its grace; every paid month is invoiced once, as a PDF.

type Session = Awaited<ReturnType<TestServer['signup']>>;
const DAY_MS = 86_400_000;

/** The texts a PDF shows: its content streams inflated, each TJ array's hex strings joined. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      content = m[1]!;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      out += [...tj[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('') + '\n';
    }
  }
  return out;
}

const outboxMails = (s: TestServer, email: string): string[] => mailsTo(s.dataDir, email);

describe.each(ENGINES)('%s: a dealer monthly plan', (engine) => {
  let s: TestServer;
  let push: FakePushService;

  beforeAll(async () => {
    push = await startFakePushService();
    // Recurring jobs run when a test makes them due, never by the clock in the middle of one.
    s = await startServer(engine, { config: { pushAllowHttp: true, jobsIntervalMs: 3_600_000 } });
  });
  afterAll(async () => {
    await s?.close();
    await push?.close();
  });

  const call = (method: string, url: string, token: string | null, body?: unknown) => s.request({ method, url, token, ...(body !== undefined && { body }) });
  const plan = async (token: string) => (await call('GET', '/api/dealer/plan', token)).json() as DealerPlan;
  const invoices = async (token: string) => (await call('GET', '/api/dealer/plan/invoices', token)).json() as PlanInvoice[];
  const create = async (token: string, over: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/vehicles', token, listingBody(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Vehicle;
  };
  const dealerSignup = (name: string) => s.signup({ name, user_type: 'dealer', business_name: `${name} Motors` });
  /** Runs recurring jobs now, through the runner, as the next poll would. */
  const runJobs = async (...names: string[]) => {
    await s.app.ctx.db.execute(sql`update jobs set next_run_at = now() - interval '1 second' where id in ${names}`);
    s.app.ctx.jobs.kick();
    await s.app.ctx.jobs.idle();
  };
  const payEcocash = async (token: string) => {
    const opened = await call('POST', '/api/dealer/plan/ecocash', token, { customer_msisdn: '0771234567' });
    expect(opened.statusCode, opened.body).toBe(200);
    const confirmed = await call('POST', `/api/dealer/plan/ecocash/confirm/${opened.json().transaction_id}`, token, { pin: '1234' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { transactionId: opened.json().transaction_id as string, plan: confirmed.json().plan as DealerPlan };
  };

  describe('by card in the sandbox', () => {
    let dealer: Session;
    let draft: Vehicle;

    beforeAll(async () => {
      dealer = await dealerSignup('Sandbox');
      await call('PUT', '/api/me/business', dealer.token, { business_name: 'Sandbox Motors (Pvt) Ltd', registration_number: '1234/2019', address: '12 Samora Machel Ave, Harare' });
      draft = await create(dealer.token);
    });

    it('before subscribing: no plan, and a new listing is a draft waiting for its fee', async () => {
      expect(await plan(dealer.token)).toMatchObject({ standing: 'none', paid_up: false, paid_until: null, price_cents: DEALER_PLAN_PRICE_CENTS });
      expect(draft.is_published).toBe(false);
    });

    it('subscribes at once with the sandbox card: paid for a month, one invoice', async () => {
      const before = s.clock.now;
      const res = await call('POST', '/api/dealer/plan/card', dealer.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ client_secret: null, provider: 'sandbox', test_mode: true, amount: 99 });
      const p = await plan(dealer.token);
      expect(p).toMatchObject({ standing: 'paid', paid_up: true, method: 'card', renews: true });
      expect(new Date(p.paid_until!).getTime()).toBeGreaterThan(before.getTime() + 27 * DAY_MS);
      expect(p.grace_until).toBe(graceEnd(new Date(p.paid_until!)).toISOString());
      const list = await invoices(dealer.token);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ amount_cents: 9900, currency: 'usd', method: 'card', period_end: p.paid_until });
      // Subscribing again while it renews is refused, not charged twice.
      const again = await call('POST', '/api/dealer/plan/card', dealer.token);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: PLAN_MESSAGES.alreadyRenewing });
    });

    it('while paid, a wizard listing and a Stock API PUT publish without a fee, until the end of the grace', async () => {
      const p = await plan(dealer.token);
      const made = await create(dealer.token, { make: 'Mazda', model: 'BT-50' });
      expect(made).toMatchObject({ is_published: true, is_expired: false, expires_at: p.grace_until });
      const put = await call('PUT', '/api/dealer/stock/MSA-001', dealer.token, listingBody({ images: [], make: 'Nissan', model: 'Navara' }));
      expect(put.statusCode, put.body).toBe(201);
      expect(put.json()).toMatchObject({ is_published: true, expires_at: p.grace_until, stock_number: 'MSA-001' });
      await s.outsideWriteSeen();
      const found = await call('GET', '/api/vehicles?make=Mazda', null);
      expect((found.json() as Vehicle[]).map((v) => v.id)).toContain(made.id);
    });

    it('the drafts made before the plan are published on request, without a fee', async () => {
      const res = await call('POST', '/api/dealer/plan/publish-drafts', dealer.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ published: 1 });
      const got = (await call('GET', `/api/vehicles/${draft.id}`, dealer.token)).json() as Vehicle;
      expect(got).toMatchObject({ is_published: true, expires_at: (await plan(dealer.token)).grace_until });
      expect((await call('POST', '/api/dealer/plan/publish-drafts', dealer.token)).json()).toEqual({ published: 0 });
    });

    it("the invoice downloads as a PDF with the business details, its number and the amount; another dealer's is 404", async () => {
      const [invoice] = await invoices(dealer.token);
      expect(invoice!.number).toMatch(/^MK-\d{6}$/);
      const res = await call('GET', `/api/dealer/plan/invoices/${invoice!.id}/pdf`, dealer.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(pdf);
      expect(text).toContain(invoice!.number);
      expect(text).toContain('Sandbox Motors (Pvt) Ltd');
      expect(text).toContain('1234/2019');
      expect(text).toContain('$99');
      const other = await dealerSignup('Other');
      expect((await call('GET', `/api/dealer/plan/invoices/${invoice!.id}/pdf`, other.token)).statusCode).toBe(404);
      expect(await invoices(other.token)).toEqual([]);
    });

    it('staff get 403 on every plan route; a private seller too', async () => {
      const staff = await s.signup({ name: 'Staff Member' });
      await s.app.ctx.db.insert(dealerMembers).values({ userId: staff.user.id, dealerId: dealer.user.id });
      const [invoice] = await invoices(dealer.token);
      const routes: Array<[string, string, unknown?]> = [
        ['GET', '/api/dealer/plan'],
        ['POST', '/api/dealer/plan/card'],
        ['POST', '/api/dealer/plan/card/confirm', {}],
        ['POST', '/api/dealer/plan/cancel'],
        ['POST', '/api/dealer/plan/publish-drafts'],
        ['POST', '/api/dealer/plan/ecocash', { customer_msisdn: '0771234567' }],
        ['POST', '/api/dealer/plan/ecocash/confirm/eco_sandbox_x', {}],
        ['GET', '/api/dealer/plan/invoices'],
        ['GET', `/api/dealer/plan/invoices/${invoice!.id}/pdf`],
      ];
      for (const [method, url, body] of routes) {
        const res = await call(method, url, staff.token, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ detail: TEAM_MESSAGES.ownerOnly });
      }
      const privateSeller = await s.signup({ name: 'Private Seller' });
      expect((await call('GET', '/api/dealer/plan', privateSeller.token)).statusCode).toBe(403);
      expect((await call('GET', '/api/dealer/plan', null)).statusCode).toBe(401);
    });

    it('cancelling stops the renewals; the paid month stays paid', async () => {
      const res = await call('POST', '/api/dealer/plan/cancel', dealer.token);
      expect(res.statusCode, res.body).toBe(204);
      expect(await plan(dealer.token)).toMatchObject({ standing: 'paid', paid_up: true, renews: false, next_payment_at: null });
      expect((await call('POST', '/api/dealer/plan/cancel', dealer.token)).statusCode).toBe(409);
    });

    it("an account's deletion keeps its invoices, detached, for the 7 years", async () => {
      const kept = await invoices(dealer.token);
      const admin = await s.admin();
      const deleted = await call('DELETE', `/api/admin/user/${dealer.user.id}`, admin.token);
      expect(deleted.statusCode, deleted.body).toBe(200);
      const rows = await s.app.ctx.db.select().from(planInvoices);
      const left = rows.filter((r) => kept.some((k) => k.id === r.id));
      expect(left).toHaveLength(kept.length);
      expect(left.every((r) => r.userId === null && r.businessName === 'Sandbox Motors (Pvt) Ltd')).toBe(true);
    });
  });

  describe('EcoCash', () => {
    it('a month paid extends the plan by a calendar month from its end, once per transaction', async () => {
      const dealer = await dealerSignup('Eco');
      const first = await payEcocash(dealer.token);
      expect(first.plan).toMatchObject({ standing: 'paid', method: 'ecocash', renews: false });
      const paidUntil = new Date(first.plan.paid_until!);
      // A second confirm of the same transaction records nothing more.
      const replay = await call('POST', `/api/dealer/plan/ecocash/confirm/${first.transactionId}`, dealer.token, {});
      expect(replay.statusCode).toBe(200);
      expect(await invoices(dealer.token)).toHaveLength(1);
      const second = await payEcocash(dealer.token);
      expect(second.plan.paid_until).toBe(addMonth(paidUntil).toISOString());
      const list = await invoices(dealer.token);
      expect(list.map((i) => i.period_start)).toEqual([paidUntil.toISOString(), expect.any(String)]);
      expect(list.map((i) => i.method)).toEqual(['ecocash', 'ecocash']);
    });

    it('a declined PIN records nothing', async () => {
      const dealer = await dealerSignup('Declined');
      const opened = await call('POST', '/api/dealer/plan/ecocash', dealer.token, { customer_msisdn: '0771234567' });
      const declined = await call('POST', `/api/dealer/plan/ecocash/confirm/${opened.json().transaction_id}`, dealer.token, { pin: '0000' });
      expect(declined.statusCode).toBe(402);
      expect(await plan(dealer.token)).toMatchObject({ standing: 'none', paid_up: false });
      expect(await invoices(dealer.token)).toEqual([]);
      const bad = await call('POST', '/api/dealer/plan/ecocash', dealer.token, { customer_msisdn: '07-71' });
      expect(bad.statusCode).toBe(400);
    });

    it('three days before the month ends: one push and one email, not repeated', async () => {
      const dealer = await dealerSignup('Reminded');
      const device = push.device();
      expect((await call('POST', '/api/push/subscriptions', dealer.token, device.subscription)).statusCode).toBe(201);
      const { plan: p } = await payEcocash(dealer.token);
      const paidUntil = new Date(p.paid_until!).getTime();
      const reminders = () => push.pushesFor(device).filter((x) => (x.payload as { tag?: string }).tag === 'dealer-plan');
      const at = s.clock.now;
      try {
        s.clock.now = new Date(paidUntil - 3 * DAY_MS - 60_000);
        await runJobs(JOB_NAMES.dealerPlanReminders);
        expect(reminders()).toHaveLength(0);
        s.clock.now = new Date(paidUntil - 3 * DAY_MS + 60_000);
        await runJobs(JOB_NAMES.dealerPlanReminders);
        await runJobs(JOB_NAMES.dealerPlanReminders);
        expect(reminders()).toHaveLength(1);
        expect(reminders()[0]!.payload).toMatchObject({ title: PLAN_MESSAGES.reminderTitle, url: '/dashboard' });
        const mails = outboxMails(s, dealer.user.email).filter((m) => m.includes(PLAN_MESSAGES.reminderTitle));
        expect(mails).toHaveLength(1);
        expect(mails[0]).toContain('EcoCash');
      } finally {
        s.clock.now = at;
      }
    });

    it("an invoice is kept 7 years (the privacy policy's transaction records), then purged", async () => {
      const dealer = await dealerSignup('Old');
      const at = s.clock.now;
      try {
        s.clock.now = new Date(at.getTime() - (7 * 365 + 10) * DAY_MS);
        await payEcocash(dealer.token);
        s.clock.now = new Date(at.getTime() - (7 * 365 - 10) * DAY_MS);
        await payEcocash(dealer.token);
      } finally {
        s.clock.now = at;
      }
      expect(await invoices(dealer.token)).toHaveLength(2);
      await runJobs(JOB_NAMES.purgePlanInvoices);
      const left = await invoices(dealer.token);
      expect(left).toHaveLength(1);
      expect(new Date(left[0]!.issued_at).getTime()).toBeGreaterThan(at.getTime() - 7 * 365 * DAY_MS);
    });

    it('a lapsed plan: past the grace its listings expire, and a new listing is a draft again', async () => {
      const dealer = await dealerSignup('Lapsed');
      const at = s.clock.now;
      let onPlan: Vehicle;
      try {
        // Paid two months ago for one month: the grace ended about three weeks ago.
        s.clock.now = new Date(at.getTime() - 60 * DAY_MS);
        const { plan: p } = await payEcocash(dealer.token);
        onPlan = await create(dealer.token, { make: 'Ford', model: 'Ranger' });
        expect(onPlan).toMatchObject({ is_published: true, expires_at: p.grace_until });
      } finally {
        s.clock.now = at;
      }
      await runJobs(JOB_NAMES.expireListings);
      const got = (await call('GET', `/api/vehicles/${onPlan.id}`, dealer.token)).json() as Vehicle;
      expect(got.is_expired).toBe(true);
      expect(await plan(dealer.token)).toMatchObject({ standing: 'lapsed', paid_up: false });
      expect((await create(dealer.token)).is_published).toBe(false);
      expect((await call('POST', '/api/dealer/plan/publish-drafts', dealer.token)).statusCode).toBe(409);
      // The normal fee rules: paying for the expired listing relists it for 7 days.
      const relisted = await s.pay(dealer.token, onPlan.id);
      expect(new Date(relisted.expires_at!).getTime()).toBeGreaterThan(at.getTime() + 6 * DAY_MS);
    });
  });
});

describe.each(ENGINES)('%s: a dealer monthly plan by card through Stripe (a local fake)', (engine) => {
  let s: TestServer;
  let stripe: FakeStripe;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    const card = new StripeCardProvider({ secretKey: 'sk_test_motokari', publishableKey: 'pk_test_motokari', apiBase: stripe.url });
    s = await startServer(engine, { config: { jobsIntervalMs: 3_600_000 }, deps: { payments: { card, mobileMoney: new SandboxMobileMoneyProvider() } } });
  });
  afterAll(async () => {
    await s?.close();
    await stripe?.close();
  });

  const call = (method: string, url: string, token: string | null, body?: unknown) => s.request({ method, url, token, ...(body !== undefined && { body }) });
  const plan = async (token: string) => (await call('GET', '/api/dealer/plan', token)).json() as DealerPlan;
  const invoices = async (token: string) => (await call('GET', '/api/dealer/plan/invoices', token)).json() as PlanInvoice[];
  const runRenewals = async () => {
    await s.app.ctx.db.execute(sql`update jobs set next_run_at = now() - interval '1 second' where id = ${JOB_NAMES.dealerPlanRenewals}`);
    s.app.ctx.jobs.kick();
    await s.app.ctx.jobs.idle();
  };

  it('a subscription whose first invoice was never paid expires at Stripe; subscribing again makes a new one', async () => {
    const dealer = await s.signup({ name: 'Late Dealer', user_type: 'dealer', business_name: 'Late Motors' });
    const first = (await call('POST', '/api/dealer/plan/card', dealer.token)).json().subscription_id as string;
    stripe.expire(first);
    const again = await call('POST', '/api/dealer/plan/card', dealer.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().subscription_id).not.toBe(first);
    expect((await plan(dealer.token)).standing).toBe('none');
  });

  it('subscribes, confirms the first invoice, renews once per paid period, and cancels', async () => {
    const dealer = await s.signup({ name: 'Stripe Dealer', user_type: 'dealer', business_name: 'Stripe Motors' });
    const started = await call('POST', '/api/dealer/plan/card', dealer.token);
    expect(started.statusCode, started.body).toBe(200);
    const subId = started.json().subscription_id as string;
    const sub = stripe.subscriptions.get(subId)!;
    expect(started.json()).toMatchObject({ provider: 'stripe', test_mode: true, client_secret: stripe.invoices.get(sub.latest_invoice)!.confirmation_secret!.client_secret });
    expect(sub.items.data[0]!.price).toMatchObject({ unit_amount: 9900, currency: 'usd', product: 'motokari_dealer_plan' });
    // A second subscribe before the confirmation answers the same subscription.
    expect((await call('POST', '/api/dealer/plan/card', dealer.token)).json().subscription_id).toBe(subId);
    expect([...stripe.subscriptions.values()].filter((x) => x.metadata.reference === dealer.user.id)).toHaveLength(1);

    expect((await call('POST', '/api/dealer/plan/card/confirm', dealer.token, {})).statusCode).toBe(202);
    expect(await plan(dealer.token)).toMatchObject({ standing: 'none', paid_up: false });
    stripe.payFirstInvoice(subId);
    const confirmed = await call('POST', '/api/dealer/plan/card/confirm', dealer.token, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const firstEnd = new Date(sub.items.data[0]!.current_period_end * 1000);
    expect(confirmed.json().plan).toMatchObject({ standing: 'paid', renews: true, paid_until: firstEnd.toISOString() });
    expect(await invoices(dealer.token)).toHaveLength(1);

    const listing = (await call('POST', '/api/vehicles', dealer.token, listingBody())).json() as Vehicle;
    expect(listing).toMatchObject({ is_published: true, expires_at: graceEnd(firstEnd).toISOString() });

    // The period ends; Stripe charges the card. The renewal job records it once, however often it runs.
    stripe.renew(subId);
    const secondEnd = new Date(sub.items.data[0]!.current_period_end * 1000);
    const at = s.clock.now;
    try {
      s.clock.now = new Date(firstEnd.getTime() + 3_600_000);
      await runRenewals();
      await runRenewals();
      expect(await plan(dealer.token)).toMatchObject({ standing: 'paid', paid_until: secondEnd.toISOString() });
      expect(await invoices(dealer.token)).toHaveLength(2);
      const kept = (await call('GET', `/api/vehicles/${listing.id}`, dealer.token)).json() as Vehicle;
      expect(kept.expires_at).toBe(graceEnd(secondEnd).toISOString());

      // Two instances' runs at once: one invoice.
      stripe.renew(subId);
      s.clock.now = new Date(secondEnd.getTime() + 3_600_000);
      await Promise.all([renewCardPlans(s.app.ctx), renewCardPlans(s.app.ctx)]);
      const list = await invoices(dealer.token);
      expect(list).toHaveLength(3);
      expect(new Set(list.map((i) => i.number)).size).toBe(3);
    } finally {
      s.clock.now = at;
    }

    expect((await call('POST', '/api/dealer/plan/cancel', dealer.token)).statusCode).toBe(204);
    expect(sub.status).toBe('canceled');
    expect(await plan(dealer.token)).toMatchObject({ renews: false, paid_up: true });
  });
});

describe("a dealer's EcoCash month through Paynow (a local fake)", () => {
  let s: TestServer;
  let paynow: FakePaynow;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ s, paynow, close: stop } = await startServerWithFakePaynow('pglite'));
  });
  afterAll(() => stop?.());

  it("is recorded from Paynow's result callback, once, asking Paynow rather than trusting the callback", async () => {
    const dealer = await s.signup({ name: 'Paynow Dealer', user_type: 'dealer', business_name: 'Paynow Motors' });
    const opened = await s.request({ method: 'POST', url: '/api/dealer/plan/ecocash', token: dealer.token, body: { customer_msisdn: '0771234567' } });
    expect(opened.statusCode, opened.body).toBe(200);
    const tx = opened.json().transaction_id as string;
    expect(Number(paynow.requests.at(-1)!.form.amount)).toBe(99);
    const callback = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/payments/ecocash/result',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ reference: tx, status: 'Paid' }).toString(),
      });
    const plan = async () => (await s.request({ method: 'GET', url: '/api/dealer/plan', token: dealer.token })).json() as DealerPlan;
    // A forged "Paid" while Paynow still says Created changes nothing.
    expect((await callback()).statusCode).toBe(200);
    expect(await plan()).toMatchObject({ standing: 'none' });
    paynow.setStatus(tx, 'Paid');
    expect((await callback()).statusCode).toBe(200);
    expect((await callback()).statusCode).toBe(200);
    expect(await plan()).toMatchObject({ standing: 'paid', method: 'ecocash' });
    const list = (await s.request({ method: 'GET', url: '/api/dealer/plan/invoices', token: dealer.token })).json() as PlanInvoice[];
    expect(list).toHaveLength(1);
    // The dealer's own confirm afterwards answers the month, and records nothing more.
    expect((await s.request({ method: 'POST', url: `/api/dealer/plan/ecocash/confirm/${tx}`, token: dealer.token, body: {} })).statusCode).toBe(200);
    expect((await s.request({ method: 'GET', url: '/api/dealer/plan/invoices', token: dealer.token })).json()).toHaveLength(1);
  });
});
