import { startTransition, useEffect, useState } from 'react';
import type { SearchInput } from '../../../workers/search.worker';
import type { Vehicle } from '../../domain/vehicle';
import { searchWorker } from '../sync/searchClient';
import { syncStore } from '../sync/syncStore';
import { useTransitionSnapshot } from '../useTransitionSnapshot';

export interface SearchState {
  items: Vehicle[];
  total: number;
  /** True until the first answer for this request. */
  searching: boolean;
}

/** Runs a search in the worker, again whenever the request or the device's listings change. */
export function useSearch(req: SearchInput | null): SearchState {
  const { version, ready } = useTransitionSnapshot(syncStore, (s) => ({ version: s.version, ready: s.ready }));
  const key = JSON.stringify(req);
  const [state, setState] = useState<SearchState>({ items: [], total: 0, searching: true });
  useEffect(() => {
    if (!req || !ready) return;
    let live = true;
    startTransition(() => setState((s) => (s.searching ? s : { ...s, searching: true })));
    searchWorker
      .search(req)
      .then((r) => {
        // A grid of cards is a lot to render on a slow phone: as a transition React renders it in
        // slices, so taps and scrolling are not held up while the results are drawn.
        if (live) startTransition(() => setState({ items: r.items, total: r.total, searching: false }));
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
