import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { StatTile } from '@/app/shared/StatTile';
import { wholeNumberText } from '@/domain/core/numbers';
import { LEAD_KINDS, PERFORMANCE_TEXTS as T, type StockTotals } from '@/domain/listing/performance';
import { t } from '@/app/shared/i18n/language';

/** The whole stock's numbers over the window: four tiles (two a row on phones, like the dashboard's), then the leads by kind. */
export function PerformanceTiles({ totals }: { totals: StockTotals | null }) {
  const n = (value: number | undefined) => (value === undefined ? '—' : wholeNumberText(value));
  return (
    <section aria-label={t(T.title)}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        <StatTile label={t(T.live)} value={n(totals?.live)} />
        <StatTile label={t(T.views)} value={n(totals?.views)} />
        <StatTile label={t(T.leads)} value={n(totals?.leads_total)} />
        <StatTile label={t(T.medianDaysToSell)} value={totals?.median_days_to_sell == null ? '—' : n(totals.median_days_to_sell)} />
      </SimpleGrid>
      {totals ? (
        <Group gap={6} mt="sm" wrap="wrap" role="list" aria-label={t(T.leads)}>
          {LEAD_KINDS.map((kind) => (
            <Paper key={kind} role="listitem" radius="xl" px="sm" py={4} bg={totals.leads[kind] ? 'brand.0' : 'gray.0'}>
              <Text fz="xs" fw={600} c={totals.leads[kind] ? 'brand.9' : 'dimmed'}>
                {t(T.leadKinds[kind])}{' '}
                <Text span fw={800} fz="xs">
                  {wholeNumberText(totals.leads[kind])}
                </Text>
              </Text>
            </Paper>
          ))}
        </Group>
      ) : null}
    </section>
  );
}
