import type { SellerType } from '../core/constants';

// Listing fees of spec sections 6 and 9: a 7-day listing costs $1 on 'standard' (private sellers,
// no featured listing) or $2 on 'premium' (dealers, featured listing). The server computes the
// amount from these; a client never sends one.
export const SUBSCRIPTION_PLANS = ['standard', 'premium'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export interface PlanTerms {
  plan: SubscriptionPlan;
  priceCents: number;
  days: number;
  maxPhotos: number;
  featured: boolean;
}

export const PLAN_TERMS: Record<SubscriptionPlan, PlanTerms> = {
  standard: { plan: 'standard', priceCents: 100, days: 7, maxPhotos: 10, featured: false },
  premium: { plan: 'premium', priceCents: 200, days: 7, maxPhotos: 20, featured: true },
};

export const CURRENCY = 'usd';

/** Which plans a seller may choose: dealers list on premium; private sellers on either. */
export function allowedPlans(sellerType: SellerType): SubscriptionPlan[] {
  return sellerType === 'dealer' ? ['premium'] : ['standard', 'premium'];
}

export function defaultPlan(sellerType: SellerType): SubscriptionPlan {
  return sellerType === 'dealer' ? 'premium' : 'standard';
}

export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars.toString() : dollars.toFixed(2)}`;
}

/** Dashboard texts (spec section 9). */
export const DASHBOARD_PRICING_TEXT: Record<SellerType, string> = {
  private: /*i18n*/ 'Private sellers: your first listing is free, then $5 per additional listing.',
  dealer: /*i18n*/ 'Dealers: unlimited listings for $99/month.',
};

export const PAYMENT_METHODS = ['card', 'ecocash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Sandbox mobile-money PINs: the first approves, the second declines (2 s simulated delay in the app). */
export const SANDBOX_PINS = { approve: '1234', decline: '0000' } as const;
export const SANDBOX_DELAY_MS = 2000;
