import { startTransition, useEffect, useRef, useState } from 'react';
import type { SearchInput } from '@/domain/search/filters';
import type { Vehicle } from '@/domain/listing/vehicle';
import { searchDevice } from './deviceSearch';
import { searchOnServer } from '@/data/serverSearch';
import { markFirstResults, serverSearchStarted, syncStore } from '../sync/syncStore';
import { useTransitionSnapshot } from '../useTransitionSnapshot';
import { keepOpeningAnswer, openingAnswer } from './openingAnswer';

export interface SearchState {
  items: Vehicle[];
  total: number;
  /** True until the first answer for this request. */
  searching: boolean;
  /** Offline, and the listings this search could find are not kept on this device (its scope, or a first download not finished). */
  notKept: boolean;
}

/**
 * Runs a search in the worker, again whenever the request or the device's listings change. When the
 * device does not hold every listing the search could find (outside the scope the person chose, or
 * a first download still on its way), the server answers it instead; offline, the state says those
 * listings are not kept on this device. Before the device's listings are loaded at all (the first
 * moments of a first visit), the server is asked at once. A browse screen's first search starts from
 * its opening answer (openingAnswer.ts: the server's, written into the page, or the device's last),
 * drawn at once and replaced by this visit's answer when it arrives.
 */
export function useSearch(req: SearchInput | null): SearchState {
  const { version, ready } = useTransitionSnapshot(syncStore, (s) => ({ version: s.version, ready: s.ready }));
  const key = JSON.stringify(req);
  const [opening] = useState(() => (req ? openingAnswer(req) : null));
  const [state, setState] = useState<SearchState>(() => (opening ? { ...opening, searching: false, notKept: false } : { items: [], total: 0, searching: true, notKept: false }));
  /**
   * The request whose answer is shown, and who gave it: the device's answer then replaces the server's
   * without skeletons in between; the opening answer stands until either gives theirs.
   */
  const answered = useRef<{ key: string; by: 'server' | 'device' | 'opening' } | null>(opening ? { key, by: 'opening' } : null);
  /**
   * The server's request while it is on its way: asked before the device's listings are loaded, it is
   * still the one awaited once they are (and cannot answer), not asked again. Once answered it is
   * forgotten: a later search (after the connection went, say) asks again.
   */
  const asked = useRef<{ key: string; answer: Promise<SearchState>; ctrl: AbortController } | null>(null);
  const fromServer = (r: SearchInput): Promise<SearchState> => {
    if (asked.current?.key !== key) {
      asked.current?.ctrl.abort();
      const ctrl = new AbortController();
      const answer = askServer(r, ctrl.signal);
      const mine = { key, answer, ctrl };
      const answered = serverSearchStarted();
      const settled = () => {
        if (asked.current === mine) asked.current = null;
        answered();
      };
      answer.then(settled, settled);
      asked.current = mine;
    }
    return asked.current.answer;
  };
  useEffect(() => () => asked.current?.ctrl.abort(), []);
  useEffect(() => {
    if (!req || ready) return;
    let live = true;
    fromServer(req).then(
      (r) => {
        if (!live) return;
        answered.current = { key, by: 'server' };
        startTransition(() => setState(r));
        markFirstResults();
      },
      // Offline or refused: the skeletons stay until the device's listings answer.
      (err: unknown) => {
        if (live) console.warn('server search failed; waiting for the device', err);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `req` (as below); fromServer is a new function each render
  }, [key, ready]);
  useEffect(() => {
    if (!req || !ready) return;
    let live = true;
    if (answered.current?.key !== key) startTransition(() => setState((s) => (s.searching ? s : { ...s, searching: true })));
    searchDevice(req, key)
      .then(async (r): Promise<SearchState | null> => {
        if (r.covered) {
          answered.current = { key, by: 'device' };
          keepOpeningAnswer(req, r);
          return { items: r.items, total: r.total, searching: false, notKept: false };
        }
        // The server's answer to this request stands until the device can give the same.
        if (answered.current?.key === key && answered.current.by === 'server') return null;
        try {
          const answer = await fromServer(req);
          answered.current = { key, by: 'server' };
          return answer;
        } catch (err) {
          if (!live) return null;
          console.warn('server search failed; these listings are not kept on this device', err);
          // Words the device found nothing for: its answer (none) stands when the server cannot be asked.
          return { items: [], total: 0, searching: false, notKept: r.reason !== 'words' };
        }
      })
      .then((next) => {
        // A grid of cards is a lot to render on a slow phone: as a transition React renders it in
        // slices, so taps and scrolling are not held up while the results are drawn.
        if (live && next) {
          // At once, not as a transition: the screens draw the first few cards of a new list first
          // and the rest after (useProgressive), so this update is small.
          setState(next);
          markFirstResults();
        }
      })
      .catch((err: unknown) => {
        console.warn('search failed', err);
        if (live) setState({ items: [], total: 0, searching: false, notKept: false });
      });
    return () => {
      live = false;
    };
    // `key` stands for `req`: a new object with the same content must not search again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as said above; fromServer is a new function each render
  }, [key, version, ready]);
  return state;
}

async function askServer(req: SearchInput, signal: AbortSignal): Promise<SearchState> {
  const r = await searchOnServer(req, signal);
  return { items: r.items, total: r.total, searching: false, notKept: false };
}
