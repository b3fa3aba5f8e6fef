import type { AppConfig } from '@/data/config';
import type { CreateItem, PaymentItem } from '@/data/outbox/items';
import type { PaymentMethod } from '@/domain/payments/fees';
import { PAYMENT_MESSAGES } from '@/domain/core/messages';

// Which of the payment panel's screens shows, and what the form holds, from where the flow stands.

/** What the seller sees besides the form, set by what they did on this screen. */
export type Stage =
  | { kind: 'form' }
  | { kind: 'processing' }
  | { kind: 'paid'; message: string }
  /** A mobile-money transaction was declined: 'Payment failed. Please try again.' */
  | { kind: 'declined'; reason: string };

type CardConfig = NonNullable<AppConfig['payments']['card']>;

/** The form's state, for the form view. */
export interface PaymentForm {
  /** The method on screen: a live or done request decides it, else the seller's choice. */
  method: PaymentMethod;
  /** A live or done request holds the method: it cannot change until it is cancelled or fails. */
  methodLocked: boolean;
  msisdn: string;
  cardholder: string;
  fieldError: string | null;
  notice: string | null;
  /** The request for the method on screen failed, with this reason. */
  requestError: string | null;
  /** No card provider, or the provider failed: the 'Payment System Error' screen instead of the form. */
  cardUnavailable: boolean;
  /** A card request is queued or on its way; `offline` says it waits for the connection. */
  cardQueued: boolean;
  offline: boolean;
  /** A card request made earlier (this page was closed before its confirmation): the seller finishes it here. */
  cardReady: boolean;
  busy: boolean;
  /** Busy, or a card request on its way: the form waits. */
  working: boolean;
  cardFailed: boolean;
  /** The queued request is being sent: it can no longer be cancelled. */
  sending: boolean;
  /** The fee in words, when the plan is known. */
  amount: string | null;
  card: CardConfig | null;
  supportEmail: string;
}

/** Which of the panel's screens shows. */
export type PaymentView =
  | { kind: 'paid'; message: string }
  | { kind: 'processing' }
  | { kind: 'declined'; reason: string }
  | { kind: 'loading' }
  /** The listing itself was refused (its create failed): the payment request behind it cannot go. */
  | { kind: 'listingRefused'; error: string | null }
  /** The mobile-money request is queued or on its way. */
  | { kind: 'mobileQueued'; offline: boolean; waitingForListing: boolean; error: string | null; sending: boolean }
  /** The mobile-money request was made: the PIN step, with the sandbox's PINs when it is the sandbox. */
  | { kind: 'pin'; msisdn: string | null; sandboxPins: { approve: string; decline: string } | null; notice: string | null }
  | ({ kind: 'form' } & PaymentForm);

/** Where the flow stands: the outbox's request, this screen's stage and the form's fields. */
export interface PaymentState {
  stage: Stage;
  /** The listing's queued chain has been read. */
  loaded: boolean;
  config: AppConfig | null;
  item: PaymentItem | null;
  create: CreateItem | null;
  online: boolean;
  /** The outbox's last run found no connection. */
  lastOffline: boolean;
  shownMethod: PaymentMethod;
  liveMethod: PaymentMethod | null;
  ecocashTx: string | null;
  mobileSandbox: { approve: string; decline: string } | null;
  cardArmed: boolean;
  msisdn: string;
  cardholder: string;
  fieldError: string | null;
  notice: string | null;
  busy: boolean;
  cardFailed: boolean;
  amount: string | null;
}

/** The screen to draw. */
export function paymentViewOf(s: PaymentState): PaymentView {
  // Outcomes first: they hold the screen whatever the queue does meanwhile.
  if (s.stage.kind !== 'form') return s.stage;
  if (!s.loaded || !s.config) return { kind: 'loading' };
  const { item, create } = s;

  const queued = item && (item.state === 'waiting' || item.state === 'sending');
  const offline = !!queued && (!s.online || item.error === PAYMENT_MESSAGES.networkError || s.lastOffline);
  if (queued && create?.state === 'failed') return { kind: 'listingRefused', error: create.error ?? null };
  if (queued && s.shownMethod === 'ecocash') {
    return { kind: 'mobileQueued', offline, waitingForListing: create !== null && create.state !== 'done', error: item.error ?? null, sending: item.state === 'sending' };
  }
  if (s.ecocashTx) return { kind: 'pin', msisdn: item?.payment.msisdn ?? null, sandboxPins: s.mobileSandbox, notice: s.notice };
  return { kind: 'form', ...formOf(s, s.config, !!queued, offline) };
}

/** The form's state, when no other screen holds the panel. */
function formOf(s: PaymentState, config: AppConfig, queued: boolean, offline: boolean): PaymentForm {
  const { item, shownMethod } = s;
  const cardConfig = config.payments.card ?? null;
  const requestError = item?.state === 'failed' && item.payment.method === shownMethod ? item.error : null;
  const cardQueued = queued && shownMethod === 'card';
  return {
    method: shownMethod,
    methodLocked: s.liveMethod !== null,
    msisdn: s.msisdn,
    cardholder: s.cardholder,
    fieldError: s.fieldError,
    notice: s.notice,
    requestError,
    cardUnavailable: shownMethod === 'card' && (cardConfig === null || requestError === PAYMENT_MESSAGES.systemError),
    cardQueued,
    offline,
    cardReady: item?.state === 'done' && item.payment.method === 'card' && !item.result?.alreadyPaid && !s.cardArmed,
    busy: s.busy,
    working: s.busy || cardQueued,
    cardFailed: s.cardFailed,
    sending: item?.state === 'sending',
    amount: s.amount,
    card: cardConfig,
    supportEmail: config.support_email,
  };
}
