import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isAdvertisingPlan, advertisingPlanNamed } from '@/domain/payments/boosts';
import type { AdvertisingPlanId } from '@/domain/payments/advertisingPlans';
import { readSelectedPlan } from '@/app/shared/payments/selectedPlan';
import { usePaymentRequest } from './usePaymentRequest';

/**
 * What the payment screen charges for (issue 38): the listing's 7-day fee (null) or an advertising
 * plan. It starts at the plan in the address (`?plan=premium`, the dashboard's 'Buy a plan'), else the
 * plan picked on /advertising-prices this session, else the fee. While a payment request is made and
 * not failed, it is that request's plan, and locked: the outbox sends the request as it was made.
 */
export function usePlanChoice(listingId: string): { choice: AdvertisingPlanId | null; choose: (plan: AdvertisingPlanId | null) => void; locked: boolean } {
  const [params] = useSearchParams();
  const { item } = usePaymentRequest(listingId);
  const [choice, choose] = useState<AdvertisingPlanId | null>(() => {
    const asked = params.get('plan');
    if (isAdvertisingPlan(asked)) return asked;
    return advertisingPlanNamed(readSelectedPlan()?.name);
  });
  const live = item && item.state !== 'failed' ? item : null;
  return live ? { choice: live.payment.advertisingPlan ?? null, choose, locked: true } : { choice, choose, locked: false };
}
