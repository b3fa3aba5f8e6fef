import { useEffect, useState } from 'react';
import { HTTPError } from 'ky';
import { useSnapshot } from 'valtio';
import { api } from '@/data/api';
import { STOCK_API_TEXTS as T } from '@/domain/account/stockApi';
import type { Webhook } from '@/domain/account/stockApi';
import { syncStore } from '@/app/shared/sync/syncStore';
import { toast } from '@/app/shared/toasts/toasts';
import { problemDetail } from '@/app/shared/problemDetail';
import { t } from '@/app/shared/i18n/language';

/**
 * A dealer's webhook (issue 38): its address read with GET /api/dealer/webhook when online, saved with
 * PUT (the answer carries the signing secret, kept in `secret` to be shown once) and removed with DELETE.
 * The address as typed is `url`; a refused address (422) explains itself in `error`, under the field.
 */
export function useWebhook() {
  const { online } = useSnapshot(syncStore);
  const [saved, setSaved] = useState<Webhook | null>(null);
  const [url, setUrlTyped] = useState('');
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    setLoading(true);
    api
      .get('dealer/webhook', { signal: controller.signal })
      .json<Webhook>()
      .then((answer) => {
        setSaved(answer);
        setUrlTyped((typed) => typed || (answer.url ?? ''));
      })
      .catch(async (err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('webhook not loaded', err);
        toast('error', await problemDetail(err, t(T.failed)));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [online]);

  const setUrl = (value: string) => {
    setUrlTyped(value);
    setError(null);
  };

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.put('dealer/webhook', { json: { url: url.trim() } }).json<Webhook>();
      setSaved({ url: answer.url, events: answer.events });
      setUrlTyped(answer.url ?? '');
      setSecret(answer.secret ?? null);
      toast('success', t(T.webhookSaved));
    } catch (err) {
      console.warn('webhook not saved', err);
      const said = await problemDetail(err, t(T.failed));
      if (err instanceof HTTPError && err.response.status === 422) setError(said);
      else toast('error', said);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.delete('dealer/webhook');
      setSaved((w) => ({ url: null, events: w?.events ?? [] }));
      setUrlTyped('');
      setSecret(null);
      toast('success', t(T.webhookRemoved));
    } catch (err) {
      console.warn('webhook not removed', err);
      toast('error', await problemDetail(err, t(T.failed)));
    } finally {
      setBusy(false);
    }
  };

  return { savedUrl: saved?.url ?? null, url, setUrl, loading, busy, error, secret, save, remove, dismissSecret: () => setSecret(null) };
}

export type WebhookState = ReturnType<typeof useWebhook>;
