import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { SyncPage } from '@/data/api';
import { vehicles } from '@/server/db/schema';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';

/** What an offline client keeps: its copy of the public listings and the revision it reached. */
class Mirror {
  readonly listings = new Map<string, Vehicle>();
  revision = 0;
  /** Every id received, in order, across all pages. */
  readonly upserted: string[] = [];
  readonly removed: string[] = [];
  readonly pages: SyncPage[] = [];
}

const PAGE = 7;
const DAY_MS = 86_400_000;

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;
  let a: { token: string; user: { id: string } };
  let b: { token: string; user: { id: string } };
  let adminToken: string;
  /** Listings that were never published: they must never reach a mirror. */
  const drafts: string[] = [];
  const fx: Record<string, Vehicle> = {};

  beforeAll(async () => {
    s = await startServer(engine, { seed: true });
    a = await s.signup({ name: 'Sync Private' });
    b = await s.signup({ user_type: 'dealer', name: 'Sync Dealer', business_name: 'Sync Motors' });
    adminToken = (await s.admin()).token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const create = (token: string, over: Record<string, unknown> = {}) => s.draft(token, over);
  const pay = (token: string, id: string) => s.pay(token, id);

  async function publish(token: string, over: Record<string, unknown> = {}): Promise<Vehicle> {
    return pay(token, (await create(token, over)).id);
  }

  async function expireNow(id: string) {
    await s.app.ctx.db
      .update(vehicles)
      .set({ expiresAt: new Date(Date.now() - DAY_MS) })
      .where(eq(vehicles.id, id));
  }

  async function publicListings(): Promise<Map<string, Vehicle>> {
    const res = await s.request({ method: 'GET', url: '/api/vehicles?limit=500' });
    expect(res.statusCode).toBe(200);
    const items = res.json() as Vehicle[];
    expect(Number(res.headers['x-total-count'])).toBe(items.length);
    return new Map(items.map((v) => [v.id, v]));
  }

  async function page(since: number, limit = PAGE): Promise<SyncPage> {
    const res = await s.request({ method: 'GET', url: `/api/sync/vehicles?since=${since}&limit=${limit}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SyncPage;
  }

  /** Follows the pages from the mirror's revision until has_more is false, or for at most `maxPages`. */
  async function pull(m: Mirror, maxPages = Infinity, limit = PAGE): Promise<boolean> {
    for (let n = 0; n < maxPages; n++) {
      const p = await page(m.revision, limit);
      const size = p.upserts.length + p.tombstones.length;
      expect(size).toBeLessThanOrEqual(limit);
      if (p.has_more) expect(size).toBe(limit);
      expect(p.revision).toBeGreaterThanOrEqual(m.revision);
      if (m.revision === 0) expect(p.tombstones).toEqual([]);
      for (const v of p.upserts) {
        expect(v.is_published).toBe(true);
        expect(v.revision).toBeLessThanOrEqual(p.revision);
        m.listings.set(v.id, v);
        m.upserted.push(v.id);
      }
      for (const id of p.tombstones) {
        m.listings.delete(id);
        m.removed.push(id);
      }
      m.pages.push(p);
      m.revision = p.revision;
      if (!p.has_more) return true;
      if (n > 500) throw new Error('sync does not end');
    }
    return false;
  }

  async function expectMirrorsPublicSet(m: Mirror) {
    const pub = await publicListings();
    expect(new Set(m.listings.keys())).toEqual(new Set(pub.keys()));
    // The price verdict is judged by whoever shows the listing (the server's search, the device's worker), not carried by the feed.
    for (const [id, { price_verdict: _, ...v }] of pub) expect(m.listings.get(id), id).toEqual(v);
  }

  function expectNoDrafts(m: Mirror) {
    for (const id of drafts) {
      expect(m.upserted).not.toContain(id);
      expect(m.removed).not.toContain(id);
    }
  }

  let first: Mirror;

  it('query validation: since and limit must be non-negative / positive integers', async () => {
    for (const qs of ['since=-1', 'limit=0', 'since=abc', 'limit=2001']) {
      const res = await s.request({ method: 'GET', url: `/api/sync/vehicles?${qs}` });
      expect(res.statusCode, qs).toBe(422);
    }
  });

  it('prepares listings: published, drafts, one deleted and one expired before any client syncs', async () => {
    fx.a1 = await publish(a.token, { make: 'Toyota', model: 'Vitz', price: 4500 });
    fx.a2 = await publish(a.token, { make: 'Toyota', model: 'Wish', price: 6500 });
    fx.a3 = await publish(a.token, { make: 'Honda', model: 'Fit', price: 5200 });
    fx.b1 = await publish(b.token, { make: 'Isuzu', model: 'D-Max', price: 31000 });
    fx.b2 = await publish(b.token, { make: 'Ford', model: 'Ranger', price: 42000 });
    fx.b3 = await publish(b.token, { make: 'Nissan', model: 'NP300', price: 22000 });
    drafts.push((await create(a.token, { make: 'Draft', model: 'One' })).id);
    drafts.push((await create(b.token, { make: 'Draft', model: 'Two' })).id);
    const gone = await publish(a.token, { make: 'Gone', model: 'Before' });
    expect((await s.request({ method: 'DELETE', url: `/api/vehicles/${gone.id}`, token: a.token })).statusCode).toBe(200);
    fx.expiredBefore = await publish(b.token, { make: 'Expired', model: 'Before' });
    await expireNow(fx.expiredBefore.id);
    const pub = await publicListings();
    expect(pub.has(fx.a1.id)).toBe(true);
    expect(pub.has(fx.expiredBefore.id)).toBe(false);
    expect(pub.size).toBeGreaterThan(60);
  });

  it('since=0 in one page sends exactly the public listings and no tombstones', async () => {
    const p = await page(0, 2000);
    expect(p.has_more).toBe(false);
    expect(p.tombstones).toEqual([]);
    const pub = await publicListings();
    expect(p.upserts.map((v) => v.id).sort()).toEqual([...pub.keys()].sort());
    expect(p.revision).toBeGreaterThanOrEqual(Math.max(...p.upserts.map((v) => v.revision)));
  });

  it('a client paging from 0 with limit 7 ends with exactly the public set, without duplicates', async () => {
    first = new Mirror();
    expect(await pull(first)).toBe(true);
    const pub = await publicListings();
    expect(first.pages.length).toBeGreaterThanOrEqual(Math.ceil(pub.size / PAGE));
    expect(first.pages[0]!.tombstones).toEqual([]);
    expect(new Set(first.upserted).size).toBe(first.upserted.length);
    await expectMirrorsPublicSet(first);
    expectNoDrafts(first);
    // Revisions only go forward, page after page.
    const revs = first.pages.map((p) => p.revision);
    expect([...revs].sort((x, y) => x - y)).toEqual(revs);
  });

  it('a client at the head gets no changes and the same revision', async () => {
    const p = await page(first.revision);
    expect(p).toEqual({ upserts: [], tombstones: [], revision: first.revision, has_more: false });
    const again = await page(first.revision, 1);
    expect(again).toEqual({ upserts: [], tombstones: [], revision: first.revision, has_more: false });
  });

  it('a resuming client gets the upserts and tombstones that bring it back to the public set', async () => {
    const head = first.revision;
    const fresh = await publish(a.token, { make: 'Mazda', model: 'CX-5', price: 27000 });
    const upd = await s.request({ method: 'PUT', url: `/api/vehicles/${fx.a1!.id}`, token: a.token, body: { price: 4100, color: 'Silver' } });
    expect(upd.statusCode).toBe(200);
    expect((await s.request({ method: 'DELETE', url: `/api/vehicles/${fx.a2!.id}`, token: a.token })).statusCode).toBe(200);
    await expireNow(fx.b1!.id);
    const adminDel = await s.request({ method: 'DELETE', url: `/api/admin/vehicle/${fx.b2!.id}`, token: adminToken });
    expect(adminDel.statusCode).toBe(200);
    // Draft churn that no mirror may see.
    const newDraft = await create(a.token, { make: 'Draft', model: 'Three' });
    drafts.push(newDraft.id);
    expect((await s.request({ method: 'PUT', url: `/api/vehicles/${drafts[1]}`, token: b.token, body: { price: 1 } })).statusCode).toBe(200);
    expect((await s.request({ method: 'DELETE', url: `/api/vehicles/${drafts[0]}`, token: a.token })).statusCode).toBe(200);

    const before = first.upserted.length;
    const removedBefore = first.removed.length;
    expect(await pull(first)).toBe(true);
    expect(first.revision).toBeGreaterThan(head);
    const upserts = first.upserted.slice(before);
    const tombstones = first.removed.slice(removedBefore);
    expect([...upserts].sort()).toEqual([fresh.id, fx.a1!.id].sort());
    expect([...tombstones].sort()).toEqual([fx.a2!.id, fx.b1!.id, fx.b2!.id].sort());
    expect(first.listings.get(fx.a1!.id)).toMatchObject({ price: 4100, color: 'Silver' });
    await expectMirrorsPublicSet(first);
    expectNoDrafts(first);

    const p = await page(first.revision);
    expect(p).toEqual({ upserts: [], tombstones: [], revision: first.revision, has_more: false });
  });

  it('an interrupted client that resumes from its last page ends identical to an uninterrupted one', async () => {
    const interrupted = new Mirror();
    expect(await pull(interrupted, 3)).toBe(false);
    expect(interrupted.pages).toHaveLength(3);
    expect(interrupted.pages[2]!.has_more).toBe(true);
    const stoppedAt = interrupted.revision;

    // While it is away: changes both behind and ahead of where it stopped.
    const received = interrupted.upserted[0]!;
    expect(interrupted.listings.has(received)).toBe(true);
    expect((await s.request({ method: 'DELETE', url: `/api/admin/vehicle/${received}`, token: adminToken })).statusCode).toBe(200);
    const upd = await s.request({ method: 'PUT', url: `/api/vehicles/${fx.a3!.id}`, token: a.token, body: { price: 5000 } });
    expect(upd.statusCode).toBe(200);
    await expireNow(fx.b3!.id);
    const late = await publish(b.token, { make: 'Toyota', model: 'Hilux', price: 39000 });

    // It resumes from the revision of the last page it stored.
    expect(interrupted.revision).toBe(stoppedAt);
    expect(await pull(interrupted)).toBe(true);

    const whole = new Mirror();
    expect(await pull(whole)).toBe(true);
    expect(new Set(whole.upserted).size).toBe(whole.upserted.length);

    expect(interrupted.listings).toEqual(whole.listings);
    expect(interrupted.listings.has(late.id)).toBe(true);
    expect(interrupted.listings.has(received)).toBe(false);
    expect(interrupted.listings.has(fx.b3!.id)).toBe(false);
    expect(interrupted.listings.get(fx.a3!.id)!.price).toBe(5000);
    await expectMirrorsPublicSet(interrupted);
    await expectMirrorsPublicSet(whole);

    // The long-lived client catches up to the same state too.
    expect(await pull(first)).toBe(true);
    expect(first.listings).toEqual(whole.listings);
    expect(first.revision).toBe(whole.revision);
    for (const m of [interrupted, whole, first]) expectNoDrafts(m);
  });

  it('an interrupted client with nothing changing in between ends identical too', async () => {
    for (const stopAfter of [1, 2, 5]) {
      const c = new Mirror();
      expect(await pull(c, stopAfter)).toBe(false);
      expect(await pull(c)).toBe(true);
      const whole = new Mirror();
      expect(await pull(whole)).toBe(true);
      expect(c.listings).toEqual(whole.listings);
      expect(c.revision).toBe(whole.revision);
      expect(new Set(c.upserted).size).toBe(c.upserted.length);
    }
  });

  it('relisting an expired listing reaches mirrors again; a free listing too', async () => {
    const m = new Mirror();
    await pull(m);
    expect(m.listings.has(fx.b1!.id)).toBe(false);
    const relisted = await pay(b.token, fx.b1!.id);
    expect(relisted.is_published).toBe(true);
    const free = await s.request({ method: 'POST', url: '/api/vehicles?is_free_update=true', token: b.token, body: listingBody({ make: 'Free', model: 'Listing' }) });
    expect(free.statusCode).toBe(201);
    const start = m.upserted.length;
    await pull(m);
    expect(m.upserted.slice(start).sort()).toEqual([fx.b1!.id, free.json().id].sort());
    await expectMirrorsPublicSet(m);
    expect(await pull(first)).toBe(true);
    await expectMirrorsPublicSet(first);
  });
});
