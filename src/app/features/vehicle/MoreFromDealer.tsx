import { Link } from 'react-router-dom';
import { Badge, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { withDistance, type Vehicle } from '@/domain/listing/vehicle';
import { sellerBadge, vehiclesInStockText } from '@/domain/listing/display';
import { locationStore } from '@/app/shared/location/locationStore';
import { useTransitionSnapshot } from '@/app/shared/useTransitionSnapshot';
import { VehicleCard } from '@/app/shared/vehicleCard/VehicleCard';
import { SellerContactLines } from './ContactSeller';
import { useDealerOthers } from './useDealerOthers';
import { t } from '@/app/shared/i18n/language';

/**
 * More from {dealer}: the dealer's other listings on the device. Its own component with its own
 * state, so filling it in re-renders only this section.
 */
export function MoreFromDealer({ vehicle: v }: { vehicle: Vehicle }) {
  const position = useTransitionSnapshot(locationStore, (s) => ({ position: s.position })).position;
  const others = useDealerOthers(v);

  return (
    <Box mt={48}>
      <Group justify="space-between" mb="md">
        <Stack gap={2}>
          <Title order={2}>{t(/*i18n*/ 'More from {dealer}', { dealer: v.seller_name ?? '' })}</Title>
          <Text c="dimmed">
            <Badge mr={6}>{t(sellerBadge('dealer'))}</Badge>
            {v.seller_location ?? v.location} · {vehiclesInStockText(others.total, t)}
          </Text>
          <SellerContactLines vehicle={v} />
        </Stack>
        <Button component={Link} to={`/dealer/${v.seller_id}/inventory`} variant="light">
          {t(/*i18n*/ 'View inventory')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {others.items.map((o) => (
          <VehicleCard key={o.id} vehicle={withDistance(o, position)} />
        ))}
      </SimpleGrid>
    </Box>
  );
}
