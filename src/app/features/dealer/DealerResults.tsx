import { Box, Button, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { NAV_HEIGHT_PX } from '@/domain/core/constants';
import { DEALER_PAGE_TEXTS } from './dealerPage';
import { DEALER_CARD_FALLBACKS } from '@/domain/listing/display';
import { NotKeptNotice } from '@/app/shared/search/NotKeptNotice';
import { VehicleCard } from '@/app/shared/vehicleCard/VehicleCard';
import { VehicleGridSkeleton } from '@/app/shared/vehicleCard/VehicleCardSkeleton';
import { countText } from './countText';
import type { DealerInventory } from './useDealerInventory';
import { t } from '@/app/shared/i18n/language';

const GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 };

/** The results under the form: their heading, the cards, Show more. */
export function DealerResults({ inventory: { tabs, results: r } }: { inventory: DealerInventory }) {
  const meta = tabs.meta;
  return (
    <>
      {/* One height for the spinner and the heading, so the grid below does not move when results arrive. */}
      <Box ref={r.ref} mih={40} mb="md" style={{ scrollMarginTop: NAV_HEIGHT_PX + 16, display: 'flex', alignItems: 'center' }} aria-live="polite">
        {r.loading ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text fw={600}>{t(DEALER_PAGE_TEXTS.loading)}</Text>
          </Group>
        ) : (
          <Group justify="space-between" gap="xs" w="100%">
            <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
              {countText(r.total, r.filtered ? meta.matching : meta.inStock)}
            </Title>
            {r.filtered ? (
              <Button variant="subtle" size="compact-sm" onClick={r.clearFilters}>
                {t(/*i18n*/ 'Clear all filters')}
              </Button>
            ) : null}
          </Group>
        )}
      </Box>

      {r.notKept ? (
        <NotKeptNotice />
      ) : r.loading ? (
        <VehicleGridSkeleton count={8} cols={GRID_COLS} />
      ) : r.total === 0 ? (
        <Center py={48}>
          <Stack align="center" gap={4}>
            <Title order={3}>{t(DEALER_PAGE_TEXTS.emptyTitle)}</Title>
            <Text c="dimmed">{t(DEALER_PAGE_TEXTS.emptyText)}</Text>
          </Stack>
        </Center>
      ) : (
        <SimpleGrid cols={GRID_COLS} spacing="md">
          {r.items.map((v) => (
            <VehicleCard key={v.id} vehicle={v} fallbacks={DEALER_CARD_FALLBACKS} />
          ))}
        </SimpleGrid>
      )}
      {r.more ? (
        <Center mt="xl">
          <Button variant="light" onClick={r.showMore}>
            {t(/*i18n*/ 'Show more')}
          </Button>
        </Center>
      ) : null}
    </>
  );
}
