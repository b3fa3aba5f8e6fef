import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { SearchInput } from '../../../workers/search.worker';
import type { Vehicle } from '../../domain/vehicle';
import { searchWorker } from '../sync/searchClient';
import { syncStore } from '../sync/syncStore';

export interface SearchState {
  items: Vehicle[];
  total: number;
  /** True until the first answer for this request. */
  searching: boolean;
}

/** Runs a search in the worker, again whenever the request or the device's listings change. */
export function useSearch(req: SearchInput | null): SearchState {
  const { version, ready } = useSnapshot(syncStore);
  const key = JSON.stringify(req);
  const [state, setState] = useState<SearchState>({ items: [], total: 0, searching: true });
  useEffect(() => {
    if (!req || !ready) return;
    let live = true;
    setState((s) => ({ ...s, searching: true }));
    searchWorker
      .search(req)
      .then((r) => {
        if (live) setState({ items: r.items, total: r.total, searching: false });
      })
      .catch((err: unknown) => {
        console.warn('search failed', err);
        if (live) setState({ items: [], total: 0, searching: false });
      });
    return () => {
      live = false;
    };
    // `key` stands for `req`: a new object with the same content must not search again.
  }, [key, version, ready]);
  return state;
}
