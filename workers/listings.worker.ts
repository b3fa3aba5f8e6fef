import * as Comlink from 'comlink';
import { ListingIndex } from '@/domain/search/listingIndex';
import { normalizeSearch, parseSearchQuery, type SearchInput } from '@/domain/search/filters';
import { completeCovers, recordStands, scopeCovers, scopeParams, type MirrorScope } from '@/domain/search/scope';
import { summaryAsVehicle, type ListingSummary } from '@/domain/search/summary';
import { indexPriceVerdicts } from '@/domain/search/priceVerdict';
import type { VehicleType } from '@/domain/core/constants';
import { withDistance, type Vehicle } from '@/domain/listing/vehicle';
import { Mirror, type ContactRow } from '@/data/mirror';
import type { CatalogueMakeRow, MetaRow, MirrorPrefs } from '@/data/records';
import { applySummaryPage, dropLapsed, fetchSummaryPage, loadSummary, OutOfDate, pullSummary } from '@/data/sync';
import type { ProcessResult } from '@/data/outbox/runner';
import { saveReplayAuth, type ReplayAuth } from '@/data/replayAuth';
import { downloadCatalogue, pullCatalogue } from '@/data/catalogue';
import { readPrefs, writePrefs } from '@/data/mirrorPrefs';
import { Favourites, FavouritesAuthError, favouritesAccount } from '@/data/favourites';
import type { DeviceFavourite } from '@/domain/listing/favourites';

// The device's data, off the main thread: the summary of the public listings in the scope the person
// chose and its delta sync, the full records of the listings opened here, the reference catalogue,
// and the listing index loaded from the stored summary and kept current by each page the sync stores,
// answering every search the summary can answer. The mirror is IndexedDB itself (src/data/mirror.ts):
// neither the screens' first load nor this worker's carries Dexie or the query validation; Dexie comes
// with the seller's outbox, on first use.

export type { SearchInput } from '@/domain/search/filters';
export type { MirrorPrefs } from '@/data/records';

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
  /** The server no longer serves this version's feed: the app must reload to update. */
  outOfDate: boolean;
}

/** How far the first download has come, told after each page. */
export interface SyncProgress {
  count: number;
  complete: VehicleType[];
}

/** A search's answer; `covered` false when the device does not hold every listing it could find. */
export interface SearchAnswer {
  items: Vehicle[];
  total: number;
  covered: boolean;
  /**
   * Why not covered: outside the scope the person chose, the first download is not there yet, or words
   * that found nothing here while online (the server also reads descriptions and colours, which the
   * device does not hold).
   */
  reason?: 'scope' | 'downloading' | 'words';
}

/** A saved listing as the Saved screen shows it: the listing as the device holds it, and whether it is gone from sale. */
export interface SavedListing {
  favourite: DeviceFavourite;
  /** Its full record (kept when saved) with the summary's fresher fields, else its summary; null when the device has neither. */
  vehicle: Vehicle | null;
  /** No longer public: the account said so, or the device's complete copy of its scope no longer holds it. */
  gone: boolean;
}

let index = new ListingIndex<ListingSummary>();
/** The price verdicts over the device's copy: each model's fit computed when first shown, all dropped when the copy changes. */
const verdicts = indexPriceVerdicts(() => index);
/** A summary as a card shows it: the listing's shape, with its price verdict among the listings the device holds. */
const cardOf = (s: ListingSummary): Vehicle => ({ ...summaryAsVehicle(s), price_verdict: verdicts.verdict(s) });
/** The summary feed's stored position (null before the first page). */
let feed: MetaRow | null = null;

/** make -> model -> variants present in the listings. */
export type Inventory = Record<string, Record<string, string[]>>;
export interface Dealer {
  id: string;
  name: string;
  location: string | null;
  count: number;
  image: string | null;
  /** An administrator verified the dealer's business details (their listings carry the badge). */
  verified: boolean;
}
const mirror = new Mirror();
const favourites = new Favourites(mirror);
const catalogueByType = new Map<string, Promise<CatalogueMakeRow[]>>();
/** inventory()'s answers by type and seller, dropped whenever the index changes. */
const inventories = new Map<string, Inventory>();

