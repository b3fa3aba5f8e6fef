import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { vehicles } from '@/server/db/schema';
import { LISTING_COLUMNS, toApiVehicle } from '@/server/repositories/vehicles/rows';
import { publicListingsJson } from '@/server/repositories/vehicles/listingJson';
import { searchVehicles } from '@/server/repositories/vehicles/search';
import { normalizeSearch, parseSearchQuery } from '@/domain/search/filters';
import type { Vehicle } from '@/domain/listing/vehicle';
import { ENGINES, startServer, type TestServer } from './harness';

// A search's page is written from each listing's JSON as PostgreSQL writes it (publicListingsJson),
// while every other answer comes from toApiVehicle: a buyer must get the same listing either way.

const DAY = 86_400_000;

describe.each(ENGINES)('%s: a public listing reads the same from PostgreSQL as from toApiVehicle', (engine) => {
  let s: TestServer;
  let ids: string[];

  beforeAll(async () => {
    s = await startServer(engine, { seed: false });
    const seller = (await s.signup()).user.id;
    const now = Date.now();
    const base = { sellerId: seller, isPublished: true, firstPublishedAt: new Date(now - DAY), revision: sql`nextval('listing_revision_seq')` };
    const rows = await s.app.ctx.db
      .insert(vehicles)
      .values([
        // Every optional field empty.
        { ...base, vehicleType: 'car', make: 'Toyota', model: 'Hilux', year: 2015 },
        // Every field given, with a price drop, awkward text and numbers that need all their digits.
        {
          ...base,
          vehicleType: 'car',
          make: 'Mercedes-Benz',
          model: 'C 200',
          variant: 'AMG "Line"',
          year: 2019,
          price: 23456.5,
          mileage: 123_456,
          engineSize: 1.6,
          dutyPaid: true,
          papersReady: false,
          verifiedDealer: true,
          fuelType: 'petrol',
          transmission: 'automatic',
          driveType: 'rwd',
          condition: 'used',
          category: 'sedan',
          color: 'silver',
          description: 'Line one\nline two: "quoted", a back\\slash, a tab\there, ñandú, Zimbabwe 🇿🇼 and </script>',
          images: ['/media/aa-full.webp', 'https://cdn.example.com/b.webp'],
          features: ['Air conditioning', 'Tow bar'],
          featured: true,
          subscriptionPlan: 'premium',
          sellerName: 'Makoni Auto Sales',
          sellerLocation: 'Avondale, Harare',
          location: 'Avondale, Harare',
          region: 'Harare',
          sellerType: 'dealer',
          sellerLatitude: -17.801234567891235,
          sellerLongitude: 31.04567891234568,
          publishedAt: new Date(now - DAY + 1),
          expiresAt: new Date(now + 30 * DAY + 999),
          priceDropAmount: 1500.25,
          priceDroppedAt: new Date(now - 3_600_000 + 7),
          views: 42,
        },
        // Construction equipment: no car category, hours instead of kilometres, engine power.
        {
          ...base,
          vehicleType: 'construction',
          make: 'Caterpillar',
          model: '320D',
          year: 2008,
          price: 95_000,
          operatingHours: 12_000,
          enginePowerHp: 148,
          category: 'excavator',
          sellerLatitude: 0.0000012,
          sellerLongitude: -0.5,
          expiresAt: new Date(now + DAY),
        },
      ])
      .returning({ id: vehicles.id });
    ids = rows.map((r) => r.id);
    await vi.waitFor(() => expect(s.app.ctx.publicIndex.ready).toBe(true), { timeout: 10_000 });
  });
  afterAll(() => s?.close());

  it('gives the same keys and values for listings of every kind', async () => {
    const read = new Map((await publicListingsJson(s.app.ctx.db, ids)).map((r) => [r.id, r.json]));
    const rows = await s.app.ctx.db.select(LISTING_COLUMNS).from(vehicles);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const expected = JSON.parse(JSON.stringify(toApiVehicle(row))) as Record<string, unknown>;
      const got = JSON.parse(read.get(row.id)!) as Record<string, unknown>;
      expect(Object.keys(got)).toEqual(Object.keys(expected));
      expect(got).toEqual(expected);
    }
  });

  it('leaves out a listing that is no longer public', async () => {
    await s.app.ctx.db.update(vehicles).set({ soldAt: new Date() }).where(eq(vehicles.id, ids[2]!));
    const read = await publicListingsJson(s.app.ctx.db, ids);
    expect(read.map((r) => r.id).sort()).toEqual([ids[0]!, ids[1]!].sort());
    await s.app.ctx.db.update(vehicles).set({ soldAt: null }).where(eq(vehicles.id, ids[2]!));
  });

  it('a sync page carries each public listing as toApiVehicle writes it', async () => {
    const res = await s.request({ method: 'GET', url: '/api/sync/vehicles?since=0&limit=10' });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { upserts: Vehicle[]; tombstones: string[]; has_more: boolean };
    const rows = await s.app.ctx.db.select(LISTING_COLUMNS).from(vehicles);
    expect(page.upserts.map((v) => v.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(page).toMatchObject({ tombstones: [], has_more: false });
    for (const v of page.upserts) expect(v).toEqual(JSON.parse(JSON.stringify(toApiVehicle(rows.find((r) => r.id === v.id)!))));
  });

  it("a search's page from the index is the page SQL answers, listing for listing", async () => {
    const query = 'buyer_lat=-17.83&buyer_lon=31.05&sort=price_desc&limit=20';
    const res = await s.request({ method: 'GET', url: `/api/vehicles?${query}` });
    expect(res.statusCode).toBe(200);
    const fromIndex = res.json() as Vehicle[];
    const { items } = await searchVehicles(s.app.ctx.db, normalizeSearch(parseSearchQuery(Object.fromEntries(new URLSearchParams(query)))), { publicOnly: true });
    expect(fromIndex.map((v) => v.id)).toHaveLength(3);
    // The page adds each listing's price verdict, which SQL's answer leaves to the detail page.
    expect(fromIndex.map(({ price_verdict: _verdict, ...v }) => v)).toEqual(JSON.parse(JSON.stringify(items)));
  });
});
