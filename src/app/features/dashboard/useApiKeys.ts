import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '@/data/api';
import { STOCK_API_TEXTS as T } from '@/domain/account/stockApi';
import type { ApiKey, ApiKeyScope, CreatedApiKey } from '@/domain/account/stockApi';
import { syncStore } from '@/app/shared/sync/syncStore';
import { toast } from '@/app/shared/toasts/toasts';
import { problemDetail } from '@/app/shared/problemDetail';
import { t } from '@/app/shared/i18n/language';

/** The key as its list shows it: the key itself stays only in `created`, shown once. */
const listed = ({ id, name, scope, prefix, created_at, last_used_at }: CreatedApiKey): ApiKey => ({ id, name, scope, prefix, created_at, last_used_at });

/**
 * A dealer's API keys (issue 38): listed with GET /api/dealer/keys when online, made with POST (the
 * answer is the only time the key itself is seen: `created` holds it until `dismiss`), revoked with DELETE.
 */
export function useApiKeys() {
  const { online } = useSnapshot(syncStore);
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    setLoading(true);
    api
      .get('dealer/keys', { signal: controller.signal })
      .json<ApiKey[]>()
      .then(setKeys)
      .catch(async (err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('API keys not loaded', err);
        toast('error', await problemDetail(err, t(T.failed)));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [online]);

  /** True when the key was made (the form then clears). */
  const create = async (name: string, scope: ApiKeyScope): Promise<boolean> => {
    setBusy(true);
    try {
      const key = await api.post('dealer/keys', { json: { name, scope } }).json<CreatedApiKey>();
      setCreated(key);
      setKeys((ks) => [listed(key), ...(ks ?? [])]);
      return true;
    } catch (err) {
      console.warn('API key not made', err);
      toast('error', await problemDetail(err, t(T.failed)));
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** True when the key was revoked. */
  const revoke = async (id: string): Promise<boolean> => {
    setBusy(true);
    try {
      await api.delete(`dealer/keys/${id}`);
      setKeys((ks) => ks?.filter((k) => k.id !== id) ?? null);
      if (created?.id === id) setCreated(null);
      toast('success', t(T.revoked));
      return true;
    } catch (err) {
      console.warn('API key not revoked', err);
      toast('error', await problemDetail(err, t(T.failed)));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { keys, loading, busy, created, create, revoke, dismiss: () => setCreated(null) };
}
