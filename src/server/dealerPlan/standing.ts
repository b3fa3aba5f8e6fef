import { DEALER_PLAN_CURRENCY, DEALER_PLAN_PRICE_CENTS, graceEnd, isPaidUp, planStanding, type PlanMethod } from '@/domain/payments/dealerPlan';
import type { DealerPlan, PlanInvoice } from '@/domain/payments/dealerPlanWire';
import { invoiceLabel } from '@/domain/payments/dealerPlan';
import type { Db, Tx } from '../db/client';
import { findPlan, type DealerPlanRow, type PlanInvoiceRow } from '../repositories/dealerPlans.repo';

/** Whether a dealer's listings publish without a fee at `now`: a plan paid, or within its grace days. */
export async function planPaidUp(db: Db | Tx, dealerId: string, now: Date): Promise<{ paidUntil: Date } | null> {
  const plan = await findPlan(db, dealerId);
  return plan?.paidUntil && isPaidUp(plan.paidUntil, now) ? { paidUntil: plan.paidUntil } : null;
}

/** The plan as GET /api/dealer/plan answers it. */
export function toApiPlan(plan: DealerPlanRow | null, now: Date, testMode: (provider: string) => boolean): DealerPlan {
  const paidUntil = plan?.paidUntil ?? null;
  const renews = plan?.method === 'card' && plan.status === 'active';
  return {
    standing: planStanding(paidUntil, now),
    paid_up: isPaidUp(paidUntil, now),
    method: (plan?.method as PlanMethod | undefined) ?? null,
    renews,
    paid_until: paidUntil?.toISOString() ?? null,
    grace_until: paidUntil ? graceEnd(paidUntil).toISOString() : null,
    next_payment_at: paidUntil && plan?.status === 'active' ? paidUntil.toISOString() : null,
    price_cents: DEALER_PLAN_PRICE_CENTS,
    currency: DEALER_PLAN_CURRENCY,
    provider: plan?.provider ?? null,
    test_mode: plan ? testMode(plan.provider) : false,
  };
}

export function toApiInvoice(row: PlanInvoiceRow): PlanInvoice {
  return {
    id: row.id,
    number: invoiceLabel(row.number),
    issued_at: row.issuedAt.toISOString(),
    period_start: row.periodStart.toISOString(),
    period_end: row.periodEnd.toISOString(),
    amount_cents: row.amountCents,
    currency: row.currency,
    method: row.method as PlanMethod,
  };
}
