import { useState } from 'react';
import { HTTPError } from 'ky';
import { api } from '@/data/api';
import { DASHBOARD_TEXTS as T } from '@/domain/listing/dashboard';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import type { Vehicle } from '@/domain/listing/vehicle';
import { syncNow } from '@/app/shared/sync/syncStore';
import { toast } from '@/app/shared/toasts/toasts';
import type { HistoryListing, MyListings } from '@/app/shared/seller/useMyListings';
import { t } from '@/app/shared/i18n/language';

/**
 * Mark as sold and Delete on the seller's listings: the listing the seller is asked to confirm, the
 * server call, the list updated with its answer, a toast, and the device's copy synced.
 */
export function useListingActions(state: MyListings) {
  const [selling, setSelling] = useState<Vehicle | null>(null);
  const [markingSold, setMarkingSold] = useState(false);
  const [confirming, setConfirming] = useState<Vehicle | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirmDelete = async () => {
    const v = confirming;
    if (!v) return;
    setDeleting(true);
    try {
      await api.delete(`cars/${v.id}`, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
    } catch (err) {
      // Gone already (deleted from another device): what the seller asked for is done.
      if (!(err instanceof HTTPError && err.response.status === 404)) {
        if (!(err instanceof HTTPError)) console.warn('listing not deleted', err);
        toast('error', t(LISTING_MESSAGES.deleteError));
        setDeleting(false);
        setConfirming(null);
        return;
      }
    }
    state.remove(v.id);
    setDeleting(false);
    setConfirming(null);
    toast('success', t(T.deleted));
    void syncNow();
  };

  const confirmSold = async () => {
    const v = selling;
    if (!v) return;
    setMarkingSold(true);
    try {
      const sold = await api.post(`vehicles/${v.id}/sold`, { headers: { 'Idempotency-Key': crypto.randomUUID() } }).json<HistoryListing>();
      state.replace(sold);
      toast('success', t(T.markedSold));
      // The device's copy of the listing leaves every search.
      void syncNow();
    } catch (err) {
      if (!(err instanceof HTTPError)) console.warn('listing not marked sold', err);
      toast('error', t(T.markSoldError));
    }
    setMarkingSold(false);
    setSelling(null);
  };

  return { selling, setSelling, markingSold, confirming, setConfirming, deleting, confirmDelete, confirmSold };
}
