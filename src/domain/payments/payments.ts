import type { PaymentMethod } from './fees';
import { inPlainWords, PAYMENT_MESSAGES } from '../core/messages';
import { english, type Translate } from '../i18n/text';

// Listing-fee payments as the seller sees them: the local check of the mobile-money number, and
// the spec's section 8 messages for a payment request that went wrong. One mapping serves the
// outbox (the create requests) and the payment screen (the confirm calls).

/** The number that receives the mobile-money prompt: digits only, 9 to 15 of them (what the server takes). */
export const MSISDN_DIGITS = { min: 9, max: 15 } as const;

/** The spec's rule (required, digits only); null when the number passes. Spaces around it are ignored. */
export function msisdnIssue(msisdn: string): string | null {
  const v = msisdn.trim();
  if (!v) return PAYMENT_MESSAGES.phoneRequired;
  if (!/^\d+$/.test(v)) return PAYMENT_MESSAGES.phoneDigitsOnly;
  return null;
}

/** msisdnIssue plus the length the server takes, so the form refuses a number before anything is queued. */
export function msisdnFormIssue(msisdn: string): string | null {
  const issue = msisdnIssue(msisdn);
  if (issue) return issue;
  const n = msisdn.trim().length;
  return n < MSISDN_DIGITS.min || n > MSISDN_DIGITS.max ? PAYMENT_MESSAGES.phoneLength : null;
}

/** Card payments need a cardholder name (spec section 5); null when it is given. */
export function cardholderIssue(name: string): string | null {
  return name.trim() ? null : PAYMENT_TEXTS.cardholderRequired;
}

