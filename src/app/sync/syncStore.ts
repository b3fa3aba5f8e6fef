import { proxy } from 'valtio';
import { fetchSyncPage } from '../../data/api';
import { db } from '../../data/db';
import { pullChanges } from '../../data/sync';
import { searchWorker } from './searchClient';

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
});

const REFRESH_MS = 5 * 60_000;
let running: Promise<void> | null = null;

/** Pulls what changed on the server into the device and the search index. */
export function syncNow(): Promise<void> {
  running ??= (async () => {
    syncStore.syncing = true;
    try {
      await pullChanges(db, (since, limit) => fetchSyncPage(since, limit), async (page) => {
        if (page.upserts.length || page.tombstones.length) {
          syncStore.count = await searchWorker.apply(page.upserts, page.tombstones);
          syncStore.version++;
        }
      });
      syncStore.lastSyncedAt = (await db.meta.get('sync'))?.syncedAt ?? null;
    } catch (err) {
      console.warn('sync failed; showing the listings on this device', err);
    } finally {
      syncStore.syncing = false;
      running = null;
    }
  })();
  return running;
}

/** Loads the device's listings into the index, then keeps them fresh: on start, on reconnect, every few minutes while visible. */
export async function startSync(): Promise<void> {
  syncStore.count = await searchWorker.load();
  syncStore.lastSyncedAt = (await db.meta.get('sync'))?.syncedAt ?? null;
  const storage = navigator.storage;
  if (storage?.persist) void storage.persist();
  window.addEventListener('online', () => {
    syncStore.online = true;
    void syncNow();
  });
  window.addEventListener('offline', () => {
    syncStore.online = false;
  });
  setInterval(() => {
    if (document.visibilityState === 'visible' && navigator.onLine) void syncNow();
  }, REFRESH_MS);
  if (syncStore.count > 0) {
    syncStore.ready = true;
    syncStore.version++;
    void syncNow();
  } else {
    await syncNow();
    syncStore.ready = true;
    syncStore.version++;
  }
}
