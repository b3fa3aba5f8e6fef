import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { Button, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { db } from '../../../data/db';
import { enqueuePayment, forgetPayment, clearPaidChain, listOutbox, paymentItemOf, PublishInputError, type PaymentItem } from '../../../data/outbox';
import { PLAN_TERMS, SANDBOX_DELAY_MS, formatUsd, type PaymentMethod, type SubscriptionPlan } from '../../../domain/fees';
import { AUTH_MESSAGES, LISTING_MESSAGES, PAYMENT_MESSAGES } from '../../../domain/messages';
import { cardholderIssue, msisdnFormIssue, PAYMENT_POLL_MS, PAYMENT_SUCCESS_DELAY_MS, PAYMENT_TEXTS, suggestedMsisdn } from '../../../domain/payments';
import { useConfig } from '../../shared/config/useConfig';
import { session } from '../../shared/session/session';
import { kickOutbox, outboxRunner } from '../../shared/outbox/outboxRunner';
import { syncStore } from '../../shared/sync/syncStore';
import type { PaymentPanelProps } from '../../shared/slots';
import { confirmPayment, type ConfirmOutcome } from './paymentCalls';
import { StripeCardField, type StripeCardHandle } from './StripeCardField';
import { ActionRow, CheckIcon, CloudOffIcon, CrossIcon, ErrorNotice, PhoneIcon, ProcessingView, SandboxNote, StatusView, SystemErrorView } from './PaymentViews';

/** What the seller sees besides the form, set by what they did on this screen. */
type Stage =
  | { kind: 'form' }
  | { kind: 'processing' }
  | { kind: 'paid'; message: string }
  /** A mobile-money transaction was declined: 'Payment failed. Please try again.' */
  | { kind: 'declined'; reason: string };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Step 8 of the listing wizard, and the dashboard's 'Pay now': the listing fee by card or by mobile
 * money (EcoCash). The payment request goes through the outbox, so it is made once, survives a lost
 * connection or a closed page, and is sent when the connection returns; the confirmation (a PIN
 * choice, the card provider) happens here, with the seller on the screen.
 */
export function PaymentPanel({ listingId, plan, onPaid, onSavedAsDraft }: PaymentPanelProps) {
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
    return () => {
      alive.current = false;
      timers.current.forEach(clearTimeout);
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

  const ecocashTx = item?.state === 'done' && item.payment.method === 'ecocash' && !item.result?.alreadyPaid ? item.result?.transactionId ?? null : null;

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

  async function pay(e: FormEvent) {
    e.preventDefault();
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

  const payLater = () => callbacks.current.onSavedAsDraft(PAYMENT_MESSAGES.draftSaved);

  // Outcomes first: they hold the screen whatever the queue does meanwhile.
  if (stage.kind === 'paid') {
    return <StatusView icon={<CheckIcon />} title={stage.message} text={stage.message === LISTING_MESSAGES.paid ? undefined : PAYMENT_TEXTS.publishedNow} tone="brand" />;
  }
  if (stage.kind === 'processing') return <ProcessingView />;
  if (stage.kind === 'declined') {
    return (
      <StatusView icon={<CrossIcon />} title={PAYMENT_MESSAGES.failed} text={stage.reason} tone="red">
        <ActionRow>
          <Button onClick={tryAgain}>{PAYMENT_TEXTS.tryAgain}</Button>
          <Button variant="default" onClick={payLater}>
            {PAYMENT_TEXTS.payLater}
          </Button>
        </ActionRow>
      </StatusView>
    );
  }
  if (chain === undefined || !config) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }

  const queued = item && (item.state === 'waiting' || item.state === 'sending');
  const offline = !!queued && (!online || item.error === PAYMENT_MESSAGES.networkError || last?.outcome === 'offline');

  // The listing itself was refused (its create failed): the payment request behind it cannot go.
  if (queued && create?.state === 'failed') {
    return (
      <StatusView icon={<CrossIcon />} title={LISTING_MESSAGES.createError} text={create.error ?? undefined} tone="red">
        <ActionRow>
          <Button variant="default" onClick={() => void cancel()}>
            {PAYMENT_TEXTS.cancel}
          </Button>
        </ActionRow>
      </StatusView>
    );
  }

  // The mobile-money request is queued or on its way.
  if (queued && shownMethod === 'ecocash') {
    const waitingForListing = create !== null && create.state !== 'done';
    return (
      <StatusView
        icon={offline ? <CloudOffIcon /> : <Loader size={26} />}
        title={offline ? PAYMENT_TEXTS.queuedOfflineTitle : PAYMENT_TEXTS.sending}
        text={offline ? PAYMENT_TEXTS.queuedOffline : waitingForListing ? PAYMENT_TEXTS.waitingForListing : (item.error ?? undefined)}
        tone={offline ? 'yellow' : 'brand'}
      >
        <ActionRow>
          <Button variant="default" onClick={() => callbacks.current.onSavedAsDraft(PAYMENT_TEXTS.queuedLeft)}>
            {PAYMENT_TEXTS.close}
          </Button>
          <Button variant="subtle" color="red" onClick={() => void cancel()} disabled={item.state === 'sending'}>
            {PAYMENT_TEXTS.cancel}
          </Button>
        </ActionRow>
      </StatusView>
    );
  }

  // The mobile-money request was made: the PIN step.
  if (ecocashTx) {
    return (
      <StatusView icon={<PhoneIcon />} title={PAYMENT_MESSAGES.initiated} text={mobileSandbox ? undefined : PAYMENT_TEXTS.approveOnPhone(item?.payment.msisdn ?? null)} tone="brand">
        {notice ? <ErrorNotice>{notice}</ErrorNotice> : null}
        {mobileSandbox ? (
          <Stack gap="sm" w="100%" maw={420}>
            <SandboxNote>{PAYMENT_TEXTS.sandboxPins}</SandboxNote>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Button onClick={() => void choosePin(mobileSandbox.approve)}>{PAYMENT_TEXTS.approvePin(mobileSandbox.approve)}</Button>
              <Button variant="light" color="red" onClick={() => void choosePin(mobileSandbox.decline)}>
                {PAYMENT_TEXTS.declinePin(mobileSandbox.decline)}
              </Button>
            </SimpleGrid>
          </Stack>
        ) : (
          <Loader size="sm" aria-label={PAYMENT_MESSAGES.pending} />
        )}
        <Button variant="subtle" color="gray" onClick={() => void cancel()}>
          {PAYMENT_TEXTS.cancel}
        </Button>
      </StatusView>
    );
  }

  const requestError = item?.state === 'failed' && item.payment.method === shownMethod ? item.error : null;
  /** A card request made earlier (this page was closed before its confirmation): the seller finishes it here. */
  const cardReady = item?.state === 'done' && item.payment.method === 'card' && !item.result?.alreadyPaid && !cardArmed;
  const cardUnavailable = shownMethod === 'card' && (cardConfig === null || requestError === PAYMENT_MESSAGES.systemError);
  const cardQueued = queued && shownMethod === 'card';
  const working = busy || !!cardQueued;

  return (
    <form onSubmit={(e) => void pay(e)} noValidate aria-label={PAYMENT_TEXTS.title}>
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          aria-label={PAYMENT_TEXTS.methodLabel}
          value={shownMethod}
          onChange={(v) => {
            setMethod(v as PaymentMethod);
            setFieldError(null);
            setNotice(null);
            setCardFailed(false);
          }}
          disabled={liveMethod !== null || working}
          data={[
            { value: 'ecocash', label: PAYMENT_TEXTS.methods.ecocash },
            { value: 'card', label: PAYMENT_TEXTS.methods.card },
          ]}
        />

        {cardUnavailable ? (
          <SystemErrorView supportEmail={config.support_email} />
        ) : shownMethod === 'ecocash' ? (
          <TextInput
            label={PAYMENT_TEXTS.phoneLabel}
            description={PAYMENT_TEXTS.phoneHint}
            placeholder={PAYMENT_TEXTS.phonePlaceholder}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            required
            value={msisdn}
            onChange={(e) => {
              setMsisdn(e.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            disabled={working}
          />
        ) : (
          <Stack gap="sm">
            {cardConfig?.provider === 'sandbox' ? <SandboxNote>{PAYMENT_TEXTS.sandboxCard}</SandboxNote> : null}
            <TextInput
              label={PAYMENT_TEXTS.cardholderLabel}
              placeholder={PAYMENT_TEXTS.cardholderPlaceholder}
              autoComplete="cc-name"
              required
              value={cardholder}
              onChange={(e) => {
                setCardholder(e.currentTarget.value);
                setFieldError(null);
              }}
              error={fieldError}
              disabled={working}
            />
            {cardConfig?.provider === 'stripe' && cardConfig.publishable_key ? (
              <StripeCardField publishableKey={cardConfig.publishable_key} handle={stripeCard} disabled={working} />
            ) : null}
          </Stack>
        )}

        {requestError && !cardUnavailable ? <ErrorNotice>{requestError}</ErrorNotice> : null}
        {notice ? <ErrorNotice>{notice}</ErrorNotice> : null}
        {cardQueued ? (
          <Text fz="sm" c={offline ? 'yellow.9' : 'dimmed'} role="status">
            {offline ? PAYMENT_TEXTS.cardQueuedOffline : PAYMENT_TEXTS.sending}
          </Text>
        ) : null}
        {cardReady && !busy && !notice ? (
          <Text fz="sm" c="dimmed" role="status">
            {PAYMENT_TEXTS.cardReady}
          </Text>
        ) : null}

        {cardUnavailable ? null : (
          <Stack gap="xs">
            <Button type="submit" size="md" fullWidth loading={working}>
              {amount ? PAYMENT_TEXTS.payButton(amount) : PAYMENT_TEXTS.title}
            </Button>
            {cardFailed || requestError ? (
              <Button variant="subtle" color="gray" onClick={payLater}>
                {PAYMENT_TEXTS.payLater}
              </Button>
            ) : null}
            {cardQueued ? (
              <Button variant="subtle" color="gray" onClick={() => void cancel()} disabled={item?.state === 'sending'}>
                {PAYMENT_TEXTS.cancel}
              </Button>
            ) : null}
            {cardReady ? (
              <Button variant="subtle" color="gray" onClick={() => void startOver()} disabled={busy}>
                {PAYMENT_TEXTS.startOver}
              </Button>
            ) : null}
          </Stack>
        )}
      </Stack>
    </form>
  );
}