const listingsApi = {
  /** Builds the index from the mirror; returns how many listings it holds and when they were last synced. */
  async load(): Promise<{ count: number; lastSyncedAt: string | null }> {
    const stored = await loadSummary(mirror);
    index = stored.index;
    verdicts.clear();
    feed = stored.state;
    const state = stored.state;
    inventories.clear();
    return { count: index.size, lastSyncedAt: state?.syncedAt ?? null };
  },
  /**
   * Pulls what changed on the server into the mirror and the index, and refreshes the catalogue.
   * A failure (offline) leaves both as they were, at a page boundary; the next call resumes.
   */
  async sync(first: VehicleType | null = null, progress?: (p: SyncProgress) => void): Promise<SyncOutcome> {
    let changed = false;
    let error: string | null = null;
    let outOfDate = false;
    const catalogue = pullCatalogue(mirror, downloadCatalogue).catch((err: unknown) => {
      console.warn('catalogue not refreshed', err);
      return false;
    });
    try {
      const scope = await currentScope();
      // The stored position says which scope the device holds (a first download cut short included).
      const stored = await mirror.meta('summary');
      if (stored && stored.scope !== JSON.stringify(scopeParams(scope))) {
        // Another scope chosen: what is kept goes, and the new scope is downloaded from the start.
        await mirror.clearSummary();
        index = new ListingIndex();
        verdicts.clear();
        feed = null;
        changed = true;
        inventories.clear();
      }
      const result = await pullSummary(mirror, fetchSummaryPage, {
        scope,
        first,
        apply: (page) => {
          applySummaryPage(index, page);
          if (page.rows.n || page.prices?.n || page.tombstones.length) {
            changed = true;
            inventories.clear();
            verdicts.clear();
          }
          const before = feed?.complete?.length ?? 0;
          feed = { ...(feed ?? { key: 'summary' }), complete: page.complete, cursor: page.cursor, revision: page.revision };
          if (progress && page.complete.length !== before) progress({ count: index.size, complete: page.complete });
        },
        // A new base holds no listing whose expiry has passed.
        columns: () => {
          dropLapsed(index);
          return index.toColumns();
        },
      });
      feed = result.state;
      if (result.bytes > 0) await mirror.putMeta({ key: 'lastUpdate', at: new Date().toISOString(), bytes: result.bytes, listings: result.upserts + result.removed });
    } catch (err) {
      outOfDate = err instanceof OutOfDate;
      error = err instanceof Error ? err.message : String(err);
    }
    // Online or not: the feed sends no tombstone for a listing that expired on schedule.
    if (dropLapsed(index)) {
      changed = true;
      inventories.clear();
      verdicts.clear();
    }
    if (await catalogue) {
      catalogueByType.clear();
      changed = true;
    }
    return { changed, count: index.size, lastSyncedAt: feed?.syncedAt ?? null, error, outOfDate };
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
  async search(input: SearchInput): Promise<SearchAnswer> {
    const req = normalizeSearch(parseSearchQuery(input));
    const scope = await currentScope();
    if (!scopeCovers(scope, req.filters, req.buyer)) return { items: [], total: 0, covered: false, reason: 'scope' };
    if (!feed || !completeCovers(feed.complete ?? [], req.filters, scope)) return { items: [], total: 0, covered: false, reason: 'downloading' };
    // The device knows dealers' ids only (summary.ts): another seller's listings are the server's to say.
    if (req.filters.seller_id !== undefined && !index.holdsSeller(req.filters.seller_id)) return { items: [], total: 0, covered: false, reason: 'scope' };
    const { hits, total } = index.search(req);
    if (total === 0 && req.filters.q !== undefined && navigator.onLine) return { items: [], total: 0, covered: false, reason: 'words' };
    return {
      items: hits.map((h) => {
        const v = cardOf(h.item);
        return req.buyer ? withDistance(v, req.buyer) : v;
      }),
      total,
      covered: true,
    };
  },
  /**
   * The makes, models and variants of the listings in the index for a vehicle type (and one seller),
   * as make -> model -> variants, for the filter selects' "in inventory" checks. From memory, so it
   * costs no database read however often the screens ask. Null when the device does not hold every
   * listing of the type (outside the scope, or a first download not there yet): no model can then be
   * called missing.
   */
  async inventory(vehicleType: string, sellerId?: string): Promise<Inventory | null> {
    const scope = await currentScope();
    const type = { vehicle_type: vehicleType as VehicleType };
    if (!scopeCovers(scope, type) || !feed || !completeCovers(feed.complete ?? [], type, scope)) return null;
    // Kept per type and seller until the listings change: every select's mount asks.
    const key = `${vehicleType}|${sellerId ?? ''}`;
    const kept = inventories.get(key);
    if (kept) return kept;
    const out: Inventory = {};
    index.forEachSlot((_, text) => {
      if (text('vehicle_type') !== vehicleType || (sellerId !== undefined && text('seller_id') !== sellerId)) return;
      const models = (out[text('make')!] ??= {});
      const variants = (models[text('model')!] ??= []);
      const variant = text('variant');
      if (variant && !variants.includes(variant)) variants.push(variant);
    });
    inventories.set(key, out);
    return out;
  },
  /** The dealers with listings on the device, with their stock count. */
  dealers(): Dealer[] {
    const by = new Map<string, Dealer>();
    index.forEachSlot((slot, text) => {
      if (text('seller_type') !== 'dealer') return;
      const id = text('seller_id')!;
      let d = by.get(id);
      if (!d) by.set(id, (d = { id, name: text('seller_name') ?? 'Dealer', location: text('seller_location'), count: 0, image: null, verified: false }));
      d.count++;
      if (index.isVerifiedDealer(slot)) d.verified = true;
    });
    // A dealer's picture: the thumbnail of one of its listings with a photo.
    index.forEachSlot((slot, text) => {
      const d = by.get(text('seller_id')!);
      if (d && d.image === null && index.hasPhoto(slot)) d.image = summaryAsVehicle(index.atSlot(slot)).images[0]!;
    });
    return [...by.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  },
  /** Sends the signed-in user's queued publications (the outbox) until nothing more can run now. */
  async replayOutbox(token: string, userId: string): Promise<ProcessResult> {
    // Loaded on first use (a signed-in seller): buyers' first screen does not carry the write path or Dexie.
    const [{ fetchSend }, { processOutbox }, { db }] = await Promise.all([import('@/data/outbox/senders'), import('@/data/outbox/runner'), import('@/data/db')]);
    return processOutbox(db, fetchSend(token), { userId });
  },
  /** Hands the session to the service worker's background replay (null on sign-out). */
  setReplayAuth(auth: ReplayAuth | null): Promise<void> {
    return saveReplayAuth(mirror, auth);
  },
  /**
   * A listing as the device holds it: its full record if it was opened here (with the summary's
   * fresher search fields over it), otherwise its summary (`summary_only`), or null.
   */
  async get(id: string): Promise<Vehicle | null> {
    const summary = index.get(id);
    const record = await mirror.record(id).catch(() => undefined);
    if (record && summary) return { ...record, ...freshFields(summary), price_verdict: verdicts.verdict(summary) };
    // A saved listing opens in full offline even once it has left the market (the Saved screen marks it).
    if (record) return recordStands(record, await currentScope(), feed?.cursor === null) || (await isSaved(id)) ? record : null;
    return summary ? cardOf(summary) : null;
  },
  /** Keeps a listing's full record (fetched when it was opened), so it opens in full offline. */
  keep(vehicle: Vehicle): Promise<void> {
    if (vehicle.summary_only) return Promise.resolve();
    return mirror.putRecord(vehicle);
  },
  /** The ids of the listings saved on this device, newest first. */
  async favouriteIds(): Promise<string[]> {
    return (await favourites.list()).map((f) => f.vehicle_id);
  },
  /** Saves a listing on this device (signed in or not) and keeps its record; sent to the account at the next sync. */
  saveFavourite(vehicle: Vehicle): Promise<void> {
    return favourites.save(vehicle);
  },
  removeFavourite(vehicleId: string): Promise<void> {
    return favourites.remove(vehicleId);
  },
  /**
   * Merges this device's favourites with the signed-in user's account (none when signed out). False when
   * the account could not be reached (offline): the changes stay on the device for the next time.
   */
  async syncFavourites(auth: ReplayAuth | null): Promise<boolean> {
    let synced = true;
    if (auth) {
      try {
        await favourites.sync(favouritesAccount(auth.token));
      } catch (err) {
        if (!(err instanceof FavouritesAuthError)) console.warn('favourites not synced', err);
        synced = false;
      }
    }
    await keepSavedRecords();
    return synced;
  },
  /** The saved listings for the Saved screen and Compare, newest first. */
  async savedListings(): Promise<SavedListing[]> {
    const [saved, scope] = await Promise.all([favourites.list(), currentScope()]);
    return Promise.all(
      saved.map(async (favourite) => {
        const id = favourite.vehicle_id;
        const summary = index.get(id);
        const record = await mirror.record(id).catch(() => undefined);
        const vehicle = record && summary ? { ...record, ...freshFields(summary), price_verdict: verdicts.verdict(summary) } : (record ?? (summary ? cardOf(summary) : null));
        const leftScope = !summary && !!record && !recordStands(record, scope, feed?.cursor === null);
        return { favourite, vehicle, gone: favourite.gone === true || leftScope };
      }),
    );
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
  async setPrefs(p: MirrorPrefs): Promise<void> {
    await writePrefs(mirror, p);
    // A new scope: searches outside it go to the server at once; the next sync downloads it.
    prefsRead = null;
  },
  /** How many listings the device holds, what they take on it, what the last update downloaded, and the prefs. */
  async dataStatus(): Promise<DataStatus> {
    const [bytes, last, prefs] = await Promise.all([bytesOnDevice(), mirror.meta('lastUpdate'), readPrefs(mirror)]);
    const lastUpdate = last?.at !== undefined && last.bytes !== undefined && last.listings !== undefined ? { at: last.at, bytes: last.bytes, listings: last.listings } : null;
    return { count: index.size, bytesOnDevice: bytes, lastUpdate, prefs };
  },
};

/**
 * Fetches the full record of each saved listing the device holds only a summary of (saved from a result
 * card, or offline): a saved listing opens in full offline. A listing that cannot be fetched now (offline,
 * gone) is tried at the next sync.
 */
async function keepSavedRecords(): Promise<void> {
  for (const f of await favourites.list()) {
    if (f.gone || (await mirror.record(f.vehicle_id).catch(() => undefined))) continue;
    try {
      const res = await fetch(`/api/vehicles/${f.vehicle_id}`, { headers: { accept: 'application/json' } });
      if (!res.ok) continue;
      await mirror.putRecord((await res.json()) as Vehicle);
    } catch {
      return;
    }
  }
}

async function isSaved(id: string): Promise<boolean> {
  return (await favourites.list()).some((f) => f.vehicle_id === id);
}

/** The fields of a summary that a later sync may have changed on a record opened before. */
function freshFields(s: ListingSummary): Partial<Vehicle> {
  const out: Record<string, unknown> = {};
  for (const f of FRESH_FIELDS) out[f] = s[f];
  return out as Partial<Vehicle>;
}
const FRESH_FIELDS = [
  'make',
  'model',
  'variant',
  'year',
  'price',
  'mileage',
  'operating_hours',
  'engine_size',
  'engine_power_hp',
  'fuel_type',
  'transmission',
  'condition',
  'category',
  'drive_type',
  'featured',
  'duty_paid',
  'papers_ready',
  'verified_dealer',
  'location',
  'region',
  'seller_name',
  'seller_location',
  'seller_type',
  'expires_at',
] as const satisfies readonly (keyof ListingSummary & keyof Vehicle)[];

/** The scope the person chose (the whole country until they choose). */
async function currentScope(): Promise<MirrorScope> {
  // Read once, then kept: every search asks, and only setPrefs changes it.
  prefsRead ??= readPrefs(mirror).catch((err: unknown) => {
    prefsRead = null;
    throw err;
  });
  return (await prefsRead).scope;
}
let prefsRead: Promise<MirrorPrefs> | null = null;

export type ListingsApi = typeof listingsApi;
Comlink.expose(listingsApi);
