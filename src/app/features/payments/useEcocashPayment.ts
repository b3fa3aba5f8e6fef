import { useEffect } from 'react';
import type { AppConfig } from '@/data/config';
import type { PaymentItem } from '@/data/outbox/items';
import { SANDBOX_DELAY_MS } from '@/domain/payments/fees';
import { PAYMENT_POLL_MS } from '@/domain/payments/payments';
import { confirmPayment, sleep } from './paymentCalls';
import type { PaymentStatus } from './usePaymentStatus';

/**
 * The mobile-money (EcoCash) path once its request is made: `ecocashTx` is the transaction to confirm
 * (null while there is none). Real mobile money (Paynow) is asked about until it has an answer while
 * the seller approves on the phone; the sandbox waits for the PIN the seller picks (choosePin).
 */
export function useEcocashPayment(item: PaymentItem | null, status: PaymentStatus, config: AppConfig | null) {
  const { stage, setStage, setNotice, alive, settle } = status;
  const mobileSandbox = config?.payments.mobile_money.mode === 'sandbox' ? config.payments.sandbox_pins : null;
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
  }, [ecocashTx, mobileSandbox, config, stage.kind, settle, alive, setNotice]);

  async function choosePin(pin: string) {
    if (!ecocashTx) return;
    setNotice(null);
    setStage({ kind: 'processing' });
    // The sandbox stands in for the seller typing the PIN on the phone (spec: about 2 s).
    await sleep(SANDBOX_DELAY_MS);
    await settle(await confirmPayment('ecocash', ecocashTx, pin), 'ecocash');
  }

  return { ecocashTx, mobileSandbox, choosePin };
}
