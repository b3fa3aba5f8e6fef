import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERTISING_PLAN_TERMS, BOOST_TEXTS, harareMonthStart, nextHarareMonthStart, RELIST_DAYS } from '@/domain/payments/boosts';
import { PAYMENT_MESSAGES } from '@/domain/core/messages';
import type { Vehicle } from '@/domain/listing/vehicle';
import { rowsOf } from '@/server/db/client';
import { JOB_NAMES } from '@/server/jobs/jobNames';
import { ENGINES, startServer, type TestServer } from './harness';

// The advertising plans of spec 2.10 made real (issue 38): a plan bought for a listing (card or EcoCash,
// settled once) gives it the plan's days and its boosts; a boost puts it at the top of newest-first
// results for 24 hours, a few times a Harare calendar month; Ultimate is relisted every 4 weeks while unsold.

const DAY_MS = 86_400_000;
type Session = Awaited<ReturnType<TestServer['signup']>>;

describe.each(ENGINES)('%s: advertising plans and boosts', (engine) => {
  let s: TestServer;
  let seller: Session;
  let other: Session;

  beforeAll(async () => {
    // Recurring jobs run when a test makes them due, never by the clock in the middle of one.
    s = await startServer(engine, { config: { jobsIntervalMs: 3_600_000 } });
    // The 5th of next month in Harare: three boosts 25 hours apart stay inside one calendar month.
    s.clock.now = new Date(nextHarareMonthStart(new Date()).getTime() + 4 * DAY_MS + 10 * 3_600_000);
    seller = await s.signup({ name: 'Tariro Moyo' });
    other = await s.signup({ name: 'Someone Else' });
    // A listing already live on the 7-day fee: it may still buy a plan.
    await s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Corolla' })).id);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: string, url: string, token: string | null, body?: unknown) => s.request({ method, url, token, ...(body !== undefined && { body }) });
  const runJobs = async (...names: string[]) => {
    await s.app.ctx.db.execute(sql`update jobs set next_run_at = now() - interval '1 second' where id in ${names}`);
    s.app.ctx.jobs.kick();
    await s.app.ctx.jobs.idle();
  };
  const history = async (token: string, userId: string) => (await call('GET', `/api/users/${userId}/listing-history`, token)).json() as (Vehicle & { boosts_left: number })[];
  /** The listing's row, its times in epoch milliseconds. */
  const rowOf = async (id: string) => {
    const ms = (c: string) => sql.raw(`(extract(epoch from ${c}) * 1000)::float8 as ${c}`);
    const [r] = rowsOf<{ boosted_until: number | null; expires_at: number; created_at: number; revision: string }>(
      await s.app.ctx.db.execute(sql`select ${ms('boosted_until')}, ${ms('expires_at')}, ${ms('created_at')}, revision from vehicles where id = ${id}`),
    );
    return { ...r!, boosted_until: r!.boosted_until === null ? null : Number(r!.boosted_until), expires_at: Number(r!.expires_at), created_at: Number(r!.created_at), revision: Number(r!.revision) };
  };
  /** Buys `plan` for a listing with EcoCash (the sandbox approves), returns the confirm's listing. */
  const buyPlan = async (token: string, vehicleId: string, plan: string) => {
    const created = await call('POST', '/api/payments/ecocash/create', token, { vehicle_id: vehicleId, customer_msisdn: '0771234567', advertising_plan: plan });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ advertising_plan: plan, amount: ADVERTISING_PLAN_TERMS[plan as 'premium'].priceCents / 100 });
    const confirmed = await call('POST', `/api/payments/ecocash/confirm/${created.json().transaction_id}`, token, { pin: '1234' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { transactionId: created.json().transaction_id as string, vehicle: confirmed.json().vehicle as Vehicle };
  };

  it('publishes a draft bought on Premium for 6 weeks, with 2 boosts this month', async () => {
    const draft = await s.draft(seller.token, { make: 'Nissan', model: 'Navara' });
    expect(draft.is_published).toBe(false);
    const { vehicle } = await buyPlan(seller.token, draft.id, 'premium');
    expect(vehicle).toMatchObject({ is_published: true, advertising_plan: 'premium', boosted_until: null });
    expect(Date.parse(vehicle.expires_at!) - s.clock.now.getTime()).toBe(42 * DAY_MS);
    const row = (await history(seller.token, seller.user.id)).find((r) => r.id === draft.id)!;
    expect(row).toMatchObject({ advertising_plan: 'premium', boosts_left: 2 });
  });

  it('sells a plan by card too, at the plan’s price', async () => {
    const draft = await s.draft(seller.token, { make: 'Mercedes-Benz', model: 'Sprinter' });
    const intent = await call('POST', '/api/payments/create-intent', seller.token, { vehicle_id: draft.id, payment_method: 'card', advertising_plan: 'ultimate' });
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json()).toMatchObject({ amount: 20, advertising_plan: 'ultimate' });
    const done = await call('POST', `/api/payments/confirm/${intent.json().payment_intent_id}`, seller.token, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().vehicle).toMatchObject({ is_published: true, advertising_plan: 'ultimate' });
    expect(Date.parse(done.json().vehicle.expires_at) - s.clock.now.getTime()).toBe(RELIST_DAYS * DAY_MS);
  });

  it('boosts for 24 hours, refuses a second boost while boosted, and stops at the month’s allowance', async () => {
    const draft = await s.draft(seller.token, { make: 'Isuzu', model: 'D-Max' });
    await buyPlan(seller.token, draft.id, 'standard');
    const boosted = await call('POST', `/api/vehicles/${draft.id}/boost`, seller.token);
    expect(boosted.statusCode, boosted.body).toBe(200);
    expect(boosted.json().boosts_left).toBe(0);
    const until = Date.parse(boosted.json().vehicle.boosted_until);
    expect(until).toBe(Math.floor(s.clock.now.getTime() / 1000) * 1000 + 24 * 3_600_000);
    const again = await call('POST', `/api/vehicles/${draft.id}/boost`, seller.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(BOOST_TEXTS.already);
    // A day later the boost is over; Standard's one boost this month is spent.
    s.clock.now = new Date(s.clock.now.getTime() + 25 * 3_600_000);
    const spent = await call('POST', `/api/vehicles/${draft.id}/boost`, seller.token);
    expect(spent.statusCode).toBe(409);
    expect(spent.json().detail).toBe(BOOST_TEXTS.noneLeft);
    expect((await history(seller.token, seller.user.id)).find((r) => r.id === draft.id)!.boosts_left).toBe(0);
    // The next Harare month gives it back.
    const saved = s.clock.now;
    s.clock.now = nextHarareMonthStart(saved);
    expect(harareMonthStart(s.clock.now).getTime()).toBe(s.clock.now.getTime());
    expect((await history(seller.token, seller.user.id)).find((r) => r.id === draft.id)!.boosts_left).toBe(1);
    s.clock.now = saved;
  });

  it('counts two boosts pressed at once as one', async () => {
    const draft = await s.draft(seller.token, { make: 'Ford', model: 'Ranger' });
    await buyPlan(seller.token, draft.id, 'ultimate');
    const answers = await Promise.all([0, 1, 2].map(() => call('POST', `/api/vehicles/${draft.id}/boost`, seller.token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await history(seller.token, seller.user.id)).find((r) => r.id === draft.id)!.boosts_left).toBe(2);
  });

  it('refuses boosts to others, to listings not live and to plans without boosts', async () => {
    const draft = await s.draft(seller.token, { make: 'Mazda', model: 'BT-50' });
    const notMine = await call('POST', `/api/vehicles/${draft.id}/boost`, other.token);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().detail).toBe(BOOST_TEXTS.notSeller);
    const notLive = await call('POST', `/api/vehicles/${draft.id}/boost`, seller.token);
    expect(notLive.statusCode).toBe(409);
    expect(notLive.json().detail).toBe(BOOST_TEXTS.notPublic);
    await buyPlan(seller.token, draft.id, 'basic');
    const basic = await call('POST', `/api/vehicles/${draft.id}/boost`, seller.token);
    expect(basic.statusCode).toBe(409);
    expect(basic.json().detail).toBe(BOOST_TEXTS.noPlan);
    expect((await call('POST', `/api/vehicles/00000000-0000-4000-8000-000000000000/boost`, seller.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/vehicles/${draft.id}/boost`, null)).statusCode).toBe(401);
    expect((await call('POST', `/api/vehicles/not-a-uuid/boost`, seller.token)).statusCode).toBe(422);
  });

  it('sells a plan to a live listing once, extending it, while a plain fee for it is still refused', async () => {
    const live = (await history(seller.token, seller.user.id)).find((r) => r.model === 'Corolla')!;
    expect(live.is_published).toBe(true);
    const plain = await call('POST', '/api/payments/ecocash/create', seller.token, { vehicle_id: live.id, customer_msisdn: '0771234567' });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().detail).toBe(PAYMENT_MESSAGES.alreadyPaid);
    const before = await rowOf(live.id);
    const { transactionId, vehicle } = await buyPlan(seller.token, live.id, 'premium');
    expect(vehicle.advertising_plan).toBe('premium');
    expect(Date.parse(vehicle.expires_at!)).toBe(before.expires_at + 42 * DAY_MS);
    // The confirm again (a retry, or Paynow's callback) extends nothing more.
    const retried = await call('POST', `/api/payments/ecocash/confirm/${transactionId}`, seller.token, { pin: '1234' });
    expect(retried.statusCode).toBe(200);
    expect((await rowOf(live.id)).expires_at).toBe(before.expires_at + 42 * DAY_MS);
    const credited = rowsOf<{ n: number }>(await s.app.ctx.db.execute(sql`select count(*)::int as n from payments where vehicle_id = ${live.id} and status <> 'succeeded'`));
    expect(credited[0]!.n).toBe(0);
  });

  it('answers the same open payment for the same plan, and a new one for another plan', async () => {
    const draft = await s.draft(seller.token, { make: 'Honda', model: 'Fit' });
    const body = { vehicle_id: draft.id, customer_msisdn: '0771234567' };
    const a = await call('POST', '/api/payments/ecocash/create', seller.token, { ...body, advertising_plan: 'premium' });
    const b = await call('POST', '/api/payments/ecocash/create', seller.token, { ...body, advertising_plan: 'premium' });
    expect(b.json().transaction_id).toBe(a.json().transaction_id);
    const c = await call('POST', '/api/payments/ecocash/create', seller.token, { ...body, advertising_plan: 'basic' });
    expect(c.json()).toMatchObject({ amount: 5, advertising_plan: 'basic' });
    expect(c.json().transaction_id).not.toBe(a.json().transaction_id);
    const bad = await call('POST', '/api/payments/ecocash/create', seller.token, { ...body, advertising_plan: 'gold' });
    expect(bad.statusCode).toBe(422);
  });

  it('clears ended boosts and relists unsold Ultimate listings every 4 weeks, each with a new revision', async () => {
    const ultimate = await s.draft(seller.token, { make: 'Toyota', model: 'Hilux' });
    await buyPlan(seller.token, ultimate.id, 'ultimate');
    const sold = await s.draft(seller.token, { make: 'Toyota', model: 'Fortuner' });
    await buyPlan(seller.token, sold.id, 'ultimate');
    expect((await call('POST', `/api/vehicles/${sold.id}/sold`, seller.token)).statusCode).toBe(200);
    const boosted = await call('POST', `/api/vehicles/${ultimate.id}/boost`, seller.token);
    expect(boosted.statusCode, boosted.body).toBe(200);
    // Its boost ended and its 4 weeks are nearly over, by the database's clock.
    await s.app.ctx.db.execute(
      sql`update vehicles set boosted_until = now() - interval '1 minute', expires_at = now() + interval '10 minutes', created_at = now() - interval '28 days' where id in (${ultimate.id}, ${sold.id})`,
    );
    const before = await rowOf(ultimate.id);
    await runJobs(JOB_NAMES.advertisingPlans);
    const after = await rowOf(ultimate.id);
    expect(after.boosted_until).toBeNull();
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(after.created_at).toBeGreaterThan(before.created_at + 27 * DAY_MS);
    expect(after.expires_at - after.created_at).toBe(RELIST_DAYS * DAY_MS);
    // A sold one is not relisted.
    const soldRow = await rowOf(sold.id);
    expect(soldRow.expires_at).toBeLessThan(before.expires_at + 60_000);
    // Nothing left to do: a second run changes nothing.
    await runJobs(JOB_NAMES.advertisingPlans);
    expect((await rowOf(ultimate.id)).revision).toBe(after.revision);
  });
});
