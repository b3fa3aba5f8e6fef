import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnVehicle, Vehicle } from '@/domain/listing/vehicle';
import { vehicles } from '@/server/db/schema';
import { deleteVehicles, withListingWrite } from '@/server/repositories/vehicles/writes';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';

type Session = { token: string; user: { id: string; email: string; user_type: string; name: string } };

const HARARE = { latitude: -17.8252, longitude: 31.0335 };
const DAY_MS = 86_400_000;

/** Haversine in km with R = 6371, written out here independently of the server's code. */
function haversine(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function driveMinutes(km: number): number {
  return km < 50 ? Math.round((km / 60) * 60) : Math.round((km / 80) * 60);
}

/** Asserts `cmp(prev, next) <= 0` for every neighbouring pair. */
function expectOrdered<T>(items: T[], cmp: (a: T, b: T) => number, label: string) {
  for (let i = 1; i < items.length; i++) {
    if (cmp(items[i - 1]!, items[i]!) > 0) {
      throw new Error(`${label}: items ${i - 1} and ${i} are out of order: ${JSON.stringify([items[i - 1], items[i]])}`);
    }
  }
}

/** Ascending (dir 1) or descending (dir -1) with nulls last. */
const nullsLast = (dir: 1 | -1) => (a: number | null, b: number | null) => {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return (a - b) * dir;
};

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer(engine, { seed: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  async function search(qs: string, token?: string | null): Promise<{ items: Vehicle[]; total: number; status: number }> {
    const res = await s.request({ method: 'GET', url: `/api/vehicles${qs ? `?${qs}` : ''}`, token: token ?? null });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json() as Vehicle[];
    expect(Array.isArray(items)).toBe(true);
    return { items, total: Number(res.headers['x-total-count']), status: res.statusCode };
  }

  const create = (token: string, over: Record<string, unknown> = {}, query = '') => s.draft(token, over, query);
  const pay = (token: string, vehicleId: string) => s.pay(token, vehicleId);

  async function createPublished(token: string, over: Record<string, unknown> = {}): Promise<Vehicle> {
    const v = await create(token, over);
    return pay(token, v.id);
  }

  async function detail(id: string, token?: string | null, prefix = '/api/vehicles') {
    return s.request({ method: 'GET', url: `${prefix}/${id}`, token: token ?? null });
  }

  const ids = (items: Vehicle[]) => items.map((v) => v.id);

  describe('public search on the seeded data', () => {
    it('lists published listings as a JSON array with X-Total-Count', async () => {
      const res = await s.request({ method: 'GET', url: '/api/vehicles' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const items = res.json() as Vehicle[];
      expect(items.length).toBeGreaterThan(20);
      expect(Number(res.headers['x-total-count'])).toBe(items.length);
      for (const v of items) {
        expect(v.is_published).toBe(true);
        expect(v.is_expired).toBe(false);
        expect(typeof v.id).toBe('string');
      }
      expect(new Set(ids(items)).size).toBe(items.length);
    });

    it('refuses a search field it cannot read with 422, naming the field and why', async () => {
      for (const [query, field, msg] of [
        ['limit=0', 'limit', 'Must be from 1 to 500'],
        ['vehicle_type=boat', 'vehicle_type', 'Must be one of: car, construction, farming'],
        ['min_price=cheap', 'min_price', 'Must be a number'],
        ['sort=cheapest', 'sort', 'Must be one of: newest, price_asc, price_desc, year_desc, year_asc, mileage_asc, distance'],
      ] as const) {
        const res = await s.request({ method: 'GET', url: `/api/cars?${query}` });
        expect(res.statusCode, query).toBe(422);
        expect(res.json().detail, query).toEqual([expect.objectContaining({ loc: ['querystring', field], msg })]);
      }
    });

    it('/api/cars lists only cars, all of them', async () => {
      const all = await search('limit=500');
      const res = await s.request({ method: 'GET', url: '/api/cars?limit=500' });
      expect(res.statusCode).toBe(200);
      const cars = res.json() as Vehicle[];
      expect(cars.length).toBeGreaterThan(0);
      expect(cars.every((v) => v.vehicle_type === 'car')).toBe(true);
      expect(new Set(ids(cars))).toEqual(new Set(ids(all.items.filter((v) => v.vehicle_type === 'car'))));
      expect(Number(res.headers['x-total-count'])).toBe(cars.length);
    });

    it.each(['construction', 'farming'] as const)('vehicle_type=%s lists only that type', async (type) => {
      const all = await search('limit=500');
      const { items, total } = await search(`vehicle_type=${type}`);
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((v) => v.vehicle_type === type)).toBe(true);
      expect(total).toBe(all.items.filter((v) => v.vehicle_type === type).length);
    });

    it('pages with limit/offset: the total stays, pages do not overlap and follow the full order', async () => {
      const whole = await search('limit=30');
      const p1 = await search('limit=10&offset=0');
      const p2 = await search('limit=10&offset=10');
      const p3 = await search('limit=10&offset=20');
      expect(p1.items).toHaveLength(10);
      expect(p2.items).toHaveLength(10);
      expect(p1.total).toBe(whole.total);
      expect(p2.total).toBe(whole.total);
      expect(p3.total).toBe(whole.total);
      const seen = [...ids(p1.items), ...ids(p2.items), ...ids(p3.items)];
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(ids(whole.items));
      const past = await search(`limit=10&offset=${whole.total + 5}`);
      expect(past.items).toEqual([]);
      expect(past.total).toBe(whole.total);
    });

    it('without a limit answers one page of at most 500, with the full total', async () => {
      const seller = await s.signup();
      const rows = Array.from({ length: 520 }, () => ({
        vehicleType: 'farming',
        make: 'Kubota',
        model: 'L Series',
        year: 2015,
        sellerId: seller.user.id,
        isPublished: true,
        firstPublishedAt: new Date(),
        revision: sql`nextval('listing_revision_seq')`,
      }));
      const inserted = await s.app.ctx.db.insert(vehicles).values(rows).returning({ id: vehicles.id, firstPublishedAt: vehicles.firstPublishedAt });
      await s.outsideWriteSeen();
      try {
        const res = await s.request({ method: 'GET', url: '/api/vehicles?make=kubota&model=l%20series' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toHaveLength(500);
        expect(res.headers['x-total-count']).toBe('520');
      } finally {
        await withListingWrite(s.app.ctx.db, (tx, next) => deleteVehicles(tx, inserted, next));
      }
    });

    it('sort=newest orders by created_at descending', async () => {
      const { items } = await search('sort=newest');
      expectOrdered(items, (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at), 'newest');
    });

    it('sort=price_asc orders by price ascending, nulls last', async () => {
      const { items } = await search('sort=price_asc');
      expect(items.some((v) => v.price === null)).toBe(true);
      expectOrdered(items, (a, b) => nullsLast(1)(a.price, b.price), 'price_asc');
      expect(items[items.length - 1]!.price).toBeNull();
    });

    it('sort=price_desc orders by price descending, nulls last', async () => {
      const { items } = await search('sort=price_desc');
      expectOrdered(items, (a, b) => nullsLast(-1)(a.price, b.price), 'price_desc');
      expect(items[0]!.price).not.toBeNull();
      expect(items[items.length - 1]!.price).toBeNull();
    });

    it('sort=year_desc and year_asc order by year', async () => {
      const desc = await search('sort=year_desc');
      expectOrdered(desc.items, (a, b) => b.year - a.year, 'year_desc');
      const asc = await search('sort=year_asc');
      expectOrdered(asc.items, (a, b) => a.year - b.year, 'year_asc');
      expect(desc.items[0]!.year).toBeGreaterThan(asc.items[0]!.year);
    });

    it('sort=mileage_asc orders by mileage ascending, nulls last', async () => {
      const { items } = await search('sort=mileage_asc');
      expect(items.some((v) => v.mileage === null)).toBe(true);
      expectOrdered(items, (a, b) => nullsLast(1)(a.mileage, b.mileage), 'mileage_asc');
      expect(items[0]!.mileage).not.toBeNull();
    });

    it('buyer_lat/buyer_lon add distance_km and drive_time_minutes matching a Haversine', async () => {
      const { items } = await search(`buyer_lat=${HARARE.latitude}&buyer_lon=${HARARE.longitude}`);
      expect(items.length).toBeGreaterThan(0);
      for (const v of items) {
        expect(v).toHaveProperty('distance_km');
        expect(v).toHaveProperty('drive_time_minutes');
      }
      const located = items.filter((v) => v.seller_latitude !== null && v.seller_longitude !== null);
      const near = located.find((v) => haversine(HARARE, { latitude: v.seller_latitude!, longitude: v.seller_longitude! }) < 50);
      const far = located.find((v) => haversine(HARARE, { latitude: v.seller_latitude!, longitude: v.seller_longitude! }) >= 50);
      expect(near).toBeDefined();
      expect(far).toBeDefined();
      for (const v of [near!, far!]) {
        const d = haversine(HARARE, { latitude: v.seller_latitude!, longitude: v.seller_longitude! });
        expect(Math.abs(v.distance_km! - d)).toBeLessThanOrEqual(0.051);
        expect(v.drive_time_minutes).toBe(driveMinutes(d));
      }
      // Without coordinates, no distance is added.
      const plain = await search('limit=1');
      expect(plain.items[0]).not.toHaveProperty('distance_km');
    });

    it('distance=50 with buyer coordinates keeps exactly the listings within 50 km', async () => {
      const q = `buyer_lat=${HARARE.latitude}&buyer_lon=${HARARE.longitude}`;
      const all = await search(`${q}&limit=500`);
      const expected = all.items.filter((v) => v.seller_latitude !== null && v.seller_longitude !== null && haversine(HARARE, { latitude: v.seller_latitude, longitude: v.seller_longitude }) <= 50);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.items.length);
      const within = await search(`${q}&distance=50&limit=500`);
      expect(new Set(ids(within.items))).toEqual(new Set(ids(expected)));
      expect(within.total).toBe(expected.length);
      for (const v of within.items) expect(v.distance_km!).toBeLessThanOrEqual(50);
      // With a distance and no sort given, the nearest come first.
      expectOrdered(within.items, (x, y) => x.distance_km! - y.distance_km!, 'distance default order');
    });

    it('sort=distance orders by distance from the buyer', async () => {
      const { items } = await search(`buyer_lat=${HARARE.latitude}&buyer_lon=${HARARE.longitude}&sort=distance&limit=500`);
      expectOrdered(items, (a, b) => nullsLast(1)(a.distance_km ?? null, b.distance_km ?? null), 'distance');
      // A buyer in Bulawayo gets a different first listing than one in Harare.
      const bulawayo = await search('buyer_lat=-20.1325&buyer_lon=28.6265&sort=distance&limit=500');
      expectOrdered(bulawayo.items, (a, b) => nullsLast(1)(a.distance_km ?? null, b.distance_km ?? null), 'distance from Bulawayo');
      expect(bulawayo.items[0]!.id).not.toBe(items[0]!.id);
      expect(bulawayo.items[0]!.location).toMatch(/Bulawayo/);
    });
  });

  describe('filters (spec section 5) on own listings', () => {
    let priv: Session;
    let dealer: Session;
    const fx: Record<string, Vehicle> = {};
    let nullSellerType: string;

    beforeAll(async () => {
      priv = await s.signup({ user_type: 'private', name: 'Rudo Private' });
      dealer = await s.signup({ user_type: 'dealer', name: 'Farai Dealer', business_name: 'Fixture Motors' });
      fx.p1 = await createPublished(priv.token, { make: 'Toyota', model: 'Corolla', variant: 'GLi', fuel_type: 'petrol', year: 2010, price: 5000, engine_size: 1.3, location: 'Borrowdale, Harare' });
      fx.p2 = await createPublished(priv.token, { make: 'Honda', model: 'Fit', variant: 'RS', fuel_type: 'hybrid', year: 2012, price: 7000, engine_size: 1.6, location: 'Hillside, Bulawayo' });
      fx.p3 = await createPublished(priv.token, { make: 'Nissan', model: 'Navara', variant: 'LE', fuel_type: 'diesel', year: 2020, price: 250000, engine_size: 1.7, location: 'Mutare' });
      fx.d1 = await createPublished(dealer.token, {
        make: 'Toyota',
        model: 'Land Cruiser',
        variant: 'VX',
        fuel_type: 'diesel',
        year: 2022,
        price: 150000,
        engine_size: 4.5,
        location: 'Avondale, Harare',
      });
      fx.d2 = await createPublished(dealer.token, { make: 'Mazda', model: 'Demio', variant: null, fuel_type: 'petrol', year: 2011, price: 6000, engine_size: 1.2, location: 'Gweru' });
      fx.draft = await create(dealer.token, { make: 'Toyota', model: 'Corolla', variant: 'GLi', fuel_type: 'petrol', year: 2010, price: 5000, engine_size: 1.3, location: 'Borrowdale, Harare' });
      nullSellerType = randomUUID();
      await s.app.ctx.db.insert(vehicles).values({
        id: nullSellerType,
        vehicleType: 'car',
        make: 'Isuzu',
        model: 'KB',
        year: 2008,
        price: 4000,
        engineSize: 2.5,
        fuelType: 'diesel',
        sellerId: priv.user.id,
        sellerName: 'Legacy import',
        sellerType: null,
        location: 'Kadoma',
        isPublished: true,
        firstPublishedAt: new Date(),
        revision: sql`nextval('listing_revision_seq')`,
      });
      await s.outsideWriteSeen();
    });

    const fixtureIds = () => new Set([...Object.values(fx).map((v) => v.id), nullSellerType]);
    /** The fixtures a query returns, by fixture name. */
    async function fixturesMatching(qs: string): Promise<{ names: string[]; items: Vehicle[] }> {
      const { items } = await search(`${qs}&limit=500`);
      const mine = fixtureIds();
      const byId = new Map([...Object.entries(fx).map(([k, v]) => [v.id, k] as const), [nullSellerType, 'nullSellerType'] as const]);
      const names = items
        .filter((v) => mine.has(v.id))
        .map((v) => byId.get(v.id)!)
        .sort();
      return { names, items };
    }

    it('the null seller_type listing is public and reports seller_type null', async () => {
      const res = await detail(nullSellerType);
      expect(res.statusCode).toBe(200);
      expect(res.json().seller_type).toBeNull();
    });

    it('make matches exactly and case-insensitively', async () => {
      for (const make of ['Toyota', 'toyota', 'TOYOTA']) {
        const { names, items } = await fixturesMatching(`make=${make}`);
        expect(names).toEqual(['d1', 'p1']);
        expect(items.every((v) => v.make.toLowerCase() === 'toyota')).toBe(true);
      }
      const partial = await fixturesMatching('make=Toy');
      expect(partial.names).toEqual([]);
      expect(partial.items).toEqual([]);
    });

    it('makeName is a synonym of make', async () => {
      const { names, items } = await fixturesMatching('makeName=honda');
      expect(names).toEqual(['p2']);
      expect(items.every((v) => v.make.toLowerCase() === 'honda')).toBe(true);
    });

    it('model and variant match exactly and case-insensitively', async () => {
      const model = await fixturesMatching('model=land%20cruiser');
      expect(model.names).toEqual(['d1']);
      expect(model.items.every((v) => v.model.toLowerCase() === 'land cruiser')).toBe(true);
      expect((await fixturesMatching('model=Land')).names).toEqual([]);
      const variant = await fixturesMatching('make=toyota&model=corolla&variant=gli');
      expect(variant.names).toEqual(['p1']);
      expect((await fixturesMatching('make=toyota&model=corolla&variant=GL')).names).toEqual([]);
    });

    it('fuel_type matches exactly and case-insensitively', async () => {
      const { names, items } = await fixturesMatching('fuel_type=HYBRID');
      expect(names).toEqual(['p2']);
      expect(items.every((v) => v.fuel_type === 'hybrid')).toBe(true);
      const diesel = await fixturesMatching('fuel_type=Diesel');
      expect(diesel.names).toEqual(['d1', 'nullSellerType', 'p3']);
      expect((await fixturesMatching('fuel_type=dies')).names).toEqual([]);
    });

    it('year_from/year_to and min_year/max_year are inclusive', async () => {
      for (const qs of ['year_from=2010&year_to=2012', 'min_year=2010&max_year=2012']) {
        const { names, items } = await fixturesMatching(qs);
        expect(names).toEqual(['d2', 'p1', 'p2']);
        expect(items.every((v) => v.year >= 2010 && v.year <= 2012)).toBe(true);
      }
      expect((await fixturesMatching('year_from=2020')).names).toEqual(['d1', 'p3']);
      expect((await fixturesMatching('max_year=2008')).names).toEqual(['nullSellerType']);
    });

    it('max_price keeps listings priced at or below it', async () => {
      const { names, items } = await fixturesMatching('max_price=6000');
      expect(names).toEqual(['d2', 'nullSellerType', 'p1']);
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((v) => v.price !== null && v.price <= 6000)).toBe(true);
    });

    it('max_price of 200000 or more applies no price filter', async () => {
      const all = await search('limit=500');
      for (const max of ['200000', '250000', '1000000']) {
        const { names, items } = await fixturesMatching(`max_price=${max}`);
        expect(names).toContain('p3');
        expect(items.length).toBe(all.items.length);
      }
      // Just below the ceiling, the 250000 listing is filtered out.
      expect((await fixturesMatching('max_price=199999')).names).not.toContain('p3');
    });

    it('region matches when the location contains it, case-insensitively', async () => {
      const { names, items } = await fixturesMatching('region=harare');
      expect(names).toEqual(['d1', 'p1']);
      expect(items.every((v) => (v.location ?? '').toLowerCase().includes('harare'))).toBe(true);
      expect((await fixturesMatching('region=BULAWAYO')).names).toEqual(['p2']);
    });

    it('seller_type=private includes listings without a seller type and excludes dealers', async () => {
      const { names, items } = await fixturesMatching('seller_type=private');
      expect(names).toEqual(['nullSellerType', 'p1', 'p2', 'p3']);
      expect(items.every((v) => v.seller_type === null || v.seller_type === 'private')).toBe(true);
    });

    it('seller_type=dealer lists only dealers', async () => {
      const { names, items } = await fixturesMatching('seller_type=dealer');
      expect(names).toEqual(['d1', 'd2']);
      expect(items.length).toBeGreaterThan(2);
      expect(items.every((v) => v.seller_type === 'dealer')).toBe(true);
    });

    it('engine_size bands are inclusive litre ranges', async () => {
      const mid = await fixturesMatching('engine_size=1.3-1.6');
      expect(mid.names).toEqual(['p1', 'p2']);
      expect(mid.items.every((v) => v.engine_size !== null && v.engine_size >= 1.3 && v.engine_size <= 1.6)).toBe(true);
      expect((await fixturesMatching('engine_size=1.0-1.2')).names).toEqual(['d2']);
      expect((await fixturesMatching('engine_size=1.7-2.0')).names).toEqual(['p3']);
      const big = await fixturesMatching('engine_size=4.1%2B');
      expect(big.names).toEqual(['d1']);
      expect(big.items.every((v) => v.engine_size !== null && v.engine_size >= 4.1)).toBe(true);
    });

    it("empty and 'all' filter values are ignored", async () => {
      const all = await search('limit=500');
      const ignored = await search('make=&model=all&variant=ALL&fuel_type=&region=all&seller_type=all&engine_size=&max_price=&year_from=all&vehicle_type=all&limit=500');
      expect(ignored.total).toBe(all.total);
      expect(new Set(ids(ignored.items))).toEqual(new Set(ids(all.items)));
    });

    it('drafts never show in public search, whatever the filter', async () => {
      const { items } = await search('make=toyota&model=corolla&limit=500');
      expect(ids(items)).not.toContain(fx.draft!.id);
    });

    it('combined filters intersect', async () => {
      const { names } = await fixturesMatching('make=toyota&seller_type=private&region=harare&max_price=10000');
      expect(names).toEqual(['p1']);
    });
  });

  describe('detail', () => {
    let owner: Session;
    let other: Session;
    let adminToken: string;
    let published: Vehicle;
    let draft: Vehicle;

    beforeAll(async () => {
      owner = await s.signup({ name: 'Owner Detail' });
      other = await s.signup({ name: 'Other Detail' });
      adminToken = (await s.admin()).token;
      published = await createPublished(owner.token, { make: 'Subaru', model: 'Forester' });
      draft = await create(owner.token, { make: 'Subaru', model: 'Outback' });
    });

    it('GET /api/cars/{id} and /api/vehicles/{id} return the same listing', async () => {
      const a = await detail(published.id, null, '/api/cars');
      const b = await detail(published.id, null, '/api/vehicles');
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      const { views: va, ...restA } = a.json() as Vehicle;
      const { views: vb, ...restB } = b.json() as Vehicle;
      expect(restA).toEqual(restB);
      expect(vb).toBe(va + 1);
      expect(restA.id).toBe(published.id);
      expect(restA.make).toBe('Subaru');
    });

    it('detail with buyer coordinates carries the distance', async () => {
      const res = await s.request({ method: 'GET', url: `/api/cars/${published.id}?buyer_lat=-20.1325&buyer_lon=28.6265` });
      expect(res.statusCode).toBe(200);
      const v = res.json() as Vehicle;
      const d = haversine({ latitude: -20.1325, longitude: 28.6265 }, { latitude: v.seller_latitude!, longitude: v.seller_longitude! });
      expect(Math.abs(v.distance_km! - d)).toBeLessThanOrEqual(0.051);
      expect(v.drive_time_minutes).toBe(driveMinutes(d));
    });

    it("an unknown id is 404 'Car not found'; a malformed id is 422", async () => {
      const missing = await detail(randomUUID());
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Car not found' });
      const missingCar = await detail(randomUUID(), null, '/api/cars');
      expect(missingCar.statusCode).toBe(404);
      expect(missingCar.json()).toEqual({ detail: 'Car not found' });
      const bad = await detail('not-a-uuid');
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toHaveProperty('detail');
    });

    it('a draft is 404 for visitors and other users, visible to its owner and an admin', async () => {
      const visitor = await detail(draft.id);
      expect(visitor.statusCode).toBe(404);
      expect(visitor.json()).toEqual({ detail: 'Car not found' });
      expect((await detail(draft.id, other.token)).statusCode).toBe(404);
      const mine = await detail(draft.id, owner.token);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ id: draft.id, is_published: false });
      const admin = await detail(draft.id, adminToken, '/api/cars');
      expect(admin.statusCode).toBe(200);
      expect(admin.json().id).toBe(draft.id);
    });

    it("each visitor view counts; the owner's own views do not", async () => {
      const first = (await detail(published.id)).json() as Vehicle;
      const second = (await detail(published.id)).json() as Vehicle;
      expect(second.views).toBe(first.views + 1);
      const byOther = (await detail(published.id, other.token)).json() as Vehicle;
      expect(byOther.views).toBe(second.views + 1);
      const own1 = (await detail(published.id, owner.token)).json() as Vehicle;
      const own2 = (await detail(published.id, owner.token)).json() as Vehicle;
      expect(own1.views).toBe(byOther.views);
      expect(own2.views).toBe(byOther.views);
      const after = (await detail(published.id)).json() as Vehicle;
      expect(after.views).toBe(byOther.views + 1);
    });

    it('dealer-info for a dealer listing: name, inventory and at most 4 other listings', async () => {
      const d = await s.signup({ user_type: 'dealer', name: 'Nyasha Dealer', business_name: 'Kopje Cars' });
      const listings: Vehicle[] = [];
      for (let i = 0; i < 6; i++) listings.push(await createPublished(d.token, { make: 'Ford', model: 'Ranger', year: 2015 + i }));
      const draft = await create(d.token, { make: 'Ford', model: 'Everest' }); // a draft: not part of the inventory
      // A draft's dealer-info is its seller's business: others cannot even learn that it exists.
      expect((await s.request({ method: 'GET', url: `/api/vehicle/${draft.id}/dealer-info` })).statusCode).toBe(404);
      expect((await s.request({ method: 'GET', url: `/api/vehicle/${draft.id}/dealer-info`, token: d.token })).statusCode).toBe(200);
      const target = listings[2]!;
      const res = await s.request({ method: 'GET', url: `/api/vehicle/${target.id}/dealer-info` });
      expect(res.statusCode).toBe(200);
      const info = res.json();
      expect(info.is_dealer).toBe(true);
      expect(info.dealer_name).toBe('Kopje Cars');
      expect(info.total_inventory).toBe(6);
      expect(info.other_vehicles.length).toBeGreaterThan(0);
      expect(info.other_vehicles.length).toBeLessThanOrEqual(4);
      expect(info.other_vehicles).toHaveLength(4);
      const others = info.other_vehicles as Vehicle[];
      expect(others.map((v) => v.id)).not.toContain(target.id);
      expect(others.every((v) => v.seller_id === d.user.id && v.is_published)).toBe(true);
      const unknown = await s.request({ method: 'GET', url: `/api/vehicle/${randomUUID()}/dealer-info` });
      expect(unknown.statusCode).toBe(404);
    });

    it("dealer-info for a private seller's listing says is_dealer false", async () => {
      const res = await s.request({ method: 'GET', url: `/api/vehicle/${published.id}/dealer-info` });
      expect(res.statusCode).toBe(200);
      expect(res.json().is_dealer).toBe(false);
    });
  });

  describe('writes and permissions', () => {
    let seller: Session;
    let other: Session;
    let dealer: Session;
    let adminToken: string;

    beforeAll(async () => {
      seller = await s.signup({ name: 'Chipo Seller', phone: '+263 71 000 1111', location: 'Avondale, Harare' });
      other = await s.signup({ name: 'Someone Else' });
      dealer = await s.signup({ user_type: 'dealer', name: 'Dealer Writes', business_name: 'Writes Motors' });
      adminToken = (await s.admin()).token;
    });

    it('create as a visitor is 401', async () => {
      const res = await s.request({ method: 'POST', url: '/api/vehicles', body: listingBody() });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty('detail');
      const cars = await s.request({ method: 'POST', url: '/api/cars', body: listingBody() });
      expect(cars.statusCode).toBe(401);
    });

    it('create answers 201 with a draft whose seller fields come from the account, not the body', async () => {
      const res = await s.request({
        method: 'POST',
        url: '/api/vehicles',
        token: seller.token,
        body: listingBody({ seller_id: other.user.id, seller_name: 'Impostor', seller_type: 'dealer', seller_phone: '+1 555 0000', make: 'Mercedes-Benz', model: 'C-Class' }),
      });
      expect(res.statusCode).toBe(201);
      const v = res.json() as Vehicle;
      expect(v.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(v.is_published).toBe(false);
      expect(v.seller_id).toBe(seller.user.id);
      expect(v.seller_name).toBe('Chipo Seller');
      expect(v.seller_type).toBe('private');
      expect((v as OwnVehicle).seller_phone).toBe('+263 71 000 1111');
      expect(v.make).toBe('Mercedes-Benz');
      expect(v.subscription_plan).toBe('standard');
      const viaCars = await s.request({ method: 'POST', url: '/api/cars', token: dealer.token, body: listingBody({ seller_type: 'private', seller_name: 'Fake' }) });
      expect(viaCars.statusCode).toBe(201);
      expect(viaCars.json()).toMatchObject({ seller_id: dealer.user.id, seller_type: 'dealer', seller_name: 'Writes Motors', is_published: false, subscription_plan: 'premium' });
    });

    it('validates year, price and vehicle type with 422', async () => {
      const thisYear = new Date().getFullYear();
      for (const body of [listingBody({ year: 1989 }), listingBody({ year: thisYear + 2 }), listingBody({ price: -1 }), listingBody({ vehicle_type: 'boat' })]) {
        const res = await s.request({ method: 'POST', url: '/api/vehicles', token: seller.token, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json()).toHaveProperty('detail');
      }
      // The bounds themselves are accepted.
      for (const year of [1990, thisYear + 1]) {
        const res = await s.request({ method: 'POST', url: '/api/vehicles', token: seller.token, body: listingBody({ year }) });
        expect(res.statusCode).toBe(201);
        expect(res.json().year).toBe(year);
      }
    });

    it('a draft is not in public search but is in the seller_id query for its owner only', async () => {
      const v = await create(seller.token, { make: 'Peugeot', model: '3008' });
      expect(ids((await search('limit=500')).items)).not.toContain(v.id);
      expect(ids((await search(`seller_id=${seller.user.id}&limit=500`)).items)).not.toContain(v.id);
      const own = await search(`seller_id=${seller.user.id}&limit=500`, seller.token);
      expect(ids(own.items)).toContain(v.id);
      expect(own.items.every((x) => x.seller_id === seller.user.id)).toBe(true);
      const drafts = await search(`seller_id=${seller.user.id}&is_published=false&limit=500`, seller.token);
      expect(ids(drafts.items)).toContain(v.id);
      expect(drafts.items.every((x) => !x.is_published)).toBe(true);
      expect(ids((await search(`seller_id=${seller.user.id}&limit=500`, other.token)).items)).not.toContain(v.id);
      expect(ids((await search(`seller_id=${seller.user.id}&limit=500`, adminToken)).items)).toContain(v.id);
    });

    it('a seller cannot publish, expire or feature a listing by sending those fields', async () => {
      const far = new Date(Date.now() + 365 * DAY_MS).toISOString();
      const res = await s.request({
        method: 'POST',
        url: '/api/vehicles',
        token: seller.token,
        body: listingBody({ is_published: true, is_expired: false, expires_at: far, is_free_update: true, views: 999, revision: 1 }),
      });
      expect(res.statusCode).toBe(201);
      const v = res.json() as Vehicle;
      expect(v).toMatchObject({ is_published: false, is_free_update: false, expires_at: null, views: 0 });
      const put = await s.request({ method: 'PUT', url: `/api/vehicles/${v.id}`, token: seller.token, body: { is_published: true, expires_at: far, price: 999 } });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ is_published: false, expires_at: null, price: 999 });
      expect((await detail(v.id)).statusCode).toBe(404);
      const featured = await s.request({ method: 'PUT', url: `/api/vehicles/${v.id}`, token: seller.token, body: { featured: true } });
      expect(featured.statusCode).toBe(403);
    });

    it('featured: true is refused for a non-admin and allowed for an admin', async () => {
      const refused = await s.request({ method: 'POST', url: '/api/vehicles', token: seller.token, body: listingBody({ featured: true }) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toHaveProperty('detail');
      const allowed = await s.request({ method: 'POST', url: '/api/vehicles', token: adminToken, body: listingBody({ featured: true }) });
      expect(allowed.statusCode).toBe(201);
      expect(allowed.json().featured).toBe(true);
    });

    it("a dealer cannot choose the private 'standard' plan", async () => {
      const res = await s.request({ method: 'POST', url: '/api/vehicles', token: dealer.token, body: listingBody({ subscription_plan: 'standard' }) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toHaveProperty('detail');
    });

    it('PUT: the owner updates (revision bumps), another user 403, a visitor 401, an admin may', async () => {
      const v = await create(seller.token, { make: 'Kia', model: 'Sportage', price: 20000 });
      const upd = await s.request({ method: 'PUT', url: `/api/cars/${v.id}`, token: seller.token, body: { price: 18500, color: 'Red' } });
      expect(upd.statusCode, upd.body).toBe(200);
      const u = upd.json() as Vehicle;
      expect(u.price).toBe(18500);
      expect(u.color).toBe('Red');
      expect(u.make).toBe('Kia');
      expect(u.revision).toBeGreaterThan(v.revision);
      expect((await detail(v.id, seller.token)).json().price).toBe(18500);

      const forbidden = await s.request({ method: 'PUT', url: `/api/cars/${v.id}`, token: other.token, body: { price: 1 } });
      expect(forbidden.statusCode).toBe(403);
      const anon = await s.request({ method: 'PUT', url: `/api/vehicles/${v.id}`, body: { price: 1 } });
      expect(anon.statusCode).toBe(401);
      expect((await detail(v.id, seller.token)).json().price).toBe(18500);

      const byAdmin = await s.request({ method: 'PUT', url: `/api/vehicles/${v.id}`, token: adminToken, body: { price: 17000 } });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().price).toBe(17000);
      expect(byAdmin.json().seller_id).toBe(seller.user.id);
      expect(byAdmin.json().revision).toBeGreaterThan(u.revision);

      const invalid = await s.request({ method: 'PUT', url: `/api/vehicles/${v.id}`, token: seller.token, body: { year: 1900 } });
      expect(invalid.statusCode).toBe(422);
      const missing = await s.request({ method: 'PUT', url: `/api/vehicles/${randomUUID()}`, token: seller.token, body: { price: 1 } });
      expect(missing.statusCode).toBe(404);
    });

    it('PUT changes only the fields it is sent: the rest of the listing stays as it was', async () => {
      const v = await create(seller.token, {
        vehicle_type: 'construction',
        make: 'Caterpillar',
        model: '320',
        variant: 'GC',
        category: 'excavator',
        operating_hours: 5400,
        engine_power_hp: 150,
        description: 'Undercarriage at 70%.',
        features: ['Air conditioning'],
      });
      const res = await s.request({ method: 'PUT', url: `/api/vehicles/${v.id}`, token: seller.token, body: { price: 61000 } });
      expect(res.statusCode, res.body).toBe(200);
      const after = (await detail(v.id, seller.token)).json() as Vehicle;
      expect(after.price).toBe(61000);
      for (const field of [
        'vehicle_type',
        'make',
        'model',
        'variant',
        'category',
        'operating_hours',
        'engine_power_hp',
        'description',
        'features',
        'images',
        'featured',
        'location',
        'seller_latitude',
        'seller_longitude',
      ] as const) {
        expect(after[field], field).toEqual(v[field]);
      }
      // A field sent as null is cleared.
      const cleared = await s.request({ method: 'PUT', url: `/api/vehicles/${v.id}`, token: seller.token, body: { variant: null } });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json().variant).toBeNull();
      expect(cleared.json().description).toBe('Undercarriage at 70%.');
    });

    it('a dealer can edit a published premium listing with the full form, which sends featured: false', async () => {
      const v = await createPublished(dealer.token, { make: 'Toyota', model: 'Fortuner' });
      expect(v.featured).toBe(true); // premium includes the featured listing
      const res = await s.request({ method: 'PUT', url: `/api/vehicles/${v.id}`, token: dealer.token, body: listingBody({ make: 'Toyota', model: 'Fortuner', price: 41000, featured: false }) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ price: 41000, featured: true, is_published: true });
      // Asking to feature a listing that is not featured is still refused.
      const own = await create(seller.token, { make: 'Kia', model: 'Rio' });
      const up = await s.request({ method: 'PUT', url: `/api/vehicles/${own.id}`, token: seller.token, body: { featured: true } });
      expect(up.statusCode).toBe(403);
      expect((await detail(own.id, seller.token)).json().featured).toBe(false);
      const byAdmin = await s.request({ method: 'PUT', url: `/api/vehicles/${own.id}`, token: adminToken, body: { featured: true } });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().featured).toBe(true);
    });

    it('DELETE: another user 403; the owner 200 and then 404', async () => {
      const v = await create(seller.token, { make: 'Audi', model: 'A3' });
      const forbidden = await s.request({ method: 'DELETE', url: `/api/cars/${v.id}`, token: other.token });
      expect(forbidden.statusCode).toBe(403);
      const anon = await s.request({ method: 'DELETE', url: `/api/cars/${v.id}` });
      expect(anon.statusCode).toBe(401);
      expect((await detail(v.id, seller.token)).statusCode).toBe(200);
      const ok = await s.request({ method: 'DELETE', url: `/api/cars/${v.id}`, token: seller.token });
      expect(ok.statusCode).toBe(200);
      expect((await detail(v.id, seller.token)).statusCode).toBe(404);
      const again = await s.request({ method: 'DELETE', url: `/api/vehicles/${v.id}`, token: seller.token });
      expect(again.statusCode).toBe(404);
    });

    it('free listing: 403 without an active listing, published at once with the same expiry with one', async () => {
      const q = await s.signup({ name: 'Free Path' });
      const refused = await s.request({ method: 'POST', url: '/api/vehicles?is_free_update=true', token: q.token, body: listingBody() });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toHaveProperty('detail');
      // A draft is not an active listing either.
      const draft = await create(q.token, { make: 'BMW', model: '3 Series' });
      expect((await s.request({ method: 'POST', url: '/api/vehicles?is_free_update=true', token: q.token, body: listingBody() })).statusCode).toBe(403);

      const paid = await pay(q.token, draft.id);
      expect(paid.expires_at).not.toBeNull();
      const free = await s.request({ method: 'POST', url: '/api/vehicles?is_free_update=true', token: q.token, body: listingBody({ make: 'BMW', model: 'X5' }) });
      expect(free.statusCode, free.body).toBe(201);
      const f = free.json() as Vehicle;
      expect(f.is_published).toBe(true);
      expect(f.is_free_update).toBe(true);
      expect(f.expires_at).toBe(paid.expires_at);
      expect(ids((await search(`seller_id=${q.user.id}&limit=500`)).items).sort()).toEqual([paid.id, f.id].sort());
    });

    it('listing-eligibility and listing-history for oneself; 403 for someone else', async () => {
      const u = await s.signup({ name: 'History Person' });
      const elig0 = await s.request({ method: 'GET', url: `/api/users/${u.user.id}/listing-eligibility`, token: u.token });
      expect(elig0.statusCode).toBe(200);
      expect(elig0.json()).toEqual({ eligible_for_free_listing: false, active_listings_count: 0, expires_at: null });

      const draft = await create(u.token, { make: 'VW', model: 'Polo' });
      const toPay = await create(u.token, { make: 'VW', model: 'Golf' });
      const paid = await pay(u.token, toPay.id);
      const elig1 = await s.request({ method: 'GET', url: `/api/users/${u.user.id}/listing-eligibility`, token: u.token });
      expect(elig1.json()).toEqual({ eligible_for_free_listing: true, active_listings_count: 1, expires_at: paid.expires_at });

      const hist = await s.request({ method: 'GET', url: `/api/users/${u.user.id}/listing-history`, token: u.token });
      expect(hist.statusCode).toBe(200);
      const rows = hist.json() as (Vehicle & { status: string; days_left: number | null })[];
      expect(rows.map((r) => r.id).sort()).toEqual([draft.id, paid.id].sort());
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(draft.id)).toMatchObject({ status: 'Pending', days_left: null });
      expect(byId.get(paid.id)!.status).toBe('Active');
      expect(byId.get(paid.id)!.days_left).toBe(7);

      for (const path of ['listing-eligibility', 'listing-history']) {
        const res = await s.request({ method: 'GET', url: `/api/users/${u.user.id}/${path}`, token: other.token });
        expect(res.statusCode, path).toBe(403);
        const anon = await s.request({ method: 'GET', url: `/api/users/${u.user.id}/${path}` });
        expect(anon.statusCode, path).toBe(401);
        const admin = await s.request({ method: 'GET', url: `/api/users/${u.user.id}/${path}`, token: adminToken });
        expect(admin.statusCode, path).toBe(200);
      }
    });
  });

  describe('lifecycle', () => {
    it('a paid listing runs 7 days, then is hidden and Expired, and paying again relists it', async () => {
      const u = await s.signup({ name: 'Lifecycle Seller' });
      const draft = await create(u.token, { make: 'Mitsubishi', model: 'Pajero' });
      const paid = await pay(u.token, draft.id);
      const expires = Date.parse(paid.expires_at!);
      expect(Math.abs(expires - (Date.now() + 7 * DAY_MS))).toBeLessThan(10 * 60_000);
      expect(ids((await search(`seller_id=${u.user.id}`)).items)).toEqual([paid.id]);

      // The database decides expiry with its own now(), so move the expiry into the past.
      await s.app.ctx.db
        .update(vehicles)
        .set({ expiresAt: new Date(Date.now() - 2 * DAY_MS), revision: sql`nextval('listing_revision_seq')` })
        .where(eq(vehicles.id, paid.id));
      await s.outsideWriteSeen();

      expect(ids((await search(`seller_id=${u.user.id}`)).items)).toEqual([]);
      // The dashboard's "active listings" query no longer has it; the seller's full list still does.
      expect(ids((await search(`seller_id=${u.user.id}&is_published=true&is_expired=false`, u.token)).items)).toEqual([]);
      expect(ids((await search(`seller_id=${u.user.id}&is_expired=true`, u.token)).items)).toEqual([paid.id]);
      expect(ids((await search(`seller_id=${u.user.id}`, u.token)).items)).toEqual([paid.id]);
      expect(ids((await search('make=mitsubishi&model=pajero&limit=500')).items)).not.toContain(paid.id);
      expect((await detail(paid.id)).statusCode).toBe(404);
      const own = await detail(paid.id, u.token);
      expect(own.statusCode).toBe(200);
      expect(own.json().is_expired).toBe(true);

      const hist = (await s.request({ method: 'GET', url: `/api/users/${u.user.id}/listing-history`, token: u.token })).json() as {
        id: string;
        status: string;
        days_left: number | null;
      }[];
      const row = hist.find((r) => r.id === paid.id)!;
      expect(row.status).toBe('Expired');
      expect(row.days_left!).toBeLessThanOrEqual(0);
      const elig = (await s.request({ method: 'GET', url: `/api/users/${u.user.id}/listing-eligibility`, token: u.token })).json();
      expect(elig).toMatchObject({ eligible_for_free_listing: false, active_listings_count: 0 });

      const relisted = await pay(u.token, paid.id);
      expect(relisted.is_expired).toBe(false);
      expect(Date.parse(relisted.expires_at!)).toBeGreaterThan(Date.now());
      expect(ids((await search(`seller_id=${u.user.id}`)).items)).toEqual([paid.id]);
      expect(ids((await search(`seller_id=${u.user.id}&is_published=true&is_expired=false`, u.token)).items)).toEqual([paid.id]);
      expect((await detail(paid.id)).statusCode).toBe(200);
      const hist2 = (await s.request({ method: 'GET', url: `/api/users/${u.user.id}/listing-history`, token: u.token })).json() as { id: string; status: string }[];
      expect(hist2.find((r) => r.id === paid.id)!.status).toBe('Active');
    });
  });
});