/** What came back from a payment call: an HTTP status and its body, or no answer at all (status null). */
export interface PaymentFailure {
  status: number | null;
  body?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The server's own words: a plain-text body, `detail` (a list of validation errors joined by '; '), else
 * `message`; the idempotency layer's answers in plain words (inPlainWords).
 */
export function serverDetail(body: unknown): string | null {
  if (typeof body === 'string') {
    const text = body.trim();
    // An HTML page (a proxy's or captive portal's) is not a message for the user.
    return text && !text.startsWith('<') ? text : null;
  }
  if (!isRecord(body)) return null;
  const { detail, message } = body;
  if (typeof detail === 'string' && detail) return inPlainWords(detail);
  if (Array.isArray(detail)) {
    const msgs = detail.map((d) => (typeof d === 'string' ? d : isRecord(d) && typeof d.msg === 'string' ? d.msg : null)).filter((m): m is string => !!m);
    if (msgs.length) return msgs.join('; ');
  }
  return typeof message === 'string' && message ? inPlainWords(message) : null;
}

/**
 * The message for a failed payment call (spec section 8). Mobile money: 401/403 'Authentication
 * required…', 404 'Vehicle not found…', 400 the server's detail or 'Invalid payment request…', 500
 * 'Server error…', other statuses the detail, message or 'Payment failed. Please try again.' (the spec's
 * 'Payment failed (Error {status})' would show a protocol's number to the seller), no answer
 * 'Network error…'. Card: 401/403 'Authentication required…', otherwise the server's detail or
 * message (with the same fallbacks when it has none). A success status that is not a usable answer
 * gets the default 'Payment creation failed. Please try again.'
 */
export function paymentErrorMessage(method: PaymentMethod, failure: PaymentFailure): string {
  const { status, body } = failure;
  if (status === null) return PAYMENT_MESSAGES.networkError;
  if (status === 401 || status === 403) return PAYMENT_MESSAGES.authRequired;
  const detail = serverDetail(body);
  if (status >= 200 && status < 300) return detail ?? PAYMENT_MESSAGES.creationFailed;
  if (method === 'ecocash') {
    if (status === 404) return PAYMENT_MESSAGES.vehicleNotFound;
    if (status === 400) return detail ?? PAYMENT_MESSAGES.invalidRequest;
    if (status === 500) return PAYMENT_MESSAGES.serverError;
    return detail ?? PAYMENT_MESSAGES.failed;
  }
  if (detail) return detail;
  return status >= 500 ? PAYMENT_MESSAGES.serverError : PAYMENT_MESSAGES.failed;
}

/** The confirm calls answer 402 when the provider declined or the payment was cancelled: the payment failed. */
export const PAYMENT_DECLINED_STATUS = 402;
/** The confirm calls answer 202 while the provider has no final answer yet (the seller has not approved). */
export const PAYMENT_PENDING_STATUS = 202;

/** How often the screen asks again while a real mobile-money payment waits for approval on the phone. */
export const PAYMENT_POLL_MS = 5000;
/** Spec section 4: the success callback fires about 1.5 s after 'Payment completed successfully!'. */
export const PAYMENT_SUCCESS_DELAY_MS = 1500;

/** The payment screen's own texts (the section 8 messages live in messages.ts). */
export const PAYMENT_TEXTS = {
  title: /*i18n*/ 'Pay the listing fee',
  methodLabel: /*i18n*/ 'Payment method',
  methods: { card: /*i18n*/ 'Card', ecocash: /*i18n*/ 'Mobile money (EcoCash)' } satisfies Record<PaymentMethod, string>,
  payButton: (amount: string, tr: Translate = english) => tr(/*i18n*/ 'Pay {amount}', { amount }),
  phoneLabel: /*i18n*/ 'EcoCash phone number',
  // A pattern, not a number: an empty field (red too) must not look filled in.
  phonePlaceholder: '07X XXX XXXX',
  phoneHint: /*i18n*/ 'Digits only. The payment prompt is sent to this number.',
  cardholderLabel: /*i18n*/ 'Cardholder name',
  cardholderPlaceholder: /*i18n*/ 'Name as it appears on the card',
  cardholderRequired: /*i18n*/ 'Cardholder name is required',
  cardLabel: /*i18n*/ 'Card details',
  sandboxBadge: /*i18n*/ 'Test mode',
  sandboxCard: /*i18n*/ 'Sandbox card payments: no card details are needed and nothing is charged. Every test payment succeeds.',
  sandboxPins: /*i18n*/ 'Sandbox: no real phone is prompted. Choose the PIN the customer would enter.',
  approvePin: (pin: string, tr: Translate = english) => tr(/*i18n*/ 'Approve (PIN {pin})', { pin }),
  declinePin: (pin: string, tr: Translate = english) => tr(/*i18n*/ 'Decline (PIN {pin})', { pin }),
  approveOnPhone: (msisdn: string | null, tr: Translate = english) =>
    msisdn
      ? tr(/*i18n*/ 'Approve the payment on the phone {msisdn}: EcoCash asks for your PIN there. This page updates on its own.', { msisdn })
      : tr(/*i18n*/ 'Approve the payment on your phone: EcoCash asks for your PIN there. This page updates on its own.'),
  processing: /*i18n*/ 'Processing',
  sending: /*i18n*/ 'Sending your payment request…',
  waitingForListing: /*i18n*/ 'Your listing is sent first; the payment request follows it.',
  queuedOfflineTitle: /*i18n*/ 'Waiting for a connection',
  queuedOffline: /*i18n*/ 'Your payment request is saved on this device and will be sent automatically when the connection returns. You can close this page: your dashboard shows its progress.',
  queuedLeft: /*i18n*/ 'Your payment request is saved on this device and will be sent when the connection returns. Your dashboard shows its progress.',
  cancelled: /*i18n*/ 'Payment cancelled. Your listing has been saved as a draft and can be paid later from your dashboard.',
  alreadyPaid: /*i18n*/ 'This listing is already paid and published.',
  publishedNow: /*i18n*/ 'Your listing has been published and is now visible to buyers.',
  confirmingCard: /*i18n*/ 'Confirming your card payment…',
  tryAgain: /*i18n*/ 'Try again',
  payLater: /*i18n*/ 'Pay later',
  cancel: /*i18n*/ 'Cancel',
  close: /*i18n*/ 'Close',
  contactSupport: /*i18n*/ 'Contact Support',
  systemErrorText: /*i18n*/ 'Card payments are not available right now. Please contact support, or pay with mobile money (EcoCash).',
  cardLoadFailed: /*i18n*/ 'The card form could not be loaded. Check your connection and try again.',
  page: {
    title: /*i18n*/ 'Pay for your listing',
    subtitle: /*i18n*/ 'Your listing is published for buyers as soon as its fee is paid.',
    fee: /*i18n*/ 'Listing fee',
    period: (days: number, tr: Translate = english) => tr(/*i18n*/ '{days} days, USD', { days }),
    plan: (plan: string, tr: Translate = english) => tr(/*i18n*/ '{plan} plan', { plan: `${plan.charAt(0).toUpperCase()}${plan.slice(1)}` }),
    featured: /*i18n*/ 'Featured listing',
    backToDashboard: /*i18n*/ 'Back to dashboard',
    offline: /*i18n*/ 'This listing needs a connection to load. Connect and try again.',
    retry: /*i18n*/ 'Try again',
    onDevice: /*i18n*/ 'Saved on this device',
  },
  cardQueuedOffline: /*i18n*/ 'Waiting for a connection: your card payment continues here as soon as you are back online.',
  /** A card payment request made earlier (by the service worker, or before the page was closed) waits for the seller. */
  cardReady: /*i18n*/ 'Your card payment request has been sent. Check the cardholder name and press Pay to finish it.',
  /** Leaves that card request to choose the method again (a new request is made). */
  startOver: /*i18n*/ 'Choose another way to pay',
} as const;

/**
 * A number for the mobile-money field from the account's phone ('+263 77 123 4567' -> '0771234567'),
 * or '' when it does not make one.
 */
export function suggestedMsisdn(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  const local = digits.startsWith('263') ? `0${digits.slice(3)}` : digits;
  return msisdnFormIssue(local) ? '' : local;
}
