import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HTTPError } from 'ky';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { api } from '@/data/api';
import { DASHBOARD_TEXTS as T } from '@/domain/listing/dashboard';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { isSold, type Vehicle } from '@/domain/listing/vehicle';
import { syncNow, syncStore } from '@/app/shared/sync/syncStore';
import { ListingConfirmModal } from '@/app/shared/confirm/ListingConfirmModal';

/**
 * The owner's controls on their listing's page: delete (spec 2.7: it asks 'Are you sure you want to
 * delete this car listing?', deletes, and returns to /cars) and Mark as sold (issue 20: it asks, marks
 * it, and the page then shows it Sold). Loaded only when the signed-in user is the listing's seller.
 */
export default function OwnerDelete({ vehicle, onSold }: { vehicle: Vehicle; onSold(v: Vehicle): void }) {
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

  return (
    <Card>
      <Title order={3} fz="h4" mb="xs">
        Your listing
      </Title>
      <Group gap="xs">
        {canSell ? (
          <Button color="dark" variant="light" onClick={() => setSelling(true)} disabled={!online} title={online ? undefined : T.needsConnection}>
            {T.markSold}
          </Button>
        ) : null}
        <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={!online} title={online ? undefined : T.needsConnection}>
          {T.deleteTitle}
        </Button>
      </Group>
      {soldFailed ? (
        <Text c="red.8" fz="sm" mt="xs" role="alert">
          {T.markSoldError}
        </Text>
      ) : null}
      {failed ? (
        <Text c="red.8" fz="sm" mt="xs" role="alert">
          {LISTING_MESSAGES.deleteError}
        </Text>
      ) : null}
      <ListingConfirmModal action="sold" vehicle={selling ? vehicle : null} busy={markingSold} onCancel={() => setSelling(false)} onConfirm={() => void confirmSold()} />
      <ListingConfirmModal action="delete" vehicle={confirming ? vehicle : null} busy={deleting} onCancel={() => setConfirming(false)} onConfirm={() => void confirmDelete()} />
    </Card>
  );
}
