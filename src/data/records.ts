import type { CatalogueMakeAnswer } from '../domain/core/wire';
import type { z } from 'zod';
import type { VehicleType } from '../domain/core/constants';
import type { MirrorPrefs } from '../domain/search/deviceCopy';
import type { vehicleInputSchema } from '../domain/listing/vehicleInput';

// The rows the device database keeps (besides the listings and the outbox's items, outbox/items.ts),
// apart from the code that reads and writes them: db.ts declares its tables with them and the
// modules that use the tables take the database, so neither side imports the other's file.

/**
 * What the device keeps between visits besides the listings: the sync cursor, the catalogue's version,
 * the person's choices of what to keep (prefs) and what the last update downloaded (lastUpdate).
 */
export interface MetaRow {
  key: 'sync' | 'catalogue' | 'replayAuth' | 'summary' | 'prefs' | 'lastUpdate';
  revision?: number;
  /** summary: where the first download of the scope goes on (null once it is done). */
  cursor?: string | null;
  /** summary: the vehicle types whose every listing in the scope is on the device. */
  complete?: VehicleType[];
  /** summary: the scope the stored listings were downloaded for (its query parameters as JSON). */
  scope?: string;
  /** summary: the number of the last feed page stored, and the listings and tombstones in the pages since the base. */
  pages?: number;
  pageRows?: number;
  syncedAt?: string;
  /** The catalogue's ETag, sent back so an unchanged catalogue is not downloaded again. */
  etag?: string;
  /** replayAuth: the signed-in user's token, so the service worker can send the outbox with no page open. */
  token?: string;
  userId?: string;
  /** prefs: what the device keeps and when it may update (src/data/mirrorPrefs.ts). */
  prefs?: MirrorPrefs;
  /** lastUpdate: the bytes the last update downloaded, how many listings it brought, and when it ended. */
  bytes?: number;
  listings?: number;
  at?: string;
}

/** What the person chose this device keeps: the domain's, which the app shows too. */
export type { MirrorPrefs } from '../domain/search/deviceCopy';

/** A make of the reference catalogue with its models and their variants, as GET /api/sync/catalogue sends it. */
export type CatalogueMakeRow = CatalogueMakeAnswer;

/**
 * The wizard's field values, named as POST /api/vehicles names them (form values may still be text:
 * the schema coerces numbers). Keys the API does not know (UI state such as a make's catalogue id)
 * are kept in the draft and left out of the request.
 */
export type DraftFields = Partial<Omit<z.input<typeof vehicleInputSchema>, 'id' | 'images'>> & { [key: string]: unknown };

/** A stored draft; its photos are rows of their own, in `photoIds` order (the first is the main photo). */
export interface DraftRow {
  id: string;
  createdAt: number;
  updatedAt: number;
  step: number;
  fields: DraftFields;
  photoIds: string[];
}

export interface DraftPhotoRow {
  id: string;
  draftId: string;
  blob: Blob;
  name: string;
}
