import { db } from './db';
import { isMessageChain } from './messages/records';
import { deleteDraft } from './drafts';
import { discard, listOutbox, retry } from './outbox/enqueue';
import type { OutboxItem } from './outbox/items';

// The dashboard's publishing queue: the listings sent from this device, the seller's Retry and
// Discard, and the clean-up once a sent listing shows on the server.

/** Every queued listing item, chains in queue order (see listOutbox); messages and their photos are not listings. For liveQuery. */
export async function readQueue(): Promise<OutboxItem[]> {
  return (await listOutbox(db)).filter((i) => !isMessageChain(i.listingId));
}

/** Sends a queued item again (see retry). */
export function retryQueued(itemId: string): Promise<boolean> {
  return retry(db, itemId);
}

/** Removes a listing's queue; its draft stays (see discard). */
export function discardQueued(listingId: string): Promise<void> {
  return discard(db, listingId);
}

/** A sent listing is on the server: its queue goes, and then its draft. */
export async function clearSentListing(listingId: string): Promise<void> {
  await discard(db, listingId);
  await deleteDraft(db, listingId);
}
