import { BOOSTED_BADGE_TEXTS } from './boostOrder';
import { ADVERTISING_PLAN_IDS, ADVERTISING_PLANS, type AdvertisingPlanId } from './advertisingPlans';
import { english, type Translate } from '../i18n/text';
import { dateText } from '../i18n/format';
import type { Language } from '../i18n/languages';

// What the advertising plans of spec section 2.10 give a listing bought on one (issue 38): how long it
// stays live, how many times a month it may be boosted to the top of newest-first results, and, for
// Ultimate, the free relist every 4 weeks while it is unsold. The server applies these terms; the
// dashboard shows what is left from them.

export interface AdvertisingPlanTerms {
  plan: AdvertisingPlanId;
  /** Whole US cents, from the plan's price. */
  priceCents: number;
  /** How long a payment keeps the listing live (Ultimate: one period, renewed while unsold). */
  days: number;
  /** Boosts to the top in each Harare calendar month. */
  boostsPerMonth: number;
  /** Ultimate: the listing is relisted (newest again) and renewed for another period while unsold. */
  renewsUntilSold: boolean;
}

const terms = (plan: AdvertisingPlanId, days: number, boostsPerMonth: number, renewsUntilSold = false): AdvertisingPlanTerms => ({
  plan,
  priceCents: (ADVERTISING_PLANS.find((p) => p.id === plan)?.price ?? 0) * 100,
  days,
  boostsPerMonth,
  renewsUntilSold,
});

/** 'Free relist every 4 weeks': Ultimate's period, after which an unsold listing is relisted. */
export const RELIST_DAYS = 28;

export const ADVERTISING_PLAN_TERMS: Record<AdvertisingPlanId, AdvertisingPlanTerms> = {
  ultimate: terms('ultimate', RELIST_DAYS, 3, true),
  premium: terms('premium', 42, 2),
  standard: terms('standard', 21, 1),
  basic: terms('basic', 14, 0),
};

/** A boost lifts a listing to the top of newest-first results for this long. */
export const BOOST_HOURS = 24;
export const BOOST_MS = BOOST_HOURS * 3_600_000;

/** Harare keeps UTC+2 all year (no daylight saving): a month's boosts are counted in its calendar. */
const HARARE_OFFSET_MS = 2 * 3_600_000;

export function isAdvertisingPlan(v: unknown): v is AdvertisingPlanId {
  return typeof v === 'string' && (ADVERTISING_PLAN_IDS as readonly string[]).includes(v);
}

/** The first instant of the Harare calendar month holding `now`. */
export function harareMonthStart(now: Date): Date {
  const local = new Date(now.getTime() + HARARE_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - HARARE_OFFSET_MS);
}

/** The first instant of the next Harare calendar month: when a month's boosts come back. */
export function nextHarareMonthStart(now: Date): Date {
  const local = new Date(now.getTime() + HARARE_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - HARARE_OFFSET_MS);
}

/** Boosts a listing on `plan` has left this month, having used `used` since the month began. */
export function boostsLeft(plan: AdvertisingPlanId | null, used: number): number {
  if (!plan) return 0;
  return Math.max(0, ADVERTISING_PLAN_TERMS[plan].boostsPerMonth - used);
}

/** A boost's end: 24 hours from now, in whole seconds (so the device and the server order on the same instant). */
export function boostEnd(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 1000) * 1000 + BOOST_MS);
}

// Whether a listing is boosted, and its place in newest-first order, are in boostOrder.ts (the cards and the search worker need no more).
export { isBoosted, newestKey } from './boostOrder';

export const BOOST_TEXTS = {
  ...BOOSTED_BADGE_TEXTS,
  button: /*i18n*/ 'Boost to top',
  notPublic: /*i18n*/ 'Only a live listing can be boosted',
  noPlan: /*i18n*/ 'Boosts come with the Ultimate, Premium and Standard advertising plans',
  noneLeft: /*i18n*/ 'No boosts left this month',
  already: /*i18n*/ 'This listing is already boosted',
  notSeller: /*i18n*/ 'Only its seller can boost a listing',
  boostError: /*i18n*/ 'The listing could not be boosted. Please try again.',
  buyPlan: /*i18n*/ 'Buy a plan',
  planLabel: /*i18n*/ 'plan',
} as const;

/** 'Boosts left this month: 2 of 3' for the dashboard. */
export function boostsLeftText(plan: AdvertisingPlanId, left: number, tr: Translate = english): string {
  return tr(/*i18n*/ 'Boosts left this month: {left} of {total}', { left, total: ADVERTISING_PLAN_TERMS[plan].boostsPerMonth });
}

/** 'until 29 Nov, 10:00' (Harare's time), beside the 'Boosted' badge on the dashboard. */
export function boostedUntilText(iso: string, language: Language = 'en', tr: Translate = english): string {
  const at = dateText(iso, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false }, language);
  return tr(/*i18n*/ 'until {date}', { date: at });
}

/** The plan of that name ('Premium'), as the plan picked on /advertising-prices is kept (by name). */
export function advertisingPlanNamed(name: string | null | undefined): AdvertisingPlanId | null {
  return ADVERTISING_PLANS.find((p) => p.name === name)?.id ?? null;
}

/** The payment screen's choice between the 7-day fee and an advertising plan (issue 38). */
export const PLAN_CHOICE_TEXTS = {
  label: /*i18n*/ 'What would you like to pay for?',
  fee: (days: number, tr: Translate = english) => tr(/*i18n*/ '{days}-day listing', { days }),
  feeDescription: /*i18n*/ 'The listing fee: live for a week, no boosts.',
  livePlan: /*i18n*/ 'Your listing is live. Buy a plan to keep it up longer and boost it to the top of newest-first results.',
  boosts: (n: number, tr: Translate = english) =>
    n === 0 ? tr(/*i18n*/ 'No boosts') : n === 1 ? tr(/*i18n*/ 'Boost to top {n} time a month', { n }) : tr(/*i18n*/ 'Boost to top {n} times a month', { n }),
} as const;
