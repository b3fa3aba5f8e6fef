import { Button, Card, Group, Text, Title } from '@mantine/core';
import { DASHBOARD_TEXTS as T } from '@/domain/listing/dashboard';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import type { Vehicle } from '@/domain/listing/vehicle';
import { ListingConfirmModal } from '@/app/shared/confirm/ListingConfirmModal';
import { useOwnerActions } from './useOwnerActions';
import { t } from '@/app/shared/i18n/language';

/**
 * The owner's controls on their listing's page: delete (spec 2.7: it asks 'Are you sure you want to
 * delete this car listing?', deletes, and returns to /cars) and Mark as sold (issue 20: it asks, marks
 * it, and the page then shows it Sold). Loaded only when the signed-in user is the listing's seller.
 */
export default function OwnerDelete({ vehicle, onSold }: { vehicle: Vehicle; onSold(v: Vehicle): void }) {
  const { online, canSell, confirming, setConfirming, deleting, failed, selling, setSelling, markingSold, soldFailed, confirmSold, confirmDelete } = useOwnerActions(vehicle, onSold);

  return (
    <Card>
      <Title order={3} fz="h4" mb="xs">
        {t(/*i18n*/ 'Your listing')}
      </Title>
      <Group gap="xs">
        {canSell ? (
          <Button color="dark" variant="light" onClick={() => setSelling(true)} disabled={!online} title={online ? undefined : t(T.needsConnection)}>
            {t(T.markSold)}
          </Button>
        ) : null}
        <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={!online} title={online ? undefined : t(T.needsConnection)}>
          {t(T.deleteTitle)}
        </Button>
      </Group>
      {soldFailed ? (
        <Text c="red.8" fz="sm" mt="xs" role="alert">
          {t(T.markSoldError)}
        </Text>
      ) : null}
      {failed ? (
        <Text c="red.8" fz="sm" mt="xs" role="alert">
          {t(LISTING_MESSAGES.deleteError)}
        </Text>
      ) : null}
      <ListingConfirmModal action="sold" vehicle={selling ? vehicle : null} busy={markingSold} onCancel={() => setSelling(false)} onConfirm={() => void confirmSold()} />
      <ListingConfirmModal action="delete" vehicle={confirming ? vehicle : null} busy={deleting} onCancel={() => setConfirming(false)} onConfirm={() => void confirmDelete()} />
    </Card>
  );
}
