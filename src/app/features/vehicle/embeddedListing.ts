import { LISTING_DATA_ID } from '@/domain/listing/listingFacts';
import type { Vehicle } from '@/domain/listing/vehicle';

// The listing the server wrote into the page the app opened on (/car/{id}: its facts and its JSON,
// src/domain/listing/listingFacts.ts): the page shows it at once, while the detail screen's code and the
// fresh copy (which counts the view) are on their way, instead of a loading state.

let read: Vehicle | null | undefined;

/** The page's own listing when it is this one; null otherwise (another listing, or a page without one). */
export function embeddedListing(id: string): Vehicle | null {
  if (read === undefined) {
    const text = typeof document === 'undefined' ? null : document.getElementById(LISTING_DATA_ID)?.textContent;
    try {
      read = text ? (JSON.parse(text) as Vehicle) : null;
    } catch {
      read = null;
    }
  }
  return read?.id === id ? read : null;
}
