import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seededRandom } from '../support/random';
import { users, vehicles } from '@/server/db/schema';
import { CITIES, SORT_ORDERS } from '@/domain/core/constants';
import { normalizeSearch, parseSearchQuery, toClauses, type SearchRequest } from '@/domain/search/filters';
import { compareRanked, matchesClauses } from '@/domain/search/match';
import { ListingIndex } from '@/domain/search/index/listingIndex';
import type { Indexed } from '@/domain/search/index/columns';
import { tokenize } from '@/domain/search/words';
import { haversineKm } from '@/domain/geo/geo';
import type { Vehicle } from '@/domain/listing/vehicle';
import { ENGINES, startServer, type TestServer } from './harness';

// Search by words (issue 20): the device's listing index, the server over HTTP (SQL) and the domain's
// reference matcher give the same listings in the same order, for random queries drawn from the
// listings' own words (some misspelt, some cut to a prefix) with random filters and distance.
// Explicitly: the server also reads each listing's description and colour, the device holds neither.
// So the server is compared with the reference matcher over the listings as the API returns them
// (description and colour included), and the device's index with the reference matcher over the
// same listings without them; queries draw description and colour words too, so both sides are tested.

const MAKES = { Toyota: ['Hilux', 'Corolla', 'Land Cruiser'], Honda: ['Fit', 'CR-V'], Nissan: ['NP200', 'X-Trail'], Isuzu: ['KB 250', 'FVZ'] } as const;
const VARIANTS = ['2.8GD-6', '2.4 D4D', 'VVTi', 'Hybrid', 'Base'];
const COLOURS = ['White', 'Silver', 'Blue', 'Red', 'Black'];
const DESCRIPTION_WORDS = ['tipper', 'bullbar', 'canopy', 'towbar', 'leather', 'sunroof', 'accident', 'service', 'history', 'owner', 'tyres', 'diesel'];
const NAMES = ['Tendai', 'Rudo', 'Farai', 'Chipo', 'Tatenda', 'Nyasha', 'Kudzai'];
const SURNAMES = ['Moyo', 'Ncube', 'Dube', 'Sibanda', 'Mhlanga', 'Chikwanha'];

