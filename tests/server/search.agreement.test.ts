import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../support/random';
import { sql } from 'drizzle-orm';
import { users, vehicles } from '@/server/db/schema';
import { searchVehicles } from '@/server/repositories/vehicles/search';
import { CITIES, BODY_TYPES, FUEL_TYPES, TRANSMISSIONS, DRIVE_TYPES, CONDITIONS, CONSTRUCTION_ENGINE_POWER_BANDS, ENGINE_SIZE_BANDS, SORT_ORDERS } from '@/domain/core/constants';
import { BROWSE_HOURS_OPTIONS } from '@/domain/core/screenChoices';
import { normalizeSearch, parseSearchQuery, toClauses } from '@/domain/search/filters';
import { compareRanked, matchesClauses } from '@/domain/search/match';
import { haversineKm } from '@/domain/geo/geo';
import { ListingIndex } from '@/domain/search/index/listingIndex';
import { decodeSummaries, type ListingSummary } from '@/domain/search/summary';
import { summaryPageSchema } from '@/domain/search/summaryWire';
import type { Vehicle } from '@/domain/listing/vehicle';
import { ENGINES, startServer, type TestServer } from './harness';

// The server's SQL, its in-memory index and the domain's rules must return the same listings in the same order
// for the same data and query. Random data and queries, from a fixed seed so a failure can be replayed.

const MAKES = { Toyota: ['Hilux', 'Corolla', 'Fortuner'], Honda: ['Fit', 'CR-V'], Nissan: ['NP200', 'X-Trail'], BMW: ['3 Series'] } as const;

