import { useCallback, useEffect, useState } from 'react';
import { api } from '@/data/api';
import { DEALER_PLAN_TEXTS as T } from '@/domain/payments/dealerPlan';
import type { DealerPlan } from '@/domain/payments/dealerPlanWire';
import { SANDBOX_DELAY_MS } from '@/domain/payments/fees';
import { msisdnFormIssue, PAYMENT_POLL_MS } from '@/domain/payments/payments';
import { useConfig } from '@/app/shared/config/useConfig';
import { toast } from '@/app/shared/toasts/toasts';
import { t } from '@/app/shared/i18n/language';

type Confirmed = { success: true; message: string; plan: DealerPlan };
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Every write carries its own key: the server answers a replay of it (a retried request) from the first. */
export const once = () => ({ 'Idempotency-Key': crypto.randomUUID() });

/**
 * A month of the dealer's plan paid with EcoCash: the phone number, the prompt sent to it, then the
 * sandbox's PIN choice or, with real mobile money, the server asked until the phone has answered.
 * `run` is the plan hook's way of making a call; `load` reads the plan and its invoices again.
 */
export function usePlanEcocash(run: (what: string, fn: () => Promise<void>) => Promise<void>, load: () => Promise<void>) {
  const config = useConfig();
  const [msisdn, setMsisdnTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [ecocashTx, setEcocashTx] = useState<string | null>(null);

  const setMsisdn = (value: string) => {
    setMsisdnTyped(value);
    setFieldError(null);
  };

  const payEcocash = () => {
    const issue = msisdnFormIssue(msisdn.trim());
    if (issue) {
      setFieldError(issue);
      return Promise.resolve();
    }
    return run('ecocash', async () => {
      const opened = await api.post('dealer/plan/ecocash', { headers: once(), json: { customer_msisdn: msisdn.trim() } }).json<{ transaction_id: string }>();
      setEcocashTx(opened.transaction_id);
    });
  };

  /** One confirm of the EcoCash month: true once settled (paid, or refused with its reason shown). */
  const confirmEcocash = useCallback(
    async (tx: string, pin?: string): Promise<boolean> => {
      const res = await api.post(`dealer/plan/ecocash/confirm/${encodeURIComponent(tx)}`, { headers: once(), json: pin === undefined ? {} : { pin }, throwHttpErrors: false });
      if (res.status === 202) return false;
      setEcocashTx(null);
      if (res.ok) {
        const body = (await res.json()) as Confirmed;
        toast('success', body.message);
        await load();
      } else {
        const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
        toast('error', typeof body?.detail === 'string' ? body.detail : t(T.failed));
      }
      return true;
    },
    [load],
  );

  const sandboxPins = config?.payments.mobile_money.mode === 'sandbox' ? config.payments.sandbox_pins : null;

  // Real mobile money: the dealer approves on the phone; the server is asked until it has an answer.
  useEffect(() => {
    if (!ecocashTx || sandboxPins || !config) return;
    let stopped = false;
    void (async () => {
      while (!stopped) {
        await sleep(PAYMENT_POLL_MS);
        if (stopped || (await confirmEcocash(ecocashTx).catch(() => false))) return;
      }
    })();
    return () => {
      stopped = true;
    };
  }, [ecocashTx, sandboxPins, config, confirmEcocash]);

  /** The sandbox stands in for the dealer typing the PIN on the phone (about 2 s). */
  const choosePin = (pin: string) =>
    run('pin', async () => {
      if (!ecocashTx) return;
      await sleep(SANDBOX_DELAY_MS);
      await confirmEcocash(ecocashTx, pin);
    });

  return { msisdn, setMsisdn, fieldError, ecocashTx, sandboxPins, payEcocash, choosePin };
}
