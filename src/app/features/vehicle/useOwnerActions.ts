import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HTTPError } from 'ky';
import { useSnapshot } from 'valtio';
import { api } from '@/data/api';
import { isSold, type Vehicle } from '@/domain/listing/vehicle';
import { syncNow, syncStore } from '@/app/shared/sync/syncStore';

/**
 * The owner's delete and Mark as sold on their listing's page: each asked first, then sent; a listing
 * marked sold goes to `onSold`, a deleted one leaves for /cars. Both need a connection.
 */
export function useOwnerActions(vehicle: Vehicle, onSold: (v: Vehicle) => void) {
  const navigate = useNavigate();
  const { online } = useSnapshot(syncStore);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failed, setFailed] = useState(false);
  const [selling, setSelling] = useState(false);
  const [markingSold, setMarkingSold] = useState(false);
  const [soldFailed, setSoldFailed] = useState(false);
  const canSell = vehicle.is_published && !isSold(vehicle);

  const confirmSold = async () => {
    setMarkingSold(true);
    setSoldFailed(false);
    try {
      const sold = await api.post(`vehicles/${vehicle.id}/sold`, { headers: { 'Idempotency-Key': crypto.randomUUID() } }).json<Vehicle>();
      onSold(sold);
      // The device's copy of the listing leaves every search.
      void syncNow();
    } catch (err) {
      if (!(err instanceof HTTPError)) console.warn('listing not marked sold', err);
      setSoldFailed(true);
    }
    setMarkingSold(false);
    setSelling(false);
  };

  const confirmDelete = async () => {
    setDeleting(true);
    setFailed(false);
    try {
      await api.delete(`cars/${vehicle.id}`, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
    } catch (err) {
      // Gone already (deleted from another device): what the seller asked for is done.
      if (!(err instanceof HTTPError && err.response.status === 404)) {
        if (!(err instanceof HTTPError)) console.warn('listing not deleted', err);
        setDeleting(false);
        setConfirming(false);
        setFailed(true);
        return;
      }
    }
    // The device's copy leaves every search (also when it was already gone: a 404); a sync that was
    // running when the delete answered is followed by another one.
    void syncNow();
    // Replace, so Back does not lead to the listing just deleted.
    navigate('/cars', { replace: true });
  };

  return { online, canSell, confirming, setConfirming, deleting, failed, selling, setSelling, markingSold, soldFailed, confirmSold, confirmDelete };
}
