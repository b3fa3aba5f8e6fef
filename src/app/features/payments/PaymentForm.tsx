import type { RefObject } from 'react';
import { Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { PaymentMethod } from '@/domain/payments/fees';
import { PAYMENT_TEXTS } from '@/domain/payments/payments';
import { EcocashPhoneInput } from '@/app/shared/payments/EcocashPhoneInput';
import { StripeCardField, type StripeCardHandle } from '@/app/shared/payments/StripeCardField';
import { ErrorNotice, SandboxNote, SystemErrorView } from './PaymentViews';
import type { PaymentForm as Form } from './paymentView';
import type { PaymentActions } from './usePaymentFlow';
import { knownText, t } from '@/app/shared/i18n/language';

/** The payment form: the method, the phone number or the cardholder (and Stripe's card field), Pay and what else the state offers. */
export function PaymentForm({ form: f, actions, stripeCard }: { form: Form; actions: PaymentActions; stripeCard: RefObject<StripeCardHandle | null> }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void actions.pay();
      }}
      noValidate
      aria-label={t(PAYMENT_TEXTS.title)}
    >
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          aria-label={t(PAYMENT_TEXTS.methodLabel)}
          value={f.method}
          onChange={(v) => actions.chooseMethod(v as PaymentMethod)}
          disabled={f.methodLocked || f.working}
          data={[
            { value: 'ecocash', label: t(PAYMENT_TEXTS.methods.ecocash) },
            { value: 'card', label: t(PAYMENT_TEXTS.methods.card) },
          ]}
        />

        {f.cardUnavailable ? (
          <SystemErrorView supportEmail={f.supportEmail} />
        ) : f.method === 'ecocash' ? (
          <EcocashPhoneInput required value={f.msisdn} onChange={actions.typeMsisdn} error={f.fieldError ? knownText(f.fieldError) : f.fieldError} disabled={f.working} />
        ) : (
          <Stack gap="sm">
            {f.card?.provider === 'sandbox' ? <SandboxNote>{t(PAYMENT_TEXTS.sandboxCard)}</SandboxNote> : null}
            <TextInput
              label={t(PAYMENT_TEXTS.cardholderLabel)}
              placeholder={t(PAYMENT_TEXTS.cardholderPlaceholder)}
              autoComplete="cc-name"
              required
              value={f.cardholder}
              onChange={(e) => actions.typeCardholder(e.currentTarget.value)}
              error={f.fieldError ? knownText(f.fieldError) : f.fieldError}
              disabled={f.working}
            />
            {f.card?.provider === 'stripe' && f.card.publishable_key ? <StripeCardField publishableKey={f.card.publishable_key} handle={stripeCard} disabled={f.working} /> : null}
          </Stack>
        )}

        {f.requestError && !f.cardUnavailable ? <ErrorNotice>{knownText(f.requestError)}</ErrorNotice> : null}
        {f.notice ? <ErrorNotice>{knownText(f.notice)}</ErrorNotice> : null}
        {f.cardQueued ? (
          <Text fz="sm" c={f.offline ? 'yellow.9' : 'dimmed'} role="status">
            {t(f.offline ? PAYMENT_TEXTS.cardQueuedOffline : PAYMENT_TEXTS.sending)}
          </Text>
        ) : null}
        {f.cardReady && !f.busy && !f.notice ? (
          <Text fz="sm" c="dimmed" role="status">
            {t(PAYMENT_TEXTS.cardReady)}
          </Text>
        ) : null}

        {f.cardUnavailable ? null : (
          <Stack gap="xs">
            <Button type="submit" size="md" fullWidth loading={f.working}>
              {f.amount ? PAYMENT_TEXTS.payButton(f.amount, t) : t(PAYMENT_TEXTS.title)}
            </Button>
            {f.cardFailed || f.requestError ? (
              <Button variant="subtle" color="gray" onClick={actions.payLater}>
                {t(PAYMENT_TEXTS.payLater)}
              </Button>
            ) : null}
            {f.cardQueued ? (
              <Button variant="subtle" color="gray" onClick={() => void actions.cancel()} disabled={f.sending}>
                {t(PAYMENT_TEXTS.cancel)}
              </Button>
            ) : null}
            {f.cardReady ? (
              <Button variant="subtle" color="gray" onClick={() => void actions.startOver()} disabled={f.busy}>
                {t(PAYMENT_TEXTS.startOver)}
              </Button>
            ) : null}
          </Stack>
        )}
      </Stack>
    </form>
  );
}
