import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { MotokariDb } from '@/data/db';
import { Mirror } from '@/data/mirror';
import { forgetReplayAuth, readReplayAuth, saveReplayAuth } from '@/data/replayAuth';
import { DB_VERSIONS, IDB_VERSION } from '@/data/schema';
import type { Vehicle } from '@/domain/listing/vehicle';
import { encodeSummaries } from '@/domain/search/summary';
import { ListingIndex } from '@/domain/search/index/listingIndex';
import { summaryPageId } from '@/data/mirror';

// The search worker's Mirror writes the device database with IndexedDB itself; the seller's paths
// open the same database with Dexie. Whichever opens it first, the other must find the same stores,
// at the same version, and see the other's writes.

/** Every store's key path and indexes, and the database's version, as IndexedDB reports them. */
function shape(name: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name);
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const idb = req.result;
      const names = [...idb.objectStoreNames].sort();
      const t = idb.transaction(names, 'readonly');
      const stores = names.map((n) => {
        const s = t.objectStore(n);
        const indexes = [...s.indexNames].sort().map((i) => ({ i, keyPath: s.index(i).keyPath, unique: s.index(i).unique, multiEntry: s.index(i).multiEntry }));
        return { n, keyPath: s.keyPath, autoIncrement: s.autoIncrement, indexes };
      });
      idb.close();
      resolve({ version: idb.version, stores });
    };
  });
}

const vehicle = (id: string): Vehicle => ({ id, make: 'Toyota', model: 'Hilux', vehicle_type: 'car', created_at: '2026-11-01T00:00:00Z' }) as Vehicle;

