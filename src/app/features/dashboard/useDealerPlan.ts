import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '@/data/api';
import { DEALER_PLAN_TEXTS as T, type PlanMethod } from '@/domain/payments/dealerPlan';
import type { DealerPlan, PlanInvoice } from '@/domain/payments/dealerPlanWire';
import { PAYMENT_POLL_MS } from '@/domain/payments/payments';
import { useConfig } from '@/app/shared/config/useConfig';
import { useSession } from '@/app/shared/session/session';
import type { StripeCardHandle } from '@/app/shared/payments/StripeCardField';
import { syncStore } from '@/app/shared/sync/syncStore';
import { toast } from '@/app/shared/toasts/toasts';
import { problemDetail } from '@/app/shared/problemDetail';
import { once, sleep, usePlanEcocash } from './usePlanEcocash';
import { t } from '@/app/shared/i18n/language';

/**
 * The dealer's monthly plan (issue 38): where it stands and its invoices (GET /api/dealer/plan and
 * /invoices, when online); subscribing by card (the sandbox pays at once; Stripe's first invoice is
 * confirmed in the card field, then with the server), paying a month with EcoCash (the sandbox's PIN
 * choice, or asking the server until the phone answers), stopping the renewals, publishing the drafts
 * that wait for a fee, and saving an invoice's PDF (fetched with the session's token).
 */
export function useDealerPlan() {
  const { online } = useSnapshot(syncStore);
  const config = useConfig();
  const { name } = useSession();
  const [plan, setPlan] = useState<DealerPlan | null>(null);
  const [invoices, setInvoices] = useState<PlanInvoice[]>([]);
  const [method, setMethod] = useState<PlanMethod>('card');
  const [busy, setBusy] = useState(false);
  const stripeCard = useRef<StripeCardHandle | null>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const load = useCallback(async (signal?: AbortSignal) => {
    const [p, list] = await Promise.all([api.get('dealer/plan', { signal }).json<DealerPlan>(), api.get('dealer/plan/invoices', { signal }).json<PlanInvoice[]>()]);
    setPlan(p);
    setInvoices(list);
  }, []);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    load(controller.signal).catch(async (err: unknown) => {
      if (controller.signal.aborted) return;
      console.warn('plan not loaded', err);
      toast('error', await problemDetail(err, t(T.failed)));
    });
    return () => controller.abort();
  }, [online, load]);

  /** Runs a plan call: busy meanwhile, its refusal as a toast, the plan read again after it. */
  const run = async (what: string, fn: () => Promise<void>): Promise<void> => {
    setBusy(true);
    try {
      await fn();
      await load();
    } catch (err) {
      console.warn(`plan: ${what} failed`, err);
      toast('error', await problemDetail(err, t(T.failed)));
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  const subscribeCard = () =>
    run('subscribe', async () => {
      const started = await api.post('dealer/plan/card', { headers: once() }).json<{ client_secret: string | null }>();
      if (started.client_secret) {
        const refused = stripeCard.current ? await stripeCard.current.confirm(started.client_secret, name) : t(T.failed);
        if (refused) throw new Error(refused);
        for (let i = 0; i < 12 && alive.current; i++) {
          const res = await api.post('dealer/plan/card/confirm', { headers: once(), json: {} });
          if (res.status === 200) break;
          await sleep(PAYMENT_POLL_MS);
        }
      }
      toast('success', t(T.paid));
    });

  const cancel = () =>
    run('cancel', async () => {
      await api.post('dealer/plan/cancel', { headers: once() });
      toast('success', t(T.cancelled));
    });

  const publishDrafts = () =>
    run('publish drafts', async () => {
      const { published } = await api.post('dealer/plan/publish-drafts', { headers: once() }).json<{ published: number }>();
      toast('success', T.published(published, t));
    });

  const downloadInvoice = async (invoice: PlanInvoice) => {
    try {
      const blob = await api.get(`dealer/plan/invoices/${invoice.id}/pdf`).blob();
      const url = URL.createObjectURL(blob);
      const link = Object.assign(document.createElement('a'), { href: url, download: `${invoice.number}.pdf` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      console.warn('invoice not downloaded', err);
      toast('error', await problemDetail(err, t(T.failed)));
    }
  };

  const ecocash = usePlanEcocash(run, load);
  const card = config?.payments.card ?? null;
  return {
    plan,
    invoices,
    method,
    chooseMethod: setMethod,
    busy,
    online,
    card,
    stripeCard,
    ...ecocash,
    subscribeCard,
    cancel,
    publishDrafts,
    downloadInvoice,
  };
}

export type DealerPlanState = ReturnType<typeof useDealerPlan>;
