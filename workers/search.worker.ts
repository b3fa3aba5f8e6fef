import * as Comlink from 'comlink';
import { ListingIndex } from '../src/domain/search/listingIndex';
import type { SearchRequest } from '../src/domain/search/filters';
import { withDistance, type Vehicle } from '../src/domain/vehicle';
import { MotokariDb } from '../src/data/db';

// The listing index lives here, off the main thread: loaded from the device's mirror, kept current
// by the sync (which hands over each page it stores), and answering every search of the app.

const index = new ListingIndex<Vehicle>();
const db = new MotokariDb();

const searchApi = {
  /** Builds the index from the mirror; returns how many listings it holds. */
  async load(): Promise<number> {
    const all = await db.vehicles.toArray();
    for (const v of all) index.upsert(v);
    return index.size;
  },
  apply(upserts: Vehicle[], tombstones: string[]): number {
    for (const v of upserts) index.upsert(v);
    for (const id of tombstones) index.remove(id);
    return index.size;
  },
  search(req: SearchRequest): { items: Vehicle[]; total: number } {
    const { hits, total } = index.search(req);
    return { items: hits.map((h) => (req.buyer ? withDistance(h.item, req.buyer) : h.item)), total };
  },
  /** Makes and their models present on the device for a vehicle type, for the filter selects. */
  async facets(vehicleType: string): Promise<{ makes: string[]; models: Record<string, string[]> }> {
    const models = new Map<string, Set<string>>();
    await db.vehicles.where('vehicle_type').equals(vehicleType).each((v) => {
      (models.get(v.make) ?? models.set(v.make, new Set()).get(v.make)!).add(v.model);
    });
    const makes = [...models.keys()].sort((a, b) => a.localeCompare(b));
    return { makes, models: Object.fromEntries(makes.map((m) => [m, [...models.get(m)!].sort((a, b) => a.localeCompare(b))])) };
  },
  /** The dealers with listings on the device, with their stock count. */
  async dealers(): Promise<{ id: string; name: string; location: string | null; phone: string | null; count: number; image: string | null }[]> {
    const by = new Map<string, { id: string; name: string; location: string | null; phone: string | null; count: number; image: string | null }>();
    await db.vehicles.each((v) => {
      if (v.seller_type !== 'dealer') return;
      const d = by.get(v.seller_id) ?? { id: v.seller_id, name: v.seller_name ?? 'Dealer', location: v.seller_location, phone: v.seller_phone, count: 0, image: v.images[0] ?? null };
      d.count++;
      by.set(v.seller_id, d);
    });
    return [...by.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  },
  get(id: string): Vehicle | null {
    return index.get(id) ?? null;
  },
  size(): number {
    return index.size;
  },
};

export type SearchApi = typeof searchApi;
Comlink.expose(searchApi);
