import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Favourites, type FavouritesAccount } from '@/data/favourites';
import { Mirror, summaryPageId } from '@/data/mirror';
import { encodeSummaries } from '@/domain/search/summary';
import type { AccountFavourite } from '@/domain/listing/favourites';
import type { Vehicle } from '@/domain/listing/vehicle';

const vehicle = (id: string, price: number): Vehicle =>
  ({ id, make: 'Toyota', model: 'Hilux', year: 2018, price, vehicle_type: 'car', description: 'Full record', created_at: '2026-11-01T00:00:00Z' }) as Vehicle;

/** The account's favourites in memory, as the API keeps them; `online` false makes every call fail as a lost connection does. */
function fakeAccount(listings: Map<string, Vehicle | null>) {
  const saved = new Map<string, AccountFavourite>();
  const state = { online: true, calls: [] as string[] };
  const reach = () => {
    if (!state.online) throw new TypeError('Failed to fetch');
  };
  const account: FavouritesAccount = {
    async list() {
      reach();
      state.calls.push('GET');
      return [...saved.values()].map((f) => ({ ...f, vehicle: listings.get(f.vehicle_id) ?? null }));
    },
    async put(id, body) {
      reach();
      state.calls.push(`PUT ${id}`);
      if (!listings.has(id)) return false;
      if (!saved.has(id)) saved.set(id, { vehicle_id: id, title: null, saved_at: body.saved_at, saved_price: body.saved_price, vehicle: null, sold: false });
      return true;
    },
    async remove(id) {
      reach();
      state.calls.push(`DELETE ${id}`);
      saved.delete(id);
    },
  };
  return { account, saved, state };
}

const ids = (rows: { vehicle_id: string }[]) => rows.map((r) => r.vehicle_id).sort();

describe('favourites on the device', () => {
  it('saves and removes offline, keeps the full record, and merges into the account once back online', async () => {
    const mirror = new Mirror(`fav-${randomUUID()}`);
    let clock = Date.parse('2026-11-20T10:00:00Z');
    const favs = new Favourites(mirror, () => new Date((clock += 1000)));
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const listings = new Map<string, Vehicle | null>([
      [a, vehicle(a, 10000)],
      [b, vehicle(b, 20000)],
      [c, vehicle(c, 30000)],
      [d, vehicle(d, 40000)],
    ]);
    const { account, saved, state } = fakeAccount(listings);
    // The account already holds c (saved on another device) and d.
    saved.set(c, { vehicle_id: c, title: '2018 Toyota Hilux', saved_at: '2026-11-19T08:00:00.000Z', saved_price: 31000, vehicle: null, sold: false });
    saved.set(d, { vehicle_id: d, title: '2018 Toyota Hilux', saved_at: '2026-11-19T09:00:00.000Z', saved_price: 40000, vehicle: null, sold: false });

    // Offline, signed in or not: two saved, one of them removed again, and d removed here.
    state.online = false;
    await favs.save(vehicle(a, 10000));
    await favs.save(vehicle(b, 20000));
    await favs.remove(b);
    await favs.save(vehicle(d, 40000));
    await favs.remove(d);
    expect(ids(await favs.list())).toEqual([a]);
    expect((await mirror.record(a))?.description).toBe('Full record');
    await expect(favs.sync(account)).rejects.toThrow('Failed to fetch');
    expect(ids(await favs.list())).toEqual([a]);

    // Back online: the device's changes go up, the account's favourites come down.
    state.online = true;
    listings.set(c, { ...vehicle(c, 28000), description: 'Record from the account' });
    await favs.sync(account);
    expect(ids([...saved.values()])).toEqual([a, c].sort());
    expect(ids(await favs.list())).toEqual([a, c].sort());
    expect((await favs.list()).find((f) => f.vehicle_id === c)).toMatchObject({ saved_price: 31000, pending: false });
    expect((await mirror.record(c))?.description).toBe('Record from the account');

    // Nothing pending: a second sync only reads.
    state.calls.length = 0;
    await favs.sync(account);
    expect(state.calls).toEqual(['GET']);

    // Removed on another device: gone here too. Gone from sale: still saved, marked.
    saved.delete(a);
    listings.set(c, null);
    await favs.sync(account);
    expect(await favs.list()).toEqual([expect.objectContaining({ vehicle_id: c, gone: true })]);
    expect((await mirror.record(c))?.description).toBe('Record from the account');
  });

  it('keeps a removal made while its save was on its way to the account, and sends it next time', async () => {
    const mirror = new Mirror(`fav-${randomUUID()}`);
    const favs = new Favourites(mirror);
    const a = randomUUID();
    const { account, saved } = fakeAccount(new Map([[a, vehicle(a, 1)]]));
    let arrived!: () => void;
    const putArrived = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const answer = new Promise<void>((resolve) => (release = resolve));
    const slow: FavouritesAccount = {
      ...account,
      put: async (id, body) => {
        arrived();
        await answer;
        return account.put(id, body);
      },
    };
    await favs.save(vehicle(a, 1));
    const syncing = favs.sync(slow);
    await putArrived;
    await favs.remove(a);
    release();
    await syncing;
    expect(await favs.list()).toEqual([]);
    expect((await mirror.favourites()).map((f) => [f.vehicle_id, f.removed, f.pending])).toEqual([[a, true, true]]);
    await favs.sync(account);
    expect(saved.size).toBe(0);
    expect(await mirror.favourites()).toEqual([]);
  });

  it('drops a favourite the account cannot know (a listing that never was public)', async () => {
    const mirror = new Mirror(`fav-${randomUUID()}`);
    const favs = new Favourites(mirror);
    const a = randomUUID();
    const { account } = fakeAccount(new Map());
    await favs.save(vehicle(a, 1));
    await favs.sync(account);
    expect(await favs.list()).toEqual([]);
  });

  it("keeps a saved listing's record when the listings feed removes the listing; an unsaved one's goes", async () => {
    const mirror = new Mirror(`fav-${randomUUID()}`);
    const favs = new Favourites(mirror);
    const [kept, dropped, unsaved] = [randomUUID(), randomUUID(), randomUUID()];
    await favs.save(vehicle(kept, 1));
    await favs.save(vehicle(dropped, 2));
    await favs.remove(dropped);
    await mirror.putRecord(vehicle(unsaved, 3));
    await mirror.storeSummaryPage({ id: summaryPageId(1), rows: encodeSummaries([]), tombstones: [kept, dropped, unsaved] }, { key: 'summary', revision: 1 });
    expect((await mirror.record(kept))?.description).toBe('Full record');
    expect(await mirror.record(dropped)).toBeUndefined();
    expect(await mirror.record(unsaved)).toBeUndefined();
  });
});
