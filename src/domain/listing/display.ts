import { BODY_TYPE_LABELS, CONDITION_LABELS, type BodyType, type Condition } from '../core/constants';
import { distanceBand, type DistanceBand } from '../geo/geo';
import type { Vehicle } from './vehicle';
import { usdText, wholeNumberText } from '../core/numbers';
import { english, type Translate } from '../i18n/text';

// What cards and the detail screen show, with the fallbacks of spec sections 2.5 and 3.

export const CARD_FALLBACKS = {
  fuel: /*i18n*/ 'Petrol',
  transmission: /*i18n*/ 'Manual',
  mileage: 0,
  price: /*i18n*/ 'Price on request',
  location: /*i18n*/ 'Location not specified',
} as const;

/** Dealer and featured pages use other fallbacks (spec section 3). */
export const DEALER_CARD_FALLBACKS = { price: /*i18n*/ 'Contact', location: /*i18n*/ 'Location Available', fuel: /*i18n*/ 'N/A', transmission: /*i18n*/ 'N/A' } as const;

// The words of the values a listing holds in lower case ('diesel', 'automatic', 'excavator'): their
// capitalised form in English; a value not here shows capitalised, untranslated.
export const FUEL_WORDS: Readonly<Record<string, string>> = { petrol: /*i18n*/ 'Petrol', diesel: /*i18n*/ 'Diesel', electric: /*i18n*/ 'Electric', hybrid: /*i18n*/ 'Hybrid', lpg: /*i18n*/ 'LPG' };
export const TRANSMISSION_WORDS: Readonly<Record<string, string>> = { automatic: /*i18n*/ 'Automatic', manual: /*i18n*/ 'Manual' };
/** The equipment categories' names (a car's category is its body type, BODY_TYPE_LABELS). */
export const EQUIPMENT_WORDS: Readonly<Record<string, string>> = {
  excavator: /*i18n*/ 'Excavator',
  bulldozer: /*i18n*/ 'Bulldozer',
  crane: /*i18n*/ 'Crane',
  loader: /*i18n*/ 'Loader',
  roller: /*i18n*/ 'Roller',
  mixer: /*i18n*/ 'Mixer',
  tractor: /*i18n*/ 'Tractor',
  harvester: /*i18n*/ 'Harvester',
  plow: /*i18n*/ 'Plow',
  seeder: /*i18n*/ 'Seeder',
  sprayer: /*i18n*/ 'Sprayer',
  mower: /*i18n*/ 'Mower',
};
const own = (table: Readonly<Record<string, string>>, key: string): string | undefined => (Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined);

export const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** The price, or the fallback (a marked text, translated) when there is none. */
export function priceText(price: number | null, fallback: string = CARD_FALLBACKS.price, tr: Translate = english): string {
  return price === null ? tr(fallback) : usdText(price);
}

export function mileageText(v: Pick<Vehicle, 'mileage' | 'operating_hours'>, tr: Translate = english): string {
  if (v.mileage === null && v.operating_hours !== null) return tr(/*i18n*/ '{hours} hrs', { hours: wholeNumberText(v.operating_hours) });
  return tr(/*i18n*/ '{km} km', { km: wholeNumberText(v.mileage ?? CARD_FALLBACKS.mileage) });
}

export function fuelText(fuel: string | null, fallback: string = CARD_FALLBACKS.fuel, tr: Translate = english): string {
  if (!fuel) return tr(fallback);
  const word = own(FUEL_WORDS, fuel);
  return word ? tr(word) : capitalise(fuel);
}

export function transmissionText(t: string | null, fallback: string = CARD_FALLBACKS.transmission, tr: Translate = english): string {
  if (!t) return tr(fallback);
  const word = own(TRANSMISSION_WORDS, t);
  return word ? tr(word) : capitalise(t);
}

export function conditionText(c: string | null, tr: Translate = english): string {
  return c && c in CONDITION_LABELS ? tr(CONDITION_LABELS[c as Condition]) : c ? capitalise(c) : tr(/*i18n*/ 'Used');
}

