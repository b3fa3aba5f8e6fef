import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Button, Center, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DEALER_CARD_FALLBACKS } from '@/domain/listing/display';
import { Page } from '@/app/shared/shell/Page';
import { locationStore } from '@/app/shared/location/locationStore';
import { buildRequest } from '@/app/shared/search/query';
import { useSearch } from '@/app/shared/search/useSearch';
import { NotKeptNotice } from '@/app/shared/search/NotKeptNotice';
import { VehicleCard } from '@/app/shared/vehicleCard/VehicleCard';
import { VehicleGridSkeleton } from '@/app/shared/vehicleCard/VehicleCardSkeleton';
import { useTransitionSnapshot } from '@/app/shared/useTransitionSnapshot';
import { t } from '@/app/shared/i18n/language';

/** Two columns (spec section 9). */
const FEATURED_COLS = { base: 1, sm: 2 };

export default function FeaturedPage() {
  const { position } = useTransitionSnapshot(locationStore, (s) => ({ position: s.position }));
  const req = useMemo(() => buildRequest({ featured: 'true' }, 'newest', position, 200), [position]);
  const { items, total, searching, notKept } = useSearch(req);
  return (
    <Page title={t(/*i18n*/ 'Featured collection')} subtitle={t(/*i18n*/ "Premium listings from Motokari's dealers and sellers, hand-picked for quality.")} size="lg">
      <Text fw={600} mb="md">
        {searching ? t(/*i18n*/ 'Loading featured vehicles...') : t(/*i18n*/ '{count} featured vehicles', { count: total })}
      </Text>
      {notKept ? (
        <NotKeptNotice />
      ) : searching && items.length === 0 ? (
        <VehicleGridSkeleton count={4} cols={FEATURED_COLS} spacing="lg" />
      ) : !searching && total === 0 ? (
        <Center py={48}>
          <Stack align="center" gap={4}>
            <Title order={2}>{t(/*i18n*/ 'No Featured Vehicles Yet')}</Title>
            <Text c="dimmed">{t(/*i18n*/ 'Check back soon for exclusive premium listings')}</Text>
          </Stack>
        </Center>
      ) : (
        <SimpleGrid cols={FEATURED_COLS} spacing="lg">
          {items.map((v, i) => (
            <VehicleCard key={v.id} vehicle={v} fallbacks={DEALER_CARD_FALLBACKS} priority={i === 0} />
          ))}
        </SimpleGrid>
      )}
      <Center mt="xl">
        <Button component={Link} to="/member-dashboard" color="gold" c="dark" size="md">
          {t(/*i18n*/ 'Become a Prime Member')}
        </Button>
      </Center>
    </Page>
  );
}
