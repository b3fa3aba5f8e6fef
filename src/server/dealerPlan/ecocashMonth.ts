import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@/domain/core/messages';
import { DEALER_PLAN_PRICE_CENTS, nextPeriod, PLAN_MESSAGES } from '@/domain/payments/dealerPlan';
import type { AppContext } from '../context';
import { conflict, HttpError, notFound } from '../errors';
import { providerCall } from '../payments/completion';
import type { ProviderStatus } from '../payments/provider';
import { findPlan, findPlanPayment, insertPlanPayment, payingByEcocash, savePlanStart, settlePlanPayment, updatePlanPaymentRef, type PlanPaymentRow } from '../repositories/dealerPlans.repo';
import { findUserById, type UserRow } from '../repositories/users.repo';
import { recordMonth } from './paidMonth';

type Ctx = Pick<AppContext, 'db' | 'now' | 'payments' | 'config'>;

const UNDERPAID = 'Amount paid is less than the monthly plan';

/**
 * Starts a month paid with EcoCash: the prompt on the dealer's phone. The payment is written before
 * the provider is asked, so a provider that answers but a server that stops leaves a record, not a
 * lost payment. A plan that renews by card is not paid twice.
 */
export async function openEcocashMonth(ctx: Ctx, dealer: UserRow, msisdn: string): Promise<{ payment: PlanPaymentRow; message: string }> {
  const plan = await findPlan(ctx.db, dealer.id);
  if (plan?.method === 'card' && plan.status === 'active') throw conflict(PLAN_MESSAGES.alreadyRenewing);
  const mobile = ctx.payments.mobileMoney;
  if (!plan) {
    await savePlanStart(
      ctx.db,
      { userId: dealer.id, method: 'ecocash', status: 'pending', provider: mobile.name, providerCustomerId: null, providerSubscriptionId: null, clientSecret: null },
      ctx.now(),
    );
  }
  const id = randomUUID();
  const payment = await insertPlanPayment(ctx.db, { id, userId: dealer.id, provider: mobile.name, providerRef: `opening:${id}`, msisdn, amountCents: DEALER_PLAN_PRICE_CENTS, createdAt: ctx.now() });
  try {
    const init = await providerCall(() =>
      mobile.initiate({ amountCents: DEALER_PLAN_PRICE_CENTS, reference: id, msisdn, email: dealer.email, description: `${ctx.config.productName} dealer plan, one month` }),
    );
    if (!init.transactionId) throw new HttpError(502, PAYMENT_MESSAGES.missingTransactionId);
    await updatePlanPaymentRef(ctx.db, id, init.transactionId, init.pollUrl);
    return { payment: { ...payment, providerRef: init.transactionId, pollUrl: init.pollUrl }, message: init.message || PAYMENT_MESSAGES.initiated };
  } catch (e) {
    // Kept, as failed: a provider that timed out may have started it all the same.
    await settlePlanPayment(ctx.db, id, 'failed', e instanceof Error ? e.message : PAYMENT_MESSAGES.creationFailed);
    throw e;
  }
}

/**
 * Settles an EcoCash month with what the provider says. A paid month is recorded in the same
 * transaction that settles the payment, so it is recorded once however many confirms and callbacks
 * race (only the one that settles it records it) and never half. Answers 'pending' while the provider waits.
 */
async function settleEcocashMonth(ctx: Ctx, dealer: UserRow, payment: PlanPaymentRow, status: ProviderStatus): Promise<'paid' | 'pending'> {
  if (status.status === 'pending') return 'pending';
  const failure = status.status === 'failed' ? (status.message ?? PAYMENT_MESSAGES.failed) : status.amountCents !== undefined && status.amountCents < payment.amountCents ? UNDERPAID : null;
  if (failure) {
    await settlePlanPayment(ctx.db, payment.id, 'failed', failure);
    throw new HttpError(402, failure);
  }
  const now = ctx.now();
  const provider = payment.provider;
  await recordMonth(ctx, dealer, { method: 'ecocash', provider, providerRef: payment.providerRef, amountCents: payment.amountCents, period: (paidUntil) => nextPeriod(paidUntil, now) }, async (tx) => {
    if (!(await settlePlanPayment(tx, payment.id, 'succeeded', null))) return false;
    await payingByEcocash(tx, dealer.id, provider, now);
    return true;
  });
  return 'paid';
}

/** The dealer's confirm of a month paid with EcoCash (`pin`: the sandbox's stand-in for the phone). */
export async function confirmEcocashMonth(ctx: Ctx, dealer: UserRow, transactionId: string, pin: string | undefined): Promise<'paid' | 'pending'> {
  const mobile = ctx.payments.mobileMoney;
  const payment = await findPlanPayment(ctx.db, mobile.name, transactionId);
  if (!payment || payment.userId !== dealer.id) throw notFound(PLAN_MESSAGES.paymentNotFound);
  if (payment.status === 'succeeded') return 'paid';
  if (payment.status === 'failed') throw new HttpError(402, payment.message ?? PAYMENT_MESSAGES.failed);
  const status = await providerCall(() => mobile.status({ transactionId, pollUrl: payment.pollUrl, ...(pin !== undefined && { pin }) }));
  return settleEcocashMonth(ctx, dealer, payment, status);
}

/**
 * Paynow's status callback for a plan's month (its reference is ours): the provider is asked again, as
 * for a listing's payment, so a month paid while the dealer had closed the page is still recorded.
 * False when the reference is not a plan payment's.
 */
export async function ecocashMonthCallback(ctx: Ctx, reference: string): Promise<boolean> {
  const mobile = ctx.payments.mobileMoney;
  const payment = await findPlanPayment(ctx.db, mobile.name, reference);
  if (!payment) return false;
  const dealer = await findUserById(ctx.db, payment.userId);
  if (payment.status !== 'pending' || !dealer) return true;
  const status = await providerCall(() => mobile.status({ transactionId: payment.providerRef, pollUrl: payment.pollUrl }));
  // A refusal is recorded on the payment; the callback itself is answered as received.
  await settleEcocashMonth(ctx, dealer, payment, status).catch((e: unknown) => {
    if (!(e instanceof HttpError)) throw e;
  });
  return true;
}
