import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { vehicles } from '@/server/db/schema';
import type { Vehicle } from '@/domain/listing/vehicle';
import { rowsOf } from '@/server/db/client';
import { normalizeSearch, parseSearchQuery } from '@/domain/search/filters';
import { PublicListingIndex } from '@/server/search/publicIndex';
import { ENGINES, startServer, type TestServer } from './harness';

// Public searches are answered from memory. The server learns of changes from its own writes and from
// the database's notifications, so a listing written by another server instance (here: straight SQL)
// still reaches searches, and a lost notification connection falls back to asking before each search.

async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(ENGINES)('%s: the public index follows every writer', (engine) => {
  let s: TestServer;
  let sellerId: string;

  beforeAll(async () => {
    s = await startServer(engine, { seed: false });
    sellerId = (await s.signup()).user.id;
    // Searches are answered with SQL until the index is built; these cases are about the index.
    await eventually(() => s.app.ctx.publicIndex.ready, 'the index is built');
  });
  afterAll(() => s?.close());

  async function insertElsewhere(model: string): Promise<string> {
    const [row] = await s.app.ctx.db
      .insert(vehicles)
      .values({
        vehicleType: 'car',
        make: 'Toyota',
        model,
        year: 2015,
        price: 9000,
        sellerId,
        sellerType: 'private',
        location: 'Mutare',
        isPublished: true,
        firstPublishedAt: new Date(),
        revision: sql`nextval('listing_revision_seq')`,
      })
      .returning({ id: vehicles.id });
    return row!.id;
  }

  async function searchIds(model: string): Promise<string[]> {
    const res = await s.request({ method: 'GET', url: `/api/vehicles?make=toyota&model=${encodeURIComponent(model)}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as Vehicle[]).map((v) => v.id);
  }

  it('listens to the database once started', () => {
    expect(s.app.ctx.publicIndex.isListening).toBe(true);
  });

  it('a listing written outside the API reaches public searches through the notification', async () => {
    const id = await insertElsewhere('Allion');
    // Resolves only once the notification has marked the index stale and it has caught up.
    await s.outsideWriteSeen();
    expect(await searchIds('Allion')).toEqual([id]);
  });

  it('a write through the API is seen by the very next search', async () => {
    const seller = await s.signup();
    const v = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Wish' })).id);
    expect(await searchIds('Wish')).toEqual([v.id]);
    const del = await s.request({ method: 'DELETE', url: `/api/vehicles/${v.id}`, token: seller.token });
    expect(del.statusCode).toBe(200);
    expect(await searchIds('Wish')).toEqual([]);
  });

  it("a listing's edited text shows in the very next search (its kept JSON is dropped)", async () => {
    const seller = await s.signup();
    const v = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Noah', description: 'First words.' })).id);
    const first = await s.request({ method: 'GET', url: '/api/vehicles?make=toyota&model=noah' });
    expect((first.json() as Vehicle[]).map((x) => x.description)).toEqual(['First words.']);
    const put = await s.request({ method: 'PUT', url: `/api/vehicles/${v.id}`, token: seller.token, body: { description: 'Second words.' } });
    expect(put.statusCode).toBe(200);
    const again = await s.request({ method: 'GET', url: '/api/vehicles?make=toyota&model=noah' });
    expect((again.json() as Vehicle[]).map((x) => x.description)).toEqual(['Second words.']);
  });

  it.runIf(engine === 'postgres')('after losing the listening connection, every search asks first, then it listens again', async () => {
    // The index's own connection (the live channel listens on another, for messages).
    const killed = await s.app.ctx.db.execute(sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %motokari_listings%'`);
    expect(rowsOf<{ ok: boolean }>(killed)).toEqual([{ ok: true }]);
    await eventually(() => !s.app.ctx.publicIndex.isListening, 'the loss is noticed');

    const id = await insertElsewhere('Premio');
    // No notification can arrive now; the search itself must find the change.
    expect(await searchIds('Premio')).toEqual([id]);

    await eventually(() => s.app.ctx.publicIndex.isListening, 'it listens again');
    const again = await insertElsewhere('Premio');
    await s.outsideWriteSeen();
    expect((await searchIds('Premio')).sort()).toEqual([id, again].sort());
  });
});

describe.each(ENGINES)('%s: the public index is filled at start', (engine) => {
  let s: TestServer;
  afterAll(() => s?.close());

  it('answers searches with SQL until it is built, then from memory with the same listings', async () => {
    const server = await startServer(engine, { seed: true });
    try {
      const url = '/api/vehicles?vehicle_type=car&buyer_lat=-17.8252&buyer_lon=31.0335&sort=distance&limit=10';
      const fresh = new PublicListingIndex(server.app.ctx.db);
      const req = normalizeSearch(parseSearchQuery({ vehicle_type: 'car', buyer_lat: -17.8252, buyer_lon: 31.0335, sort: 'distance', limit: 10 }));
      // Not built: no answer from memory (the route asks SQL), and nothing to bring up to date.
      expect(await fresh.searchJson(req)).toBeNull();
      await fresh.refresh();
      expect(fresh.size).toBe(0);
      const bySql = await server.request({ method: 'GET', url });
      await fresh.build();
      const fromMemory = await fresh.searchJson(req);
      expect(fromMemory).not.toBeNull();
      expect((JSON.parse(fromMemory!.json) as Vehicle[]).map((v) => [v.id, v.distance_km])).toEqual((bySql.json() as Vehicle[]).map((v) => [v.id, v.distance_km]));
      expect(String(fromMemory!.total)).toBe(bySql.headers['x-total-count']);
      await fresh.close();
    } finally {
      await server.close();
    }
  });

  it('gives each of many concurrent searches its own page, their listings read from the database together', async () => {
    const server = await startServer(engine, { seed: true });
    try {
      const fresh = new PublicListingIndex(server.app.ctx.db);
      await fresh.build();
      const queries = ['car', 'construction', 'farming'].flatMap((vehicle_type) => ['price_asc', 'price_desc', 'newest'].map((sort) => ({ vehicle_type, sort, limit: 5 })));
      // A cold cache: every page's listings are read, the first search's alone, the others' while it is out.
      const together = await Promise.all(queries.map((q) => fresh.searchJson(normalizeSearch(parseSearchQuery(q)))));
      for (const [i, q] of queries.entries()) {
        const bySql = await server.request({ method: 'GET', url: `/api/vehicles?vehicle_type=${q.vehicle_type}&sort=${q.sort}&limit=5` });
        const ids = (bySql.json() as Vehicle[]).map((v) => v.id);
        expect(ids.length).toBeGreaterThan(0);
        expect((JSON.parse(together[i]!.json) as Vehicle[]).map((v) => v.id)).toEqual(ids);
      }
      await fresh.close();
    } finally {
      await server.close();
    }
  });

  it('holds the public listings before the first search asks (a first visit does not wait for it to be built)', async () => {
    s = await startServer(engine, { seed: true });
    // No search has been made: the index fills in the background once the server starts.
    await eventually(() => s.app.ctx.publicIndex.size > 0, 'the index holds the sample listings');
    const res = await s.request({ method: 'GET', url: '/api/vehicles?limit=1' });
    expect(s.app.ctx.publicIndex.size).toBe(Number(res.headers['x-total-count']));
  });
});
