import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useMediaQuery } from '@mantine/hooks';
import { withDistance, type Vehicle } from '@/domain/listing/vehicle';
import { listingTitle, missingListingHead } from '@/domain/content/seo';
import { locationStore } from '@/app/shared/location/locationStore';
import { useSession } from '@/app/shared/session/session';
import { useTransitionSnapshot } from '@/app/shared/useTransitionSnapshot';
import { useListing } from './useListing';

/**
 * What a listing's page shows: the listing of the address (undefined while loading, null when there
 * is none), as shown (sold when marked sold here, with its distance from the buyer), where the buyer's
 * position came from, who is signed in, and whether the two columns stack. It names the page too.
 */
export function useVehicleDetail() {
  const { id = '' } = useParams();
  const { position, source, place } = useTransitionSnapshot(locationStore, (s) => ({ position: s.position, source: s.source, place: s.place }));
  const vehicle = useListing(id);
  const { isAdmin, user } = useSession();
  // Below md the two columns stack: the price panel (price and contact buttons) then follows the
  // gallery, instead of coming after the whole of the vehicle's details (about 1,400 px down a phone).
  const stacked = useMediaQuery('(max-width: 61.99em)', undefined, { getInitialValueInEffect: false });

  // Marked sold on this page: shown at once, before any fresh copy of the listing comes.
  const [soldHere, setSoldHere] = useState<Vehicle | null>(null);
  const located = useMemo(() => {
    const shown = soldHere && vehicle && soldHere.id === vehicle.id ? { ...vehicle, sold_at: soldHere.sold_at } : vehicle;
    return shown ? withDistance(shown, position) : null;
  }, [vehicle, soldHere, position]);
  // Named as the server names the page (src/domain/content/seo.ts).
  useEffect(() => {
    if (vehicle !== undefined) document.title = vehicle ? listingTitle(vehicle) : missingListingHead().title;
  }, [vehicle]);

  return { vehicle, located, source, place, isAdmin, user, stacked, setSoldHere };
}
