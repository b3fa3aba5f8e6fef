import type { SubscriptionPlan } from '@/domain/payments/fees';
import type { AdvertisingPlanId } from '@/domain/payments/advertisingPlans';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { VehicleInput } from '@/domain/listing/vehicleInput';
import type { ChatMessage, Conversation } from '@/domain/core/wire';

// The seller's write path: a draft is published through an ordered queue of requests kept in
// IndexedDB, so it survives reloads and can be replayed by the page or the service worker. This file:
// what a queued item is, the queue's order, and what a screen reads from it. No I/O: the device
// database (db.ts) stores these items, so they import nothing of it.

export type OutboxState = 'waiting' | 'sending' | 'done' | 'failed';

/** What POST /api/vehicles receives, less the image URLs (known once the uploads are done). */
export type ListingBody = Omit<VehicleInput, 'images'>;

export type PaymentChoice = { method: 'ecocash'; msisdn: string } | { method: 'card' };

export interface PaymentRequest {
  method: 'ecocash' | 'card';
  /** Mobile money only: the number that receives the PIN prompt. */
  msisdn: string | null;
  subscriptionPlan: SubscriptionPlan | null;
  /** An advertising plan bought instead of the 7-day fee (issue 38); absent on requests queued before them. */
  advertisingPlan?: AdvertisingPlanId | null;
}

/**
 * The answer to the payment request. Mobile money: `transactionId` to confirm once the seller has
 * entered the PIN (POST /api/payments/ecocash/confirm/{transactionId}). Card: `clientSecret` and
 * `paymentIntentId` for the card provider's confirmation. `alreadyPaid` when the listing was live.
 */
export interface PaymentResult {
  alreadyPaid: boolean;
  transactionId: string | null;
  paymentIntentId: string | null;
  clientSecret: string | null;
  message: string | null;
  amount: number | null;
  currency: string | null;
  testMode: boolean | null;
}

export interface ItemBase {
  id: string;
  listingId: string;
  /** Position in its listing's chain: the uploads in photo order, then the create, then the payment. */
  seq: number;
  /** Made once when queued and sent on every attempt, so a replay is answered, not performed again. */
  idempotencyKey: string;
  state: OutboxState;
  attempts: number;
  /** When the chain was queued: chains run in this order. */
  createdAt: number;
  updatedAt: number;
  /** The signed-in user who queued it; processOutbox({ userId }) leaves other users' chains alone. */
  ownerId: string | null;
  /** Backoff after a 5xx, 408 or 429, or a moment after a 409-in-progress: not sent again before this time (ms). */
  nextAttemptAt: number | null;
  /** Why it failed (the server's detail), or the last transient problem while waiting. */
  error: string | null;
  httpStatus: number | null;
  /** The runner sending it now; answers from a runner that lost its claim are ignored. */
  claim: string | null;
}

export interface UploadItem extends ItemBase {
  kind: 'upload';
  photo: { blob: Blob; name: string };
  result: { url: string; thumbnailUrl: string | null } | null;
}

export interface CreateItem extends ItemBase {
  kind: 'create';
  listing: ListingBody;
  /** POST /api/vehicles?is_free_update=true: published at once, nothing to pay. */
  freeListing: boolean;
  result: Vehicle | null;
  /** Set once the server said a photo was gone and the uploads were sent again (the runner does that once). */
  photosResent?: boolean;
}

export interface PaymentItem extends ItemBase {
  kind: 'payment';
  payment: PaymentRequest;
  result: PaymentResult | null;
}

/** A message written to the other person of a conversation (issue 37), as the device queued it. */
export interface QueuedMessage {
  /** The message's id, made on the device: the server keeps it, so a replay finds the same message. */
  id: string;
  listingId: string;
  /** Null while the device does not know the conversation (a buyer's first messages): sent through POST /api/conversations. */
  conversationId: string | null;
  text: string;
  /** Photos already on the server (their URLs). */
  images: string[];
  /** The upload items of the photos taken on this device, in order, before it in its chain (absent on items queued before photos could be). */
  uploadIds?: string[];
  /** When it was written (ISO), for its place on the screen until the server's time is known. */
  writtenAt: string;
}

/**
 * A message in the outbox. Its chain (ItemBase.listingId) is 'messages:' + the conversation's id, or
 * the listing's while the conversation is not known, so a conversation's messages go in order and
 * never wait behind a listing's publication. Unlike a listing's items, a failed message does not stop
 * the ones written after it.
 */
export interface MessageItem extends ItemBase {
  kind: 'message';
  message: QueuedMessage;
  /** The server's message, and the conversation when it was sent through POST /api/conversations. */
  result: { message: ChatMessage; conversation: Conversation | null } | null;
  /** Set once the server said a photo was gone and the message's photos were sent again (once, as a listing's). */
  photosResent?: boolean;
}

export type OutboxItem = UploadItem | CreateItem | PaymentItem | MessageItem;

/** Chains in queue order (when queued, then by listing), each chain in its own order. */
export function sortItems(items: OutboxItem[]): OutboxItem[] {
  return items.sort((a, b) => a.createdAt - b.createdAt || (a.listingId < b.listingId ? -1 : a.listingId > b.listingId ? 1 : 0) || a.seq - b.seq);
}

export interface ListingPublishState {
  listingId: string;
  /** failed: an item failed (see error); sending: one is in flight; done: all done; else waiting. */
  state: OutboxState;
  total: number;
  done: number;
  /** The failed item, or else the next one to send. */
  current: OutboxItem | null;
  error: string | null;
  nextAttemptAt: number | null;
  /** The listing as the server created it, once created. */
  vehicle: Vehicle | null;
  payment: PaymentResult | null;
}

/** One line per listing from listOutbox's items: what a dashboard shows. */
export function summarizeOutbox(items: OutboxItem[]): ListingPublishState[] {
  const chains = new Map<string, OutboxItem[]>();
  for (const item of sortItems([...items])) {
    const chain = chains.get(item.listingId);
    if (chain) chain.push(item);
    else chains.set(item.listingId, [item]);
  }
  return [...chains.entries()].map(([listingId, chain]) => {
    const current = chain.find((i) => i.state !== 'done') ?? null;
    const create = chain.find((i): i is CreateItem => i.kind === 'create');
    const pay = chain.find((i): i is PaymentItem => i.kind === 'payment');
    return {
      listingId,
      state: current ? current.state : 'done',
      total: chain.length,
      done: chain.filter((i) => i.state === 'done').length,
      current,
      error: current?.error ?? null,
      nextAttemptAt: current?.nextAttemptAt ?? null,
      vehicle: create?.result ?? null,
      payment: pay?.result ?? null,
    };
  });
}

/** A listing's payment item (a chain holds at most one), or null. */
export function paymentItemOf(items: OutboxItem[], listingId: string): PaymentItem | null {
  return items.find((i): i is PaymentItem => i.kind === 'payment' && i.listingId === listingId) ?? null;
}
