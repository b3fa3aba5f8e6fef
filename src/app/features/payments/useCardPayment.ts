import { useCallback, useEffect, useRef, useState } from 'react';
import { dropPayment } from '@/data/listingPayment';
import type { PaymentItem } from '@/data/outbox/items';
import { PAYMENT_TEXTS } from '@/domain/payments/payments';
import { confirmCardPayment } from './paymentCalls';
import type { StripeCardHandle } from '@/app/shared/payments/StripeCardField';
import type { PaymentStatus } from './usePaymentStatus';

/**
 * The card path: once the card request is made (now, or after the connection returned), the card is
 * confirmed with the provider (Stripe's card field, or the sandbox) and then with our server.
 * `provider` is the configured card provider; `cardholder` the name typed in the form.
 */
export function useCardPayment(listingId: string, item: PaymentItem | null, status: PaymentStatus, provider: string | undefined, cardholder: string) {
  /** The seller pressed Pay by card: continue to the card confirmation once the request is made. */
  const [cardArmed, setCardArmed] = useState(false);
  const stripeCard = useRef<StripeCardHandle | null>(null);
  const { setBusy, setNotice, setCardFailed, alive, settle } = status;

  const confirmCard = useCallback(
    async (request: PaymentItem) => {
      const result = request.result;
      if (!result?.paymentIntentId || !result.clientSecret) return;
      setBusy(true);
      setNotice(null);
      setCardFailed(false);
      try {
        if (provider === 'stripe') {
          if (!stripeCard.current) {
            setNotice(PAYMENT_TEXTS.cardLoadFailed);
            return;
          }
          const refused = await stripeCard.current.confirm(result.clientSecret, cardholder.trim());
          if (refused) {
            // Nothing was charged: the next attempt (another card, or mobile money) starts a new request.
            await dropPayment(listingId);
            setNotice(refused);
            setCardFailed(true);
            return;
          }
        }
        await settle(await confirmCardPayment(result.paymentIntentId, () => alive.current), 'card');
      } finally {
        if (alive.current) setBusy(false);
      }
    },
    [provider, cardholder, settle, listingId, setBusy, setNotice, setCardFailed, alive],
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

  return { cardArmed, armCard: () => setCardArmed(true), stripeCard, confirmCard };
}
