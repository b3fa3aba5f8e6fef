import type { PriceVerdict } from '../search/priceVerdict';

// The lure of the fake listing (issue 37): a vehicle priced far below what its like sell for, to draw a
// buyer carrying cash or to take a "deposit". Judged on the price verdict's own data (issue 20: the fit
// of the model's listings by year and usage), so the device and the server say the same.

export const PRICE_WARNING = /*i18n*/ 'Price much lower than similar vehicles: see it in person before you pay anything';

/**
 * "Far below": the price is at most this share of what the model's fit expects for its year and usage
 * (30% or more below), and the verdict is 'great' (beyond the model's usual spread by 1.5 times, so a
 * model whose prices vary widely does not warn of an ordinary bargain). With fewer than the verdict's
 * MIN_COMPARABLES comparables there is no typical price, and no warning.
 */
export const FAR_BELOW_SHARE = 0.7;

/** The warning a listing carries on its page and in its conversations, or null: in English (PRICE_WARNING, a marked text: show it with `t`). */
export function priceWarningOf(price: number | null, verdict: PriceVerdict | null | undefined): string | null {
  if (!verdict || price === null || price <= 0 || verdict.typical_price === null) return null;
  return verdict.band === 'great' && price <= verdict.typical_price * FAR_BELOW_SHARE ? PRICE_WARNING : null;
}
