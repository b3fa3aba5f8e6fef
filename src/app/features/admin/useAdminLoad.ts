import { useCallback, useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@/domain/core/constants';
import { isForbidden } from './adminApi';

export interface Loaded<T> {
  /** The last answer; kept while a reload runs, so the screen does not flash back to skeletons. */
  data: T | null;
  failed: boolean;
  loading: boolean;
  reload(): void;
  /** Changes the data in place (a deleted row leaves the list without a refetch). */
  update(change: (data: T) => T): void;
}

/**
 * One admin read, started on entry (spec section 4: data loads on entry). A failure is logged and
 * offered again (spec section 8 lists these reads among the silent failures); a 403 means the
 * server no longer counts the user as an admin, which `onForbidden` turns into the access-denied view.
 */
export function useAdminLoad<T>(fetcher: (signal: AbortSignal) => Promise<T>, onForbidden: () => void): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; failed: boolean; loading: boolean }>({ data: null, failed: false, loading: true });
  const running = useRef<AbortController | null>(null);
  const fetcherRef = useRef(fetcher);
  const forbiddenRef = useRef(onForbidden);
  fetcherRef.current = fetcher;
  forbiddenRef.current = onForbidden;

  const reload = useCallback(() => {
    running.current?.abort();
    const ctrl = new AbortController();
    running.current = ctrl;
    setState((s) => ({ ...s, loading: true, failed: false }));
    fetcherRef.current(ctrl.signal).then(
      (data) => {
        if (!ctrl.signal.aborted) setState({ data, failed: false, loading: false });
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        console.warn('admin data not loaded', err);
        if (isForbidden(err)) forbiddenRef.current();
        setState((s) => ({ ...s, failed: true, loading: false }));
      },
    );
  }, []);

  useEffect(() => {
    reload();
    return () => running.current?.abort();
  }, [reload]);

  const update = useCallback((change: (data: T) => T) => setState((s) => (s.data === null ? s : { ...s, data: change(s.data) })), []);
  return { ...state, reload, update };
}

/** Below the spec's mobile breakpoint the tables become lists of cards. */
export const usePhone = () => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, undefined, { getInitialValueInEffect: false });
