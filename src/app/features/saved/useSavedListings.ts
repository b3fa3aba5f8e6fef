import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { SavedListing } from '@/domain/listing/savedListing';
import { favouritesStore } from '@/app/shared/favourites/favouritesStore';
import { listingsWorker } from '@/app/shared/sync/searchClient';
import { syncStore } from '@/app/shared/sync/syncStore';

/** The saved listings as the device holds them (offline too), read again after each change or sync; undefined while read. */
export function useSavedListings(): SavedListing[] | undefined {
  const { version } = useSnapshot(favouritesStore);
  const listings = useSnapshot(syncStore).version;
  const [saved, setSaved] = useState<SavedListing[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    listingsWorker.savedListings().then(
      (rows) => {
        if (live) setSaved(rows);
      },
      (err: unknown) => {
        console.warn('saved listings not read', err);
        if (live) setSaved([]);
      },
    );
    return () => {
      live = false;
    };
  }, [version, listings]);
  return saved;
}
