import type { ListingEligibility } from '@/domain/core/wire';
import type { SubscriptionPlan } from '@/domain/payments/fees';
import type { Vehicle } from '@/domain/listing/vehicle';
import { api } from './api';
import { db } from './db';
import { saveListingEdit, type EditAnswer, type ListingEdit } from './outbox/edit';
import { discard, enqueuePublish, listOutbox, type PublishOptions } from './outbox/enqueue';
import type { CreateItem, OutboxItem } from './outbox/items';
import { kySend } from './outbox/senders';

// The listing wizard's writes on this device's database and the server: a new listing queued in the
// outbox for publication, where that publication stands, and an edit of a published listing.

/** Where a draft's queued publication stands. */
export interface QueuedPublish {
  state: 'waiting' | 'sending' | 'done' | 'failed';
  free: boolean;
  created: Vehicle | null;
  error: string | null;
  /** The plan the listing was queued with (the draft may be gone once the listing exists). */
  plan: SubscriptionPlan | null;
}

/** The publication among a listing's queued items, or null when none is queued. */
export function queuedPublish(items: OutboxItem[]): QueuedPublish | null {
  const create = items.find((i): i is CreateItem => i.kind === 'create');
  if (!create) return null;
  const upToCreate = items.filter((i) => i.seq <= create.seq);
  const failed = upToCreate.find((i) => i.state === 'failed');
  const state = failed ? 'failed' : create.state === 'done' ? 'done' : upToCreate.some((i) => i.state === 'sending') ? 'sending' : 'waiting';
  return { state, free: create.freeListing, created: create.result, error: failed?.error ?? null, plan: create.listing.subscription_plan ?? null };
}

/** Where the listing's queued publication stands now, or null when none is queued. For liveQuery. */
export function readQueuedPublish(listingId: string): Promise<QueuedPublish | null> {
  return listOutbox(db, listingId).then(queuedPublish);
}

/** Drops a publication the server refused, so the corrected draft is what goes next time. */
export async function dropRefusedPublish(listingId: string): Promise<void> {
  if (queuedPublish(await listOutbox(db, listingId))?.state === 'failed') await discard(db, listingId);
}

/** Queues the stored draft's publication (see enqueuePublish). */
export async function queuePublish(draftId: string, options: PublishOptions): Promise<void> {
  await enqueuePublish(db, draftId, options);
}

/** Removes the listing's queue; the draft stays (see discard). */
export function discardPublish(listingId: string): Promise<void> {
  return discard(db, listingId);
}

/** Whether the seller may list one more vehicle free now (spec section 4). */
export function fetchListingEligibility(userId: string): Promise<ListingEligibility> {
  return api.get(`users/${userId}/listing-eligibility`).json<ListingEligibility>();
}

/** Saves an edit of a published listing on the server at once (see saveListingEdit). */
export function sendListingEdit(edit: ListingEdit): Promise<EditAnswer> {
  return saveListingEdit(kySend(api), edit);
}
