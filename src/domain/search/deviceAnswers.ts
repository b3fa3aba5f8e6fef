import type { Vehicle } from '../listing/vehicle';

// What the device's copy answers the screens, from the listing index in the listings worker: a search,
// the makes and models in stock that the filter selects check, and the dealers with listings.

/** A search's answer; `covered` false when the device does not hold every listing it could find. */
export interface SearchAnswer {
  items: Vehicle[];
  total: number;
  covered: boolean;
  /**
   * Why not covered: outside the scope the person chose, the first download is not there yet, or words
   * that found nothing here while online (the server also reads descriptions and colours, which the
   * device does not hold).
   */
  reason?: 'scope' | 'downloading' | 'words';
}

/** make -> model -> variants present in the listings. */
export type Inventory = Record<string, Record<string, string[]>>;

/** A dealer with listings on the device. */
export interface Dealer {
  id: string;
  name: string;
  location: string | null;
  count: number;
  image: string | null;
  /** An administrator verified the dealer's business details (their listings carry the badge). */
  verified: boolean;
}
