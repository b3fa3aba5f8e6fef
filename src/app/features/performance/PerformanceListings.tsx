import { Group, NativeSelect, Skeleton, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PERFORMANCE_TEXTS as T } from '@/domain/listing/performance';
import { SORT_KEYS, type SortKey } from './tableOrder';
import { PerformanceCards } from './PerformanceCards';
import { PerformanceTable } from './PerformanceTable';
import type { PerformanceState } from './usePerformance';
import { t } from '@/app/shared/i18n/language';

// Drawn in the language of the moment, so made while rendering.
const sortOptions = () =>
  SORT_KEYS.flatMap((key) => [
    { value: `${key}:desc`, label: t(/*i18n*/ '{key}: highest first', { key: t(T.sortKeys[key]) }) },
    { value: `${key}:asc`, label: t(/*i18n*/ '{key}: lowest first', { key: t(T.sortKeys[key]) }) },
  ]);

/** Every listing's numbers: a table where it fits (sorted from its headings), cards with a sort menu on phones. */
export function PerformanceListings({ perf }: { perf: PerformanceState }) {
  // Read at once, not after the first paint: a phone would otherwise draw the wide table first.
  const wide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });
  return (
    <section aria-labelledby="per-listing-heading">
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Title order={2} fz="xl" id="per-listing-heading">
          {t(T.perListing)}
        </Title>
        {wide ? null : (
          <NativeSelect
            label={t(T.sortBy)}
            size="sm"
            radius="md"
            data={sortOptions()}
            value={`${perf.sort.key}:${perf.sort.descending ? 'desc' : 'asc'}`}
            onChange={(e) => {
              const [key, dir] = e.currentTarget.value.split(':');
              perf.setSort({ key: key as SortKey, descending: dir === 'desc' });
            }}
            w={200}
          />
        )}
      </Group>
      {perf.loading ? (
        <Stack gap="xs">
          <Skeleton h={56} radius="md" />
          <Skeleton h={56} radius="md" />
          <Skeleton h={56} radius="md" />
        </Stack>
      ) : wide ? (
        <PerformanceTable items={perf.items} sort={perf.sort} onSort={perf.sortBy} />
      ) : (
        <PerformanceCards items={perf.items} />
      )}
    </section>
  );
}
