import * as Comlink from 'comlink';
import { ListingIndex } from '../src/domain/search/listingIndex';
import { normalizeSearch, parseSearchQuery, type SearchInput } from '../src/domain/search/filters';
import { withDistance, type Vehicle } from '../src/domain/vehicle';
import { Mirror, type ContactRow } from '../src/data/mirror';
import { fetchSyncPage, pullChanges } from '../src/data/sync';
import type { ProcessResult } from '../src/data/outbox';
import { saveReplayAuth, type ReplayAuth } from '../src/data/replayAuth';
import { downloadCatalogue, pullCatalogue, type CatalogueMakeRow } from '../src/data/catalogue';
import { readPrefs, writePrefs, type MirrorPrefs } from '../src/data/mirrorPrefs';

// The device's data, off the main thread: the mirror of the public listings and its delta sync, the
// reference catalogue, and the listing index loaded from the mirror and kept current by each page the
// sync stores, answering every search of the app. The mirror is IndexedDB itself (src/data/mirror.ts):
// neither the screens' first load nor this worker's carries Dexie or the query validation; Dexie comes
// with the seller's outbox, on first use.

export type { SearchInput } from '../src/domain/search/filters';
export type { MirrorPrefs } from '../src/data/mirrorPrefs';

/** What the device holds, for the "Data on this device" screen. */
export interface DataStatus {
  /** How many listings the device holds. */
  count: number;
  /** The bytes this site stores on the device (IndexedDB where the browser says, else all its storage); null where unknown. */
  bytesOnDevice: number | null;
  /** What the last update downloaded, and when it ended; null before the first. */
  lastUpdate: { at: string; bytes: number; listings: number } | null;
  prefs: MirrorPrefs;
}

/** The site's storage on this device: IndexedDB's share where Chromium reports it, else the whole usage. */
async function bytesOnDevice(): Promise<number | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  try {
    const estimate: StorageEstimate & { usageDetails?: { indexedDB?: number } } = await navigator.storage.estimate();
    return estimate.usageDetails?.indexedDB ?? estimate.usage ?? null;
  } catch {
    return null;
  }
}

export interface SyncOutcome {
  /** Whether listings or the catalogue changed (screens search again). */
  changed: boolean;
  count: number;
  lastSyncedAt: string | null;
  /** Why the listings could not be brought up to date (offline, server error); what arrived is kept. */
  error: string | null;
}

const index = new ListingIndex<Vehicle>();

/** make -> model -> variants present in the listings. */
export type Inventory = Record<string, Record<string, string[]>>;
export interface Dealer {
  id: string;
  name: string;
  location: string | null;
  count: number;
  image: string | null;
}
const mirror = new Mirror();
const catalogueByType = new Map<string, Promise<CatalogueMakeRow[]>>();
/** inventory()'s answers by type and seller, dropped whenever the index changes. */
const inventories = new Map<string, Inventory>();

