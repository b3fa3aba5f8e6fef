import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListingIndex } from '@/domain/search/index/listingIndex';
import { normalizeSearch, parseSearchQuery } from '@/domain/search/filters';
import { decodePrices, decodeSummaries, type ListingSummary, type SummaryPage } from '@/domain/search/summary';
import type { Vehicle } from '@/domain/listing/vehicle';
import { applySummaryPage, dropLapsed } from '@/data/sync';
import { vehicles } from '@/server/db/schema';
import { updateVehicle, withListingWrite } from '@/server/repositories/vehicles/writes';
import { ENGINES, startServer, type TestServer } from './harness';

// Format 3 of the summary feed (a price alone as its price, no tombstone for a listing that expired on
// schedule) through the real route, applied by the device's own code (applySummaryPage, dropLapsed):
// after a mix of changes the device's copy is a fresh snapshot's, field for field.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;
  let seller: { token: string; user: { id: string } };

  beforeAll(async () => {
    s = await startServer(engine, { seed: true });
    seller = await s.signup({ name: 'Delta Seller' });
  });
  afterAll(async () => {
    await s?.close();
  });

  const publish = async (body: Record<string, unknown>): Promise<Vehicle> => s.pay(seller.token, (await s.draft(seller.token, body)).id);
  const put = (id: string, body: Record<string, unknown>) => s.request({ method: 'PUT', url: `/api/vehicles/${id}`, token: seller.token, body });

  async function page(format: number, since: number, limit = 20000): Promise<SummaryPage> {
    const res = await s.request({ method: 'GET', url: `/api/sync/summary?format=${format}&since=${since}&limit=${limit}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SummaryPage;
  }

  /** A device's index after following the feed from `since` (0: a first download) to its end, as the worker does. */
  async function follow(index: ListingIndex<ListingSummary>, since: number, format = 3, limit = 20000): Promise<{ revision: number; pages: SummaryPage[] }> {
    const pages: SummaryPage[] = [];
    for (;;) {
      const p = await page(format, since, limit);
      pages.push(p);
      applySummaryPage(index, p);
      since = p.revision;
      if (!p.has_more) break;
    }
    dropLapsed(index);
    return { revision: since, pages };
  }

  const byId = (rows: Iterable<ListingSummary>) => new Map([...rows].map((r) => [r.id, r]));

  async function expectSnapshot(index: ListingIndex<ListingSummary>) {
    const fresh = new ListingIndex<ListingSummary>();
    await follow(fresh, 0);
    const held = byId(index.values());
    const expected = byId(fresh.values());
    expect(new Set(held.keys())).toEqual(new Set(expected.keys()));
    for (const [id, v] of expected) expect(held.get(id), id).toEqual(v);
  }

  it('a day of changes arrives in part where the device holds the rest, and the copy is a fresh snapshot', async () => {
    const repriced = await publish({ price: 10_000 });
    const edited = await publish({ price: 20_000 });
    const both = await publish({ price: 30_000 });
    const deleted = await publish({ price: 40_000 });
    const lapsing = await publish({ price: 50_000 });
    const cutShort = await publish({ price: 60_000 });
    // The expiry the device will hold, written as the app writes (a revision): it passes during the test.
    // A whole second: the feed sends expiries in seconds, rounded up.
    const lapsesAt = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
    await withListingWrite(s.app.ctx.db, async (tx, next) => {
      await updateVehicle(tx, lapsing.id, { expiresAt: lapsesAt }, await next());
    });

    const device = new ListingIndex<ListingSummary>();
    const { revision } = await follow(device, 0);
    expect(device.has(lapsing.id)).toBe(true);

    expect((await put(repriced.id, { price: 9_500 })).statusCode).toBe(200);
    expect((await put(edited.id, { mileage: 123_456 })).statusCode).toBe(200);
    expect((await put(both.id, { price: 29_000, location: 'Avondale, Harare' })).statusCode).toBe(200);
    expect((await s.request({ method: 'DELETE', url: `/api/vehicles/${deleted.id}`, token: seller.token })).statusCode).toBe(200);
    const added = await publish({ price: 70_000 });
    // An expiry moved into the past with no revision (an operator's SQL): the device cannot know it.
    await s.app.ctx.db
      .update(vehicles)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(vehicles.id, cutShort.id));
    await sleep(Math.max(0, lapsesAt.getTime() - Date.now() + 100));

    const { pages } = await follow(device, revision, 3, 3);
    expect(pages.length).toBeGreaterThan(1);
    const rows = pages.flatMap((p) => decodeSummaries(p.rows).map((r) => r.id));
    const prices = pages.flatMap((p) => decodePrices(p.prices!));
    const tombstones = pages.flatMap((p) => p.tombstones);
    expect(prices).toEqual([{ id: repriced.id, price: 9_500 }]);
    expect(new Set(rows)).toEqual(new Set([edited.id, both.id, added.id]));
    expect({ deleted: tombstones.includes(deleted.id), cutShort: tombstones.includes(cutShort.id), lapsing: tombstones.includes(lapsing.id) }).toEqual({
      deleted: true,
      cutShort: true,
      lapsing: false,
    });
    expect(tombstones.length).toBe(2);
    expect(device.has(lapsing.id)).toBe(false);
    await expectSnapshot(device);

    // The device shows the expired listing nowhere: not in a search, not in its count.
    const all = device.search(normalizeSearch(parseSearchQuery({ limit: 100 })));
    expect(all.hits.map((h) => h.item.id)).not.toContain(lapsing.id);
    expect(all.total).toBe(device.size);

    // The app of the version before (format 2) still gets every change in full.
    const old = await follow(new ListingIndex<ListingSummary>(), revision, 2);
    expect(old.pages.every((p) => p.format === 2 && p.prices === undefined)).toBe(true);
    expect(new Set(old.pages.flatMap((p) => p.tombstones))).toEqual(new Set([deleted.id, cutShort.id, lapsing.id]));
    expect(new Set(old.pages.flatMap((p) => decodeSummaries(p.rows).map((r) => r.id)))).toEqual(new Set([repriced.id, edited.id, both.id, added.id]));
  });

  it('a listing whose expiry a renewal moved arrives in full (not as a price alone) and stays', async () => {
    const renewed = await publish({ price: 11_000 });
    const device = new ListingIndex<ListingSummary>();
    const { revision } = await follow(device, 0);
    // A renewal moves the expiry: a change to the summary, sent in full.
    const later = new Date(Math.floor(Date.now() / 1000) * 1000 + 30 * 86_400_000);
    await withListingWrite(s.app.ctx.db, async (tx, next) => {
      await updateVehicle(tx, renewed.id, { expiresAt: later, price: 10_500 }, await next());
    });
    const { pages } = await follow(device, revision);
    expect(pages.flatMap((p) => decodePrices(p.prices!))).toEqual([]);
    expect(device.get(renewed.id)).toMatchObject({ price: 10_500, expires_at: later.toISOString() });
    await expectSnapshot(device);
  });

  it('answers formats other than 2 and 3 with 400 and the text the app shows', async () => {
    for (const format of ['1', '4', '']) {
      const res = await s.request({ method: 'GET', url: `/api/sync/summary?format=${format}` });
      expect(res.statusCode, format).toBe(400);
      expect(res.json()).toEqual({ detail: 'This app version is out of date: reload to update it.' });
    }
    expect((await page(2, 0, 5)).format).toBe(2);
    expect((await page(3, 0, 5)).format).toBe(3);
  });
});
