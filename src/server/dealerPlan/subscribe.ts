import { PAYMENT_MESSAGES } from '@/domain/core/messages';
import { DEALER_PLAN_CURRENCY, DEALER_PLAN_PRICE_CENTS, PLAN_MESSAGES } from '@/domain/payments/dealerPlan';
import type { AppContext } from '../context';
import { conflict, HttpError } from '../errors';
import { providerCall } from '../payments/completion';
import type { CardProvider } from '../payments/provider';
import { findPlan, savePlanStart, setPlanStatus, type DealerPlanRow } from '../repositories/dealerPlans.repo';
import type { UserRow } from '../repositories/users.repo';
import { syncCardPlan } from './cardPlan';

type Ctx = Pick<AppContext, 'db' | 'now' | 'payments' | 'config'>;

function cardOf(ctx: Ctx): CardProvider {
  if (!ctx.payments.card) throw new HttpError(503, PAYMENT_MESSAGES.systemError);
  return ctx.payments.card;
}

/**
 * Subscribes a dealer by card: a customer and a monthly subscription at the card provider, whose first
 * invoice the browser confirms with the answer's client secret (the sandbox's is paid at once). A plan
 * waiting for that confirmation is answered again rather than subscribed twice; the provider's
 * idempotency key is made from the plan as it stands, so two instances asked at once make one subscription.
 */
export async function subscribeByCard(ctx: Ctx, dealer: UserRow): Promise<DealerPlanRow> {
  const card = cardOf(ctx);
  const plan = await findPlan(ctx.db, dealer.id);
  if (plan?.method === 'card' && plan.status === 'active') throw conflict(PLAN_MESSAGES.alreadyRenewing);
  if (plan?.method === 'card' && plan.status === 'pending' && plan.provider === card.name && plan.providerSubscriptionId) {
    // Answered again while the provider still waits for its first payment; one it let expire (Stripe's
    // incomplete_expired, after a day) is replaced by a new subscription.
    const id = plan.providerSubscriptionId;
    if ((await providerCall(() => card.subscription(id))).status === 'pending') return plan;
  }
  const started = await providerCall(() =>
    card.createSubscription({
      amountCents: DEALER_PLAN_PRICE_CENTS,
      currency: DEALER_PLAN_CURRENCY,
      email: dealer.email,
      name: dealer.businessName?.trim() || dealer.name,
      reference: dealer.id,
      description: `${ctx.config.productName} dealer plan: ${PLAN_MESSAGES.price}`,
      idempotencyKey: `dealer-plan:${dealer.id}:${plan?.updatedAt.getTime() ?? 'new'}`,
    }),
  );
  const saved = await savePlanStart(
    ctx.db,
    {
      userId: dealer.id,
      method: 'card',
      status: 'pending',
      provider: card.name,
      providerCustomerId: started.customerId,
      providerSubscriptionId: started.subscriptionId,
      clientSecret: started.clientSecret,
    },
    ctx.now(),
  );
  if (started.clientSecret === null) await syncCardPlan(ctx, card, dealer, saved);
  return saved;
}

/** After the browser confirmed the first payment: records the paid month once the provider says it is paid. */
export async function confirmCardPlan(ctx: Ctx, dealer: UserRow): Promise<'paid' | 'pending'> {
  const card = cardOf(ctx);
  const plan = await findPlan(ctx.db, dealer.id);
  if (!plan || plan.method !== 'card' || !plan.providerSubscriptionId || plan.provider !== card.name) throw conflict(PLAN_MESSAGES.noSubscription);
  const outcome = await providerCall(() => syncCardPlan(ctx, card, dealer, plan));
  if (outcome === 'ended') throw new HttpError(402, PAYMENT_MESSAGES.failed);
  return outcome;
}

/** Stops the renewals: a card subscription is cancelled at the provider; an EcoCash plan is no longer reminded. Paid months stay paid. */
export async function cancelPlan(ctx: Ctx, dealer: UserRow): Promise<void> {
  const plan = await findPlan(ctx.db, dealer.id);
  if (!plan || plan.status !== 'active') throw conflict(PLAN_MESSAGES.notActive);
  if (plan.method === 'card' && plan.providerSubscriptionId) {
    const card = cardOf(ctx);
    const id = plan.providerSubscriptionId;
    await providerCall(() => card.cancelSubscription(id));
  }
  await setPlanStatus(ctx.db, dealer.id, 'cancelled', ctx.now());
}

/** Before an account is deleted: its card subscription is cancelled at the provider, so a deleted account is never charged again. */
export async function endPlanOfDeletedAccount(ctx: Ctx, userId: string): Promise<void> {
  const plan = await findPlan(ctx.db, userId);
  const card = ctx.payments.card;
  if (plan?.method !== 'card' || plan.status === 'cancelled' || !plan.providerSubscriptionId || card?.name !== plan.provider) return;
  const id = plan.providerSubscriptionId;
  await providerCall(() => card.cancelSubscription(id));
}
