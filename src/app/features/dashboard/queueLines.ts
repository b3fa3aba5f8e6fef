import { paymentItemOf, type CreateItem, type ListingPublishState, type OutboxItem } from '@/data/outbox/items';
import { DASHBOARD_TEXTS as T, draftTitle, queuedPaymentText } from '@/domain/listing/dashboard';
import { formatUsd, PLAN_TERMS } from '@/domain/payments/fees';
import { titleOf } from '@/domain/listing/display';
import { t } from '@/app/shared/i18n/language';

// The words of a publishing-queue line: the queued listing's title and what its payment waits for.

export type { ListingPublishState, OutboxItem };

/** The title of a queued listing: as the server created it, else as it was queued. */
export function chainTitle(chain: ListingPublishState, items: readonly OutboxItem[]): string {
  if (chain.vehicle) return titleOf(chain.vehicle);
  const create = items.find((i): i is CreateItem => i.kind === 'create' && i.listingId === chain.listingId);
  return create ? draftTitle(create.listing as Record<string, unknown>, t) : t(T.untitledDraft);
}

/**
 * What a queued listing's payment waits for, in words, or null when its chain carries no payment, the
 * listing was live already, or the chain failed. sellerTurn: the request is made, the seller finishes it.
 */
export function chainPayment(chain: ListingPublishState, items: readonly OutboxItem[], title: string): { text: string; sellerTurn: boolean } | null {
  const pay = paymentItemOf([...items], chain.listingId);
  // A failed chain's line says what failed and offers Retry; its payment waits behind that.
  if (!pay || pay.result?.alreadyPaid || chain.state === 'failed') return null;
  const create = items.find((i): i is CreateItem => i.kind === 'create' && i.listingId === chain.listingId);
  const plan = pay.payment.subscriptionPlan ?? chain.vehicle?.subscription_plan ?? create?.listing.subscription_plan ?? null;
  const amount = plan ? formatUsd(PLAN_TERMS[plan].priceCents) : null;
  const sent = pay.state === 'done';
  const stage = !sent ? 'queued' : pay.payment.method === 'ecocash' ? 'approve' : 'finishCard';
  return { text: queuedPaymentText(title, amount, pay.payment.method, stage, t), sellerTurn: sent };
}
