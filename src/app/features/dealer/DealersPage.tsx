import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, Center, Group, Image, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { Page } from '@/app/shared/shell/Page';
import { listingsWorker } from '@/app/shared/sync/searchClient';
import { syncStore } from '@/app/shared/sync/syncStore';
import { useTransitionSnapshot } from '@/app/shared/useTransitionSnapshot';
import { TRUST_BADGE_HINTS, TRUST_BADGES } from '@/domain/listing/trust';
import { t } from '@/app/shared/i18n/language';
import { countText, VEHICLES_IN_STOCK } from './countText';

type Dealer = Awaited<ReturnType<typeof listingsWorker.dealers>>[number];

const DEALER_IMAGE_HEIGHT = 140;
const GRID_COLS = { base: 1, sm: 2, md: 3 };

function DealerCard({ dealer: d }: { dealer: Dealer }) {
  return (
    <Card padding="lg">
      <Card.Section>
        <Image src={d.image ?? PLACEHOLDER_IMAGE} alt="" h={DEALER_IMAGE_HEIGHT} fit="cover" fallbackSrc={PLACEHOLDER_IMAGE} />
      </Card.Section>
      <Stack gap={4} mt="md">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} lineClamp={1}>
            {d.name}
          </Text>
          <Badge>{t(/*i18n*/ 'DEALER')}</Badge>
        </Group>
        {d.verified ? (
          <Badge color="teal" variant="light" w="fit-content" title={t(TRUST_BADGE_HINTS.verified_dealer)}>
            {t(TRUST_BADGES.verified_dealer)}
          </Badge>
        ) : null}
        <Text fz="sm" c="dimmed">
          {d.location ?? t(/*i18n*/ 'Location Available')}
        </Text>
        <Text fz="sm">{countText(d.count, VEHICLES_IN_STOCK)}</Text>
        <Button component={Link} to={`/dealer/${d.id}/inventory`} variant="light" mt="xs">
          {t(/*i18n*/ 'View inventory')}
        </Button>
      </Stack>
    </Card>
  );
}

/** The outer size of a `DealerCard`: each line wraps a blank element of the card's own typography. */
function DealerCardSkeleton() {
  return (
    <Card padding="lg" aria-hidden data-testid="dealer-card-skeleton">
      <Card.Section>
        <Skeleton radius={0} h={DEALER_IMAGE_HEIGHT} />
      </Card.Section>
      <Stack gap={4} mt="md">
        <Group justify="space-between" wrap="nowrap">
          <Skeleton w="60%" radius="sm">
            <Text fw={700}>&nbsp;</Text>
          </Skeleton>
          <Skeleton w={64} radius="xl">
            <Badge>&nbsp;</Badge>
          </Skeleton>
        </Group>
        <Skeleton w="70%" radius="sm">
          <Text fz="sm">&nbsp;</Text>
        </Skeleton>
        <Skeleton w="45%" radius="sm">
          <Text fz="sm">&nbsp;</Text>
        </Skeleton>
        <Skeleton mt="xs" radius="md">
          <Button variant="light" fullWidth tabIndex={-1}>
            &nbsp;
          </Button>
        </Skeleton>
      </Stack>
    </Card>
  );
}

export default function DealersPage() {
  const { version, ready } = useTransitionSnapshot(syncStore, (s) => ({ version: s.version, ready: s.ready }));
  const [dealers, setDealers] = useState<Dealer[] | null>(null);
  useEffect(() => {
    if (!ready) return;
    let live = true;
    listingsWorker
      .dealers()
      .then((d) => live && setDealers(d))
      .catch((err: unknown) => {
        console.warn('dealers failed', err);
        if (live) setDealers([]);
      });
    return () => {
      live = false;
    };
  }, [version, ready]);
  return (
    <Page title={t(/*i18n*/ 'Dealers')} subtitle={t(/*i18n*/ 'Professional dealers across Zimbabwe, with business credentials checked before they list.')} size="lg">
      {dealers === null ? (
        <>
          <VisuallyHidden aria-live="polite">{t(/*i18n*/ 'Loading dealers...')}</VisuallyHidden>
          <SimpleGrid cols={GRID_COLS} spacing="lg" aria-hidden>
            {Array.from({ length: 6 }, (_, i) => (
              <DealerCardSkeleton key={i} />
            ))}
          </SimpleGrid>
        </>
      ) : dealers.length === 0 ? (
        <Center py={48}>
          <Stack align="center" gap={4}>
            <Title order={2}>{t(/*i18n*/ 'No dealers yet')}</Title>
            <Text c="dimmed">{t(/*i18n*/ 'Dealer listings appear here as soon as they are published.')}</Text>
          </Stack>
        </Center>
      ) : (
        <SimpleGrid cols={GRID_COLS} spacing="lg">
          {dealers.map((d) => (
            <DealerCard key={d.id} dealer={d} />
          ))}
        </SimpleGrid>
      )}
    </Page>
  );
}
