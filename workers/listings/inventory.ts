import type { VehicleType } from '@/domain/core/constants';
import { completeCovers, scopeCovers } from '@/domain/search/scope';
import type { Inventory } from '@/domain/search/deviceAnswers';
import { currentScope, device, inventories } from './state';

/**
 * The makes, models and variants of the listings in the index for a vehicle type (and one seller),
 * as make -> model -> variants, for the filter selects' "in inventory" checks. From memory, so it
 * costs no database read however often the screens ask. Null when the device does not hold every
 * listing of the type (outside the scope, or a first download not there yet): no model can then be
 * called missing.
 */
export async function inventory(vehicleType: string, sellerId?: string): Promise<Inventory | null> {
  const scope = await currentScope();
  const type = { vehicle_type: vehicleType as VehicleType };
  const feed = device.feed;
  if (!scopeCovers(scope, type) || !feed || !completeCovers(feed.complete ?? [], type, scope)) return null;
  // Kept per type and seller until the listings change: every select's mount asks.
  const key = `${vehicleType}|${sellerId ?? ''}`;
  const kept = inventories.get(key);
  if (kept) return kept;
  const out: Inventory = {};
  device.index.forEachSlot((_, text) => {
    if (text('vehicle_type') !== vehicleType || (sellerId !== undefined && text('seller_id') !== sellerId)) return;
    const models = (out[text('make')!] ??= {});
    const variants = (models[text('model')!] ??= []);
    const variant = text('variant');
    if (variant && !variants.includes(variant)) variants.push(variant);
  });
  inventories.set(key, out);
  return out;
}
