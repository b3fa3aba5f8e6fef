import { useCallback, useEffect, useRef, useState } from 'react';
import { HTTPError } from 'ky';
import { useSnapshot } from 'valtio';
import { api } from '@/data/api';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { parseListingCache, type ListingCache } from '@/domain/listing/dashboard';
import { listingStatus, type ListingStatus, type SellerContact, type Vehicle } from '@/domain/listing/vehicle';
import { syncStore } from '@/app/shared/sync/syncStore';

/**
 * A row of GET /api/users/{id}/listing-history: the listing (with its contact) with its status and
 * days left when it was read, and how many signed-in users asked for its contact.
 */
export type HistoryListing = Vehicle &
  Partial<SellerContact> & {
    status?: ListingStatus;
    days_left?: number | null;
    contact_requests?: number;
    /** The names of who made the listing and who last changed it (issue 38: a dealer's staff); null when not known. */
    created_by?: string | null;
    updated_by?: string | null;
    /** Boosts its advertising plan has left this month (issue 38). */
    boosts_left?: number;
  };

export interface MyListings {
  /** The listings to show: fresh from the server, or the copy kept from the last visit. */
  listings: HistoryListing[] | null;
  /** True while the first load runs with nothing to show yet. */
  loading: boolean;
  /** The list shown is the kept copy (offline, or the server could not be reached); when it was loaded. */
  cachedAt: string | null;
  /** The server answered with an error (not a lost connection). */
  failed: boolean;
  offline: boolean;
  reload: () => void;
  /** Drops a listing from the list (and the kept copy) once the server has deleted it. */
  remove: (id: string) => void;
  /** Puts the server's new answer for a listing in the list (and the kept copy): marked sold. */
  replace: (v: HistoryListing) => void;
}

function readCache(userId: string): ListingCache | null {
  try {
    return parseListingCache(localStorage.getItem(STORAGE_KEYS.dashboardListings), userId);
  } catch {
    return null;
  }
}

function writeCache(userId: string, listings: HistoryListing[]): void {
  try {
    const record: ListingCache<HistoryListing> = { userId, savedAt: new Date().toISOString(), listings };
    localStorage.setItem(STORAGE_KEYS.dashboardListings, JSON.stringify(record));
  } catch (err) {
    // Full or switched-off storage: the dashboard still works online, only without the offline copy.
    console.warn('listings not kept for offline visits', err);
  }
}

function kept(userId: string) {
  const cache = readCache(userId);
  return { listings: (cache?.listings ?? null) as HistoryListing[] | null, cachedAt: cache?.savedAt ?? null, loading: true, failed: false };
}

/**
 * The listings the signed-in member manages, all of them (drafts waiting for payment and expired ones
 * too), from GET /api/users/{id}/listing-history: one call gives the active view, History and the tiles.
 * `userId` is the member's own id, or the dealer's for a dealer's staff (issue 38). The last answer is
 * kept in local storage under that id (one seller's listings, a few kilobytes) so an offline visit shows it.
 */
export function useMyListings(userId: string): MyListings {
  const { online } = useSnapshot(syncStore);
  const [state, setState] = useState(() => kept(userId));
  // Another seller's listings (the member joined or left a dealer's team): that seller's kept copy, until the server answers.
  const [keptFor, setKeptFor] = useState(userId);
  if (keptFor !== userId) {
    setKeptFor(userId);
    setState(kept(userId));
  }
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const latest = useRef(0);

  useEffect(() => {
    if (!online) {
      setState((s) => ({ ...s, loading: false }));
      return;
    }
    const run = ++latest.current;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, failed: false }));
    api
      .get(`users/${userId}/listing-history`, { signal: controller.signal })
      .json<HistoryListing[]>()
      .then((listings) => {
        if (run !== latest.current) return;
        writeCache(userId, listings);
        setState({ listings, cachedAt: null, loading: false, failed: false });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted || run !== latest.current) return;
        // An HTTP error is the server's answer; anything else means no answer came (the connection).
        const failed = err instanceof HTTPError;
        if (!failed) console.warn('listings not loaded; showing the copy on this device', err);
        setState((s) => ({ ...s, loading: false, failed }));
      });
    return () => controller.abort();
  }, [userId, online, attempt]);

  const remove = useCallback(
    (id: string) => {
      setState((s) => {
        if (!s.listings) return s;
        const listings = s.listings.filter((v) => v.id !== id);
        if (!s.cachedAt) writeCache(userId, listings);
        return { ...s, listings };
      });
    },
    [userId],
  );

  const replace = useCallback(
    (v: HistoryListing) => {
      setState((s) => {
        if (!s.listings) return s;
        const listings = s.listings.map((old) => (old.id === v.id ? { ...old, ...v, status: listingStatus(v) } : old));
        if (!s.cachedAt) writeCache(userId, listings);
        return { ...s, listings };
      });
    },
    [userId],
  );

  return { ...state, offline: !online, reload, remove, replace };
}
