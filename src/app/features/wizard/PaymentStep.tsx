import { Alert, Stack } from '@mantine/core';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import type { SubscriptionPlan } from '@/domain/payments/fees';
import { PaymentPanel } from '@/app/shared/slots';
import type { Outcome } from './useWizardFlow';
import { knownText, t } from '@/app/shared/i18n/language';

interface Props {
  listingId: string;
  plan: SubscriptionPlan | null;
  /** Queued on this device and not created on the server yet. */
  waiting: boolean;
  setOutcome(outcome: Outcome): void;
}

/** Step 8: where the listing stands (created, or saved on this device), and the payment of its fee. */
export function PaymentStep({ listingId, plan, waiting, setOutcome }: Props) {
  return (
    <Stack gap="md">
      {waiting ? (
        <Alert color="blue" variant="light" title={t(/*i18n*/ 'Saved on this device')} role="status">
          {t(LISTING_MESSAGES.queuedForPayment)}
        </Alert>
      ) : (
        <Alert color="brand" variant="light" role="status">
          {t(/*i18n*/ 'Your listing has been created. Pay the listing fee to publish it now.')}
        </Alert>
      )}
      <PaymentPanel
        listingId={listingId}
        plan={plan}
        onPaid={() => setOutcome({ kind: 'success', text: t(LISTING_MESSAGES.paid) })}
        onSavedAsDraft={(message) => setOutcome({ kind: 'info', text: knownText(message) })}
      />
    </Stack>
  );
}
