/**
 * The device database's tables, one entry per version, in Dexie's notation: the primary key, then
 * the indexed fields. Dexie (db.ts) declares its versions from it, and the listings worker's own
 * IndexedDB opener (mirror.ts) creates the same stores from it, so the two always agree.
 * Only plain key paths are used (no auto-increment, unique, multi-entry or compound keys).
 */
export const DB_NAME = 'motokari';

export const DB_VERSIONS: readonly Readonly<Record<string, string>>[] = [
  { vehicles: 'id, vehicle_type, make, created_at', meta: 'key' },
  { catalogue: 'id, vehicle_type' },
  { drafts: 'id, updatedAt', draftPhotos: 'id, draftId', outbox: 'id, listingId, createdAt' },
  // Sellers' contacts revealed to a signed-in user, one row per user and listing (mirror.ts ContactRow).
  { contacts: 'id' },
  // The listings' summary (mirror.ts SummaryRow: the stored index columns and the feed pages since),
  // and the full records of the listings opened on this device.
  { summary: 'id', records: 'id' },
  // The listings saved on this device (favourites.ts DeviceFavourite), removals kept until the account hears.
  { favourites: 'vehicle_id' },
  // Messages (issue 37, messages/records.ts): the signed-in person's conversations and their messages, readable offline.
  { conversations: 'id, listingId, lastMessageAt', chatMessages: 'id, conversationId, createdAt' },
];

/**
 * Stores emptied when the database is upgraded to a version (1-based, as in DB_VERSIONS). Version 5:
 * the listings are kept as a summary; the full copy of every listing goes. The store stays (empty) for
 * a tab still running the previous version until it reloads.
 */
export const DB_CLEARED_STORES: Readonly<Record<number, readonly string[]>> = {
  5: ['vehicles'],
};

/**
 * Fields dropped from the rows a store already holds when the database is upgraded to a version
 * (1-based, as in DB_VERSIONS), by store: Dexie (db.ts) and the mirror (mirror.ts) both apply it.
 * Version 4: listings no longer carry sellers' phones and emails (a signed-in user asks for one
 * listing's contact), so the copies kept before lose theirs; the listings themselves stay.
 */
export const DB_DROPPED_FIELDS: Readonly<Record<number, Readonly<Record<string, readonly string[]>>>> = {
  4: { vehicles: ['seller_phone', 'seller_email'] },
};

/** The version IndexedDB holds: Dexie stores its version number times ten. */
export const IDB_VERSION = DB_VERSIONS.length * 10;

/** A store's primary key and indexes from its Dexie notation. */
export function parseStore(spec: string): { key: string; indexes: string[] } {
  const [key, ...indexes] = spec.split(',').map((s) => s.trim());
  for (const part of [key, ...indexes]) {
    if (!/^[A-Za-z_][\w.]*$/.test(part ?? '')) throw new Error(`unsupported schema part "${part}" in "${spec}"`);
  }
  return { key: key!, indexes };
}
