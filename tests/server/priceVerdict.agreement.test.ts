import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { seededRandom } from '../support/random';
import { vehicles } from '@/server/db/schema';
import { applySummaryPage } from '@/data/sync';
import { ListingIndex } from '@/domain/search/index/listingIndex';
import { PRICE_BANDS } from '@/domain/search/priceBands';
import { indexPriceVerdicts, type PriceVerdict } from '@/domain/search/priceVerdict';
import type { ListingSummary, SummaryPage } from '@/domain/search/summary';
import type { Vehicle } from '@/domain/listing/vehicle';
import { ENGINES, startServer, type TestServer } from './harness';

// The price verdict is computed by the server over every public listing and by the device over the
// summaries it holds (the worker's listing index, filled page by page from the sync feed), with the
// same domain code: for every listing both must say the same. Random realistic data from a fixed seed
// (several models, a few with many listings and several with few), then changes the delta brings.

/** Models with how many listings each gets (skewed), the price of a 2018 with 80,000 km or 3,000 hours, and its type. */
const MODELS = [
  { type: 'car', make: 'Toyota', model: 'Hilux', count: 90, base: 32_000 },
  { type: 'car', make: 'Toyota', model: 'Corolla', count: 60, base: 14_000 },
  { type: 'car', make: 'Honda', model: 'Fit', count: 40, base: 7_000 },
  { type: 'car', make: 'Nissan', model: 'NP200', count: 12, base: 9_000 },
  { type: 'car', make: 'BMW', model: 'X5', count: 6, base: 45_000 },
  { type: 'car', make: 'Mazda', model: 'BT-50', count: 4, base: 21_000 },
  { type: 'construction', make: 'Caterpillar', model: '320D', count: 15, base: 95_000 },
  { type: 'farming', make: 'John Deere', model: '5075E', count: 9, base: 38_000 },
  { type: 'farming', make: 'Massey Ferguson', model: '375', count: 3, base: 18_000 },
] as const;

