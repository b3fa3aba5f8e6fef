import type { SellerContact, Vehicle } from '../domain/listing/vehicle';
import type { IndexColumns } from '../domain/search/index/columns';
import type { SummaryColumns, SummaryPrices } from '../domain/search/summary';
import type { DeviceFavourite } from '../domain/listing/favourites';
import type { CatalogueMakeRow, MetaRow } from './records';
import { DB_CLEARED_STORES, DB_DROPPED_FIELDS, DB_NAME, DB_VERSIONS, IDB_VERSION, parseStore } from './schema';

/**
 * The stored summary of the listings: the search index's columns as of some moment ('base'), then the
 * feed's pages stored since, in order ('page:000001', ...). A start loads the base in bulk and applies
 * the pages; once they add up, the worker writes a new base in their place.
 */
export type SummaryRow = { id: 'base'; columns: IndexColumns } | { id: `page:${string}`; rows: SummaryColumns; prices?: SummaryPrices; tombstones: string[] };

export const summaryPageId = (n: number): `page:${string}` => `page:${String(n).padStart(9, '0')}`;

/** A listing opened on this device, kept in full so it opens offline. */
export interface RecordRow {
  id: string;
  vehicle: Vehicle;
  storedAt: string;
}

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
 * written with IndexedDB itself. The listings worker holds it, so a buyer's visit does not download
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

  /** The stored summary: its base (if any) first, then its pages in order. */
  summary(): Promise<SummaryRow[]> {
    return this.read('summary', (s) => s.getAll() as IDBRequest<SummaryRow[]>);
  }

  /**
   * One page of the summary feed and the feed's position after it, in one transaction: all of it is
   * stored or none. The full records of the listings it removes go with them.
   */
  storeSummaryPage(page: Extract<SummaryRow, { id: `page:${string}` }>, state: MetaRow): Promise<void> {
    return this.write(['summary', 'meta', 'records', 'favourites'], (t) => {
      t.objectStore('summary').put(page);
      const records = t.objectStore('records');
      const favourites = t.objectStore('favourites');
      // A saved listing's record stays while it is saved: the Saved screen and Compare show it offline.
      for (const id of page.tombstones) {
        const saved = favourites.get(id) as IDBRequest<DeviceFavourite | undefined>;
        saved.onsuccess = () => {
          if (!saved.result || saved.result.removed) records.delete(id);
        };
      }
      t.objectStore('meta').put(state);
    });
  }

  /** Replaces the stored summary by one base (the index's columns now) and its state, in one transaction. */
  storeSummaryBase(columns: IndexColumns, state: MetaRow): Promise<void> {
    return this.write(['summary', 'meta'], (t) => {
      const summary = t.objectStore('summary');
      summary.clear();
      summary.put({ id: 'base', columns } satisfies SummaryRow);
      t.objectStore('meta').put(state);
    });
  }

  /** Forgets the summary (a new scope is downloaded from the start); opened listings stay. */
  clearSummary(): Promise<void> {
    return this.write(['summary', 'meta'], (t) => {
      t.objectStore('summary').clear();
      t.objectStore('meta').delete('summary');
    });
  }

  /** The full record of a listing opened on this device. */
  async record(id: string): Promise<Vehicle | undefined> {
    return (await this.read('records', (s) => s.get(id) as IDBRequest<RecordRow | undefined>))?.vehicle;
  }

  putRecord(vehicle: Vehicle): Promise<void> {
    return this.write(['records'], (t) => t.objectStore('records').put({ id: vehicle.id, vehicle, storedAt: new Date().toISOString() } satisfies RecordRow));
  }

  deleteRecord(id: string): Promise<void> {
    return this.write(['records'], (t) => t.objectStore('records').delete(id));
  }

  /** The favourites kept on this device, removals not yet sent included. */
  favourites(): Promise<DeviceFavourite[]> {
    return this.read('favourites', (s) => s.getAll() as IDBRequest<DeviceFavourite[]>);
  }

  /** Stores a favourite and, when given, the listing's full record with it, in one transaction. */
  putFavourite(row: DeviceFavourite, vehicle: Vehicle | null): Promise<void> {
    return this.write(['favourites', 'records'], (t) => {
      t.objectStore('favourites').put(row);
      if (vehicle) t.objectStore('records').put({ id: vehicle.id, vehicle, storedAt: new Date().toISOString() } satisfies RecordRow);
    });
  }

  /**
   * Replaces the favourites by a sync's outcome, with the listings' records the account sent (a listing
   * gone from sale has none: the record kept before stays), in one transaction.
   */
  replaceFavourites(rows: readonly DeviceFavourite[], vehicles: readonly Vehicle[]): Promise<void> {
    return this.write(['favourites', 'records'], (t) => {
      const favourites = t.objectStore('favourites');
      favourites.clear();
      for (const row of rows) favourites.put(row);
      const records = t.objectStore('records');
      const storedAt = new Date().toISOString();
      for (const vehicle of vehicles) records.put({ id: vehicle.id, vehicle, storedAt } satisfies RecordRow);
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
    // Rows written by an older version lose the fields this one no longer keeps, or all of them.
    if (oldVersion === 0) return;
    for (const name of DB_CLEARED_STORES[i + 1] ?? []) if (idb.objectStoreNames.contains(name)) upgrade.objectStore(name).clear();
    for (const [name, fields] of Object.entries(DB_DROPPED_FIELDS[i + 1] ?? {})) {
      // Emptied by a later version in this same upgrade: rewriting its rows would bring them back.
      const clearedLater = DB_VERSIONS.some((_, j) => j > i && (j + 1) * 10 > oldVersion && DB_CLEARED_STORES[j + 1]?.includes(name));
      if (!idb.objectStoreNames.contains(name) || clearedLater) continue;
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
