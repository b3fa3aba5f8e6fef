import { recordStands } from '@/domain/search/scope';
import type { Vehicle } from '@/domain/listing/vehicle';
import { cardOf, freshRecord } from './cards';
import { isSaved } from './favourites';
import { currentScope, device, mirror } from './state';

// The listings opened here: their full records are kept, so they open in full offline.

/**
 * A listing as the device holds it: its full record if it was opened here (with the summary's
 * fresher search fields over it), otherwise its summary (`summary_only`), or null.
 */
export async function get(id: string): Promise<Vehicle | null> {
  const summary = device.index.get(id);
  const record = await mirror.record(id).catch(() => undefined);
  if (record && summary) return freshRecord(record, summary);
  // A saved listing opens in full offline even once it has left the market (the Saved screen marks it).
  if (record) return recordStands(record, await currentScope(), device.feed?.cursor === null) || (await isSaved(id)) ? record : null;
  return summary ? cardOf(summary) : null;
}

/** Keeps a listing's full record (fetched when it was opened), so it opens in full offline. */
export function keep(vehicle: Vehicle): Promise<void> {
  if (vehicle.summary_only) return Promise.resolve();
  return mirror.putRecord(vehicle);
}
