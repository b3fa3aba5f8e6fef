import { ADVERTISING_PLAN_TERMS } from '@/domain/payments/boosts';
import type { AdvertisingPlanId } from '@/domain/payments/advertisingPlans';
import type { SubscriptionPlan } from '@/domain/payments/fees';
import { publishColumns } from '../listings';
import type { NewVehicle, VehicleRow } from '../repositories/vehicles/rows';

const DAY_MS = 86_400_000;

/**
 * The columns a settled payment for an advertising plan (issue 38) sets: a listing not yet live is
 * published for the plan's days (Ultimate: its first 4 weeks, relisted after while unsold); a live
 * one (bought a plan while up) keeps its dates and is extended by the plan's days from its current end.
 */
export function advertisedColumns(
  row: Pick<VehicleRow, 'firstPublishedAt' | 'featured' | 'expiresAt'>,
  live: boolean,
  plan: AdvertisingPlanId,
  subscriptionPlan: SubscriptionPlan,
  now: Date,
): Partial<NewVehicle> {
  const days = ADVERTISING_PLAN_TERMS[plan].days * DAY_MS;
  if (live) {
    const from = Math.max(now.getTime(), row.expiresAt?.getTime() ?? now.getTime());
    return { advertisingPlan: plan, expiresAt: new Date(from + days) };
  }
  return { ...publishColumns(row, subscriptionPlan, now), advertisingPlan: plan, expiresAt: new Date(now.getTime() + days) };
}
