import * as Comlink from 'comlink';
import { proxy, subscribe } from 'valtio';
import { VEHICLE_TYPES, type VehicleType } from '@/domain/core/constants';
import { onListingWrite } from '@/data/listingWrites';
import { listingsWorker } from './searchClient';
import { mayUpdateAutomatically } from './dataSaver';
import { loadPrefs } from './dataPrefs';

export const syncStore = proxy({
  /** The index holds the device's listings (true once loaded, even offline). */
  ready: false,
  /** How many listings the device holds. */
  count: 0,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  syncing: false,
  lastSyncedAt: null as string | null,
  /** Bumped after every change, so screens re-run their searches. */
  version: 0,
  /** The server no longer serves this version's listings feed: what it says (reload to update). */
  outOfDate: null as string | null,
});

/** The vehicle type of the screen the person is on (its listings are downloaded first); null when none. */
function browsedType(): VehicleType | null {
  const path = window.location.pathname.split('/')[1] ?? '';
  const named = new URLSearchParams(window.location.search).get('vehicle_type') ?? (path === 'cars' ? 'car' : path);
  return (VEHICLE_TYPES as readonly string[]).includes(named) ? (named as VehicleType) : null;
}

/**
 * Calls `run` after each change to the device's listings (a bump of `version`), without rendering
 * anything itself: for parts of a screen that re-read the device then and leave the screen alone
 * when nothing they show changed. Returns the unsubscribe.
 */
export function onListingsChange(run: () => void): () => void {
  let version = syncStore.version;
  return subscribe(syncStore, () => {
    if (syncStore.version === version) return;
    version = syncStore.version;
    run();
  });
}

const REFRESH_MS = 5 * 60_000;
const FIRST_RESULTS_WAIT_MS = 4000;
const FIRST_PHOTOS_MS = 1500;
let firstResultsShown: () => void = () => undefined;
const firstResults = new Promise<void>((resolve) => (firstResultsShown = resolve));
/** The screen's searches on their way to the server; the first results are in when none is left. */
let serverSearches = 0;

/**
 * A screen's search asked of the server: returns what to call when it is answered (or failed). The
 * first results are in once a search has been answered and no other is on its way: a screen with a
 * live count and a list (the home page) has both before the first download starts.
 */
export function serverSearchStarted(): () => void {
  serverSearches++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    serverSearches--;
    if (serverSearches === 0) firstResultsShown();
  };
}

/** The first screen has its results (the device's, or the server's): the first download may start. */
export function markFirstResults(): void {
  if (serverSearches === 0) firstResultsShown();
}

/** Resolves once the first screen has its results, or after `ms` (a screen without results). */
export function firstResultsOrAfter(ms: number): Promise<void> {
  return Promise.race([firstResults, new Promise<void>((r) => setTimeout(r, ms))]);
}
let running: Promise<void> | null = null;
/** A sync asked for while one runs: it starts when that one ends (what changed meanwhile may be missing from it). */
let followUp: Promise<void> | null = null;
let initializeAsked = false;

/**
 * Pulls what changed on the server into the device and the search index. Called while a sync runs,
 * it runs another one after it (once, however many calls): a change made after the running sync read
 * the server, such as this device's own publish, is then never left out.
 */
export function syncNow(): Promise<void> {
  if (running) {
    followUp ??= running.then(() => {
      followUp = null;
      return syncNow();
    });
    return followUp;
  }
  running = (async () => {
    syncStore.syncing = true;
    try {
      // The worker stores each page in the mirror and its index, and refreshes the catalogue. Each
      // vehicle type the first download completes lets the screens search it on the device.
      const progress = Comlink.proxy((p: { count: number }) => {
        syncStore.count = p.count;
        syncStore.version++;
      });
      let outcome = await listingsWorker.sync(browsedType(), progress);
      if (outcome.count === 0 && !outcome.error && !initializeAsked) {
        // Spec section 4: no listings at all (a new or just-reset site) asks the server for its
        // sample data once, then syncs again. A failure is only logged; the empty state shows.
        initializeAsked = true;
        try {
          // The API client loads here, not with the first screen: only an empty site asks.
          const { api } = await import('@/data/api');
          await api.post('initialize-data');
          outcome = await listingsWorker.sync(browsedType(), progress);
        } catch (err) {
          console.warn('sample data not initialised', err);
        }
      }
      syncStore.count = outcome.count;
      syncStore.lastSyncedAt = outcome.lastSyncedAt;
      syncStore.outOfDate = outcome.outOfDate ? outcome.error : null;
      if (outcome.changed) syncStore.version++;
      if (outcome.error) console.warn('sync incomplete; showing the listings on this device:', outcome.error);
    } catch (err) {
      console.warn('sync failed; showing the listings on this device', err);
    } finally {
      syncStore.syncing = false;
      running = null;
    }
  })();
  return running;
}

/**
 * Loads the device's listings into the index, then keeps them fresh: on start, on reconnect, every few
 * minutes while visible, each time only when the person's choice allows it on this connection ("only
 * on Wi-Fi"; otherwise they update from the "Data on this device" screen).
 */
export async function startSync(): Promise<void> {
  const [loaded] = await Promise.all([listingsWorker.load(), loadPrefs()]);
  syncStore.count = loaded.count;
  syncStore.lastSyncedAt = loaded.lastSyncedAt;
  const storage = navigator.storage;
  if (storage?.persist) void storage.persist();
  window.addEventListener('online', () => {
    syncStore.online = true;
    if (mayUpdateAutomatically()) void syncNow();
  });
  window.addEventListener('offline', () => {
    syncStore.online = false;
  });
  setInterval(() => {
    if (document.visibilityState === 'visible' && navigator.onLine && mayUpdateAutomatically()) void syncNow();
  }, REFRESH_MS);
  // Ready at once, even with nothing on the device yet: a search the device cannot answer in full
  // (a first download on its way) goes to the server (useSearch).
  syncStore.ready = true;
  syncStore.version++;
  // On a first visit the first screen's results come first: the download starts once they are in
  // (or after a few seconds), so it does not hold up the search answer and its photos on a slow line.
  if (syncStore.count === 0) {
    await firstResultsOrAfter(FIRST_RESULTS_WAIT_MS);
    // And a moment for the first cards' photos, which the download would otherwise share the line with.
    await new Promise((r) => setTimeout(r, FIRST_PHOTOS_MS));
  }
  if (mayUpdateAutomatically()) void syncNow();
}

// This device's own listing writes (an edit, a delete, a payment confirmed) reach its search at once.
onListingWrite(() => void syncNow());
