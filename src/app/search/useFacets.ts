import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { searchWorker } from '../sync/searchClient';
import { syncStore } from '../sync/syncStore';

export interface Facets {
  makes: string[];
  models: Record<string, string[]>;
}

/** The makes and models in the device's listings for a vehicle type. */
export function useFacets(vehicleType: string): Facets {
  const { version } = useSnapshot(syncStore);
  const [facets, setFacets] = useState<Facets>({ makes: [], models: {} });
  useEffect(() => {
    let live = true;
    searchWorker
      .facets(vehicleType)
      .then((f) => live && setFacets(f))
      .catch((err: unknown) => console.warn('No options available', err));
    return () => {
      live = false;
    };
  }, [vehicleType, version]);
  return facets;
}
