import { useState } from 'react';
import type { Vehicle } from '@/domain/listing/vehicle';
import { priceText, titleOf } from '@/domain/listing/display';
import { recordListingTap } from './listingTaps';
import { t } from '@/app/shared/i18n/language';

/** What 'Share Listing' offers: the page's address, the text shared with it, and copying the address (told for three seconds). */
export function useShareListing(vehicle: Vehicle) {
  const [copied, setCopied] = useState(false);
  const url = typeof window === 'undefined' ? '' : window.location.href;
  const text = t(/*i18n*/ '{title} for {price} on Motokari', { title: titleOf(vehicle), price: priceText(vehicle.price, undefined, t) });
  const shared = () => recordListingTap(vehicle.id, 'share');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      shared();
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch (err) {
      console.warn('copy failed', err);
    }
  };
  return { url, text, copied, shared, copy };
}