export function categoryText(c: string | null, tr: Translate = english): string {
  if (!c) return '';
  if (c in BODY_TYPE_LABELS) return tr(BODY_TYPE_LABELS[c as BodyType]);
  const word = own(EQUIPMENT_WORDS, c);
  return word ? tr(word) : capitalise(c);
}

export function titleOf(v: Pick<Vehicle, 'year' | 'make' | 'model' | 'variant'>): string {
  return [v.year, v.make, v.model, v.variant].filter(Boolean).join(' ');
}

/** The seller's kind on a card and the listing page, in English (a marked text: show it with `t`). */
export function sellerBadge(sellerType: string | null): 'DEALER' | 'PRIVATE SELLER' {
  return sellerType === 'dealer' ? /*i18n*/ 'DEALER' : /*i18n*/ 'PRIVATE SELLER';
}

export const DISTANCE_BAND_LABELS: Record<DistanceBand, string> = {
  nearby: /*i18n*/ 'Nearby',
  close: /*i18n*/ 'Close by',
  drive: /*i18n*/ 'Short drive',
  trip: /*i18n*/ 'Day trip',
  journey: /*i18n*/ 'Journey',
};

/**
 * The distance a card shows: under 1 km as it is ('Under 1 km away'), else in whole km. The distance
 * badge is read from the same number, so '5 km away' never sits under a 'Close by' (under 5 km) badge.
 */
function shownKm(distanceKm: number): number {
  return distanceKm < 1 ? distanceKm : Math.round(distanceKm);
}

export function distanceText(distanceKm: number | null | undefined, tr: Translate = english): string {
  if (distanceKm === null || distanceKm === undefined) return tr(/*i18n*/ 'Location unknown');
  return distanceKm < 1 ? tr(/*i18n*/ 'Under 1 km away') : tr(/*i18n*/ '{km} km away', { km: wholeNumberText(shownKm(distanceKm)) });
}

export function driveTimeText(minutes: number | null | undefined, tr: Translate = english): string {
  if (minutes === null || minutes === undefined) return tr(/*i18n*/ 'Time unknown');
  if (minutes < 60) return tr(/*i18n*/ 'About {minutes} min drive', { minutes: Math.max(1, minutes) });
  const hours = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? tr(/*i18n*/ 'About {hours} h {minutes} min drive', { hours, minutes: m }) : tr(/*i18n*/ 'About {hours} h drive', { hours });
}

export function distanceBandLabel(distanceKm: number | null | undefined, tr: Translate = english): string | null {
  return distanceKm === null || distanceKm === undefined ? null : tr(DISTANCE_BAND_LABELS[distanceBand(shownKm(distanceKm))]);
}

/**
 * Seller Information's 'N km from your location', with what the distance is measured from while the
 * device has not shared its position: the account's town (or its coordinates), else the default
 * location (Harare).
 */
export function distanceFromYouText(km: number, source: 'device' | 'account' | 'default', place: string | null, tr: Translate = english): string {
  if (source === 'device') return tr(/*i18n*/ '{km} km from your location', { km });
  if (source === 'account') {
    return place
      ? tr(/*i18n*/ '{km} km from your location ({place}, from your account, until you share yours)', { km, place })
      : tr(/*i18n*/ "{km} km from your location (your account's location, until you share yours)", { km });
  }
  return tr(/*i18n*/ '{km} km from your location ({place}, until you share yours)', { km, place: place ?? 'Harare' });
}

/** A dealer's stock: '1 vehicle in stock', '12 vehicles in stock' (spec 2.7 'N vehicles in stock'). */
export function vehiclesInStockText(n: number, tr: Translate = english): string {
  return n === 1 ? tr(/*i18n*/ '1 vehicle in stock') : tr(/*i18n*/ '{count} vehicles in stock', { count: wholeNumberText(n) });
}
