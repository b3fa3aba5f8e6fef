import { db } from './db';
import { clearPaidChain, enqueuePayment, forgetPayment, listOutbox, type EnqueuePaymentOptions } from './outbox/enqueue';
import type { OutboxItem, PaymentChoice, PaymentItem } from './outbox/items';

// A listing's fee payment as this device's outbox holds it: the payment screen reads the listing's
// chain, queues its payment request, and drops the request or the paid chain when it is over.

/** The listing's queued items (see listOutbox). For liveQuery. */
export function readListingChain(listingId: string): Promise<OutboxItem[]> {
  return listOutbox(db, listingId);
}

/** Queues the listing's payment request (see enqueuePayment). */
export function queuePayment(listingId: string, choice: PaymentChoice, options: EnqueuePaymentOptions): Promise<PaymentItem> {
  return enqueuePayment(db, listingId, choice, options);
}

/** Forgets the listing's payment request; false while it is in flight (see forgetPayment). */
export function dropPayment(listingId: string): Promise<boolean> {
  return forgetPayment(db, listingId);
}

/** Removes the paid listing's chain once all of it is done (see clearPaidChain). */
export function clearPaidListing(listingId: string): Promise<boolean> {
  return clearPaidChain(db, listingId);
}
