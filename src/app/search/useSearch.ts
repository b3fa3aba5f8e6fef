import { startTransition, useEffect, useRef, useState } from 'react';
import type { SearchInput } from '../../../workers/search.worker';
import type { Vehicle } from '../../domain/vehicle';
import { searchWorker } from '../sync/searchClient';
import { searchOnServer } from '../../data/serverSearch';
import { syncStore } from '../sync/syncStore';
import { useTransitionSnapshot } from '../useTransitionSnapshot';

export interface SearchState {
  items: Vehicle[];
  total: number;
  /** True until the first answer for this request. */
  searching: boolean;
}

/**
 * Runs a search in the worker, again whenever the request or the device's listings change. On a first
 * visit, until the device holds the listings, the server answers the same request instead (if it
 * can): the screen fills in without waiting for the whole first sync, which on a slow connection and
 * a large site takes far longer than one page of results.
 */
export function useSearch(req: SearchInput | null): SearchState {
  const { version, ready } = useTransitionSnapshot(syncStore, (s) => ({ version: s.version, ready: s.ready }));
  const key = JSON.stringify(req);
  const [state, setState] = useState<SearchState>({ items: [], total: 0, searching: true });
  /** The request whose answer is shown: the device's answer to it then replaces the server's without skeletons in between. */
  const answered = useRef<string | null>(null);
  useEffect(() => {
    if (!req || ready) return;
    const ctrl = new AbortController();
    searchOnServer(req, ctrl.signal).then(
      (r) => {
        if (ctrl.signal.aborted) return;
        answered.current = key;
        startTransition(() => setState({ items: r.items, total: r.total, searching: false }));
      },
      // Offline or refused: the skeletons stay until the device's listings answer.
      (err: unknown) => {
        if (!ctrl.signal.aborted) console.warn('server search failed; waiting for the device', err);
      },
    );
    return () => ctrl.abort();
  }, [key, ready]);
  useEffect(() => {
    if (!req || !ready) return;
    let live = true;
    if (answered.current !== key) startTransition(() => setState((s) => (s.searching ? s : { ...s, searching: true })));
    searchWorker
      .search(req)
      .then((r) => {
        // A grid of cards is a lot to render on a slow phone: as a transition React renders it in
        // slices, so taps and scrolling are not held up while the results are drawn.
        if (!live) return;
        answered.current = key;
        startTransition(() => setState({ items: r.items, total: r.total, searching: false }));
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
