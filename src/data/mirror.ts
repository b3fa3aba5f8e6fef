import type { SellerContact, Vehicle } from '../domain/vehicle';
import type { CatalogueMakeRow } from './catalogue';
import type { MetaRow } from './db';
import { DB_DROPPED_FIELDS, DB_NAME, DB_VERSIONS, IDB_VERSION, parseStore } from './schema';

/**
 * A listing's contact as revealed to one signed-in user, kept so it works offline and is not asked
 * (and counted as a lead) again. Keyed by user and listing: another account on the same device asks
 * for its own.
 */
export interface ContactRow extends SellerContact {
  /** `${userId}:${vehicleId}` (contactKey). */
  id: string;
  userId: string;
  vehicleId: string;
  revealedAt: string;
}

export const contactKey = (userId: string, vehicleId: string): string => `${userId}:${vehicleId}`;

/**
 * The device's copy of the public data (the listings, the catalogue and the sync cursor), read and
 * written with IndexedDB itself. The search worker holds it, so a buyer's visit does not download
 * Dexie (about 29 KB gzipped) before the first screen; the seller's paths (drafts, the outbox) use
 * Dexie on the same database. Both build its stores from schema.ts.
 */
export class Mirror {
  private conn: Promise<IDBDatabase> | null = null;

  constructor(private readonly name = DB_NAME) {}

  /** The stored row of `key` (the sync cursor, the catalogue's ETag, the replay session). */
  meta(key: MetaRow['key']): Promise<MetaRow | undefined> {
    return this.read('meta', (s) => s.get(key) as IDBRequest<MetaRow | undefined>);
  }

  putMeta(row: MetaRow): Promise<void> {
    return this.write(['meta'], (t) => t.objectStore('meta').put(row));
  }

  deleteMeta(key: MetaRow['key']): Promise<void> {
    return this.write(['meta'], (t) => t.objectStore('meta').delete(key));
  }

  vehicles(): Promise<Vehicle[]> {
    return this.read('vehicles', (s) => s.getAll() as IDBRequest<Vehicle[]>);
  }

  /** One page of the delta feed and its cursor, in one transaction: all of it is stored or none. */
  applySyncPage(upserts: readonly Vehicle[], tombstones: readonly string[], cursor: MetaRow): Promise<void> {
    return this.write(['vehicles', 'meta'], (t) => {
      const vehicles = t.objectStore('vehicles');
      for (const v of upserts) vehicles.put(v);
      for (const id of tombstones) vehicles.delete(id);
      t.objectStore('meta').put(cursor);
    });
  }

  /** The contact of a listing this user revealed on this device, if any. */
  contact(userId: string, vehicleId: string): Promise<ContactRow | undefined> {
    return this.read('contacts', (s) => s.get(contactKey(userId, vehicleId)) as IDBRequest<ContactRow | undefined>);
  }

  putContact(row: ContactRow): Promise<void> {
    return this.write(['contacts'], (t) => t.objectStore('contacts').put(row));
  }

  catalogueCount(): Promise<number> {
    return this.read('catalogue', (s) => s.count());
  }

  /** The catalogue's makes of a vehicle type, in id order. */
  catalogueOfType(vehicleType: string): Promise<CatalogueMakeRow[]> {
    return this.read('catalogue', (s) => s.index('vehicle_type').getAll(vehicleType) as IDBRequest<CatalogueMakeRow[]>);
  }

  /** Replaces the whole catalogue and its version row in one transaction: a half-written one is never seen. */
  replaceCatalogue(makes: readonly CatalogueMakeRow[], version: MetaRow): Promise<void> {
    return this.write(['catalogue', 'meta'], (t) => {
      const catalogue = t.objectStore('catalogue');
      catalogue.clear();
      for (const m of makes) catalogue.put(m);
      t.objectStore('meta').put(version);
    });
  }

  private async read<T>(store: string, ask: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    let result!: T;
    await this.transact([store], 'readonly', (t) => {
      const req = ask(t.objectStore(store));
      req.onsuccess = () => (result = req.result);
    });
    return result;
  }

  private write(stores: string[], body: (t: IDBTransaction) => void): Promise<void> {
    return this.transact(stores, 'readwrite', body);
  }

  private async transact(stores: string[], mode: IDBTransactionMode, body: (t: IDBTransaction) => void): Promise<void> {
    const idb = await this.open();
    await new Promise<void>((resolve, reject) => {
      const t = idb.transaction(stores, mode);
      t.oncomplete = () => resolve();
      t.onabort = () => reject(t.error ?? new DOMException('The transaction was aborted.', 'AbortError'));
      try {
        body(t);
      } catch (err) {
        t.abort();
        reject(err);
      }
    });
  }

  private open(): Promise<IDBDatabase> {
    this.conn ??= openDatabase(this.name).then(
      (idb) => {
        // The app's next version upgrading the database: let it, and open again on the next call.
        idb.onversionchange = () => {
          idb.close();
          this.conn = null;
        };
        return idb;
      },
      (err: unknown) => {
        this.conn = null;
        throw err;
      },
    );
    return this.conn;
  }
}

function request(open: () => IDBOpenDBRequest): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = open();
    req.onupgradeneeded = (e) => createStores(req.result, req.transaction!, e.oldVersion);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function openDatabase(name: string): Promise<IDBDatabase> {
  try {
    return await request(() => indexedDB.open(name, IDB_VERSION));
  } catch (err) {
    // Already upgraded by a newer version of the app (in another tab): its stores are a superset of these.
    if (err instanceof DOMException && err.name === 'VersionError') return request(() => indexedDB.open(name));
    throw err;
  }
}

/** Creates what the versions after `oldVersion` add, as Dexie would. */
function createStores(idb: IDBDatabase, upgrade: IDBTransaction, oldVersion: number): void {
  DB_VERSIONS.forEach((stores, i) => {
    if ((i + 1) * 10 <= oldVersion) return;
    for (const [name, spec] of Object.entries(stores)) {
      const { key, indexes } = parseStore(spec);
      const store = idb.objectStoreNames.contains(name) ? upgrade.objectStore(name) : idb.createObjectStore(name, { keyPath: key });
      for (const field of indexes) if (!store.indexNames.contains(field)) store.createIndex(field, field);
    }
    // Rows written by an older version lose the fields this one no longer keeps.
    if (oldVersion === 0) return;
    for (const [name, fields] of Object.entries(DB_DROPPED_FIELDS[i + 1] ?? {})) {
      if (!idb.objectStoreNames.contains(name)) continue;
      upgrade.objectStore(name).openCursor().onsuccess = (e) => {
        const cursor = (e.target as IDBRequest<IDBCursorWithValue | null>).result;
        if (!cursor) return;
        const row = { ...(cursor.value as Record<string, unknown>) };
        if (fields.some((f) => f in row)) {
          for (const f of fields) delete row[f];
          cursor.update(row);
        }
        cursor.continue();
      };
    }
  });
}
