import { useState } from 'react';
import { HTTPError } from 'ky';
import { api } from '@/data/api';
import { BOOST_TEXTS } from '@/domain/payments/boosts';
import { BOOSTED_BADGE_TEXTS } from '@/domain/payments/boostOrder';
import type { OwnVehicle } from '@/domain/listing/vehicle';
import { syncNow } from '@/app/shared/sync/syncStore';
import { toast } from '@/app/shared/toasts/toasts';
import { problemDetail } from '@/app/shared/problemDetail';
import type { HistoryListing } from '@/app/shared/seller/useMyListings';
import { t } from '@/app/shared/i18n/language';

/**
 * 'Boost to top' on one of the seller's listings (issue 38): the server spends one of its plan's
 * boosts; the row is updated with the answer (boosted until, boosts left), the device's copy synced
 * so the listing tops newest-first here too. The server's refusal (409) is shown as it says it.
 */
export function useBoost(v: HistoryListing, onChanged: (v: HistoryListing) => void) {
  const [boosting, setBoosting] = useState(false);
  const boost = async () => {
    setBoosting(true);
    try {
      const answer = await api.post(`vehicles/${v.id}/boost`, { headers: { 'Idempotency-Key': crypto.randomUUID() } }).json<{ vehicle: OwnVehicle; boosts_left: number }>();
      onChanged({ ...v, ...answer.vehicle, boosts_left: answer.boosts_left });
      toast('success', t(BOOSTED_BADGE_TEXTS.boosted));
      void syncNow();
    } catch (err) {
      if (!(err instanceof HTTPError)) console.warn('listing not boosted', err);
      toast('error', await problemDetail(err, t(BOOST_TEXTS.boostError)));
    }
    setBoosting(false);
  };
  return { boosting, boost };
}
