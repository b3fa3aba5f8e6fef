import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { priceText } from '@/domain/listing/display';
import { wholeNumberText } from '@/domain/core/numbers';
import { LEAD_KINDS, PERFORMANCE_TEXTS as T } from '@/domain/listing/performance';
import { PriceVerdictBadge } from '@/app/shared/vehicleCard/PriceVerdictBadge';
import { ListingName, StatusBadge, daysText } from './ListingCells';
import type { PerformanceItem } from './usePerformance';
import { t } from '@/app/shared/i18n/language';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} role="group" aria-label={label}>
      <Text fw={800} fz="lg" c="brand.8" lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      <Text fz={11} c="dimmed" fw={600} lh={1.2}>
        {label}
      </Text>
    </Stack>
  );
}

/** Every listing's numbers as a card each, for phones: the table's columns as figures and the leads by kind. */
export function PerformanceCards({ items }: { items: PerformanceItem[] }) {
  return (
    <Stack gap="xs">
      {items.map(({ row, listing }) => (
        <Card key={row.vehicle_id} padding="sm" radius="md" withBorder component="article" aria-label={row.title}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <ListingName row={row} />
            </Stack>
            <StatusBadge status={row.status} />
          </Group>
          <Group gap="xs" mt={6}>
            <Text fw={800} fz="sm">
              {priceText(row.price)}
            </Text>
            <PriceVerdictBadge verdict={listing.price_verdict} size="xs" />
          </Group>
          <SimpleGrid cols={3} spacing="xs" mt="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Figure label={t(T.leads)} value={wholeNumberText(row.leads_total)} />
            <Figure label={t(T.views)} value={wholeNumberText(row.views)} />
            <Figure label={t(T.daysOnMarket)} value={daysText(row.days_on_market)} />
          </SimpleGrid>
          <Group gap={4} mt="xs" wrap="wrap">
            {LEAD_KINDS.map((k) => (
              <Text key={k} fz="xs" c={row.leads[k] ? 'dark.6' : 'dimmed'} bg={row.leads[k] ? 'brand.0' : 'gray.0'} px={8} py={2} style={{ borderRadius: 999 }}>
                {`${t(T.leadKinds[k])} ${wholeNumberText(row.leads[k])}`}
              </Text>
            ))}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
