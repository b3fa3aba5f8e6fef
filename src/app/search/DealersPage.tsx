import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { PLACEHOLDER_IMAGE } from '../../domain/constants';
import { Page } from '../shell/Page';
import { searchWorker } from '../sync/searchClient';
import { syncStore } from '../sync/syncStore';

type Dealer = Awaited<ReturnType<typeof searchWorker.dealers>>[number];

export default function DealersPage() {
  const { version } = useSnapshot(syncStore);
  const [dealers, setDealers] = useState<Dealer[] | null>(null);
  useEffect(() => {
    void searchWorker.dealers().then(setDealers);
  }, [version]);
  return (
    <Page title="Dealers" subtitle="Professional dealers across Zimbabwe, with business credentials checked before they list." size="lg">
      {dealers === null ? (
        <Text c="dimmed">Loading dealers...</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {dealers.map((d) => (
            <Card key={d.id} padding="lg">
              <Card.Section>
                <Image src={d.image ?? PLACEHOLDER_IMAGE} alt="" h={140} fit="cover" fallbackSrc={PLACEHOLDER_IMAGE} />
              </Card.Section>
              <Stack gap={4} mt="md">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700} lineClamp={1}>
                    {d.name}
                  </Text>
                  <Badge>DEALER</Badge>
                </Group>
                <Text fz="sm" c="dimmed">
                  {d.location ?? 'Location Available'}
                </Text>
                <Text fz="sm">{d.count} vehicles in stock</Text>
                <Button component={Link} to={`/dealer/${d.id}/inventory`} variant="light" mt="xs">
                  View inventory
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Page>
  );
}
