import { MAX_IMAGE_BYTES } from '@/domain/core/constants';
import type { SubscriptionPlan } from '@/domain/payments/fees';
import type { AdvertisingPlanId } from '@/domain/payments/advertisingPlans';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { msisdnFormIssue, msisdnIssue as checkMsisdn } from '@/domain/payments/payments';
import { vehicleInputSchema } from '@/domain/listing/vehicleInput';
import type { MotokariDb } from '../db';
import { getDraft } from '../drafts';
import { paymentItemOf, sortItems, type CreateItem, type ItemBase, type OutboxItem, type PaymentChoice, type PaymentItem, type PaymentRequest } from './items';

// What goes into the queue and how a seller changes it: a draft's publication, a payment, a retry,
// a discard. The runner (runner.ts) sends what is queued here.

export class PublishInputError extends Error {
  constructor(readonly issues: { field: string; message: string }[]) {
    super(issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; '));
    this.name = 'PublishInputError';
  }
}

export interface PublishOptions {
  /** How the fee is paid; null queues the listing only (it waits on the server, payable later). */
  payment: PaymentChoice | null;
  /** The free-listing path (spec section 4): created published with the free-update flag; no payment. */
  freeListing?: boolean;
  ownerId?: string | null;
  now?: () => number;
}

/** The most photos POST /api/vehicles takes (its schema's limit). */
const MAX_LISTING_IMAGES = 20;

/**
 * Queues the publication of a stored draft: one upload per photo, the listing create (with the
 * draft's id as the listing's id), then the payment request. The draft's fields and photos are
 * copied, so editing or deleting the draft afterwards does not change what is sent. Checks what the
 * server would refuse before anything is queued. If the listing already has a queue, that queue is
 * returned unchanged (a second tap on Publish queues nothing); discard it first to queue again.
 */
export async function enqueuePublish(db: MotokariDb, draftId: string, options: PublishOptions): Promise<OutboxItem[]> {
  const now = options.now ?? Date.now;
  const free = options.freeListing ?? false;
  if (free && options.payment) throw new PublishInputError([{ field: 'payment', message: 'A free listing has nothing to pay' }]);
  return db.transaction('rw', db.drafts, db.draftPhotos, db.outbox, async () => {
    const existing = await db.outbox.where('listingId').equals(draftId).toArray();
    if (existing.length) return sortItems(existing);
    const draft = await getDraft(db, draftId);
    if (!draft) throw new PublishInputError([{ field: '', message: 'The draft no longer exists' }]);

    const parsed = vehicleInputSchema.safeParse({ ...draft.fields, id: draft.id, images: [] });
    if (!parsed.success) {
      throw new PublishInputError(parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message })));
    }
    const issues: { field: string; message: string }[] = [];
    if (draft.photos.length > MAX_LISTING_IMAGES) issues.push({ field: 'images', message: LISTING_MESSAGES.tooManyImages(MAX_LISTING_IMAGES) });
    for (const p of draft.photos) {
      if (p.blob.size > MAX_IMAGE_BYTES) issues.push({ field: 'images', message: LISTING_MESSAGES.imageTooLarge(p.name) });
    }
    const payment = options.payment;
    if (payment?.method === 'ecocash') {
      const msisdnIssue = checkMsisdn(payment.msisdn);
      if (msisdnIssue) issues.push({ field: 'customer_msisdn', message: msisdnIssue });
    }
    if (issues.length) throw new PublishInputError(issues);

    const { images: _images, ...listing } = parsed.data;
    // Chains run in createdAt order: one queued after another runs after it, even within a millisecond.
    const latest = await db.outbox.orderBy('createdAt').last();
    const at = Math.max(now(), (latest?.createdAt ?? 0) + 1);
    const base = (seq: number): ItemBase => ({
      id: crypto.randomUUID(),
      listingId: draft.id,
      seq,
      idempotencyKey: crypto.randomUUID(),
      state: 'waiting',
      attempts: 0,
      createdAt: at,
      updatedAt: at,
      ownerId: options.ownerId ?? null,
      nextAttemptAt: null,
      error: null,
      httpStatus: null,
      claim: null,
    });
    const items: OutboxItem[] = draft.photos.map((p, i) => ({ ...base(i), kind: 'upload', photo: { blob: p.blob, name: p.name }, result: null }));
    items.push({ ...base(items.length), kind: 'create', listing, freeListing: free, result: null });
    if (payment) {
      items.push({
        ...base(items.length),
        kind: 'payment',
        payment: {
          method: payment.method,
          msisdn: payment.method === 'ecocash' ? payment.msisdn.trim() : null,
          subscriptionPlan: listing.subscription_plan ?? null,
        },
        result: null,
      });
    }
    await db.outbox.bulkAdd(items);
    return items;
  });
}

/** Every queued item (or one listing's), chains in queue order, each chain in its own order. For liveQuery. */
export async function listOutbox(db: MotokariDb, listingId?: string): Promise<OutboxItem[]> {
  const items = listingId ? await db.outbox.where('listingId').equals(listingId).toArray() : await db.outbox.toArray();
  return sortItems(items);
}

/**
 * Sends an item again. A failed item gets a new Idempotency-Key: the server keeps a 4xx answer for
 * its key and would only repeat it, and a refused request changed nothing, so a new key cannot
 * double anything. A failed mobile-money request may take a corrected number. A waiting item keeps
 * its key (its first attempt may have been performed) and only skips its backoff. A failed create may
 * send its photos again once more (see processOutbox). Returns false when
 * the item is gone, done or in flight.
 */
