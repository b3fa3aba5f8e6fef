import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ActionIcon, Box, Button, Card, Text, Title } from '@mantine/core';
import { ADMIN_TEXTS as T, vehicleDetails } from '@/domain/account/admin';
import type { Vehicle } from '@/domain/listing/vehicle';
import { DeleteConfirmPanel, TrashIcon, useVehicleDelete } from './vehicleDelete';
import { t } from '@/app/shared/i18n/language';

// The admin-only delete control of result cards (spec 2.6) and of the detail page (spec 2.7). Loaded
// only when an admin is signed in, so buyers' screens do not carry it.

/**
 * A result card with the delete button over its photo. The control sits beside the card's link, not
 * inside it, so pressing it never opens the listing; the confirm panel covers the card meanwhile.
 */
export function AdminCardControls({ vehicle, children }: { vehicle: Vehicle; children: ReactNode }) {
  const [gone, setGone] = useState(false);
  const del = useVehicleDelete(vehicle, () => setGone(true));
  // Removed at once; the mirror's sync then takes it out of the search results too.
  if (gone) return null;
  return (
    <Box pos="relative" style={{ display: 'grid' }}>
      {children}
      {del.phase === 'idle' ? (
        <ActionIcon
          aria-label={T.deleteListingNamed(vehicleDetails(vehicle), t)}
          title={t(T.deleteListing)}
          color="red"
          variant="filled"
          radius="xl"
          size="lg"
          pos="absolute"
          top={10}
          right={10}
          onClick={del.ask}
          style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
        >
          <TrashIcon />
        </ActionIcon>
      ) : (
        <Box
          pos="absolute"
          inset={0}
          p={8}
          onClick={(e) => {
            if (e.target === e.currentTarget) del.cancel();
          }}
          style={{ display: 'flex', alignItems: 'flex-end', background: 'rgba(255, 255, 255, 0.72)', borderRadius: 'var(--mantine-radius-lg)' }}
        >
          <Box w="100%">
            <DeleteConfirmPanel vehicle={vehicle} phase={del.phase} onCancel={del.cancel} onConfirm={del.confirm} />
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The detail page's admin panel; after the delete it returns to /cars (spec 2.7). */
export function AdminDetailDelete({ vehicle }: { vehicle: Vehicle }) {
  const navigate = useNavigate();
  // Replace, so Back does not lead to the listing just deleted.
  const del = useVehicleDelete(vehicle, () => navigate('/cars', { replace: true }));
  return (
    <Card style={{ borderColor: 'var(--mantine-color-red-2)' }}>
      <Title order={3} fz="h4" mb={4}>
        {t(T.adminCardTitle)}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {t(T.adminCardBody)}
      </Text>
      {del.phase === 'idle' ? (
        <Button color="red" variant="light" leftSection={<TrashIcon />} onClick={del.ask}>
          {t(T.deleteListing)}
        </Button>
      ) : (
        <DeleteConfirmPanel vehicle={vehicle} phase={del.phase} onCancel={del.cancel} onConfirm={del.confirm} />
      )}
    </Card>
  );
}
