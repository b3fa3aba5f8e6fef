import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mirror } from '@/data/mirror';
import { applySummaryPage, loadSummary, pullSummary, type FetchedPage, type SummaryQuery } from '@/data/sync';
import { ListingIndex } from '@/domain/search/index/listingIndex';
import { decodeSummaries, SUMMARY_FORMAT, type ListingSummary, type SummaryPage } from '@/domain/search/summary';
import { scopeParams, WHOLE_COUNTRY, type MirrorScope } from '@/domain/search/scope';
import type { Vehicle } from '@/domain/listing/vehicle';
import { startServer, type TestServer } from '../server/harness';

// The device's summary (on fake-indexeddb) following the real server's feed: a first download in
// pages, resumed after an interruption, then deltas; and loaded back as the worker does at a start.
describe('the device summary of the listings', () => {
  let s: TestServer;
  let seller: { token: string };
  let calls: SummaryQuery[] = [];
  const fetchPage = async (q: SummaryQuery): Promise<FetchedPage> => {
    calls.push(q);
    const params = new URLSearchParams({ format: String(SUMMARY_FORMAT), since: String(q.since), limit: String(q.limit), ...scopeParams(q.scope) });
    if (q.cursor !== null) params.set('cursor', q.cursor);
    if (q.first !== null) params.set('first', q.first);
    const res = await s.request({ method: 'GET', url: `/api/sync/summary?${params}` });
    if (res.statusCode !== 200) throw new Error(`feed answered ${res.statusCode}: ${res.body}`);
    return { page: res.json() as SummaryPage, bytes: res.body.length };
  };
  const publicListings = async () => (await s.request({ method: 'GET', url: '/api/vehicles?limit=500' })).json() as Vehicle[];
  const publicIds = async () => (await publicListings()).map((v) => v.id).sort();
  const idsOf = (index: ListingIndex<ListingSummary>) => [...index.values()].map((v) => v.id).sort();

  /** Pulls into a fresh or given index the way the worker does. */
  async function pull(mirror: Mirror, index: ListingIndex<ListingSummary>, opts: { scope?: MirrorScope; limit?: number; fetch?: typeof fetchPage; seen?: string[] } = {}) {
    return pullSummary(mirror, opts.fetch ?? fetchPage, {
      scope: opts.scope ?? WHOLE_COUNTRY,
      first: 'farming',
      limit: opts.limit ?? 9,
      apply: (page) => {
        opts.seen?.push(...decodeSummaries(page.rows).map((v) => v.id));
        applySummaryPage(index, page);
      },
      columns: () => index.toColumns(),
    });
  }

  async function publish(): Promise<string> {
    const v = await s.draft(seller.token);
    return (await s.pay(seller.token, v.id)).id;
  }

  beforeAll(async () => {
    s = await startServer('pglite', { seed: true });
    seller = await s.signup();
  });
  afterAll(() => s?.close());

  it('holds exactly the public listings after a first download in pages, the type browsed first, and loads them back as one base', async () => {
    const mirror = new Mirror(`m-${randomUUID()}`);
    const index = new ListingIndex<ListingSummary>();
    calls = [];
    const result = await pull(mirror, index);
    expect(calls.length).toBeGreaterThan(2);
    expect(idsOf(index)).toEqual(await publicIds());
    // The first type's listings came first.
    const farming = (await publicListings()).filter((v) => v.vehicle_type === 'farming').length;
    expect([...index.values()].slice(0, farming).every((v) => v.vehicle_type === 'farming')).toBe(true);
    expect(result.state).toMatchObject({ cursor: null, pages: 0, pageRows: 0 });
    expect(result.state.complete?.sort()).toEqual(['car', 'construction', 'farming']);
    // Stored as one base of columns, and a start makes the same index from it.
    expect((await mirror.summary()).map((r) => r.id)).toEqual(['base']);
    const loaded = await loadSummary(mirror);
    expect(idsOf(loaded.index)).toEqual(idsOf(index));
    const some = (await publicListings())[0]!;
    expect(loaded.index.get(some.id)).toMatchObject({ make: some.make, model: some.model, price: some.price, year: some.year, location: some.location });
  });

  it('loads a copy stored before a field was searched without it, and says it is to be downloaded again', async () => {
    const mirror = new Mirror(`m-${randomUUID()}`);
    const index = new ListingIndex<ListingSummary>();
    const { state } = await pull(mirror, index);
    expect((await loadSummary(mirror)).lacksFields).toBe(false);
    const coloured = [...index.values()].filter((v) => v.color !== null);
    expect(coloured.length).toBeGreaterThan(0);
    // The base as an app before the colour filter stored it: no colour column.
    const columns = index.toColumns();
    delete (columns.text as Partial<typeof columns.text>).color;
    await mirror.storeSummaryBase(columns, state);
    const loaded = await loadSummary(mirror);
    expect(loaded.lacksFields).toBe(true);
    expect(idsOf(loaded.index)).toEqual(idsOf(index));
    expect([...loaded.index.values()].every((v) => v.color === null)).toBe(true);
    expect(loaded.index.get(coloured[0]!.id)).toMatchObject({ make: coloured[0]!.make, price: coloured[0]!.price });
  });

  it('resumes an interrupted first download from the last stored page without losing or repeating a listing', async () => {
    const mirror = new Mirror(`m-${randomUUID()}`);
    let n = 0;
    const flaky = (q: SummaryQuery) => (++n === 4 ? Promise.reject(new Error('connection dropped')) : fetchPage(q));
    const seen: string[] = [];
    await expect(pull(mirror, new ListingIndex(), { fetch: flaky, seen, limit: 7 })).rejects.toThrow('connection dropped');
    // Three pages stored; a start loads them and goes on from there.
    const stored = await loadSummary(mirror);
    expect(stored.index.size).toBe(21);
    expect(stored.state?.cursor).not.toBeNull();
    await pull(mirror, stored.index, { seen, limit: 7 });
    expect(idsOf(stored.index)).toEqual(await publicIds());
    expect(new Set(seen).size).toBe(seen.length);
    expect(idsOf((await loadSummary(mirror)).index)).toEqual(await publicIds());
  });

  it('applies new, changed and removed listings on the next pull, and forgets the full record of a removed one', async () => {
    const mirror = new Mirror(`m-${randomUUID()}`);
    const index = new ListingIndex<ListingSummary>();
    await pull(mirror, index, { limit: 500 });
    const added = await publish();
    const [victim, changed] = (await publicIds()).filter((id) => id !== added);
    await mirror.putRecord((await publicListings()).find((v) => v.id === victim)!);
    const admin = await s.admin();
    await s.request({ method: 'DELETE', url: `/api/admin/vehicle/${victim}`, token: admin.token });
    await s.request({ method: 'PUT', url: `/api/vehicles/${changed}`, token: admin.token, body: { price: 12345 } });
    const result = await pull(mirror, index);
    expect(result.removed).toBe(1);
    expect(idsOf(index)).toEqual(await publicIds());
    expect(index.get(changed!)?.price).toBe(12345);
    expect(index.get(added)).toBeDefined();
    expect(await mirror.record(victim!)).toBeUndefined();
    const loaded = await loadSummary(mirror);
    expect(idsOf(loaded.index)).toEqual(await publicIds());
    expect(loaded.index.get(changed!)?.price).toBe(12345);
    // At the head, a pull changes nothing.
    expect(await pull(mirror, index)).toMatchObject({ upserts: 0, removed: 0 });
  });

  it('keeps only the scope asked for, and refuses to mix a stored scope with another', async () => {
    const mirror = new Mirror(`m-${randomUUID()}`);
    const index = new ListingIndex<ListingSummary>();
    const scope: MirrorScope = { types: ['construction'], regions: null, near: null };
    await pull(mirror, index, { scope });
    const want = (await publicListings())
      .filter((v) => v.vehicle_type === 'construction')
      .map((v) => v.id)
      .sort();
    expect(want.length).toBeGreaterThan(0);
    expect(idsOf(index)).toEqual(want);
    await expect(pull(mirror, index)).rejects.toThrow(/another scope/);
  });
});
