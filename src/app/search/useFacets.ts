import { useMemo } from 'react';
import { useCatalogueOptions } from './catalogueOptions';

export interface Facets {
  makes: string[];
  models: Record<string, string[]>;
}

/** The makes and their models for a vehicle type's make and model selects (see useCatalogueOptions). */
export function useFacets(vehicleType: string): Facets {
  const options = useCatalogueOptions(vehicleType);
  return useMemo(() => ({ makes: options.makes, models: Object.fromEntries(options.makes.map((m) => [m, options.models(m)])) }), [options]);
}
