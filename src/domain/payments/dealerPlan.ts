import { CURRENCY, DASHBOARD_PRICING_TEXT, formatUsd } from './fees';
import { english, type Translate } from '../i18n/text';
import { dateText } from '../i18n/format';
import type { Language } from '../i18n/languages';

// A dealer's monthly plan (issue 38; spec section 9: "Dealers: unlimited listings for $99/month."):
// while it is paid up, the dealer's listings publish without a per-listing fee. Paid by card (the card
// provider's subscription renews it) or by EcoCash (a month at a time, with a reminder). The rules
// here are shared by the server and the dashboard.

/** The spec's words for the plan, as the dashboard shows them. */
export const DEALER_PLAN_TEXT = DASHBOARD_PRICING_TEXT.dealer;
/** $99 a month, in US cents. */
export const DEALER_PLAN_PRICE_CENTS = 9900;
export const DEALER_PLAN_CURRENCY = CURRENCY;
/** Days a plan stays paid up past its paid period, so a renewal a day late takes no listing down. */
export const GRACE_DAYS = 7;
/** Years an invoice is kept: the privacy policy's 'transaction records 7 years' (spec, retention). */
export const INVOICE_KEEP_YEARS = 7;
/** Days before the end of a paid period that an EcoCash dealer is reminded to pay the next month. */
export const REMINDER_DAYS = 3;

const DAY_MS = 86_400_000;

export const PLAN_METHODS = ['card', 'ecocash'] as const;
export type PlanMethod = (typeof PLAN_METHODS)[number];

/**
 * Where a dealer's plan stands: `none` (never paid), `paid` (within the paid period), `grace` (past it,
 * within the grace days: listings stay up), `lapsed` (past the grace: listings follow the per-listing fee).
 */
export type PlanStanding = 'none' | 'paid' | 'grace' | 'lapsed';

/** The moment a plan paid until `paidUntil` stops being paid up: the end of its grace. */
export const graceEnd = (paidUntil: Date): Date => new Date(paidUntil.getTime() + GRACE_DAYS * DAY_MS);

export function planStanding(paidUntil: Date | null, now: Date): PlanStanding {
  if (!paidUntil) return 'none';
  if (now < paidUntil) return 'paid';
  return now < graceEnd(paidUntil) ? 'grace' : 'lapsed';
}

/** Whether the dealer's listings publish without a fee now. */
export const isPaidUp = (paidUntil: Date | null, now: Date): boolean => paidUntil !== null && now < graceEnd(paidUntil);

/** One calendar month later (UTC), on the month's last day when it has no such day (31 January: 28 or 29 February). */
export function addMonth(d: Date): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
}

/** The month a payment made at `now` buys: from the end of the paid period, or from now when it has ended. */
export function nextPeriod(paidUntil: Date | null, now: Date): { start: Date; end: Date } {
  const start = paidUntil && paidUntil > now ? paidUntil : now;
  return { start, end: addMonth(start) };
}

/** Invoices issued before this moment are past their keeping. */
export function invoiceKeptSince(now: Date): Date {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - INVOICE_KEEP_YEARS);
  return d;
}

/** An invoice's number as printed: MK-000042. */
export const invoiceLabel = (n: number): string => `MK-${String(n).padStart(6, '0')}`;

export const PLAN_MESSAGES = {
  price: `${formatUsd(DEALER_PLAN_PRICE_CENTS)}/month`,
  alreadyRenewing: /*i18n*/ 'Your plan already renews by card',
  noSubscription: /*i18n*/ 'You have no plan to confirm',
  notActive: /*i18n*/ 'You have no plan that renews',
  invoiceNotFound: /*i18n*/ 'Invoice not found',
  paymentNotFound: /*i18n*/ 'Payment not found',
  notPaidUp: /*i18n*/ 'Your monthly plan is not paid up',
  subscribed: /*i18n*/ 'Your monthly plan is paid: your listings publish without a fee.',
  cancelled: /*i18n*/ 'Your plan will not renew. Your listings stay up until the end of the paid month and its grace days.',
  reminderTitle: /*i18n*/ 'Your Motokari plan is due',
  /** Filled with the date it is paid until: `tr(PLAN_MESSAGES.reminderBody, { date })`. */
  reminderBody: /*i18n*/ 'Your dealer plan ($99/month) is paid until {date}. Pay the next month with EcoCash on your dashboard to keep your listings up.',
} as const;

/** A plan's date as the dashboard, the reminders and the invoices write it: as a listing's expiry, 28 November 2026 (Harare time). */
export const planDate = (d: Date | string, language: Language = 'en'): string => dateText(d, { day: 'numeric', month: 'long', year: 'numeric' }, language);

/** The dashboard's "Monthly plan" card. Texts naming the plan's price or days write them whole (GRACE_DAYS, REMINDER_DAYS, $99) so that they can be translated. */
export const DEALER_PLAN_TEXTS = {
  title: /*i18n*/ 'Monthly plan',
  notSubscribed: /*i18n*/ 'Not subscribed: each listing waits for its own fee.',
  paidUntil: (date: string, tr: Translate = english) => tr(/*i18n*/ 'Paid until {date}', { date }),
  inGrace: (date: string, tr: Translate = english) => tr(/*i18n*/ 'Payment due. Your listings stay up until {date}.', { date }),
  lapsed: (date: string, tr: Translate = english) => tr(/*i18n*/ 'Lapsed on {date}: new listings wait for a fee again.', { date }),
  renewsOn: (date: string, tr: Translate = english) => tr(/*i18n*/ 'Renews by card on {date}.', { date }),
  dueOn: (date: string, tr: Translate = english) => tr(/*i18n*/ 'Next payment due {date}, with EcoCash. We remind you {days} days before.', { date, days: REMINDER_DAYS }),
  cancelledNote: /*i18n*/ 'Your plan will not renew.',
  graceNote: /*i18n*/ 'Listings made under the plan stay up 7 days past the paid month; after that they expire and follow the per-listing fee.',
  subscribeCard: /*i18n*/ 'Subscribe by card ($99/month)',
  payEcocash: /*i18n*/ 'Pay $99 for one month',
  waitingForPhone: /*i18n*/ 'Approve the payment on your phone.',
  publishDrafts: /*i18n*/ 'Publish my drafts without a fee',
  /** The wizard's outcome for a listing the plan published. */
  listedOnPlan: (until: string, tr: Translate = english) => tr(/*i18n*/ 'Your listing is live on your monthly plan, with no listing fee, until {until}.', { until }),
  published: (n: number, tr: Translate = english) => (n === 1 ? tr(/*i18n*/ '1 listing published.') : tr(/*i18n*/ '{n} listings published.', { n })),
  cancel: /*i18n*/ 'Stop renewing',
  stopReminders: /*i18n*/ 'Stop the reminders',
  cancelled: PLAN_MESSAGES.cancelled,
  paid: PLAN_MESSAGES.subscribed,
  invoices: /*i18n*/ 'Invoices',
  noInvoices: /*i18n*/ 'No invoices yet.',
  download: 'PDF',
  downloadLabel: (number: string, tr: Translate = english) => tr(/*i18n*/ 'Download invoice {number} as PDF', { number }),
  failed: /*i18n*/ 'Something went wrong with your plan. Please try again.',
} as const;
