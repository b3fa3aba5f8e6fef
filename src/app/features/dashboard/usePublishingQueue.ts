import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { discardQueued, retryQueued } from '@/data/publishingQueue';
import { DASHBOARD_TEXTS as T } from '@/domain/listing/dashboard';
import { kickOutbox, outboxRunner } from '@/app/shared/outbox/outboxRunner';
import { syncStore } from '@/app/shared/sync/syncStore';
import { toast } from '@/app/shared/toasts/toasts';
import type { ListingPublishState } from './queueLines';
import { t } from '@/app/shared/i18n/language';

/**
 * The publishing queue's actions: Retry a failed line, Discard one (after the seller confirms, with a
 * toast) or Dismiss a done one (quietly: nothing is lost); and whether the queue waits for the connection.
 */
export function usePublishingQueue() {
  const { online } = useSnapshot(syncStore);
  const { last } = useSnapshot(outboxRunner);
  /** The line the seller is asked to confirm discarding. */
  const [discarding, setDiscarding] = useState<{ listingId: string; title: string } | null>(null);
  /** The line being retried. */
  const [busy, setBusy] = useState<string | null>(null);

  const again = async (chain: ListingPublishState) => {
    if (!chain.current) return;
    setBusy(chain.listingId);
    try {
      await retryQueued(chain.current.id);
      void kickOutbox();
    } catch (err) {
      console.warn('outbox item not retried', err);
      toast('error', t(T.queueError));
    } finally {
      setBusy(null);
    }
  };

  /** Discard (confirmed, with a toast) or Dismiss a done line (quietly: nothing is lost). */
  const drop = async (listingId: string, quiet = false) => {
    setDiscarding(null);
    try {
      await discardQueued(listingId);
      if (!quiet) toast('success', t(T.discarded));
    } catch (err) {
      console.warn('outbox chain not discarded', err);
      toast('error', t(T.queueError));
    }
  };

  return { offline: !online || last?.outcome === 'offline', discarding, setDiscarding, busy, again, drop };
}