describe.each(ENGINES)('%s: the device and the server give every listing the same price verdict', (engine) => {
  let s: TestServer;
  const rand = seededRandom(2026_11_24);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  /** The device's copy: the worker's index of summaries and the feed's position. */
  const device = { index: new ListingIndex<ListingSummary>(), revision: 0, cursor: null as string | null };
  const verdicts = indexPriceVerdicts(() => device.index);

  beforeAll(async () => {
    s = await startServer(engine, { seed: false });
    await vi.waitFor(() => expect(s.app.ctx.publicIndex.ready).toBe(true), { timeout: 10_000 });
    const seller = await s.signup();
    const rows = MODELS.flatMap((m) =>
      Array.from({ length: m.count }, (_, i) => {
        const year = 2008 + Math.floor(rand() * 17);
        const equipment = m.type !== 'car';
        const usage = Math.round(rand() * (equipment ? 12_000 : 250_000));
        const wear = equipment ? (usage - 3_000) / 1_000 : (usage - 80_000) / 10_000;
        // About one in twenty far off the market (a typo, a scam, a bargain), one in fifteen without a price.
        const wild = rand() < 0.05 ? pick([0.2, 0.5, 3, 10]) : 1;
        const price = rand() < 1 / 15 ? null : Math.round(m.base * Math.exp(0.07 * (year - 2018) - 0.03 * wear + (rand() - 0.5) * 0.3) * wild);
        return {
          vehicleType: m.type,
          // The same model written in other letter cases and with stray spaces is the same model.
          make: rand() < 0.2 ? m.make.toUpperCase() : m.make,
          model: rand() < 0.15 ? ` ${m.model.toLowerCase()}` : m.model,
          year,
          price,
          mileage: equipment ? null : rand() < 0.1 ? null : usage,
          operatingHours: equipment && rand() < 0.9 ? usage : null,
          condition: 'used',
          sellerId: seller.user.id,
          isPublished: true,
          firstPublishedAt: new Date(),
          createdAt: new Date(Date.UTC(2026, 10, 1 + (i % 20))),
          revision: sql`nextval('listing_revision_seq')`,
        };
      }),
    );
    await s.app.ctx.db.insert(vehicles).values(rows);
    await s.outsideWriteSeen();
  });
  afterAll(() => s?.close());

  /** Brings the device's copy up to date through the summary feed, as the worker's sync does. */
  async function sync(): Promise<void> {
    for (;;) {
      const qs = new URLSearchParams({ format: '2', since: String(device.revision), ...(device.cursor && { cursor: device.cursor }) });
      const res = await s.request({ method: 'GET', url: `/api/sync/summary?${qs}` });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as SummaryPage;
      applySummaryPage(device.index, page);
      if (page.rows.n || page.tombstones.length) verdicts.clear();
      device.revision = page.revision;
      device.cursor = page.cursor;
      if (!page.has_more) return;
    }
  }

  /** Every public listing as the server's search answers it. */
  async function serverListings(): Promise<Vehicle[]> {
    const out: Vehicle[] = [];
    for (let offset = 0; ; offset += 500) {
      const res = await s.request({ method: 'GET', url: `/api/vehicles?limit=500&offset=${offset}` });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as Vehicle[];
      out.push(...page);
      if (page.length < 500) return out;
    }
  }

  async function expectAgreement(): Promise<Map<string, PriceVerdict | null | undefined>> {
    await sync();
    const listings = await serverListings();
    expect(listings).toHaveLength(device.index.size);
    const server = new Map(listings.map((v) => [v.id, v.price_verdict]));
    const onDevice = new Map(listings.map((v) => [v.id, verdicts.verdict(device.index.get(v.id)!)]));
    expect(onDevice).toEqual(server);
    // A listing's own page says the same as the search.
    for (const v of listings.filter((_, i) => i % 25 === 0)) {
      const res = await s.request({ method: 'GET', url: `/api/vehicles/${v.id}` });
      expect((res.json() as Vehicle).price_verdict).toEqual(server.get(v.id));
    }
    return server;
  }

  it('agrees on every listing, with every band and unpriced listings among them', async () => {
    const server = await expectAgreement();
    const bands = new Set([...server.values()].map((v) => v?.band ?? null));
    expect([...bands].sort()).toEqual([...PRICE_BANDS, null].sort());
    // A model with fewer than six listings never has enough data.
    const mazdas = (await serverListings()).filter((v) => v.model === 'BT-50' && v.price !== null);
    expect(mazdas.length).toBeGreaterThan(0);
    for (const v of mazdas) expect(v.price_verdict?.band).toBe('no_data');
  });

  it('still agrees after prices change, listings leave and a model gains listings', async () => {
    const db = s.app.ctx.db;
    const hiluxes = await db.select({ id: vehicles.id, price: vehicles.price }).from(vehicles).where(eq(vehicles.model, 'Hilux')).limit(10);
    for (const h of hiluxes.slice(0, 5)) {
      await db
        .update(vehicles)
        .set({ price: h.price === null ? 20_000 : Math.round(h.price * 0.6), revision: sql`nextval('listing_revision_seq')` })
        .where(eq(vehicles.id, h.id));
    }
    await db
      .update(vehicles)
      .set({ isPublished: false, revision: sql`nextval('listing_revision_seq')` })
      .where(
        inArray(
          vehicles.id,
          hiluxes.slice(5).map((h) => h.id),
        ),
      );
    // Five more BT-50s: the model now has enough listings for verdicts.
    const [mazda] = await db.select().from(vehicles).where(eq(vehicles.model, 'BT-50')).limit(1);
    await db.insert(vehicles).values(
      [2015, 2017, 2018, 2019, 2020].map((year, i) => ({
        ...mazda!,
        id: undefined,
        model: 'BT-50',
        year,
        price: 18_000 + i * 1000,
        createdAt: new Date(),
        revision: sql`nextval('listing_revision_seq')`,
      })),
    );
    await s.outsideWriteSeen();
    const server = await expectAgreement();
    expect(server.size).toBe(device.index.size);
    const bt50 = (await serverListings()).filter((v) => v.model === 'BT-50' && v.price !== null);
    expect(bt50.some((v) => v.price_verdict?.band !== 'no_data')).toBe(true);
  });
});
