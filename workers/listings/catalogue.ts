import type { CatalogueMakeRow } from '@/data/records';
import { downloadCatalogue, pullCatalogue } from '@/data/catalogue';
import { mirror } from './state';

// The reference catalogue of makes, models and variants, as stored on the device and refreshed with
// each sync.

/** Each vehicle type's makes as read from the store, kept until a new catalogue arrives. */
const catalogueByType = new Map<string, Promise<CatalogueMakeRow[]>>();

/** The catalogue's makes (with models and variants) of a vehicle type, as stored on the device. */
export function catalogue(vehicleType: string): Promise<CatalogueMakeRow[]> {
  // Read once per type and kept: every make/model select asks, and it changes only with a new catalogue.
  let rows = catalogueByType.get(vehicleType);
  if (!rows) {
    rows = mirror.catalogueOfType(vehicleType);
    catalogueByType.set(vehicleType, rows);
    rows.catch(() => catalogueByType.delete(vehicleType));
  }
  return rows;
}

/** Downloads the catalogue if it changed on the server and stores it; true when it did. A failure (offline) keeps the stored one. */
export function refreshCatalogue(): Promise<boolean> {
  return pullCatalogue(mirror, downloadCatalogue).catch((err: unknown) => {
    console.warn('catalogue not refreshed', err);
    return false;
  });
}

/** Drops the makes read so far: a new catalogue is stored. */
export function forgetCatalogue(): void {
  catalogueByType.clear();
}