describe.each(ENGINES)('%s: words search agrees on the device, the server and the domain', (engine) => {
  let s: TestServer;
  let all: Vehicle[];
  const device = new ListingIndex<Indexed>();
  const rand = seededRandom(20261124);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const maybe = <T>(p: number, v: () => T): T | undefined => (rand() < p ? v() : undefined);

  beforeAll(async () => {
    s = await startServer(engine, { seed: false });
    const sellers = await s.app.ctx.db
      .insert(users)
      .values(Array.from({ length: 60 }, (_, i) => ({ name: `${pick(NAMES)} ${pick(SURNAMES)}`, email: `words${i}@example.com` })))
      .returning({ id: users.id, name: users.name });
    const rows = Array.from({ length: 300 }, (_, i) => {
      const make = pick(Object.keys(MAKES) as (keyof typeof MAKES)[]);
      const city = pick(CITIES);
      const seller = pick(sellers);
      return {
        vehicleType: pick(['car', 'car', 'construction', 'farming'] as const),
        make: rand() < 0.7 ? make : make.toUpperCase(),
        model: pick(MAKES[make]),
        variant: maybe(0.7, () => pick(VARIANTS)) ?? null,
        year: 1995 + Math.floor(rand() * 31),
        price: maybe(0.9, () => Math.round(rand() * 90_000)) ?? null,
        condition: 'used',
        location: maybe(0.95, () => `${pick(['Avondale', 'Hillside', 'Sakubva', 'Borrowdale'])}, ${city.name}`) ?? null,
        region: maybe(0.9, () => city.region) ?? null,
        color: maybe(0.8, () => pick(COLOURS)) ?? null,
        description: maybe(0.8, () => Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(DESCRIPTION_WORDS)).join(', ')) ?? null,
        sellerId: seller.id,
        sellerName: rand() < 0.9 ? seller.name : null,
        sellerLatitude: rand() < 0.05 ? null : city.latitude + (rand() - 0.5) * 0.5,
        sellerLongitude: city.longitude + (rand() - 0.5) * 0.5,
        featured: false,
        isPublished: true,
        firstPublishedAt: new Date(),
        // Equal timestamps on purpose, so the id tie-break is exercised.
        createdAt: new Date(Date.UTC(2026, 10, 1 + (i % 20))),
        revision: sql`nextval('listing_revision_seq')`,
      };
    });
    // A listing without coordinates has neither.
    for (const r of rows) if (r.sellerLatitude === null) Object.assign(r, { sellerLongitude: null });
    await s.app.ctx.db.insert(vehicles).values(rows);
    await s.outsideWriteSeen();
    all = (await s.request({ method: 'GET', url: '/api/vehicles?limit=500' })).json();
    expect(all).toHaveLength(300);
    // The device's copy: what its summaries hold (no description, no colour).
    for (const v of all) device.upsert(withoutFreeText(v));
  });
  afterAll(() => s?.close());

  function withoutFreeText(v: Vehicle): Indexed {
    const { description: _description, color: _color, ...rest } = v;
    return rest;
  }

  /** One edit (a letter changed, dropped or added) in a word long enough to forgive it, or its start. */
  function garble(word: string): string {
    const r = rand();
    if (r < 0.2 && word.length > 2) return word.slice(0, 2 + Math.floor(rand() * (word.length - 2)));
    if (r < 0.5 && word.length >= 4) {
      const at = Math.floor(rand() * word.length);
      const letter = pick([...'abcdefghijklmnopqrstuvwxyz']);
      const kind = rand();
      if (kind < 0.33) return word.slice(0, at) + letter + word.slice(at + 1);
      if (kind < 0.66) return word.slice(0, at) + word.slice(at + 1);
      return word.slice(0, at) + letter + word.slice(at);
    }
    return rand() < 0.3 ? word.toUpperCase() : word;
  }

  function randomQuery(): Record<string, string> {
    const v = pick(all);
    const words = [v.make, v.model, v.variant, String(v.year), v.location, v.region, v.seller_name, v.color, v.description, pick(DESCRIPTION_WORDS), pick(NAMES)]
      .filter((w): w is string => !!w)
      .flatMap(tokenize);
    const n = 1 + Math.floor(rand() * 3);
    const q: Record<string, unknown> = {
      q: Array.from({ length: n }, () => garble(pick(words))).join(pick([' ', ', ', '  '])),
      vehicle_type: maybe(0.2, () => pick(['car', 'construction', 'farming'])),
      make: maybe(0.15, () => pick(Object.keys(MAKES))),
      max_price: maybe(0.2, () => pick([10_000, 40_000, 80_000])),
      year_from: maybe(0.15, () => 1995 + Math.floor(rand() * 25)),
      sort: pick(SORT_ORDERS),
    };
    if (rand() < 0.4) {
      const c = pick(CITIES);
      q.buyer_lat = c.latitude;
      q.buyer_lon = c.longitude;
      q.distance = maybe(0.5, () => pick([50, 100, 300]));
    }
    return Object.fromEntries(
      Object.entries(q)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => [k, String(x)]),
    );
  }

  function expected(items: readonly (Vehicle | Indexed)[], req: SearchRequest): string[] {
    const clauses = toClauses(req.filters, req.buyer);
    return items
      .filter((v) => matchesClauses(v, clauses))
      .map((v) => ({
        item: v,
        distance: req.buyer && v.seller_latitude !== null && v.seller_longitude !== null ? haversineKm(req.buyer, { latitude: v.seller_latitude, longitude: v.seller_longitude }) : null,
      }))
      .sort((a, b) => compareRanked(req.sort, a, b))
      .map((r) => r.item.id);
  }

  it('returns the same ids in the same order for 150 random words queries', async () => {
    let nonEmpty = 0;
    let byFreeText = 0;
    for (let i = 0; i < 150; i++) {
      const q = randomQuery();
      const req = normalizeSearch(parseSearchQuery(q));
      const res = await s.request({ method: 'GET', url: `/api/vehicles?limit=500&${new URLSearchParams(q)}` });
      expect(res.statusCode).toBe(200);
      const server = (res.json() as Vehicle[]).map((v) => v.id);
      const withFreeText = expected(all, req);
      expect(server, `server ${JSON.stringify(q)}`).toEqual(withFreeText);
      expect(Number(res.headers['x-total-count'])).toBe(withFreeText.length);
      const summaries = expected(all.map(withoutFreeText), req);
      const onDevice = device.search({ ...req, limit: 500 });
      expect(
        onDevice.hits.map((h) => h.item.id),
        `device ${JSON.stringify(q)}`,
      ).toEqual(summaries);
      expect(onDevice.total).toBe(summaries.length);
      if (withFreeText.length) nonEmpty++;
      if (withFreeText.length > summaries.length) byFreeText++;
    }
    // Real matches, and some found only through the description or colour, not only empty answers.
    expect(nonEmpty).toBeGreaterThan(60);
    expect(byFreeText).toBeGreaterThan(10);
  });
});
