import { useEffect, useState } from 'react';
import type { Vehicle } from '@/domain/listing/vehicle';
import { DEALER_OTHER_VEHICLES_MAX } from '@/domain/core/constants';
import { listingsWorker } from '@/app/shared/sync/searchClient';
import { onListingsChange } from '@/app/shared/sync/syncStore';

/**
 * The dealer's other listings on the device (a few, and how many there are), searched again after
 * each sync that changed them; an answer that brings the same ones again leaves them be.
 */
export function useDealerOthers(v: Vehicle): { items: Vehicle[]; total: number } {
  const [others, setOthers] = useState<{ items: Vehicle[]; total: number }>({ items: [], total: 0 });
  useEffect(() => {
    let live = true;
    let shown = '';
    const search = () =>
      void listingsWorker.search({ seller_id: v.seller_id, limit: DEALER_OTHER_VEHICLES_MAX + 1 }).then((r) => {
        const next = { items: r.items.filter((o) => o.id !== v.id).slice(0, DEALER_OTHER_VEHICLES_MAX), total: r.total };
        const text = JSON.stringify(next);
        if (!live || text === shown) return;
        shown = text;
        setOthers(next);
      });
    search();
    const unsubscribe = onListingsChange(search);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [v.id, v.seller_id]);
  return others;
}
