import { proxy, subscribe, useSnapshot } from 'valtio';
import type { Vehicle } from '@/domain/listing/vehicle';
import { session } from '../session/session';
import { listingsWorker } from '../sync/searchClient';

/**
 * The listings saved on this device (the hearts), kept by the search worker in IndexedDB (src/data/
 * favourites.ts). `version` is bumped after each change or sync, so the Saved screen reads again.
 */
export const favouritesStore = proxy({ ids: [] as string[], version: 0 });

async function reload(): Promise<void> {
  favouritesStore.ids = await listingsWorker.favouriteIds();
  favouritesStore.version += 1;
}

const currentAuth = () => (session.token && session.user ? { token: session.token, userId: session.user.id } : null);

let syncing: Promise<void> | null = null;
let again = false;

/** Merges the device's favourites with the account (when signed in); one at a time, once more if asked meanwhile. */
export function syncFavourites(): Promise<void> {
  if (syncing) {
    again = true;
    return syncing;
  }
  syncing = (async () => {
    do {
      again = false;
      await listingsWorker.syncFavourites(currentAuth()).catch((err: unknown) => console.warn('favourites not synced', err));
      await reload();
    } while (again);
  })().finally(() => (syncing = null));
  return syncing;
}

/** Saves or unsaves a listing (the heart), on the device at once and in the account when it can be reached. */
export async function toggleFavourite(vehicle: Vehicle): Promise<void> {
  const saved = favouritesStore.ids.includes(vehicle.id);
  favouritesStore.ids = saved ? favouritesStore.ids.filter((id) => id !== vehicle.id) : [vehicle.id, ...favouritesStore.ids];
  await (saved ? listingsWorker.removeFavourite(vehicle.id) : listingsWorker.saveFavourite(vehicle));
  await reload();
  void syncFavourites();
}

/** Unsaves a listing the device holds nothing more of than its favourite. */
export async function unsaveFavourite(vehicleId: string): Promise<void> {
  favouritesStore.ids = favouritesStore.ids.filter((id) => id !== vehicleId);
  await listingsWorker.removeFavourite(vehicleId);
  await reload();
  void syncFavourites();
}

export function useIsFavourite(id: string): boolean {
  return useSnapshot(favouritesStore).ids.includes(id);
}

let started = false;

/** Reads the device's favourites, and syncs them with the account on start, on sign-in and when back online. */
export function startFavourites(): void {
  if (started) return;
  started = true;
  let lastToken: string | null | undefined;
  subscribe(session, () => {
    if (session.token === lastToken) return;
    lastToken = session.token;
    void syncFavourites();
  });
  lastToken = session.token;
  void syncFavourites();
  window.addEventListener('online', () => void syncFavourites());
}
