import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { LeadsAnswer } from '@/domain/core/wire';
import type { SummaryPage } from '@/domain/search/summary';
import { currentRevision } from '@/server/repositories/vehicles/writes';
import { ENGINES, startServer, type TestServer } from './harness';

// Issue 20 for sellers through the HTTP layer: mark as sold, price history and leads.

type Session = Awaited<ReturnType<TestServer['signup']>>;
type Listed = Vehicle & { sold_at: string | null; price_drop: { amount: number; at: string } | null };

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;
  let seller: Session;
  let other: Session;
  let admin: { token: string };

  beforeAll(async () => {
    s = await startServer(engine);
    seller = await s.signup({ name: 'Rudo Seller' });
    other = await s.signup({ name: 'Tendai Other' });
    admin = await s.admin();
  });
  afterAll(async () => {
    await s?.close();
  });

  const publish = async (over: Record<string, unknown> = {}) => s.pay(seller.token, (await s.draft(seller.token, over)).id);
  const sell = (id: string, token?: string | null) => s.request({ method: 'POST', url: `/api/vehicles/${id}/sold`, token: token ?? null });
  const get = async (id: string, token?: string) => {
    const res = await s.request({ method: 'GET', url: `/api/vehicles/${id}`, token: token ?? null });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Listed;
  };
  const searchIds = async (query: string) => {
    const res = await s.request({ method: 'GET', url: `/api/cars?${query}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as Vehicle[]).map((v) => v.id);
  };
  const edit = async (id: string, body: Record<string, unknown>) => {
    const res = await s.request({ method: 'PUT', url: `/api/vehicles/${id}`, token: seller.token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Listed;
  };

  describe('mark as sold', () => {
    it('only the seller marks a listing sold: 401 signed out, 403 for others and administrators, 404 unknown, 409 for a draft', async () => {
      const v = await publish({ make: 'Toyota', model: 'Hilux' });
      expect((await sell(v.id)).statusCode).toBe(401);
      const others = await sell(v.id, other.token);
      expect(others.statusCode).toBe(403);
      expect(others.json()).toEqual({ detail: 'Only its seller can mark a listing sold' });
      expect((await sell(v.id, admin.token)).statusCode).toBe(403);
      const unknown = await sell(randomUUID(), seller.token);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toHaveProperty('detail');
      const draft = await s.draft(seller.token);
      const refused = await sell(draft.id, seller.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: 'Only a published listing can be marked sold' });
      expect((await get(v.id)).sold_at).toBeNull();
    });

    it('a sold listing leaves search and the sync feeds (a tombstone), stays in the history as Sold, and its page still answers with sold_at', async () => {
      const v = await publish({ make: 'Mazda', model: 'BT-50' });
      expect(await searchIds('make=Mazda')).toContain(v.id);
      const before = await currentRevision(s.app.ctx.db);
      const res = await sell(v.id, seller.token);
      expect(res.statusCode, res.body).toBe(200);
      const sold = res.json() as Listed;
      expect(sold.sold_at).toEqual(expect.any(String));
      // Idempotent: selling again changes nothing.
      const again = await sell(v.id, seller.token);
      expect(again.statusCode).toBe(200);
      expect((again.json() as Listed).sold_at).toBe(sold.sold_at);
      expect((again.json() as Listed).revision).toBe(sold.revision);

      expect(await searchIds('make=Mazda')).not.toContain(v.id);
      const sync = (await s.request({ method: 'GET', url: `/api/sync/vehicles?since=${before}` })).json() as { tombstones: string[]; upserts: Vehicle[] };
      expect(sync.tombstones).toContain(v.id);
      expect(sync.upserts.map((u) => u.id)).not.toContain(v.id);
      const summary = (await s.request({ method: 'GET', url: `/api/sync/summary?format=2&since=${before}` })).json() as SummaryPage;
      expect(summary.tombstones).toContain(v.id);

      // A buyer opening an old link (or a favourite) reads it, sold; its contact is no longer given.
      const page = await get(v.id);
      expect(page.sold_at).toBe(sold.sold_at);
      expect((await s.request({ method: 'GET', url: `/api/vehicles/${v.id}/contact`, token: other.token })).statusCode).toBe(410);

      const history = (await s.request({ method: 'GET', url: `/api/users/${seller.user.id}/listing-history`, token: seller.token })).json() as (Listed & { status: string })[];
      const row = history.find((h) => h.id === v.id);
      expect(row).toMatchObject({ status: 'Sold', sold_at: sold.sold_at });
      // It cannot be paid for (relisted) again.
      const relist = await s.request({ method: 'POST', url: '/api/payments/create-intent', token: seller.token, body: { vehicle_id: v.id, payment_method: 'card' } });
      expect(relist.statusCode).toBe(409);
      expect(relist.json()).toEqual({ detail: 'This listing is sold: it cannot be paid for or relisted' });
      const adminRow = (await s.request({ method: 'GET', url: `/api/users/${seller.user.id}/listing-history`, token: admin.token })).json() as Listed[];
      expect(adminRow.find((h) => h.id === v.id)?.sold_at).toBe(sold.sold_at);
    });
  });

  describe('price history', () => {
    it('records every price change; a drop shows as price_drop, a rise clears it, the same price records nothing', async () => {
      const v = await publish({ make: 'Nissan', model: 'Navara', price: 20000 });
      expect((await get(v.id)).price_drop).toBeNull();
      const dropped = await edit(v.id, { price: 19500 });
      expect(dropped.price_drop).toEqual({ amount: 500, at: expect.any(String) });
      expect((await get(v.id)).price_drop).toEqual(dropped.price_drop);
      await edit(v.id, { price: 19500, description: 'New tyres' });
      const rows = await s.app.ctx.db.execute(sql`select old_price, new_price from price_changes where vehicle_id = ${v.id} order by id`);
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ old_price: 20000, new_price: 19500 }]);
      const raised = await edit(v.id, { price: 21000 });
      expect(raised.price_drop).toBeNull();
      const all = await s.app.ctx.db.execute(sql`select old_price, new_price from price_changes where vehicle_id = ${v.id} order by id`);
      expect((all as unknown as { rows: unknown[] }).rows).toEqual([
        { old_price: 20000, new_price: 19500 },
        { old_price: 19500, new_price: 21000 },
      ]);
      const again = await edit(v.id, { price: 18000 });
      expect(again.price_drop?.amount).toBe(3000);
      const listed = (await s.request({ method: 'GET', url: '/api/cars?make=Nissan' })).json() as Listed[];
      expect(listed.find((l) => l.id === v.id)?.price_drop?.amount).toBe(3000);
    });
  });

  describe('leads', () => {
    it("answers the signed-in seller's own listings only, with views, contacts, favourites and shares per day over 90 days", async () => {
      expect((await s.request({ method: 'GET', url: '/api/me/leads' })).statusCode).toBe(401);
      const v = await publish({ make: 'Isuzu', model: 'D-Max' });
      const otherListing = await s.pay(other.token, (await s.draft(other.token, { make: 'Ford', model: 'Ranger' })).id);
      await get(v.id);
      await get(v.id, other.token);
      await get(v.id, seller.token);
      await s.request({ method: 'GET', url: `/api/vehicles/${v.id}/contact`, token: other.token });
      await s.request({ method: 'GET', url: `/api/vehicles/${v.id}/contact`, token: other.token });
      const share = await s.request({ method: 'POST', url: `/api/vehicles/${v.id}/events`, body: { kind: 'share' } });
      expect(share.statusCode, share.body).toBe(204);
      const wrong = await s.request({ method: 'POST', url: `/api/vehicles/${v.id}/events`, body: { kind: 'view' } });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toHaveProperty('detail');
      expect((await s.request({ method: 'POST', url: `/api/vehicles/${randomUUID()}/events`, body: { kind: 'share' } })).statusCode).toBe(404);
      const draft = await s.draft(seller.token);
      expect((await s.request({ method: 'POST', url: `/api/vehicles/${draft.id}/events`, body: { kind: 'share' } })).statusCode).toBe(404);
      // Backdated days: 3, 20 and 40 days ago count, 100 days ago is outside the window.
      await s.app.ctx.db.execute(sql`insert into listing_events (vehicle_id, day, kind, count) values
        (${v.id}, (now() at time zone 'utc')::date - 3, 'view', 5),
        (${v.id}, (now() at time zone 'utc')::date - 3, 'favourite', 2),
        (${v.id}, (now() at time zone 'utc')::date - 20, 'view', 7),
        (${v.id}, (now() at time zone 'utc')::date - 20, 'share', 1),
        (${v.id}, (now() at time zone 'utc')::date - 40, 'view', 100),
        (${v.id}, (now() at time zone 'utc')::date - 100, 'view', 1000)`);

      const res = await s.request({ method: 'GET', url: '/api/me/leads', token: seller.token });
      expect(res.statusCode, res.body).toBe(200);
      const leads = res.json() as LeadsAnswer;
      expect(leads.days).toBe(90);
      expect(leads.listings.map((l) => l.vehicle_id)).not.toContain(otherListing.id);
      const mine = leads.listings.find((l) => l.vehicle_id === v.id)!;
      for (const kind of ['view', 'contact', 'call', 'whatsapp', 'favourite', 'share'] as const) expect(mine[kind]).toHaveLength(90);
      const sum = (a: number[], days: number) => a.slice(-days).reduce((x, y) => x + y, 0);
      // Two views today (the seller's own visit counts none), 5 three days ago, 7 twenty days ago.
      expect(mine.view[89]).toBe(2);
      expect(mine.view[86]).toBe(5);
      expect(sum(mine.view, 7)).toBe(7);
      expect(sum(mine.view, 30)).toBe(14);
      expect(sum(mine.view, 90)).toBe(114);
      expect(sum(mine.contact, 7)).toBe(1);
      expect(sum(mine.favourite, 7)).toBe(2);
      expect(sum(mine.share, 7)).toBe(1);
      expect(sum(mine.share, 30)).toBe(2);
    });

    it('takes shares a few a minute per address: 429 {detail} past that', async () => {
      const v = await publish({ make: 'Honda', model: 'Fit' });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await s.request({ method: 'POST', url: `/api/vehicles/${v.id}/events`, body: { kind: 'share' } })).statusCode);
      // Every request of this address in the minute counts, the earlier tests' too.
      expect(statuses.filter((c) => c === 204).length).toBeLessThanOrEqual(10);
      expect(statuses.at(-1)).toBe(429);
      const limited = await s.request({ method: 'POST', url: `/api/vehicles/${v.id}/events`, body: { kind: 'share' } });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toHaveProperty('detail');
    });
  });
});