describe('the worker mirror and Dexie on one database', () => {
  it('creates the same stores and indexes Dexie creates, and Dexie opens them without an upgrade', async () => {
    const byDexie = `d-${randomUUID()}`;
    const dexie = new MotokariDb(byDexie);
    await dexie.open();
    dexie.close();

    const byMirror = `m-${randomUUID()}`;
    await new Mirror(byMirror).putMeta({ key: 'sync', revision: 7 });
    expect(await shape(byMirror)).toEqual(await shape(byDexie));
    expect(await shape(byMirror)).toMatchObject({ version: IDB_VERSION });

    const later = new MotokariDb(byMirror);
    expect((await later.meta.get('sync'))?.revision).toBe(7);
    later.close();
    expect(await shape(byMirror)).toMatchObject({ version: IDB_VERSION });
  });

  it('each sees what the other wrote', async () => {
    const name = `x-${randomUUID()}`;
    const dexie = new MotokariDb(name);
    const mirror = new Mirror(name);
    await dexie.table('records').put({ id: 'a', vehicle: vehicle('a'), storedAt: '2026-11-24T00:00:00Z' });
    expect((await mirror.record('a'))?.make).toBe('Toyota');
    await mirror.putRecord(vehicle('b'));
    expect((await dexie.table('records').get('b'))?.vehicle.id).toBe('b');

    await saveReplayAuth(mirror, { token: 't', userId: 'u' });
    expect(await dexie.meta.get('replayAuth')).toMatchObject({ token: 't', userId: 'u' });
    await saveReplayAuth(mirror, null);
    expect(await readReplayAuth(mirror)).toBeNull();
    expect(await dexie.meta.get('replayAuth')).toBeUndefined();

    // A token the server refused is forgotten, unless a page has stored a newer session meanwhile.
    await saveReplayAuth(mirror, { token: 'revoked', userId: 'u' });
    await forgetReplayAuth(mirror, 'older');
    expect(await readReplayAuth(mirror)).toEqual({ token: 'revoked', userId: 'u' });
    await forgetReplayAuth(mirror, 'revoked');
    expect(await readReplayAuth(mirror)).toBeNull();
    dexie.close();
  });

  it('stores a feed page and its position whole or not at all, and drops the records of the listings it removes', async () => {
    const mirror = new Mirror(`p-${randomUUID()}`);
    const rows = encodeSummaries([]);
    await mirror.putRecord(vehicle('gone'));
    await mirror.putRecord(vehicle('kept'));
    await mirror.storeSummaryPage({ id: summaryPageId(1), rows, tombstones: ['gone'] }, { key: 'summary', revision: 1 });
    expect(await mirror.record('gone')).toBeUndefined();
    expect(await mirror.record('kept')).toBeDefined();
    // A page the store refuses (no key) leaves the position, the pages and the records as they were.
    const keyless = { rows, tombstones: ['kept'] } as unknown as Parameters<Mirror['storeSummaryPage']>[0];
    await expect(mirror.storeSummaryPage(keyless, { key: 'summary', revision: 2 })).rejects.toThrow();
    expect((await mirror.summary()).map((r) => r.id)).toEqual([summaryPageId(1)]);
    expect((await mirror.meta('summary'))?.revision).toBe(1);
    expect(await mirror.record('kept')).toBeDefined();
  });

  it('replaces the pages by a base in one step, and forgets the summary when asked', async () => {
    const mirror = new Mirror(`b-${randomUUID()}`);
    const rows = encodeSummaries([]);
    await mirror.storeSummaryPage({ id: summaryPageId(1), rows, tombstones: [] }, { key: 'summary', revision: 1, pages: 1 });
    await mirror.storeSummaryPage({ id: summaryPageId(2), rows, tombstones: [] }, { key: 'summary', revision: 2, pages: 2 });
    const index = new ListingIndex();
    await mirror.storeSummaryBase(index.toColumns(), { key: 'summary', revision: 2, pages: 0 });
    expect((await mirror.summary()).map((r) => r.id)).toEqual(['base']);
    await mirror.clearSummary();
    expect(await mirror.summary()).toEqual([]);
    expect(await mirror.meta('summary')).toBeUndefined();
  });

  it('empties the full copy of the listings older versions kept (with the phones version 4 dropped), whichever opens the database', async () => {
    for (const open of [(n: string) => new Mirror(n).catalogueCount(), (n: string) => new MotokariDb(n).open().then((d) => d.close())]) {
      const name = `c-${randomUUID()}`;
      const old = new Dexie(name);
      old.version(3).stores({
        vehicles: 'id, vehicle_type, make, created_at',
        meta: 'key',
        catalogue: 'id, vehicle_type',
        drafts: 'id, updatedAt',
        draftPhotos: 'id, draftId',
        outbox: 'id, listingId, createdAt',
      });
      await old.table('vehicles').bulkPut([{ ...vehicle('with-phone'), seller_phone: '+263 77 123 4567', seller_email: 'rudo@example.co.zw' }, vehicle('without')]);
      await old.table('meta').put({ key: 'sync', revision: 9 });
      await old.table('drafts').put({ id: 'd1', updatedAt: '2026-11-01T00:00:00Z' });
      old.close();

      await open(name);
      const reopened = new Dexie(name);
      await reopened.open();
      expect(await reopened.table('vehicles').count()).toBe(0);
      // A tab still on the old version keeps its position (it pulls only what changed) until it reloads.
      expect((await reopened.table('meta').get('sync'))?.revision).toBe(9);
      expect(await reopened.table('drafts').get('d1')).toBeDefined();
      reopened.close();
      const byDexie = `d-${randomUUID()}`;
      await new MotokariDb(byDexie).open().then((d) => d.close());
      expect((await shape(name)) as object).toEqual(await shape(byDexie));
    }
  });

  it('lets a newer version of the app upgrade the database while it is open, then reads on', async () => {
    const name = `n-${randomUUID()}`;
    const mirror = new Mirror(name);
    await mirror.putRecord(vehicle('a'));

    const newer = new Dexie(name);
    newer.version(IDB_VERSION / 10 + 1).stores({ ...Object.assign({}, ...DB_VERSIONS), newer: 'id' });
    await newer.open();
    newer.close();

    expect((await mirror.record('a'))?.id).toBe('a');
    expect(await shape(name)).toMatchObject({ version: IDB_VERSION + 10 });
  });
});
