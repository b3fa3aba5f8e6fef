import { recordStands } from '@/domain/search/scope';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { SavedListing } from '@/domain/listing/savedListing';
import type { ReplayAuth } from '@/data/replayAuth';
import { Favourites, FavouritesAuthError, favouritesAccount } from '@/data/favourites';
import { cardOf, freshRecord } from './cards';
import { currentScope, device, mirror } from './state';

// The listings saved on this device, signed in or not, merged with the account's when signed in, each
// with its full record kept so it opens offline.

const favourites = new Favourites(mirror);

/** The ids of the listings saved on this device, newest first. */
export async function favouriteIds(): Promise<string[]> {
  return (await favourites.list()).map((f) => f.vehicle_id);
}

/** Saves a listing on this device (signed in or not) and keeps its record; sent to the account at the next sync. */
export function saveFavourite(vehicle: Vehicle): Promise<void> {
  return favourites.save(vehicle);
}

export function removeFavourite(vehicleId: string): Promise<void> {
  return favourites.remove(vehicleId);
}

/**
 * Merges this device's favourites with the signed-in user's account (none when signed out). False when
 * the account could not be reached (offline): the changes stay on the device for the next time.
 */
export async function syncFavourites(auth: ReplayAuth | null): Promise<boolean> {
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
}

/** The saved listings for the Saved screen and Compare, newest first. */
export async function savedListings(): Promise<SavedListing[]> {
  const [saved, scope] = await Promise.all([favourites.list(), currentScope()]);
  return Promise.all(
    saved.map(async (favourite) => {
      const id = favourite.vehicle_id;
      const summary = device.index.get(id);
      const record = await mirror.record(id).catch(() => undefined);
      const vehicle = record && summary ? freshRecord(record, summary) : (record ?? (summary ? cardOf(summary) : null));
      const leftScope = !summary && !!record && !recordStands(record, scope, device.feed?.cursor === null);
      return { favourite, vehicle, gone: favourite.gone === true || leftScope };
    }),
  );
}

/** Whether a listing is saved on this device. */
export async function isSaved(id: string): Promise<boolean> {
  return (await favourites.list()).some((f) => f.vehicle_id === id);
}

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
