import type { VehicleType } from '@/domain/core/constants';
import { OPENING_PAGE, openingItem, type BrowseOpening } from '@/domain/search/browseOpening';
import { normalizeSearch } from '@/domain/search/filters';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { AppContext } from '../context';
import { searchVehicles } from '../repositories/vehicles/search';

/** How long a type's opening is reused while the listings stand still (listings also lapse with time). */
const KEEP_MS = 10_000;

/**
 * A browse page's first results for the server to write into the page (src/domain/search/browseOpening.ts):
 * the newest public listings of the type, as the browse screen's first search asks them. From the
 * search index (its ready JSON), or from SQL while the index is being built; kept a few seconds per
 * type and index revision, as the search answers are.
 */
export function browseOpenings(ctx: Pick<AppContext, 'db' | 'publicIndex' | 'now'>): (type: VehicleType) => Promise<BrowseOpening> {
  const kept = new Map<VehicleType, { revision: number; at: number; value: Promise<BrowseOpening> }>();
  return (type) => {
    const now = ctx.now().getTime();
    const revision = ctx.publicIndex.ready ? ctx.publicIndex.appliedRevision : -1;
    const hit = kept.get(type);
    if (hit && hit.revision === revision && now - hit.at < KEEP_MS) return hit.value;
    const value = find(ctx, type);
    kept.set(type, { revision, at: now, value });
    value.catch(() => kept.get(type)?.value === value && kept.delete(type));
    return value;
  };
}

async function find(ctx: Pick<AppContext, 'db' | 'publicIndex'>, type: VehicleType): Promise<BrowseOpening> {
  const search = normalizeSearch({ vehicle_type: type, sort: 'newest', limit: OPENING_PAGE });
  const found = ctx.publicIndex.ready ? await ctx.publicIndex.searchJson(search) : null;
  const { items, total } = found ? { items: JSON.parse(found.json) as Vehicle[], total: found.total } : await searchVehicles(ctx.db, search, { publicOnly: true });
  return { vehicle_type: type, total, items: items.map(openingItem) };
}