export async function retry(db: MotokariDb, itemId: string, changes: { msisdn?: string } = {}, now: () => number = Date.now): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const cur = await db.outbox.get(itemId);
    if (!cur || cur.state === 'done' || cur.state === 'sending') return false;
    if (cur.state === 'waiting') {
      if (changes.msisdn !== undefined) throw new PublishInputError([{ field: 'customer_msisdn', message: 'Only a failed payment request can change its number' }]);
      await db.outbox.put({ ...cur, nextAttemptAt: null, updatedAt: now() });
      return true;
    }
    let next: OutboxItem = { ...cur, state: 'waiting', idempotencyKey: crypto.randomUUID(), error: null, httpStatus: null, nextAttemptAt: null, updatedAt: now() };
    // A listing refused for a photo gone from the server may have its photos sent again once more.
    if (next.kind === 'create' || next.kind === 'message') next = { ...next, photosResent: false };
    if (changes.msisdn !== undefined) {
      if (next.kind !== 'payment' || next.payment.method !== 'ecocash') {
        throw new PublishInputError([{ field: 'customer_msisdn', message: 'Only a mobile-money payment has a number' }]);
      }
      const issue = checkMsisdn(changes.msisdn);
      if (issue) throw new PublishInputError([{ field: 'customer_msisdn', message: issue }]);
      next = { ...next, payment: { ...next.payment, msisdn: changes.msisdn.trim() } };
    }
    await db.outbox.put(next);
    return true;
  });
}

/**
 * Removes a listing's queue; the draft stays. What the server already did stays done (a created
 * listing waits there unpaid, payable later from the dashboard); a request in flight may still land.
 */
export async function discard(db: MotokariDb, listingId: string): Promise<void> {
  await db.outbox.where('listingId').equals(listingId).delete();
}

export interface EnqueuePaymentOptions {
  ownerId?: string | null;
  /** The plan to pay for; by default the plan of the listing queued on this device, else the server's. */
  plan?: SubscriptionPlan | null;
  /** An advertising plan to buy instead of the 7-day fee (issue 38). */
  advertisingPlan?: AdvertisingPlanId | null;
  now?: () => number;
}

/**
 * Queues the payment request of a listing: at the end of its chain when the listing is still queued
 * on this device (after its uploads and create, whether or not they have run), or as a chain of its
 * own when the listing exists only on the server (created earlier, or on another device, and paid
 * later). A listing never has two live payment requests: a waiting or sending one is returned as it
 * is, and so is a done one (the request was created; the confirm step continues from its result).
 * A failed one changed nothing on the server, so it is replaced in place by the new choice, with a new
 * Idempotency-Key and its attempts reset. The number is checked as the form checks it first.
 */
export async function enqueuePayment(db: MotokariDb, listingId: string, choice: PaymentChoice, options: EnqueuePaymentOptions = {}): Promise<PaymentItem> {
  const now = options.now ?? Date.now;
  if (choice.method === 'ecocash') {
    const issue = msisdnFormIssue(choice.msisdn);
    if (issue) throw new PublishInputError([{ field: 'customer_msisdn', message: issue }]);
  }
  return db.transaction('rw', db.outbox, async () => {
    const chain = sortItems(await db.outbox.where('listingId').equals(listingId).toArray());
    const current = paymentItemOf(chain, listingId);
    if (current && current.state !== 'failed') return current;
    const create = chain.find((i): i is CreateItem => i.kind === 'create');
    const payment: PaymentRequest = {
      method: choice.method,
      msisdn: choice.method === 'ecocash' ? choice.msisdn.trim() : null,
      subscriptionPlan: options.plan ?? create?.listing.subscription_plan ?? null,
      advertisingPlan: options.advertisingPlan ?? null,
    };
    const at = now();
    const fresh = { idempotencyKey: crypto.randomUUID(), state: 'waiting' as const, attempts: 0, updatedAt: at, nextAttemptAt: null, error: null, httpStatus: null, claim: null };
    if (current) {
      const replaced: PaymentItem = { ...current, ...fresh, payment, result: null, ownerId: options.ownerId ?? current.ownerId };
      await db.outbox.put(replaced);
      return replaced;
    }
    const item: PaymentItem = {
      ...fresh,
      id: crypto.randomUUID(),
      listingId,
      seq: chain.length ? Math.max(...chain.map((i) => i.seq)) + 1 : 0,
      // The chain's own time: chains run in createdAt order, and a chain's items must stay together.
      createdAt: chain[0]?.createdAt ?? at,
      ownerId: options.ownerId ?? chain[0]?.ownerId ?? null,
      kind: 'payment',
      payment,
      result: null,
    };
    await db.outbox.add(item);
    return item;
  });
}

/**
 * Forgets a listing's payment request: the seller cancelled it, or the provider declined the
 * transaction it created (a declined or cancelled transaction cannot be confirmed again), so the next
 * enqueuePayment makes a new request. A request in flight is kept (false): its answer is on its way.
 */
export async function forgetPayment(db: MotokariDb, listingId: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const item = paymentItemOf(await db.outbox.where('listingId').equals(listingId).toArray(), listingId);
    if (!item) return true;
    if (item.state === 'sending') return false;
    await db.outbox.delete(item.id);
    return true;
  });
}

/**
 * Removes a paid listing's chain once every item in it is done: the listing is on the server and
 * published, and nothing is left to send. A chain with work left is kept (false).
 */
export async function clearPaidChain(db: MotokariDb, listingId: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const chain = await db.outbox.where('listingId').equals(listingId).toArray();
    if (chain.some((i) => i.state !== 'done')) return false;
    await db.outbox.bulkDelete(chain.map((i) => i.id));
    return true;
  });
}
