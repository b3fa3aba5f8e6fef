import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { Button, Container, Group, Select, SimpleGrid, Title } from '@mantine/core';
import type { SortOrder, VehicleType } from '@/domain/core/constants';
import type { Vehicle } from '@/domain/listing/vehicle';
import { wholeNumberText } from '@/domain/core/numbers';
import { SORT_LABELS } from '@/app/shared/search/query';
import { browseCountTexts } from '@/domain/search/browseOpening';
import { VehicleCard } from '@/app/shared/vehicleCard/VehicleCard';
import { VehicleGridSkeleton } from '@/app/shared/vehicleCard/VehicleCardSkeleton';
import { ZigChoice } from '@/app/shared/currency/ZigChoice';
import { t } from '@/app/shared/i18n/language';

const HOME_SORTS: SortOrder[] = ['newest', 'price_asc', 'price_desc', 'year_desc', 'year_asc', 'distance'];

/** The desktop home page's results: the count with 'Sort by', the grid, and 'See all N results' on the browse screen. */
export function DesktopHomeResults({
  tab,
  resultsRef,
  items,
  total,
  searching,
  sort,
  onSort,
  applied,
}: {
  tab: VehicleType;
  resultsRef: Ref<HTMLDivElement>;
  items: Vehicle[];
  total: number;
  searching: boolean;
  sort: SortOrder;
  onSort: (sort: SortOrder) => void;
  /** The filters applied (those that apply to this type), which 'See all' takes to the browse screen. */
  applied: Record<string, string | undefined>;
}) {
  return (
    <Container size="xl" mt={40} ref={resultsRef}>
      <Group justify="space-between" mb="md">
        <Title order={2}>{searching ? t(/*i18n*/ 'Searching...') : t(browseCountTexts(tab).found, { count: wholeNumberText(total) })}</Title>
        <Group gap="lg">
          <ZigChoice />
          <Select
            aria-label={t(/*i18n*/ 'Sort by')}
            data={HOME_SORTS.map((s) => ({ value: s, label: t(SORT_LABELS[s]) }))}
            value={sort}
            onChange={(v) => v && onSort(v as SortOrder)}
            allowDeselect={false}
            w={210}
          />
        </Group>
      </Group>
      {searching && items.length === 0 ? (
        <VehicleGridSkeleton count={8} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
          {items.map((v) => (
            <VehicleCard key={v.id} vehicle={v} />
          ))}
        </SimpleGrid>
      )}
      {total > items.length ? (
        <Group justify="center" mt="lg">
          <Button component={Link} to={tab === 'car' ? '/cars' : `/${tab}`} state={{ filters: applied }} variant="light">
            {t(/*i18n*/ 'See all {count} results', { count: wholeNumberText(total) })}
          </Button>
        </Group>
      ) : null}
    </Container>
  );
}
