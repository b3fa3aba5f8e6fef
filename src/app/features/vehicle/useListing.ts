import { useEffect, useRef, useState } from 'react';
import type { Vehicle } from '@/domain/listing/vehicle';
import { fetchVehicle } from '@/data/api';
import { listingsWorker } from '@/app/shared/sync/searchClient';
import { onListingsChange } from '@/app/shared/sync/syncStore';
import { embeddedListing } from './embeddedListing';
import { takePrefetchedListing } from './listingPrefetch';

/** The same listing for the page: the view count, which the page does not show, aside. */
const sameListing = (a: Vehicle, b: Vehicle) => JSON.stringify({ ...a, views: 0 }) === JSON.stringify({ ...b, views: 0 });

/**
 * A listing for its page: undefined while neither the device nor the server has answered, null when
 * neither has it, else the freshest copy (on the page the app opened on, first the one the server wrote
 * into the page: embeddedListing.ts). The device's copy and the server's are asked together:
 * the device's shows as soon as it answers (and offline), the server's replaces it and counts the
 * view. On a first visit the device has no copy yet, and the page need not wait for the search
 * worker to start before asking the server. Once per listing: each request counts a view. The page
 * the app opens on takes the request the app started with it (listingPrefetch.ts).
 */
export function useListing(id: string): Vehicle | null | undefined {
  // On the page the app opened on, the listing the server wrote into it, until the fresh copy comes.
  const [vehicle, setVehicle] = useState<Vehicle | null | undefined>(() => embeddedListing(id) ?? undefined);

  // What the page shows, to leave it be when an answer brings the same listing again: on a slow phone
  // every render of the page is a long task.
  const shown = useRef<Vehicle | null | undefined>(vehicle);
  const show = (v: Vehicle | null) => {
    const same = v === shown.current || (v !== null && shown.current != null && sameListing(v, shown.current));
    if (same) return;
    shown.current = v;
    setVehicle(v);
  };

  useEffect(() => {
    let live = true;
    let fresh = false;
    const ctrl = new AbortController();
    const local = listingsWorker
      .get(id)
      .catch(() => null)
      .then((v) => {
        if (live && v && !fresh) show(v);
        return v;
      });
    (takePrefetchedListing(id) ?? fetchVehicle(id, ctrl.signal)).then(
      (v) => {
        fresh = true;
        if (live) show(v);
        // Kept in full on this device: a listing seen once opens offline with everything it showed.
        listingsWorker.keep(v).catch((err: unknown) => console.warn('listing not kept on this device', err));
      },
      async (err: unknown) => {
        console.warn('vehicle detail not fetched', err);
        if (!(await local) && live) show(null);
      },
    );
    return () => {
      live = false;
      ctrl.abort();
    };
  }, [id]);

  // After each sync that changed the device's listings, its copy is as fresh as the server's: shown if
  // it differs, without asking the server (and counting the view) again. Subscribed to, not rendered
  // from: a sync alone does not re-render the page.
  useEffect(() => {
    let live = true;
    const unsubscribe = onListingsChange(
      () =>
        void listingsWorker
          .get(id)
          .catch(() => null)
          .then((v) => {
            if (live && v) show(v);
          }),
    );
    return () => {
      live = false;
      unsubscribe();
    };
  }, [id]);

  return vehicle;
}
