import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Center, Select, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSnapshot } from 'valtio';
import type { VehicleType } from '../../domain/constants';
import { DEALER_CARD_FALLBACKS } from '../../domain/display';
import { Page } from '../shell/Page';
import { locationStore } from '../location/locationStore';
import { buildRequest } from './query';
import { useSearch } from './useSearch';
import { VehicleCard } from './VehicleCard';

export default function DealerInventoryPage() {
  const { dealerId = '' } = useParams();
  const [tab, setTab] = useState<VehicleType>('car');
  const [make, setMake] = useState<string | null>(null);
  const { position } = useSnapshot(locationStore);
  const all = useSearch(useMemo(() => buildRequest({ seller_id: dealerId }, 'newest', position, 1), [dealerId, position]));
  // On the dealer page only the cars tab applies filters (spec section 5).
  const req = useMemo(() => buildRequest({ seller_id: dealerId, vehicle_type: tab, make: tab === 'car' ? (make ?? undefined) : undefined }, 'newest', position, 200), [dealerId, tab, make, position]);
  const { items, total, searching } = useSearch(req);
  const makes = useMemo(() => [...new Set(items.map((v) => v.make))].sort(), [items]);
  const name = all.items[0]?.seller_name ?? 'Dealer';
  return (
    <Page title={searching && all.searching ? 'Dealer inventory' : name} subtitle={all.items[0]?.seller_location ?? undefined} size="xl">
      <Tabs value={tab} onChange={(v) => v && setTab(v as VehicleType)} mb="md">
        <Tabs.List>
          <Tabs.Tab value="car">Cars</Tabs.Tab>
          <Tabs.Tab value="construction">Construction</Tabs.Tab>
          <Tabs.Tab value="farming">Farming</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'car' ? <Select label="Make" placeholder="All makes" data={makes} value={make} onChange={setMake} clearable maw={280} mb="md" /> : null}
      <Title order={2} fz="h3" mb="md">
        {searching ? 'Loading dealer vehicles...' : `${total} vehicles`}
      </Title>
      {!searching && total === 0 ? (
        <Center py={48}>
          <Stack align="center" gap={4}>
            <Title order={3}>No vehicles found</Title>
            <Text c="dimmed">Try adjusting your search filters</Text>
          </Stack>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
          {items.map((v) => (
            <VehicleCard key={v.id} vehicle={v} fallbacks={DEALER_CARD_FALLBACKS} />
          ))}
        </SimpleGrid>
      )}
    </Page>
  );
}
