import { useRef } from 'react';
import { useSnapshot } from 'valtio';
import { dropPayment, queuePayment } from '@/data/listingPayment';
import { PublishInputError } from '@/data/outbox/enqueue';
import { PLAN_TERMS, formatUsd, type SubscriptionPlan } from '@/domain/payments/fees';
import type { AdvertisingPlanId } from '@/domain/payments/advertisingPlans';
import { ADVERTISING_PLAN_TERMS } from '@/domain/payments/boosts';
import { PAYMENT_MESSAGES } from '@/domain/core/messages';
import { AUTH_MESSAGES } from '@/domain/account/authMessages';
import { cardholderIssue, msisdnFormIssue, PAYMENT_TEXTS } from '@/domain/payments/payments';
import { useConfig } from '@/app/shared/config/useConfig';
import { session } from '@/app/shared/session/session';
import { kickOutbox } from '@/app/shared/outbox/outboxRunner';
import type { PaymentPanelProps } from '@/app/shared/slots';
import { paymentViewOf } from './paymentView';
import { useCardPayment } from './useCardPayment';
import { useEcocashPayment } from './useEcocashPayment';
import { usePaymentFields } from './usePaymentFields';
import { usePaymentRequest } from './usePaymentRequest';
import { usePaymentStatus } from './usePaymentStatus';

/** What the seller can do, for the views' buttons and fields. */
export type PaymentActions = ReturnType<typeof usePaymentFlow>['actions'];

/**
 * The listing fee's payment, for the payment panel to draw: by card or by mobile money (EcoCash).
 * The payment request goes through the outbox, so it is made once, survives a lost connection or a
 * closed page, and is sent when the connection returns; the confirmation (a PIN choice, the card
 * provider) happens here, with the seller on the screen. Two loops ask the server for an answer: a
 * card the provider is still processing, and real mobile money while the seller approves on the phone.
 */
export function usePaymentFlow(
  listingId: string,
  plan: SubscriptionPlan | null,
  advertisingPlan: AdvertisingPlanId | null,
  { onPaid, onSavedAsDraft }: Pick<PaymentPanelProps, 'onPaid' | 'onSavedAsDraft'>,
) {
  const config = useConfig();
  const { token, user } = useSnapshot(session);
  const request = usePaymentRequest(listingId);
  const { item } = request;

  const callbacks = useRef({ onPaid, onSavedAsDraft });
  callbacks.current = { onPaid, onSavedAsDraft };

  const status = usePaymentStatus(listingId, item, callbacks);
  const { setNotice, setBusy, setCardFailed } = status;
  const fields = usePaymentFields(user, status);
  const { msisdn, cardholder, setFieldError } = fields;
  const card = useCardPayment(listingId, item, status, config?.payments.card?.provider, cardholder);
  const ecocash = useEcocashPayment(item, status, config);

  // A live or done request decides the method: it cannot change until it is cancelled or fails.
  const liveMethod = item && item.state !== 'failed' ? item.payment.method : null;
  const shownMethod = liveMethod ?? fields.method;
  const priceCents = advertisingPlan ? ADVERTISING_PLAN_TERMS[advertisingPlan].priceCents : plan ? PLAN_TERMS[plan].priceCents : null;

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
      await card.confirmCard(item);
      return;
    }
    setBusy(true);
    try {
      await queuePayment(listingId, via === 'ecocash' ? { method: via, msisdn } : { method: via }, { ownerId: user.id, plan, advertisingPlan });
      if (via === 'card') card.armCard();
      void kickOutbox();
    } catch (err) {
      if (err instanceof PublishInputError) setFieldError(err.message);
      else setNotice(PAYMENT_MESSAGES.creationFailed);
    } finally {
      setBusy(false);
    }
  }

  const actions = {
    pay,
    choosePin: ecocash.choosePin,
    async cancel() {
      if (!(await dropPayment(listingId))) return;
      callbacks.current.onSavedAsDraft(PAYMENT_TEXTS.cancelled);
    },
    /** Leaves a card request made earlier: nothing was charged, and the seller chooses the method again. */
    async startOver() {
      if (!(await dropPayment(listingId))) return;
      setNotice(null);
      setCardFailed(false);
    },
    tryAgain() {
      status.setStage({ kind: 'form' });
      setNotice(null);
    },
    payLater: () => callbacks.current.onSavedAsDraft(PAYMENT_MESSAGES.draftSaved),
    /** Closes the panel while a mobile-money request waits in the queue. */
    leaveQueued: () => callbacks.current.onSavedAsDraft(PAYMENT_TEXTS.queuedLeft),
    chooseMethod: fields.chooseMethod,
    typeMsisdn: fields.typeMsisdn,
    typeCardholder: fields.typeCardholder,
  };

  const view = paymentViewOf({
    ...request,
    ...status,
    config,
    shownMethod,
    liveMethod,
    ecocashTx: ecocash.ecocashTx,
    mobileSandbox: ecocash.mobileSandbox,
    cardArmed: card.cardArmed,
    msisdn,
    cardholder,
    fieldError: fields.fieldError,
    amount: priceCents === null ? null : formatUsd(priceCents),
  });
  return { view, actions, stripeCard: card.stripeCard };
}
