import Dexie, { type EntityTable } from 'dexie';
import { DB_CLEARED_STORES, DB_DROPPED_FIELDS, DB_NAME, DB_VERSIONS } from './schema';
import type { VehicleType } from '../domain/constants';
import type { Vehicle } from '../domain/vehicle';
import type { CatalogueMakeRow } from './catalogue';
import type { DraftPhotoRow, DraftRow } from './drafts';
import type { OutboxItem } from './outbox/items';
import type { MirrorPrefs } from './mirrorPrefs';

/**
 * What the device keeps between visits besides the listings: the sync cursor, the catalogue's version,
 * the person's choices of what to keep (prefs) and what the last update downloaded (lastUpdate).
 */
export interface MetaRow {
  key: 'sync' | 'catalogue' | 'replayAuth' | 'summary' | 'prefs' | 'lastUpdate';
  revision?: number;
  /** summary: where the first download of the scope goes on (null once it is done). */
  cursor?: string | null;
  /** summary: the vehicle types whose every listing in the scope is on the device. */
  complete?: VehicleType[];
  /** summary: the scope the stored listings were downloaded for (its query parameters as JSON). */
  scope?: string;
  /** summary: the number of the last feed page stored, and the listings and tombstones in the pages since the base. */
  pages?: number;
  pageRows?: number;
  syncedAt?: string;
  /** The catalogue's ETag, sent back so an unchanged catalogue is not downloaded again. */
  etag?: string;
  /** replayAuth: the signed-in user's token, so the service worker can send the outbox with no page open. */
  token?: string;
  userId?: string;
  /** prefs: what the device keeps and when it may update (src/data/mirrorPrefs.ts). */
  prefs?: MirrorPrefs;
  /** lastUpdate: the bytes the last update downloaded, how many listings it brought, and when it ended. */
  bytes?: number;
  listings?: number;
  at?: string;
}

export class MotokariDb extends Dexie {
  vehicles!: EntityTable<Vehicle, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;
  /** The reference make/model/variant catalogue, one row per make. */
  catalogue!: EntityTable<CatalogueMakeRow, 'id'>;
  /** Listing drafts saved as the seller types; their photos live apart so a keystroke never rewrites them. */
  drafts!: EntityTable<DraftRow, 'id'>;
  draftPhotos!: EntityTable<DraftPhotoRow, 'id'>;
  /** The ordered write queue that publishes drafts: uploads, the listing create, the payment request. */
  outbox!: EntityTable<OutboxItem, 'id'>;

  constructor(name = DB_NAME) {
    super(name);
    DB_VERSIONS.forEach((stores, i) => {
      const version = this.version(i + 1).stores(stores);
      const dropped = DB_DROPPED_FIELDS[i + 1];
      const cleared = DB_CLEARED_STORES[i + 1];
      if (cleared) version.upgrade((tx) => Promise.all(cleared.map((store) => tx.table(store).clear())));
      else if (dropped) {
        version.upgrade((tx) =>
          Promise.all(
            Object.entries(dropped).map(([store, fields]) =>
              tx
                .table(store)
                .toCollection()
                .modify((row: Record<string, unknown>) => {
                  for (const field of fields) delete row[field];
                }),
            ),
          ),
        );
      }
    });
  }
}

export const db = new MotokariDb();
