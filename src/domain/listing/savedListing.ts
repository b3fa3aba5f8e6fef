import type { DeviceFavourite } from './favourites';
import type { Vehicle } from './vehicle';

/** A saved listing as the Saved screen shows it: the listing as the device holds it, and whether it is gone from sale. */
export interface SavedListing {
  favourite: DeviceFavourite;
  /** Its full record (kept when saved) with the summary's fresher fields, else its summary; null when the device has neither. */
  vehicle: Vehicle | null;
  /** No longer public: the account said so, or the device's complete copy of its scope no longer holds it. */
  gone: boolean;
}
