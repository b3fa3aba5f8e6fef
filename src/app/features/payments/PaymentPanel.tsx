import { Button, Group, Loader, SimpleGrid, Stack } from '@mantine/core';
import { LISTING_MESSAGES, PAYMENT_MESSAGES } from '@/domain/core/messages';
import { PAYMENT_TEXTS } from '@/domain/payments/payments';
import type { PaymentPanelProps } from '@/app/shared/slots';
import { PaymentForm } from './PaymentForm';
import { ActionRow, CheckIcon, CloudOffIcon, CrossIcon, ErrorNotice, PhoneIcon, ProcessingView, SandboxNote, StatusView } from './PaymentViews';
import type { PaymentView } from './paymentView';
import { usePaymentFlow, type PaymentActions } from './usePaymentFlow';
import { knownText, t } from '@/app/shared/i18n/language';

/**
 * Step 8 of the listing wizard, and the dashboard's 'Pay now': the listing fee by card or by mobile
 * money (EcoCash). usePaymentFlow decides; this draws the screen it names.
 */
export function PaymentPanel({ listingId, plan, advertisingPlan = null, onPaid, onSavedAsDraft }: PaymentPanelProps) {
  const { view, actions, stripeCard } = usePaymentFlow(listingId, plan, advertisingPlan, { onPaid, onSavedAsDraft });
  switch (view.kind) {
    case 'paid':
      return <StatusView icon={<CheckIcon />} title={knownText(view.message)} text={view.message === LISTING_MESSAGES.paid ? undefined : t(PAYMENT_TEXTS.publishedNow)} tone="brand" />;
    case 'processing':
      return <ProcessingView />;
    case 'declined':
      return (
        <StatusView icon={<CrossIcon />} title={t(PAYMENT_MESSAGES.failed)} text={view.reason ? knownText(view.reason) : view.reason} tone="red">
          <ActionRow>
            <Button onClick={actions.tryAgain}>{t(PAYMENT_TEXTS.tryAgain)}</Button>
            <Button variant="default" onClick={actions.payLater}>
              {t(PAYMENT_TEXTS.payLater)}
            </Button>
          </ActionRow>
        </StatusView>
      );
    case 'loading':
      return (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      );
    case 'listingRefused':
      return (
        <StatusView icon={<CrossIcon />} title={t(LISTING_MESSAGES.createError)} text={view.error ? knownText(view.error) : undefined} tone="red">
          <ActionRow>
            <Button variant="default" onClick={() => void actions.cancel()}>
              {t(PAYMENT_TEXTS.cancel)}
            </Button>
          </ActionRow>
        </StatusView>
      );
    case 'mobileQueued':
      return (
        <StatusView
          icon={view.offline ? <CloudOffIcon /> : <Loader size={26} />}
          title={t(view.offline ? PAYMENT_TEXTS.queuedOfflineTitle : PAYMENT_TEXTS.sending)}
          text={view.offline ? t(PAYMENT_TEXTS.queuedOffline) : view.waitingForListing ? t(PAYMENT_TEXTS.waitingForListing) : view.error ? knownText(view.error) : undefined}
          tone={view.offline ? 'yellow' : 'brand'}
        >
          <ActionRow>
            <Button variant="default" onClick={actions.leaveQueued}>
              {t(PAYMENT_TEXTS.close)}
            </Button>
            <Button variant="subtle" color="red" onClick={() => void actions.cancel()} disabled={view.sending}>
              {t(PAYMENT_TEXTS.cancel)}
            </Button>
          </ActionRow>
        </StatusView>
      );
    case 'pin':
      return <PinView view={view} actions={actions} />;
    case 'form':
      return <PaymentForm form={view} actions={actions} stripeCard={stripeCard} />;
  }
}

/** The mobile-money request was made: the seller approves on the phone, or picks a PIN in the sandbox. */
function PinView({ view, actions }: { view: Extract<PaymentView, { kind: 'pin' }>; actions: PaymentActions }) {
  const pins = view.sandboxPins;
  return (
    <StatusView icon={<PhoneIcon />} title={t(PAYMENT_MESSAGES.initiated)} text={pins ? undefined : PAYMENT_TEXTS.approveOnPhone(view.msisdn, t)} tone="brand">
      {view.notice ? <ErrorNotice>{knownText(view.notice)}</ErrorNotice> : null}
      {pins ? (
        <Stack gap="sm" w="100%" maw={420}>
          <SandboxNote>{t(PAYMENT_TEXTS.sandboxPins)}</SandboxNote>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button onClick={() => void actions.choosePin(pins.approve)}>{PAYMENT_TEXTS.approvePin(pins.approve, t)}</Button>
            <Button variant="light" color="red" onClick={() => void actions.choosePin(pins.decline)}>
              {PAYMENT_TEXTS.declinePin(pins.decline, t)}
            </Button>
          </SimpleGrid>
        </Stack>
      ) : (
        <Loader size="sm" aria-label={t(PAYMENT_MESSAGES.pending)} />
      )}
      <Button variant="subtle" color="gray" onClick={() => void actions.cancel()}>
        {t(PAYMENT_TEXTS.cancel)}
      </Button>
    </StatusView>
  );
}
