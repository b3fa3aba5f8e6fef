import { DEALER_PLAN_CURRENCY, graceEnd, type PlanMethod } from '@/domain/payments/dealerPlan';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { findPlan, recordPaidMonth, type PlanInvoiceRow } from '../repositories/dealerPlans.repo';
import type { UserRow } from '../repositories/users.repo';
import { withListingWrite } from '../repositories/vehicles/writes';

export interface PaidMonth {
  method: PlanMethod;
  provider: string;
  /** The provider's reference for this month's payment (a card invoice, an EcoCash transaction): a month is recorded once per reference. */
  providerRef: string;
  amountCents: number;
  /** The period paid: given (a card subscription's), or worked out from the plan's paid_until as it is inside the write (an EcoCash month). */
  period: { start: Date; end: Date } | ((paidUntil: Date | null) => { start: Date; end: Date });
}

/**
 * Records a month a dealer paid, exactly once per provider reference, in one listing write: its invoice
 * (with the business details and the account's name and email as they are now), the plan paid until
 * the month's end, and the dealer's live listings kept up until the end of its grace. `also` runs in
 * the same transaction first (settling the payment), and nothing is recorded when it answers false.
 * Returns the invoice, or null when the month was recorded already (a retried job, a second instance,
 * a replayed confirm).
 */
export async function recordMonth(ctx: Pick<AppContext, 'db' | 'now'>, dealer: UserRow, month: PaidMonth, also?: (tx: Tx) => Promise<boolean>): Promise<PlanInvoiceRow | null> {
  return withListingWrite(ctx.db, async (tx) => {
    if (also && !(await also(tx))) return null;
    const period = typeof month.period === 'function' ? month.period((await findPlan(tx, dealer.id))?.paidUntil ?? null) : month.period;
    return recordPaidMonth(
      tx,
      {
        userId: dealer.id,
        accountName: dealer.name,
        accountEmail: dealer.email,
        businessName: dealer.businessName,
        businessRegistration: dealer.businessRegistration,
        businessAddress: dealer.businessAddress,
        amountCents: month.amountCents,
        currency: DEALER_PLAN_CURRENCY,
        periodStart: period.start,
        periodEnd: period.end,
        method: month.method,
        provider: month.provider,
        providerRef: month.providerRef,
        issuedAt: ctx.now(),
      },
      graceEnd(period.end),
    );
  });
}
