import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { MotokariDb } from '../../src/data/db';
import { Mirror } from '../../src/data/mirror';
import { forgetReplayAuth, readReplayAuth, saveReplayAuth } from '../../src/data/replayAuth';
import { IDB_VERSION } from '../../src/data/schema';
import type { Vehicle } from '../../src/domain/vehicle';

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
    await dexie.vehicles.put(vehicle('a'));
    await mirror.applySyncPage([vehicle('b'), vehicle('c')], ['a'], { key: 'sync', revision: 3 });
    expect((await dexie.vehicles.toArray()).map((v) => v.id)).toEqual(['b', 'c']);
    expect((await mirror.vehicles()).map((v) => v.id)).toEqual(['b', 'c']);

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

  it('stores a sync page whole or not at all', async () => {
    const mirror = new Mirror(`p-${randomUUID()}`);
    await mirror.applySyncPage([vehicle('a')], [], { key: 'sync', revision: 1 });
    const keyless = { make: 'Isuzu' } as unknown as Vehicle;
    await expect(mirror.applySyncPage([vehicle('b'), keyless], [], { key: 'sync', revision: 2 })).rejects.toThrow();
    expect((await mirror.vehicles()).map((v) => v.id)).toEqual(['a']);
    expect((await mirror.meta('sync'))?.revision).toBe(1);
  });

  it('brings a database of an older version up to date, keeping its listings', async () => {
    const name = `o-${randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores({ vehicles: 'id, vehicle_type, make, created_at', meta: 'key' });
    await old.table('vehicles').put(vehicle('kept'));
    old.close();

    const mirror = new Mirror(name);
    expect((await mirror.vehicles()).map((v) => v.id)).toEqual(['kept']);
    expect(await mirror.catalogueCount()).toBe(0);
    const byDexie = `d-${randomUUID()}`;
    await new MotokariDb(byDexie).open().then((d) => d.close());
    expect((await shape(name)) as object).toEqual(await shape(byDexie));
  });

  it("drops the sellers' phones and emails that listings kept before version 4 carried, whichever opens the database", async () => {
    for (const open of [(n: string) => new Mirror(n).vehicles(), (n: string) => new MotokariDb(n).vehicles.toArray()]) {
      const name = `c-${randomUUID()}`;
      const old = new Dexie(name);
      old.version(3).stores({ vehicles: 'id, vehicle_type, make, created_at', meta: 'key', catalogue: 'id, vehicle_type', drafts: 'id, updatedAt', draftPhotos: 'id, draftId', outbox: 'id, listingId, createdAt' });
      await old.table('vehicles').bulkPut([
        { ...vehicle('with-phone'), seller_phone: '+263 77 123 4567', seller_email: 'rudo@example.co.zw' },
        vehicle('without'),
      ]);
      await old.table('meta').put({ key: 'sync', revision: 9 });
      old.close();

      const rows = (await open(name)) as unknown as Record<string, unknown>[];
      expect(rows.map((v) => v.id).sort()).toEqual(['with-phone', 'without']);
      for (const row of rows) {
        expect(row).not.toHaveProperty('seller_phone');
        expect(row).not.toHaveProperty('seller_email');
        expect(row.make).toBe(vehicle('x').make);
      }
      expect((await new Mirror(name).meta('sync'))?.revision).toBe(9);
    }
  });

  it('lets a newer version of the app upgrade the database while it is open, then reads on', async () => {
    const name = `n-${randomUUID()}`;
    const mirror = new Mirror(name);
    await mirror.applySyncPage([vehicle('a')], [], { key: 'sync', revision: 1 });

    const newer = new Dexie(name);
    newer.version(5).stores({ vehicles: 'id, vehicle_type, make, created_at', meta: 'key', catalogue: 'id, vehicle_type', drafts: 'id, updatedAt', draftPhotos: 'id, draftId', outbox: 'id, listingId, createdAt', contacts: 'id', saved: 'id' });
    await newer.open();
    newer.close();

    expect((await mirror.vehicles()).map((v) => v.id)).toEqual(['a']);
    expect(await shape(name)).toMatchObject({ version: 50 });
  });
});
