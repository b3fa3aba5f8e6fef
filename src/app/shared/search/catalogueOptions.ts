import { useEffect, useMemo, useState } from 'react';
import type { CatalogueMakeRow } from '@/data/records';
import { listingsWorker } from '../sync/searchClient';
import { syncStore } from '../sync/syncStore';
import type { Inventory } from '@/domain/search/deviceAnswers';
import { useTransitionSnapshot } from '../useTransitionSnapshot';

export interface CatalogueOptions {
  /** The catalogue's makes for the vehicle type, plus any make only listings use; sorted. */
  makes: string[];
  /** The makes with a listing on the device (the seller's, when one is given); sorted. */
  stockMakes: string[];
  models(make: string): string[];
  variants(make: string, model: string): string[];
  /** Whether a listing of this make and model is on the device (for the seller, when one is given). */
  inInventory(make: string, model: string): boolean;
  /** False until the device's catalogue or listings have been read. */
  ready: boolean;
}

const key = (s: string) => s.toLowerCase();
const byName = (a: string, b: string) => a.localeCompare(b);

/** Adds the names of `extra` missing from `names` (compared case-insensitively, as the filters match). */
function union(names: string[], extra: Iterable<string>): string[] {
  const seen = new Set(names.map(key));
  const out = [...names];
  for (const n of extra) {
    if (seen.has(key(n))) continue;
    seen.add(key(n));
    out.push(n);
  }
  return out.sort(byName);
}

/**
 * The make, model and variant choices of the search forms: the reference catalogue kept on the device
 * (so a buyer can pick any real model, offline too), and which models have listings here, so a model
 * with none can say so instead of searching in vain (spec section 5).
 */
export function useCatalogueOptions(vehicleType: string, sellerId?: string): CatalogueOptions {
  const { version, ready } = useTransitionSnapshot(syncStore, (s) => ({ version: s.version, ready: s.ready }));
  const [catalogue, setCatalogue] = useState<CatalogueMakeRow[] | undefined>(undefined);
  /** The device's stock of the type; 'unknown' when it does not hold all of it (no model is then called missing). */
  const [inventory, setInventory] = useState<Inventory | 'unknown' | null>(null);
  useEffect(() => {
    // Until the device's listings are loaded, no model can be called missing from the inventory.
    if (!ready) return;
    let live = true;
    // Both from the worker, which holds the device's data; read again after every sync that changed it.
    Promise.all([listingsWorker.catalogue(vehicleType), listingsWorker.inventory(vehicleType, sellerId)])
      .then(([cat, inv]) => {
        if (!live) return;
        setCatalogue(cat);
        setInventory(inv ?? 'unknown');
      })
      .catch((err: unknown) => console.warn('No options available', err));
    return () => {
      live = false;
    };
  }, [vehicleType, sellerId, version, ready]);

  return useMemo(() => {
    const makes = new Map<string, { name: string; models: Map<string, { name: string; variants: string[] }> }>();
    for (const m of catalogue ?? []) {
      makes.set(key(m.name), { name: m.name, models: new Map(m.models.map((md) => [key(md.name), { name: md.name, variants: md.variants.map((v) => v.name) }])) });
    }
    const stock = new Map<string, Map<string, string[]>>();
    const stockKnown = inventory !== 'unknown';
    for (const [make, models] of Object.entries(stockKnown ? (inventory ?? {}) : {})) {
      const mine = stock.get(key(make)) ?? new Map<string, string[]>();
      for (const [model, variants] of Object.entries(models)) mine.set(key(model), [...(mine.get(key(model)) ?? []), ...variants]);
      stock.set(key(make), mine);
      if (!makes.has(key(make))) makes.set(key(make), { name: make, models: new Map() });
      const entry = makes.get(key(make))!;
      for (const [model, variants] of Object.entries(models)) {
        const known = entry.models.get(key(model));
        if (known) known.variants = union(known.variants, variants);
        else entry.models.set(key(model), { name: model, variants: [...variants].sort(byName) });
      }
    }
    const names = [...makes.values()].map((m) => m.name).sort(byName);
    return {
      makes: names,
      stockMakes: stockKnown ? names.filter((n) => stock.has(key(n))) : names,
      models: (make) => [...(makes.get(key(make))?.models.values() ?? [])].map((m) => m.name).sort(byName),
      variants: (make, model) => [...(makes.get(key(make))?.models.get(key(model))?.variants ?? [])].sort(byName),
      inInventory: (make, model) => !stockKnown || (stock.get(key(make))?.has(key(model)) ?? false),
      ready: catalogue !== undefined && inventory !== null,
    };
  }, [catalogue, inventory]);
}
