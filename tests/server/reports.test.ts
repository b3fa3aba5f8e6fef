import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { AdminReportGroup } from '@/domain/core/wire';
import { decodeSummaries, type SummaryPage } from '@/domain/search/summary';
import { REPORT_TEXTS } from '@/domain/listing/reports';
import { currentRevision } from '@/server/repositories/vehicles/writes';
import { ENGINES, startServer, type TestServer } from './harness';

type Session = Awaited<ReturnType<TestServer['signup']>>;

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;
  let seller: Session;
  let admin: { token: string };

  beforeAll(async () => {
    s = await startServer(engine, { config: { reportsPerHour: 4 } });
    seller = await s.signup({ name: 'Rudo Seller' });
    admin = await s.admin();
  });
  afterAll(async () => {
    await s?.close();
  });

  const publish = async (over: Record<string, unknown> = {}) => s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Hilux', ...over })).id);
  const report = (id: string, token: string | null, body: unknown = { reason: 'scam', note: 'Asks for a deposit by EcoCash before viewing' }) =>
    s.request({ method: 'POST', url: `/api/vehicles/${id}/reports`, token, body });
  const reports = async () => {
    const res = await s.request({ method: 'GET', url: '/api/admin/reports', token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminReportGroup[];
  };
  const searchIds = async () => ((await s.request({ method: 'GET', url: '/api/vehicles?limit=500' })).json() as Vehicle[]).map((v) => v.id);
  const summarySince = async (since: number) => {
    const res = await s.request({ method: 'GET', url: `/api/sync/summary?format=2&since=${since}&limit=20000` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SummaryPage;
  };
  const history = async () => {
    const res = await s.request({ method: 'GET', url: `/api/users/${seller.user.id}/listing-history`, token: seller.token });
    return res.json() as Vehicle[];
  };

  it('only a signed-in person reports, never their own listing, with a known reason and a note of at most 1000 characters', async () => {
    const v = await publish();
    const buyer = await s.signup();
    expect((await report(v.id, null)).statusCode).toBe(401);
    const own = await report(v.id, seller.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: REPORT_TEXTS.ownListing });
    for (const body of [{ reason: 'ugly' }, {}, { reason: 'scam', note: 'x'.repeat(1001) }]) {
      const bad = await report(v.id, buyer.token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(bad.json()).toHaveProperty('detail');
    }
    expect((await report('00000000-0000-4000-8000-000000000000', buyer.token)).statusCode).toBe(404);
    const ok = await report(v.id, buyer.token, { reason: 'wrong_details', note: 'x'.repeat(1000) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toEqual({ message: REPORT_TEXTS.sent });
  });

  it('only admins read and dismiss reports', async () => {
    const v = await publish();
    const buyer = await s.signup();
    expect((await report(v.id, buyer.token)).statusCode).toBe(201);
    for (const token of [null, buyer.token, seller.token]) {
      const list = await s.request({ method: 'GET', url: '/api/admin/reports', token });
      expect(list.statusCode).toBe(token ? 403 : 401);
      expect(list.json()).toHaveProperty('detail');
      const dismiss = await s.request({ method: 'POST', url: `/api/admin/reports/${v.id}/dismiss`, token });
      expect(dismiss.statusCode).toBe(token ? 403 : 401);
    }
    const group = (await reports()).find((g) => g.vehicle_id === v.id);
    expect(group).toMatchObject({ make: 'Toyota', model: 'Hilux', count: 1, hidden_for_review: false, reports: [{ reason: 'scam', note: 'Asks for a deposit by EcoCash before viewing' }] });
  });

  it('one person reporting again counts once, and does not hide the listing', async () => {
    const v = await publish();
    const buyer = await s.signup();
    expect((await report(v.id, buyer.token)).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) {
      const again = await report(v.id, buyer.token, { reason: 'offensive' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: REPORT_TEXTS.alreadyReported });
    }
    expect((await reports()).find((g) => g.vehicle_id === v.id)?.count).toBe(1);
    expect(await searchIds()).toContain(v.id);
    expect((await s.request({ method: 'GET', url: `/api/vehicles/${v.id}` })).statusCode).toBe(200);
  });

  it('reports from three different people hide the listing from search, the feed and its page until an admin dismisses them', async () => {
    const v = await publish({ price: 4321 });
    const people = [await s.signup(), await s.signup(), await s.signup()];
    expect((await report(v.id, people[0]!.token)).statusCode).toBe(201);
    expect((await report(v.id, people[1]!.token, { reason: 'already_sold' })).statusCode).toBe(201);
    expect(await searchIds()).toContain(v.id);
    const before = await currentRevision(s.app.ctx.db);

    expect((await report(v.id, people[2]!.token, { reason: 'duplicate' })).statusCode).toBe(201);
    expect(await searchIds()).not.toContain(v.id);
    expect((await s.request({ method: 'GET', url: `/api/cars?make=Toyota&max_price=5000` })).json()).toEqual([]);
    expect((await summarySince(before)).tombstones).toContain(v.id);
    expect((await s.request({ method: 'GET', url: `/api/vehicles/${v.id}`, token: people[0]!.token })).statusCode).toBe(404);
    // The owner still opens it, and reads why it is not in search.
    const own = await s.request({ method: 'GET', url: `/api/vehicles/${v.id}`, token: seller.token });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ hidden_for_review: true });
    expect((await history()).find((h) => h.id === v.id)).toMatchObject({ hidden_for_review: true });
    const group = (await reports()).find((g) => g.vehicle_id === v.id);
    expect(group).toMatchObject({ count: 3, hidden_for_review: true });
    expect(group!.reports.map((r) => r.reason).sort()).toEqual(['already_sold', 'duplicate', 'scam']);

    const afterHide = await currentRevision(s.app.ctx.db);
    const dismissed = await s.request({ method: 'POST', url: `/api/admin/reports/${v.id}/dismiss`, token: admin.token });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toEqual({ message: REPORT_TEXTS.dismissed });
    expect(await searchIds()).toContain(v.id);
    const delta = await summarySince(afterHide);
    expect(delta.tombstones).not.toContain(v.id);
    expect(decodeSummaries(delta.rows).map((r) => r.id)).toContain(v.id);
    expect((await reports()).find((g) => g.vehicle_id === v.id)).toBeUndefined();
    expect((await history()).find((h) => h.id === v.id)).not.toHaveProperty('hidden_for_review');
    const twice = await s.request({ method: 'POST', url: `/api/admin/reports/${v.id}/dismiss`, token: admin.token });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ detail: REPORT_TEXTS.noOpenReports });
    // A dismissed report no longer blocks the same person from reporting it again.
    expect((await report(v.id, people[0]!.token)).statusCode).toBe(201);
  });

  it('an admin removing a reported listing removes its reports', async () => {
    const v = await publish();
    expect((await report(v.id, (await s.signup()).token)).statusCode).toBe(201);
    expect((await s.request({ method: 'DELETE', url: `/api/admin/vehicle/${v.id}`, token: admin.token })).statusCode).toBe(200);
    expect((await reports()).find((g) => g.vehicle_id === v.id)).toBeUndefined();
  });

  it('a person sending more reports than the hourly limit is answered 429', async () => {
    const reporter = await s.signup();
    const listings = await Promise.all([publish(), publish(), publish(), publish(), publish()]);
    const codes: number[] = [];
    for (const v of listings) codes.push((await report(v.id, reporter.token)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 429]);
    const limited = await report(listings[4]!.id, reporter.token);
    expect(limited.json()).toEqual({ detail: REPORT_TEXTS.tooMany });
    // Someone else is not held back by it.
    expect((await report(listings[4]!.id, (await s.signup()).token)).statusCode).toBe(201);
  });
});
