import { parseSelectedPlan, type SelectedAdvertisingPlan } from '@/domain/payments/advertisingPlans';
import { STORAGE_KEYS } from '@/domain/core/constants';

// The plan chosen on /advertising-prices is kept for the browser session (spec 4) under
// STORAGE_KEYS.selectedAdvertisingPlan, as JSON: the dashboard's banner shows it until it is cleared,
// and the payment screen offers it first (issue 38).

export function readSelectedPlan(): SelectedAdvertisingPlan | null {
  try {
    return parseSelectedPlan(sessionStorage.getItem(STORAGE_KEYS.selectedAdvertisingPlan));
  } catch {
    return null;
  }
}

export function clearSelectedPlan(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEYS.selectedAdvertisingPlan);
  } catch (err) {
    console.warn('the selected plan could not be cleared', err);
  }
}
