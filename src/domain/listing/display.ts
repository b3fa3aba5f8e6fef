import { BODY_TYPE_LABELS, CONDITION_LABELS, type BodyType, type Condition } from '../core/constants';
import { distanceBand, type DistanceBand } from '../geo/geo';
import type { Vehicle } from './vehicle';
import { usdText, wholeNumberText } from '../core/numbers';

// What cards and the detail screen show, with the fallbacks of spec sections 2.5 and 3.

export const CARD_FALLBACKS = {
  fuel: 'Petrol',
  transmission: 'Manual',
  mileage: 0,
  price: 'Price on request',
  location: 'Location not specified',
} as const;

/** Dealer and featured pages use other fallbacks (spec section 3). */
export const DEALER_CARD_FALLBACKS = { price: 'Contact', location: 'Location Available', fuel: 'N/A', transmission: 'N/A' } as const;

export const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

export function priceText(price: number | null, fallback: string = CARD_FALLBACKS.price): string {
  return price === null ? fallback : usdText(price);
}

export function mileageText(v: Pick<Vehicle, 'mileage' | 'operating_hours'>): string {
  if (v.mileage === null && v.operating_hours !== null) return `${wholeNumberText(v.operating_hours)} hrs`;
  return `${wholeNumberText(v.mileage ?? CARD_FALLBACKS.mileage)} km`;
}

export function fuelText(fuel: string | null, fallback: string = CARD_FALLBACKS.fuel): string {
  return fuel ? (fuel === 'lpg' ? 'LPG' : capitalise(fuel)) : fallback;
}

export function transmissionText(t: string | null, fallback: string = CARD_FALLBACKS.transmission): string {
  return t ? capitalise(t) : fallback;
}

export function conditionText(c: string | null): string {
  return c && c in CONDITION_LABELS ? CONDITION_LABELS[c as Condition] : c ? capitalise(c) : 'Used';
}

export function categoryText(c: string | null): string {
  return c && c in BODY_TYPE_LABELS ? BODY_TYPE_LABELS[c as BodyType] : c ? capitalise(c) : '';
}

export function titleOf(v: Pick<Vehicle, 'year' | 'make' | 'model' | 'variant'>): string {
  return [v.year, v.make, v.model, v.variant].filter(Boolean).join(' ');
}

export function sellerBadge(sellerType: string | null): 'DEALER' | 'PRIVATE SELLER' {
  return sellerType === 'dealer' ? 'DEALER' : 'PRIVATE SELLER';
}

export const DISTANCE_BAND_LABELS: Record<DistanceBand, string> = {
  nearby: 'Nearby',
  close: 'Close by',
  drive: 'Short drive',
  trip: 'Day trip',
  journey: 'Journey',
};

/**
 * The distance a card shows: under 1 km as it is ('Under 1 km away'), else in whole km. The distance
 * badge is read from the same number, so '5 km away' never sits under a 'Close by' (under 5 km) badge.
 */
function shownKm(distanceKm: number): number {
  return distanceKm < 1 ? distanceKm : Math.round(distanceKm);
}

export function distanceText(distanceKm: number | null | undefined): string {
  if (distanceKm === null || distanceKm === undefined) return 'Location unknown';
  return distanceKm < 1 ? 'Under 1 km away' : `${wholeNumberText(shownKm(distanceKm))} km away`;
}

export function driveTimeText(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return 'Time unknown';
  if (minutes < 60) return `About ${Math.max(1, minutes)} min drive`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `About ${h} h${m ? ` ${m} min` : ''} drive`;
}

export function distanceBandLabel(distanceKm: number | null | undefined): string | null {
  return distanceKm === null || distanceKm === undefined ? null : DISTANCE_BAND_LABELS[distanceBand(shownKm(distanceKm))];
}

/**
 * What the distance is measured from, after 'N km from your location', while the device has not shared
 * its position: the account's town (or its coordinates), else the default location (Harare).
 */
export function positionSourceText(source: 'device' | 'account' | 'default', place: string | null): string {
  if (source === 'device') return '';
  if (source === 'account') return place ? ` (${place}, from your account, until you share yours)` : " (your account's location, until you share yours)";
  return ` (${place ?? 'Harare'}, until you share yours)`;
}

/** A dealer's stock: '1 vehicle in stock', '12 vehicles in stock' (spec 2.7 'N vehicles in stock'). */
export function vehiclesInStockText(n: number): string {
  return `${wholeNumberText(n)} ${n === 1 ? 'vehicle' : 'vehicles'} in stock`;
}
