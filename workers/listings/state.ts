import { ListingIndex } from '@/domain/search/index/listingIndex';
import { indexPriceVerdicts } from '@/domain/search/priceVerdict';
import type { ListingSummary } from '@/domain/search/summary';
import type { MirrorScope } from '@/domain/search/scope';
import type { Inventory } from '@/domain/search/deviceAnswers';
import type { MirrorPrefs } from '@/domain/search/deviceCopy';
import { Mirror } from '@/data/mirror';
import type { MetaRow } from '@/data/records';
import { readPrefs } from '@/data/mirrorPrefs';

// What the listings worker's modules share: the device's store (the mirror), the listing index over
// the stored summary and the feed's position, what is worked out from the index (price verdicts,
// inventories) and dropped when it changes, and the scope the person chose.

/** The device's store: IndexedDB itself (src/data/mirror.ts), so this worker carries no Dexie. */
export const mirror = new Mirror();

/** The listing index loaded from the stored summary and kept current by each page the sync stores. */
export const device: {
  index: ListingIndex<ListingSummary>;
  /** The summary feed's stored position (null before the first page). */
  feed: MetaRow | null;
  /** The stored copy lacks a field this app searches (see loadSummary): the next sync downloads it again. */
  lacksFields: boolean;
} = { index: new ListingIndex<ListingSummary>(), feed: null, lacksFields: false };

/** The price verdicts over the device's copy: each model's fit computed when first shown, all dropped when the copy changes. */
export const verdicts = indexPriceVerdicts(() => device.index);

/** inventory()'s answers by type and seller, dropped whenever the index changes. */
export const inventories = new Map<string, Inventory>();

/** The listings in the index changed: what was worked out from them goes. */
export function listingsChanged(): void {
  inventories.clear();
  verdicts.clear();
}

/** Puts another index in its place (loaded from the store, or empty for a new scope) with its feed position. */
export function replaceIndex(index: ListingIndex<ListingSummary> = new ListingIndex(), feed: MetaRow | null = null): void {
  device.index = index;
  device.feed = feed;
  listingsChanged();
}

let prefsRead: Promise<MirrorPrefs> | null = null;

/** The scope the person chose (the whole country until they choose). */
export async function currentScope(): Promise<MirrorScope> {
  // Read once, then kept: every search asks, and only setPrefs changes it.
  prefsRead ??= readPrefs(mirror).catch((err: unknown) => {
    prefsRead = null;
    throw err;
  });
  return (await prefsRead).scope;
}

/** Forgets the scope read, after the person chose another: the next question reads it again. */
export function forgetScope(): void {
  prefsRead = null;
}
