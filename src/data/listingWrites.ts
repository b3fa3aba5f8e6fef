// Whom the API client tells when this device changed a listing on the server (an edit, a delete, a
// payment that published it), so the device's copy of the listings is brought up to date at once.
// Apart from the client (api.ts) so the sync store can register without loading the client.

let writeHandler: (() => void) | null = null;

/** The app says what to do after this device's own listing write (the sync store pulls the changes). */
export function onListingWrite(handler: () => void): void {
  writeHandler = handler;
}

/** Tells the app that a listing changed on the server because of this device. */
export const listingWritten = (): void => writeHandler?.();

/** Listing writes: a listing created, edited or deleted, a payment confirmed, an administrator's delete (of a listing, or of a user with their listings) or reset. */
const LISTING_WRITE = /^\/api\/(cars|vehicles|admin\/vehicle|admin\/user|admin\/reset-database|payments\/(ecocash\/)?confirm)(\/|\?|$)/;

/**
 * Whether an answered request changed the public listings: a mutating request to a listing route that
 * succeeded with a final answer (a confirm answering 202 is still waiting for the provider).
 */
export function changesListings(method: string, url: string, status: number): boolean {
  if (method === 'GET' || method === 'HEAD' || status < 200 || status >= 300 || status === 202) return false;
  return LISTING_WRITE.test(new URL(url, 'http://device.invalid').pathname);
}