const searchApi = {
  /** Builds the index from the mirror; returns how many listings it holds and when they were last synced. */
  async load(): Promise<{ count: number; lastSyncedAt: string | null }> {
    const [all, sync] = await Promise.all([mirror.vehicles(), mirror.meta('sync')]);
    for (const v of all) index.upsert(v);
    inventories.clear();
    return { count: index.size, lastSyncedAt: sync?.syncedAt ?? null };
  },
  /**
   * Pulls what changed on the server into the mirror and the index, and refreshes the catalogue.
   * A failure (offline) leaves both as they were, at a page boundary; the next call resumes.
   */
  async sync(): Promise<SyncOutcome> {
    let changed = false;
    let error: string | null = null;
    const catalogue = pullCatalogue(mirror, downloadCatalogue).catch((err: unknown) => {
      console.warn('catalogue not refreshed', err);
      return false;
    });
    try {
      await pullChanges(mirror, fetchSyncPage, (page) => {
        for (const v of page.upserts) index.upsert(v);
        for (const id of page.tombstones) index.remove(id);
        if (page.upserts.length || page.tombstones.length) {
          changed = true;
          inventories.clear();
        }
      });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    if (await catalogue) {
      catalogueByType.clear();
      changed = true;
    }
    return { changed, count: index.size, lastSyncedAt: (await mirror.meta('sync'))?.syncedAt ?? null, error };
  },
  /** The catalogue's makes (with models and variants) of a vehicle type, as stored on the device. */
  catalogue(vehicleType: string): Promise<CatalogueMakeRow[]> {
    // Read once per type and kept: every make/model select asks, and it changes only with a new catalogue.
    let rows = catalogueByType.get(vehicleType);
    if (!rows) {
      rows = mirror.catalogueOfType(vehicleType);
      catalogueByType.set(vehicleType, rows);
      rows.catch(() => catalogueByType.delete(vehicleType));
    }
    return rows;
  },
  /** Validates and normalises the screen's fields with the domain's rules, then searches. */
  search(input: SearchInput): { items: Vehicle[]; total: number } {
    const req = normalizeSearch(parseSearchQuery(input));
    const { hits, total } = index.search(req);
    return { items: hits.map((h) => (req.buyer ? withDistance(h.item, req.buyer) : h.item)), total };
  },
  /**
   * The makes, models and variants of the listings in the index for a vehicle type (and one seller),
   * as make -> model -> variants, for the filter selects' "in inventory" checks. From memory, so it
   * costs no database read however often the screens ask.
   */
  inventory(vehicleType: string, sellerId?: string): Inventory {
    // Kept per type and seller until the listings change: every select's mount asks.
    const key = `${vehicleType}|${sellerId ?? ''}`;
    const kept = inventories.get(key);
    if (kept) return kept;
    const out: Inventory = {};
    for (const v of index.values()) {
      if (v.vehicle_type !== vehicleType || (sellerId !== undefined && v.seller_id !== sellerId)) continue;
      const models = (out[v.make] ??= {});
      const variants = (models[v.model] ??= []);
      if (v.variant && !variants.includes(v.variant)) variants.push(v.variant);
    }
    inventories.set(key, out);
    return out;
  },
  /** The dealers with listings on the device, with their stock count. */
  dealers(): Dealer[] {
    const by = new Map<string, Dealer>();
    for (const v of index.values()) {
      if (v.seller_type !== 'dealer') continue;
      const d = by.get(v.seller_id) ?? { id: v.seller_id, name: v.seller_name ?? 'Dealer', location: v.seller_location, count: 0, image: v.images[0] ?? null };
      d.count++;
      by.set(v.seller_id, d);
    }
    return [...by.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  },
  /** Sends the signed-in user's queued publications (the outbox) until nothing more can run now. */
  async replayOutbox(token: string, userId: string): Promise<ProcessResult> {
    // Loaded on first use (a signed-in seller): buyers' first screen does not carry the write path or Dexie.
    const [{ fetchSend, processOutbox }, { db }] = await Promise.all([import('../src/data/outbox'), import('../src/data/db')]);
    return processOutbox(db, fetchSend(token), { userId });
  },
  /** Hands the session to the service worker's background replay (null on sign-out). */
  setReplayAuth(auth: ReplayAuth | null): Promise<void> {
    return saveReplayAuth(mirror, auth);
  },
  get(id: string): Vehicle | null {
    return index.get(id) ?? null;
  },
  /** A listing's contact this user revealed on this device (null when not asked yet): it works offline. */
  async contact(userId: string, vehicleId: string): Promise<ContactRow | null> {
    return (await mirror.contact(userId, vehicleId)) ?? null;
  },
  saveContact(row: ContactRow): Promise<void> {
    return mirror.putContact(row);
  },
  size(): number {
    return index.size;
  },
  /** What the person chose the device keeps and when it updates. */
  prefs(): Promise<MirrorPrefs> {
    return readPrefs(mirror);
  },
  setPrefs(p: MirrorPrefs): Promise<void> {
    return writePrefs(mirror, p);
  },
  /** How many listings the device holds, what they take on it, what the last update downloaded, and the prefs. */
  async dataStatus(): Promise<DataStatus> {
    const [bytes, last, prefs] = await Promise.all([bytesOnDevice(), mirror.meta('lastUpdate'), readPrefs(mirror)]);
    const lastUpdate = last?.at !== undefined && last.bytes !== undefined && last.listings !== undefined ? { at: last.at, bytes: last.bytes, listings: last.listings } : null;
    return { count: index.size, bytesOnDevice: bytes, lastUpdate, prefs };
  },
};

export type SearchApi = typeof searchApi;
Comlink.expose(searchApi);
