import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db } from '@/data/db';
import { enqueuePayment, forgetPayment, clearPaidChain, listOutbox, PublishInputError } from '@/data/outbox/enqueue';
import { paymentItemOf, type PaymentItem } from '@/data/outbox/items';
import { PLAN_TERMS, SANDBOX_DELAY_MS, formatUsd, type PaymentMethod, type SubscriptionPlan } from '@/domain/payments/fees';
import { LISTING_MESSAGES, PAYMENT_MESSAGES } from '@/domain/core/messages';
import { AUTH_MESSAGES } from '@/domain/account/authMessages';
import { cardholderIssue, msisdnFormIssue, PAYMENT_POLL_MS, PAYMENT_SUCCESS_DELAY_MS, PAYMENT_TEXTS, suggestedMsisdn } from '@/domain/payments/payments';
import type { AppConfig } from '@/data/config';
import { useConfig } from '@/app/shared/config/useConfig';
import { session } from '@/app/shared/session/session';
import { kickOutbox, outboxRunner } from '@/app/shared/outbox/outboxRunner';
import { syncStore } from '@/app/shared/sync/syncStore';
import type { PaymentPanelProps } from '@/app/shared/slots';
import { confirmPayment, type ConfirmOutcome } from './paymentCalls';
import type { StripeCardHandle } from './StripeCardField';

/** What the seller sees besides the form, set by what they did on this screen. */
type Stage =
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

/** What the seller can do, for the views' buttons and fields. */
export type PaymentActions = ReturnType<typeof usePaymentFlow>['actions'];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The listing fee's payment, for the payment panel to draw: by card or by mobile money (EcoCash).
 * The payment request goes through the outbox, so it is made once, survives a lost connection or a
 * closed page, and is sent when the connection returns; the confirmation (a PIN choice, the card
 * provider) happens here, with the seller on the screen. Two loops ask the server for an answer: a
 * card the provider is still processing, and real mobile money while the seller approves on the phone.
 */