describe.each(ENGINES)('%s: SQL and domain rules agree', (engine) => {
  let s: TestServer;
  let all: Vehicle[];
  let sellerIds: string[];
  const rand = seededRandom(20261122);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const maybe = <T>(p: number, v: () => T): T | undefined => (rand() < p ? v() : undefined);
  // The colour, the seller's words, from a random sequence of its own so the other fields' draws stay as they were.
  const colourRand = seededRandom(11);
  const fromColours = <T>(xs: readonly T[]): T => xs[Math.floor(colourRand() * xs.length)]!;
  // The verified phone (issue 37), from a sequence of its own too.
  const phoneRand = seededRandom(37);

  beforeAll(async () => {
    s = await startServer(engine, { seed: false });
    // The API's answers must come from the in-memory index (SQL answers while it is being built).
    await vi.waitFor(() => expect(s.app.ctx.publicIndex.ready).toBe(true), { timeout: 10_000 });
    const seller = await s.signup();
    // One dealer with about a third of the listings and 200 private sellers with one or two each.
    const privates = await s.app.ctx.db
      .insert(users)
      .values(Array.from({ length: 200 }, (_, i) => ({ name: `Private ${i}`, email: `private${i}@example.com` })))
      .returning({ id: users.id });
    sellerIds = [seller.user.id, ...privates.map((p) => p.id)];
    const rows = Array.from({ length: 400 }, (_, i) => {
      const make = pick(Object.keys(MAKES) as (keyof typeof MAKES)[]);
      const city = pick(CITIES);
      const noCoords = rand() < 0.05;
      return {
        vehicleType: pick(['car', 'car', 'car', 'construction', 'farming'] as const),
        make: rand() < 0.5 ? make : make.toUpperCase(),
        model: pick(MAKES[make]),
        variant: maybe(0.7, () => pick(['GD-6', 'VVTi', 'Hybrid', 'Base'])) ?? null,
        year: 1990 + Math.floor(rand() * 36),
        price: maybe(0.93, () => Math.round(rand() * 260_000)) ?? null,
        mileage: maybe(0.9, () => Math.floor(rand() * 400_000)) ?? null,
        engineSize: maybe(0.9, () => Math.round((0.8 + rand() * 4.5) * 10) / 10) ?? null,
        fuelType: maybe(0.95, () => pick(FUEL_TYPES)) ?? null,
        transmission: maybe(0.95, () => pick(TRANSMISSIONS)) ?? null,
        driveType: maybe(0.8, () => pick(DRIVE_TYPES)) ?? null,
        color: fromColours(['Pearl White', 'white', 'Soul Red', 'red', 'REDWOOD brown', 'Blue-Grey', 'Silver', null]),
        condition: pick(CONDITIONS),
        category: pick(BODY_TYPES),
        location: maybe(0.95, () => `${pick(['Avondale', 'Hillside', 'Sakubva'])}, ${city.name}, ${city.region}`) ?? null,
        sellerType: pick(['private', 'dealer', null] as const),
        featured: rand() < 0.2,
        sellerId: rand() < 0.35 ? seller.user.id : privates[Math.floor(i / 2)]!.id,
        sellerLatitude: noCoords ? null : city.latitude + (rand() - 0.5) * 0.5,
        sellerLongitude: noCoords ? null : city.longitude + (rand() - 0.5) * 0.5,
        // The bands' edges on purpose, so an off-by-one in either evaluator shows.
        enginePowerHp: maybe(0.6, () => (rand() < 0.4 ? pick([49, 50, 100, 101, 200, 201, 300, 301, 400, 401]) : 1 + Math.floor(rand() * 700))) ?? null,
        // Equipment's hours, the options' edges among them, so an off-by-one shows here too.
        operatingHours: maybe(0.5, () => (rand() < 0.4 ? pick([0, 1000, 1001, 5000, 20_000]) : Math.floor(rand() * 30_000))) ?? null,
        // The trust signals: declared yes, no, or not said; a verified dealer's listings.
        dutyPaid: pick([true, false, null]),
        papersReady: pick([true, false, null]),
        verifiedDealer: rand() < 0.3,
        phoneVerified: phoneRand() < 0.5,
        isPublished: true,
        firstPublishedAt: new Date(),
        // Equal timestamps on purpose, so the id tie-break is exercised.
        createdAt: new Date(Date.UTC(2026, 10, 1 + (i % 20))),
        revision: sql`nextval('listing_revision_seq')`,
      };
    });
    await s.app.ctx.db.insert(vehicles).values(rows);
    // Every tenth listing boosted (issue 38), as a boost writes it: its end in whole seconds, a new
    // revision. Six ends an hour apart, so several listings share one (the id breaks the tie), each
    // later than any listing's time: newest first puts them all at the top, the latest end first.
    await s.app.ctx.db.execute(sql`update vehicles set boosted_until = date_trunc('second', now()) + (1 + (b.k / 10) % 6) * interval '1 hour', revision = nextval('listing_revision_seq')
      from (select id, (row_number() over (order by created_at, id))::int as k from vehicles) b
      where vehicles.id = b.id and b.k % 10 = 0`);
    await s.outsideWriteSeen();
    const res = await s.request({ method: 'GET', url: '/api/vehicles?limit=500' });
    all = res.json();
    expect(all).toHaveLength(400);
  });
  afterAll(() => s?.close());

  function randomQuery(): Record<string, string> {
    const q: Record<string, unknown> = {
      vehicle_type: maybe(0.3, () => pick(['car', 'construction', 'farming'])),
      make: maybe(0.35, () => pick(Object.keys(MAKES)).toLowerCase()),
      model: maybe(0.2, () => pick(['Hilux', 'corolla', 'FIT', 'X-Trail'])),
      variant: maybe(0.1, () => pick(['gd-6', 'Hybrid'])),
      fuel_type: maybe(0.2, () => pick(FUEL_TYPES)),
      transmission: maybe(0.15, () => pick(TRANSMISSIONS)),
      condition: maybe(0.1, () => pick(CONDITIONS)),
      drive_type: maybe(0.1, () => pick(DRIVE_TYPES)),
      car_category: maybe(0.15, () => pick(BODY_TYPES)),
      min_price: maybe(0.15, () => Math.round(rand() * 50_000)),
      max_price: maybe(0.35, () => pick([5_000, 25_000, 100_000, 199_999, 200_000, 250_000])),
      min_mileage: maybe(0.05, () => 10_000),
      max_mileage: maybe(0.15, () => pick([50_000, 150_000, 300_000])),
      year_from: maybe(0.25, () => 1990 + Math.floor(rand() * 30)),
      year_to: maybe(0.2, () => 2000 + Math.floor(rand() * 26)),
      engine_size: maybe(0.15, () => pick(ENGINE_SIZE_BANDS)),
      engine_cc: maybe(0.08, () => pick(['1500', '2000', '4000+'])),
      region: maybe(0.25, () => pick(['harare', 'Midlands', 'mashonaland west', 'bulawayo'])),
      seller_type: maybe(0.25, () => pick(['private', 'dealer'])),
      featured: maybe(0.1, () => pick(['true', 'false'])),
      seller_id: maybe(0.15, () => pick([sellerIds[0]!, sellerIds[0]!.toUpperCase(), ...sellerIds.slice(1, 8)])),
      sort: pick(SORT_ORDERS),
      engine_power: maybe(0.2, () => pick(CONSTRUCTION_ENGINE_POWER_BANDS)),
      max_hours: maybe(0.2, () => pick(BROWSE_HOURS_OPTIONS)),
      min_hours: maybe(0.05, () => pick([1000, 20_000])),
      duty_paid: maybe(0.15, () => pick(['true', 'false'])),
      papers_ready: maybe(0.15, () => pick(['true', 'false'])),
      verified_dealer: maybe(0.15, () => pick(['true', 'false'])),
      phone_verified: phoneRand() < 0.12 ? (phoneRand() < 0.7 ? 'true' : 'false') : undefined,
      color: colourRand() < 0.06 ? fromColours(['red', 'WHITE', 'grey', 'Pearl White', 'red', 'white']) : undefined,
    };
    if (rand() < 0.5) {
      const c = pick(CITIES);
      q.buyer_lat = c.latitude;
      q.buyer_lon = c.longitude;
      q.distance = maybe(0.6, () => pick([20, 50, 100, 200]));
    }
    return Object.fromEntries(
      Object.entries(q)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
  }

  it('puts the boosted listings first newest first, the latest boost end first, alike in the index, in SQL and on a device from the summary feed', async () => {
    const boosted = all
      .filter((v) => v.boosted_until)
      .sort((a, b) => Date.parse(b.boosted_until!) - Date.parse(a.boosted_until!) || (a.id < b.id ? -1 : 1))
      .map((v) => v.id);
    expect(boosted).toHaveLength(40);
    // Ties among the boosts' ends, broken by id.
    expect(new Set(all.flatMap((v) => (v.boosted_until ? [v.boosted_until] : []))).size).toBe(6);
    // A device's copy: the summary feed's first download, decoded into the index the app searches.
    const device = new ListingIndex<ListingSummary>();
    let cursor: string | null = null;
    do {
      const res = await s.request({ method: 'GET', url: `/api/sync/summary?${new URLSearchParams({ format: '3', since: '0', limit: '150', ...(cursor && { cursor }) })}` });
      expect(res.statusCode, res.body).toBe(200);
      const page = summaryPageSchema.parse(res.json());
      for (const r of decodeSummaries(page.rows)) device.upsert(r);
      cursor = page.cursor;
    } while (cursor !== null);
    expect(device.size).toBe(400);
    const queries: Record<string, string>[] = [
      { sort: 'newest' },
      { sort: 'newest', make: 'toyota' },
      { sort: 'newest', vehicle_type: 'car', max_price: '100000' },
      { sort: 'distance' },
      { sort: 'year_desc' },
      { sort: 'price_asc', vehicle_type: 'car' },
      { sort: 'mileage_asc', region: 'harare' },
    ];
    for (const q of queries) {
      const label = JSON.stringify(q);
      const api = ((await s.request({ method: 'GET', url: `/api/vehicles?limit=500&${new URLSearchParams(q)}` })).json() as Vehicle[]).map((v) => v.id);
      const req = normalizeSearch(parseSearchQuery(q));
      const viaSql = (await searchVehicles(s.app.ctx.db, { ...req, limit: 500 }, { publicOnly: true })).items.map((v) => v.id);
      const onDevice = device.search({ ...req, limit: 500 }, Date.now()).hits.map((h) => h.item.id);
      expect(viaSql, `SQL ${label}`).toEqual(api);
      expect(onDevice, `device ${label}`).toEqual(api);
      if (q.sort === 'newest' || q.sort === 'distance') {
        // The boosted of the answer, in their order, and then the rest.
        const inAnswer = boosted.filter((id) => api.includes(id));
        expect(inAnswer.length, label).toBeGreaterThan(0);
        expect(api.slice(0, inAnswer.length), label).toEqual(inAnswer);
      }
      if (q.sort === 'year_desc') {
        // Among listings of one year, the boosted come first.
        const byId = new Map(all.map((v) => [v.id, v]));
        const years = api.map((id) => byId.get(id)!);
        let mixedYears = 0;
        for (let i = 1; i < years.length; i++) {
          const [a, b] = [years[i - 1]!, years[i]!];
          if (a.year !== b.year) continue;
          expect(!a.boosted_until && b.boosted_until, `${a.id} before ${b.id}`).toBeFalsy();
          if (a.boosted_until && !b.boosted_until) mixedYears++;
        }
        expect(mixedYears).toBeGreaterThan(0);
      }
    }
  });

  it('returns the same ids in the same order for 150 random queries', async () => {
    let nonEmpty = 0;
    for (let i = 0; i < 150; i++) {
      const q = randomQuery();
      const res = await s.request({ method: 'GET', url: `/api/vehicles?limit=500&${new URLSearchParams(q)}` });
      expect(res.statusCode).toBe(200);
      const server = (res.json() as Vehicle[]).map((v) => v.id);
      const req = normalizeSearch(parseSearchQuery(q));
      const clauses = toClauses(req.filters, req.buyer);
      const expected = all
        .filter((v) => matchesClauses(v, clauses))
        .map((v) => ({
          item: v,
          distance: req.buyer && v.seller_latitude !== null && v.seller_longitude !== null ? haversineKm(req.buyer, { latitude: v.seller_latitude, longitude: v.seller_longitude }) : null,
        }))
        .sort((a, b) => compareRanked(req.sort, a, b))
        .map((r) => r.item.id);
      // The API answers public searches from the in-memory index; sellers' own lists from SQL.
      expect(server, JSON.stringify(q)).toEqual(expected);
      expect(Number(res.headers['x-total-count'])).toBe(expected.length);
      const viaSql = await searchVehicles(s.app.ctx.db, { ...req, limit: 500 }, { publicOnly: true });
      expect(
        viaSql.items.map((v) => v.id),
        `SQL ${JSON.stringify(q)}`,
      ).toEqual(expected);
      expect(viaSql.total).toBe(expected.length);
      if (expected.length) nonEmpty++;
    }
    // The queries must exercise real matches, not only empty answers.
    expect(nonEmpty).toBeGreaterThan(60);
  });
});
