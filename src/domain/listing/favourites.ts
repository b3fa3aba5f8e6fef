import { priceText, titleOf } from './display';
import { usdText } from '../core/numbers';
import type { PushPayload } from '../account/notifications';
import type { Vehicle } from './vehicle';
import { english, type Translate } from '../i18n/text';

// Favourites (the Saved screen) and Compare, written once: their texts, what a favourite's state is
// against the listing now, how the device's favourites merge with the account's, and the pushes a
// favourite's owner receives. The server, the worker and the app import them from here.

export const SAVED_PATH = '/saved';
export const COMPARE_PATH = '/compare';
/** Compare shows at most this many listings side by side. */
export const COMPARE_MAX = 3;

export const FAVOURITE_TEXTS = {
  save: /*i18n*/ 'Save',
  saved: /*i18n*/ 'Saved',
  title: /*i18n*/ 'Saved',
  empty: /*i18n*/ 'Nothing saved yet. Tap the heart on a listing to keep it here, offline too.',
  sold: /*i18n*/ 'Sold',
  gone: /*i18n*/ 'No longer available',
  compare: /*i18n*/ 'Compare',
  compareTitle: /*i18n*/ 'Compare',
  /** With `{ max: COMPARE_MAX }`. */
  compareHint: /*i18n*/ 'Tick up to {max} listings to compare them side by side.',
  /** With `{ max: COMPARE_MAX }`. */
  compareLimit: /*i18n*/ 'You can compare up to {max} vehicles. Untick one to add another.',
  compareTooFew: /*i18n*/ 'Choose at least two saved listings to compare.',
  notKept: /*i18n*/ 'This listing is not kept on this device. Open it online once to compare it offline.',
  priceVerdict: /*i18n*/ 'Price verdict',
  remove: /*i18n*/ 'Remove',
  /** A saved listing the device knows nothing more of (saved elsewhere, gone before it came here). */
  unnamed: /*i18n*/ 'A listing you saved',
} as const;

export const FAVOURITE_MESSAGES = {
  notFound: /*i18n*/ 'Vehicle not found',
} as const;

export const priceDroppedText = (drop: number, tr: Translate = english) => tr(/*i18n*/ 'Price dropped {amount}', { amount: usdText(drop) });

/**
 * How much the price fell since the listing was saved (0 when it did not, or either price is unknown).
 */
export function priceDrop(savedPrice: number | null, price: number | null): number {
  if (savedPrice === null || price === null) return 0;
  return Math.max(0, savedPrice - price);
}

/** A favourite as the device keeps it. */
export interface DeviceFavourite {
  vehicle_id: string;
  /** The listing's title when saved: a listing since gone is still named. */
  title: string | null;
  saved_at: string;
  saved_price: number | null;
  /** Removed on this device; kept (a tombstone) until the account has heard of it. */
  removed: boolean;
  /** Changed on this device since the account last heard: sent at the next sync. */
  pending: boolean;
  /** The account's last word on the listing: no longer public (sold, expired, removed). */
  gone?: boolean;
  /** The account's last word: gone because its seller sold it. */
  sold?: boolean;
}

/** A favourite as the account holds it. */
export interface AccountFavourite {
  vehicle_id: string;
  title: string | null;
  saved_at: string;
  saved_price: number | null;
  vehicle: Vehicle | null;
  sold: boolean;
}

/**
 * The device's favourites after a sync, from what it held (its changes not yet accepted by the account
 * still `pending`) and the account's list: a change made on this device and not yet sent wins (an add or
 * a removal); everything else is as the account says, so a favourite removed on another device goes here
 * too. A set merge with tombstones: each favourite's latest intent, never a replay of every tap.
 */
export function mergeFavourites(device: readonly DeviceFavourite[], account: readonly AccountFavourite[]): DeviceFavourite[] {
  const mine = new Map(device.map((f) => [f.vehicle_id, f]));
  const out: DeviceFavourite[] = [];
  for (const a of account) {
    const local = mine.get(a.vehicle_id);
    if (local?.pending) out.push(local);
    else
      out.push({
        vehicle_id: a.vehicle_id,
        title: a.title ?? local?.title ?? null,
        saved_at: a.saved_at,
        saved_price: a.saved_price,
        removed: false,
        pending: false,
        gone: a.vehicle === null,
        sold: a.sold,
      });
    mine.delete(a.vehicle_id);
  }
  for (const f of mine.values()) if (f.pending) out.push(f);
  return out;
}

type Facts = Pick<Vehicle, 'id' | 'year' | 'make' | 'model' | 'variant'>;
const listingPath = (id: string) => `/car/${id}`;

/** To a favourite's owner: its price fell. */
export function favouritePriceDropNotification(v: Facts & Pick<Vehicle, 'price'>, drop: number, tr: Translate = english): PushPayload {
  return {
    title: priceDroppedText(drop, tr),
    body: tr(/*i18n*/ '{title} is now {price}.', { title: titleOf(v), price: priceText(v.price, undefined, tr) }),
    url: listingPath(v.id),
    tag: `favourite-${v.id}`,
  };
}

/** To a favourite's owner: the listing is no longer for sale here (its title as saved, when known). */
export function favouriteGoneNotification(vehicleId: string, title: string | null, tr: Translate = english): PushPayload {
  const body = title ? tr(/*i18n*/ '{title}, which you saved, is no longer available.', { title }) : tr(/*i18n*/ 'A listing you saved is no longer available.');
  return { title: tr(FAVOURITE_TEXTS.gone), body, url: SAVED_PATH, tag: `favourite-${vehicleId}` };
}
