import type { AppContext } from '../context';
import type { CardProvider } from '../payments/provider';
import { cardPlansDue, setPlanStatus, type DealerPlanRow } from '../repositories/dealerPlans.repo';
import { findUserById, type UserRow } from '../repositories/users.repo';
import { recordMonth } from './paidMonth';

type Ctx = Pick<AppContext, 'db' | 'now' | 'payments'>;

/**
 * Brings a card plan up to date with its subscription: a paid period the plan does not cover yet is
 * recorded (once: its invoice id is the reference), a subscription the provider ended ends the
 * renewals. Returns whether the provider's status was 'pending' (the first payment not made yet).
 */
export async function syncCardPlan(ctx: Ctx, card: CardProvider, dealer: UserRow, plan: DealerPlanRow): Promise<'paid' | 'pending' | 'ended'> {
  if (!plan.providerSubscriptionId) return 'pending';
  const state = await card.subscription(plan.providerSubscriptionId);
  if (state.paid && (!plan.paidUntil || state.paid.end > plan.paidUntil)) {
    await recordMonth(ctx, dealer, {
      method: 'card',
      provider: plan.provider,
      providerRef: state.paid.invoiceId,
      amountCents: state.paid.amountCents,
      period: { start: state.paid.start, end: state.paid.end },
    });
  }
  if (state.status === 'canceled') {
    await setPlanStatus(ctx.db, dealer.id, 'cancelled', ctx.now());
    return 'ended';
  }
  if (plan.status === 'pending' && state.paid) await setPlanStatus(ctx.db, dealer.id, 'active', ctx.now());
  return state.paid ? 'paid' : 'pending';
}

/**
 * The renewal job: asks the card provider about each renewing plan whose paid period has ended, and
 * records the new period once it is paid. A plan the provider has not renewed yet is asked again on
 * the next run; its listings stay up through the grace days meanwhile.
 */
export async function renewCardPlans(ctx: Ctx): Promise<number> {
  const card = ctx.payments.card;
  if (!card) return 0;
  let renewed = 0;
  for (const plan of await cardPlansDue(ctx.db, ctx.now())) {
    // A plan opened with another provider (the sandbox, before Stripe's keys were set) is not this one's to ask.
    if (plan.provider !== card.name) continue;
    const dealer = await findUserById(ctx.db, plan.userId);
    if (!dealer) continue;
    if ((await syncCardPlan(ctx, card, dealer, plan)) === 'paid') renewed++;
  }
  return renewed;
}