export function usePaymentFlow(listingId: string, plan: SubscriptionPlan | null, { onPaid, onSavedAsDraft }: Pick<PaymentPanelProps, 'onPaid' | 'onSavedAsDraft'>) {
  const config = useConfig();
  const { token, user } = useSnapshot(session);
  const { online } = useSnapshot(syncStore);
  const { last } = useSnapshot(outboxRunner);
  const chain = useLiveQuery(() => listOutbox(db, listingId), [listingId, last]);
  const item = chain ? paymentItemOf(chain, listingId) : null;
  const create = chain?.find((i) => i.kind === 'create') ?? null;

  const [method, setMethod] = useState<PaymentMethod>('ecocash');
  const [msisdn, setMsisdn] = useState(() => suggestedMsisdn(user?.phone));
  const [cardholder, setCardholder] = useState(() => user?.name ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const [busy, setBusy] = useState(false);
  /** The seller pressed Pay by card: continue to the card confirmation once the request is made. */
  const [cardArmed, setCardArmed] = useState(false);
  /** A card payment failed: the seller may try again or leave it for later. */
  const [cardFailed, setCardFailed] = useState(false);
  const stripeCard = useRef<StripeCardHandle | null>(null);
  const alive = useRef(true);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const callbacks = useRef({ onPaid, onSavedAsDraft });
  callbacks.current = { onPaid, onSavedAsDraft };

  useEffect(() => {
    alive.current = true;
    // One array for the flow's life: timers are pushed onto it, never a new one put in its place.
    const pending = timers.current;
    return () => {
      alive.current = false;
      pending.forEach(clearTimeout);
    };
  }, []);

  // A live or done request decides the method: it cannot change until it is cancelled or fails.
  const liveMethod = item && item.state !== 'failed' ? item.payment.method : null;
  const shownMethod = liveMethod ?? method;
  const terms = plan ? PLAN_TERMS[plan] : null;
  const amount = terms ? formatUsd(terms.priceCents) : null;
  const cardConfig = config?.payments.card ?? null;
  const mobileSandbox = config?.payments.mobile_money.mode === 'sandbox' ? config.payments.sandbox_pins : null;

  const finish = useCallback(
    (message: string) => {
      setStage({ kind: 'paid', message });
      // The listing is published: nothing of its chain is left to send.
      void clearPaidChain(db, listingId);
      timers.current.push(setTimeout(() => callbacks.current.onPaid(), PAYMENT_SUCCESS_DELAY_MS));
    },
    [listingId],
  );

  const settle = useCallback(
    async (outcome: ConfirmOutcome, via: PaymentMethod): Promise<void> => {
      if (!alive.current) return;
      switch (outcome.kind) {
        case 'paid':
          finish(via === 'ecocash' ? PAYMENT_MESSAGES.completed : (outcome.message ?? LISTING_MESSAGES.paid));
          return;
        case 'declined':
          // The transaction is over: the next attempt needs a new payment request.
          await forgetPayment(db, listingId);
          if (via === 'ecocash') setStage({ kind: 'declined', reason: outcome.reason });
          else {
            setStage({ kind: 'form' });
            setNotice(outcome.reason);
            setCardFailed(true);
          }
          return;
        case 'pending':
          setStage({ kind: 'form' });
          setNotice(via === 'ecocash' ? PAYMENT_MESSAGES.pending : null);
          return;
        case 'error':
          setStage({ kind: 'form' });
          setNotice(outcome.message);
          return;
      }
    },
    [finish, listingId],
  );

  // A request made earlier for a listing that is live already (paid on another device): it counts as paid.
  useEffect(() => {
    if (item?.state === 'done' && item.result?.alreadyPaid && stage.kind !== 'paid') finish(PAYMENT_TEXTS.alreadyPaid);
  }, [item, stage.kind, finish]);

  const confirmCard = useCallback(
    async (request: PaymentItem) => {
      const result = request.result;
      if (!result?.paymentIntentId || !result.clientSecret) return;
      setBusy(true);
      setNotice(null);
      setCardFailed(false);
      try {
        if (cardConfig?.provider === 'stripe') {
          if (!stripeCard.current) {
            setNotice(PAYMENT_TEXTS.cardLoadFailed);
            return;
          }
          const refused = await stripeCard.current.confirm(result.clientSecret, cardholder.trim());
          if (refused) {
            // Nothing was charged: the next attempt (another card, or mobile money) starts a new request.
            await forgetPayment(db, listingId);
            setNotice(refused);
            setCardFailed(true);
            return;
          }
        }
        let outcome = await confirmPayment('card', result.paymentIntentId);
        // A card the provider is still processing (3-D Secure done, funds not yet captured): ask again shortly.
        for (let i = 0; outcome.kind === 'pending' && i < 12 && alive.current; i++) {
          await sleep(PAYMENT_POLL_MS);
          outcome = await confirmPayment('card', result.paymentIntentId);
        }
        await settle(outcome, 'card');
      } finally {
        if (alive.current) setBusy(false);
      }
    },
    [cardConfig?.provider, cardholder, settle, listingId],
  );

  // Pay by card was pressed and the request has been made (now, or after the connection returned).
  useEffect(() => {
    if (!cardArmed || !item || item.payment.method !== 'card') return;
    if (item.state === 'failed') setCardArmed(false);
    if (item.state === 'done' && !item.result?.alreadyPaid) {
      setCardArmed(false);
      void confirmCard(item);
    }
  }, [cardArmed, item, confirmCard]);

  const ecocashTx = item?.state === 'done' && item.payment.method === 'ecocash' && !item.result?.alreadyPaid ? (item.result?.transactionId ?? null) : null;

  // Real mobile money (Paynow): the seller approves on the phone; ask the server until it has an answer.
  useEffect(() => {
    if (!ecocashTx || mobileSandbox || !config || stage.kind !== 'form') return;
    let stopped = false;
    const poll = async () => {
      while (!stopped && alive.current) {
        await sleep(PAYMENT_POLL_MS);
        if (stopped) return;
        const outcome = await confirmPayment('ecocash', ecocashTx);
        if (stopped) return;
        if (outcome.kind === 'paid' || outcome.kind === 'declined') {
          await settle(outcome, 'ecocash');
          return;
        }
        setNotice(outcome.kind === 'error' ? outcome.message : null);
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [ecocashTx, mobileSandbox, config, stage.kind, settle]);

  async function choosePin(pin: string) {
    if (!ecocashTx) return;
    setNotice(null);
    setStage({ kind: 'processing' });
    // The sandbox stands in for the seller typing the PIN on the phone (spec: about 2 s).
    await sleep(SANDBOX_DELAY_MS);
    await settle(await confirmPayment('ecocash', ecocashTx, pin), 'ecocash');
  }

  async function pay() {
    setNotice(null);
    setCardFailed(false);
    // The method on screen: a request made earlier (by the service worker after the page was closed,
    // say) decides it, whatever this page's own choice started as.
    const via = shownMethod;
    const issue = via === 'ecocash' ? msisdnFormIssue(msisdn) : cardholderIssue(cardholder);
    setFieldError(issue);
    if (issue) return;
    if (!token || !user) {
      setNotice(AUTH_MESSAGES.noToken);
      return;
    }
    if (via === 'card' && item?.state === 'done' && item.payment.method === 'card') {
      // The request was made earlier (before a failed card, or a closed page): continue from it.
      await confirmCard(item);
      return;
    }
    setBusy(true);
    try {
      await enqueuePayment(db, listingId, via === 'ecocash' ? { method: via, msisdn } : { method: via }, { ownerId: user.id, plan });
      if (via === 'card') setCardArmed(true);
      void kickOutbox();
    } catch (err) {
      if (err instanceof PublishInputError) setFieldError(err.message);
      else setNotice(PAYMENT_MESSAGES.creationFailed);
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    if (!(await forgetPayment(db, listingId))) return;
    callbacks.current.onSavedAsDraft(PAYMENT_TEXTS.cancelled);
  }

  /** Leaves a card request made earlier: nothing was charged, and the seller chooses the method again. */
  async function startOver() {
    if (!(await forgetPayment(db, listingId))) return;
    setNotice(null);
    setCardFailed(false);
  }

  function tryAgain() {
    setStage({ kind: 'form' });
    setNotice(null);
  }

  const actions = {
    pay,
    choosePin,
    cancel,
    startOver,
    tryAgain,
    payLater: () => callbacks.current.onSavedAsDraft(PAYMENT_MESSAGES.draftSaved),
    /** Closes the panel while a mobile-money request waits in the queue. */
    leaveQueued: () => callbacks.current.onSavedAsDraft(PAYMENT_TEXTS.queuedLeft),
    chooseMethod(next: PaymentMethod) {
      setMethod(next);
      setFieldError(null);
      setNotice(null);
      setCardFailed(false);
    },
    typeMsisdn(text: string) {
      setMsisdn(text);
      setFieldError(null);
    },
    typeCardholder(text: string) {
      setCardholder(text);
      setFieldError(null);
    },
  };

  return { view: viewOf(), actions, stripeCard };

  function viewOf(): PaymentView {
    // Outcomes first: they hold the screen whatever the queue does meanwhile.
    if (stage.kind !== 'form') return stage;
    if (chain === undefined || !config) return { kind: 'loading' };

    const queued = item && (item.state === 'waiting' || item.state === 'sending');
    const offline = !!queued && (!online || item.error === PAYMENT_MESSAGES.networkError || last?.outcome === 'offline');
    if (queued && create?.state === 'failed') return { kind: 'listingRefused', error: create.error ?? null };
    if (queued && shownMethod === 'ecocash') {
      return { kind: 'mobileQueued', offline, waitingForListing: create !== null && create.state !== 'done', error: item.error ?? null, sending: item.state === 'sending' };
    }
    if (ecocashTx) return { kind: 'pin', msisdn: item?.payment.msisdn ?? null, sandboxPins: mobileSandbox, notice };

    const requestError = item?.state === 'failed' && item.payment.method === shownMethod ? item.error : null;
    const cardQueued = !!queued && shownMethod === 'card';
    return {
      kind: 'form',
      method: shownMethod,
      methodLocked: liveMethod !== null,
      msisdn,
      cardholder,
      fieldError,
      notice,
      requestError,
      cardUnavailable: shownMethod === 'card' && (cardConfig === null || requestError === PAYMENT_MESSAGES.systemError),
      cardQueued,
      offline,
      cardReady: item?.state === 'done' && item.payment.method === 'card' && !item.result?.alreadyPaid && !cardArmed,
      busy,
      working: busy || cardQueued,
      cardFailed,
      sending: item?.state === 'sending',
      amount,
      card: cardConfig,
      supportEmail: config.support_email,
    };
  }
}
