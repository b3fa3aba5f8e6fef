import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { clearPaidListing, dropPayment } from '@/data/listingPayment';
import type { PaymentItem } from '@/data/outbox/items';
import type { PaymentMethod } from '@/domain/payments/fees';
import { LISTING_MESSAGES, PAYMENT_MESSAGES } from '@/domain/core/messages';
import { PAYMENT_SUCCESS_DELAY_MS, PAYMENT_TEXTS } from '@/domain/payments/payments';
import type { ConfirmOutcome } from './paymentCalls';
import type { Stage } from './paymentView';

/**
 * What the payment screen shows besides the form's fields (the stage, a notice, a failed card, busy),
 * and the outcome of a confirm call settled into it: paid (then the panel's onPaid shortly after), declined,
 * pending or an error. `alive` says the screen is still mounted, for the loops that wait on the server.
 */
export function usePaymentStatus(listingId: string, item: PaymentItem | null, callbacks: RefObject<{ onPaid: () => void }>) {
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** A card payment failed: the seller may try again or leave it for later. */
  const [cardFailed, setCardFailed] = useState(false);
  const alive = useRef(true);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    alive.current = true;
    // One array for the flow's life: timers are pushed onto it, never a new one put in its place.
    const pending = timers.current;
    return () => {
      alive.current = false;
      pending.forEach(clearTimeout);
    };
  }, []);

  const finish = useCallback(
    (message: string) => {
      setStage({ kind: 'paid', message });
      // The listing is published: nothing of its chain is left to send.
      void clearPaidListing(listingId);
      timers.current.push(setTimeout(() => callbacks.current.onPaid(), PAYMENT_SUCCESS_DELAY_MS));
    },
    [listingId, callbacks],
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
          await dropPayment(listingId);
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

  return { stage, setStage, notice, setNotice, busy, setBusy, cardFailed, setCardFailed, alive, settle };
}

export type PaymentStatus = ReturnType<typeof usePaymentStatus>;
