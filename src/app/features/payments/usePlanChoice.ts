import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isAdvertisingPlan, advertisingPlanNamed } from '@/domain/payments/boosts';
import type { AdvertisingPlanId } from '@/domain/payments/advertisingPlans';
import { readSelectedPlan } from '@/app/shared/payments/selectedPlan';

/**
 * What the payment screen charges for (issue 38): the listing's 7-day fee (null) or an advertising
 * plan. It starts at the plan in the address (`?plan=premium`, the dashboard's 'Buy a plan'), else the
 * plan picked on /advertising-prices this session, else the fee.
 */
export function usePlanChoice(): [AdvertisingPlanId | null, (plan: AdvertisingPlanId | null) => void] {
  const [params] = useSearchParams();
  const [choice, setChoice] = useState<AdvertisingPlanId | null>(() => {
    const asked = params.get('plan');
    if (isAdvertisingPlan(asked)) return asked;
    return advertisingPlanNamed(readSelectedPlan()?.name);
  });
  return [choice, setChoice];
}
