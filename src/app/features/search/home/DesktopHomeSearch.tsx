import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Container, Group, Paper, SegmentedControl, Select, SimpleGrid, Slider, Stack, Text, Title } from '@mantine/core';
import { DISTANCE_OPTIONS_KM, ENGINE_SIZE_BANDS, FUEL_TYPES, HOME_PRICE_SLIDER, REGIONS, YEAR_MIN, type SortOrder, type VehicleType } from '@/domain/core/constants';
import { fuelText } from '@/domain/listing/display';
import { locationStore } from '@/app/shared/location/locationStore';
import { buildRequest, SORT_LABELS } from '@/app/shared/search/query';
import { CatalogueSelects } from '@/app/shared/search/CatalogueSelects';
import { useSearch } from '@/app/shared/search/useSearch';
import { VehicleCard } from '@/app/shared/vehicleCard/VehicleCard';
import { VehicleGridSkeleton } from '@/app/shared/vehicleCard/VehicleCardSkeleton';
import { BrowseByType } from './BrowseByType';
import { useTransitionSnapshot } from '@/app/shared/useTransitionSnapshot';
import { VehicleTypeTabs } from './VehicleTypeTabs';
import { wholeNumberText } from '@/domain/core/numbers';
import { withCatalogueChoice } from '@/domain/catalogue/makeModel';
import { filterChips, withoutChip } from '@/domain/search/browseFilters';
import { FilterChips } from '@/app/shared/search/FilterChips';

type Fields = Record<string, string | undefined>;

const HOME_SORTS: SortOrder[] = ['newest', 'price_asc', 'price_desc', 'year_desc', 'year_asc', 'distance'];
const currentYear = new Date().getFullYear();
const YEARS = Array.from({ length: currentYear - YEAR_MIN + 1 }, (_, i) => String(currentYear - i));
/** The desktop search panel, 'Browse by type' and the results grid with 'Sort by' (spec section 2.5). */
export default function DesktopHomeSearch({ tab, setTab }: { tab: VehicleType; setTab: (t: VehicleType) => void }) {
  const [form, setForm] = useState<Fields>({});
  const [applied, setApplied] = useState<Fields>({});
  const [level, setLevel] = useState(0);
  const [sort, setSort] = useState<SortOrder>('newest');
  const results = useRef<HTMLDivElement>(null);
  const { position } = useTransitionSnapshot(locationStore, (s) => ({ position: s.position }));
  const set = (k: string) => (v: string | null) => setForm((f) => withCatalogueChoice(f, k, v ?? undefined, undefined));
  // Fuel and engine apply to cars only (spec section 5).
  const effective = useMemo<Fields>(() => (tab === 'car' ? applied : { ...applied, fuel_type: undefined, engine_size: undefined }), [applied, tab]);
  const req = useMemo(() => buildRequest({ ...effective, vehicle_type: tab }, sort, position, 24), [effective, tab, sort, position]);
  const { items, total, searching } = useSearch(req);
  const chips = filterChips(applied);

  const submit = () => {
    setApplied(form);
    results.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const reset = () => {
    setForm({});
    setApplied({});
    setLevel(0);
    setTab('car');
  };
  const removeChip = (field: string) => {
    setForm((f) => withoutChip(f, field));
    setApplied((f) => withoutChip(f, field));
  };

  return (
    <>
      <Container size="xl" mt={-24} pos="relative">
        <Paper shadow="md" radius="lg" p={{ base: 'md', sm: 'xl' }} withBorder>
          <Title order={2} fz="h3" mb="sm">
            Start Your Search
          </Title>
          <VehicleTypeTabs value={tab} onChange={setTab} />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <CatalogueSelects vehicleType={tab} value={form} onChange={(field, v) => set(field)(v)} />
            <Stack gap={4}>
              <Text fz="sm" fw={500}>
                Listing type
              </Text>
              <SegmentedControl
                data={[
                  { value: 'all', label: 'All' },
                  { value: 'private', label: 'Private' },
                  { value: 'dealer', label: 'Dealer' },
                ]}
                value={form.seller_type ?? 'all'}
                onChange={(v) => set('seller_type')(v === 'all' ? null : v)}
              />
            </Stack>
            {level >= 1 && tab === 'car' ? (
              <Select label="Fuel type" placeholder="Any fuel" data={FUEL_TYPES.map((f) => ({ value: f, label: fuelText(f) }))} value={form.fuel_type ?? null} onChange={set('fuel_type')} clearable />
            ) : null}
            {level >= 1 ? (
              <Select
                label="Distance"
                data={[{ value: '', label: 'Countrywide' }, ...DISTANCE_OPTIONS_KM.map((d) => ({ value: String(d), label: `Within ${d} km` }))]}
                value={form.distance ?? ''}
                onChange={(v) => set('distance')(v || null)}
                allowDeselect={false}
              />
            ) : null}
            {level >= 2 && tab === 'car' ? (
              <Select
                label="Engine size"
                placeholder="Any size"
                data={ENGINE_SIZE_BANDS.map((b) => ({ value: b, label: `${b} L` }))}
                value={form.engine_size ?? null}
                onChange={set('engine_size')}
                clearable
              />
            ) : null}
            {level >= 2 ? (
              <Stack gap={4}>
                <Text fz="sm" fw={500}>
                  Maximum price: ${wholeNumberText(Number(form.max_price ?? HOME_PRICE_SLIDER.max))}
                </Text>
                <Slider
                  aria-label="Maximum price"
                  min={HOME_PRICE_SLIDER.min}
                  max={HOME_PRICE_SLIDER.max}
                  step={HOME_PRICE_SLIDER.step}
                  value={Number(form.max_price ?? HOME_PRICE_SLIDER.max)}
                  onChange={(v) => set('max_price')(String(v))}
                  label={null}
                />
              </Stack>
            ) : null}
            {level >= 3 ? <Select label="Region" placeholder="All regions" data={[...REGIONS]} value={form.region ?? null} onChange={set('region')} clearable /> : null}
            {level >= 3 ? (
              <Group grow gap="xs">
                <Select label="Year from" placeholder="Any" data={YEARS} value={form.year_from ?? null} onChange={set('year_from')} clearable />
                <Select label="Year to" placeholder="Any" data={YEARS} value={form.year_to ?? null} onChange={set('year_to')} clearable />
              </Group>
            ) : null}
          </SimpleGrid>
          <Group mt="md" justify="space-between">
            <Button variant="subtle" onClick={() => setLevel((l) => (l + 1) % 4)}>
              {level === 3 ? 'Hide filters' : 'Show more filters'}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={reset}>
                Reset
              </Button>
              <Button onClick={submit}>Search</Button>
            </Group>
          </Group>
          <FilterChips chips={chips} onRemove={removeChip} keepCase={false} mt="md" />
        </Paper>
      </Container>

      <BrowseByType />

      <Container size="xl" mt={40} ref={results}>
        <Group justify="space-between" mb="md">
          <Title order={2}>{searching ? 'Searching...' : `${wholeNumberText(total)} ${tab === 'car' ? 'cars' : 'vehicles'} found`}</Title>
          <Select aria-label="Sort by" data={HOME_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))} value={sort} onChange={(v) => v && setSort(v as SortOrder)} allowDeselect={false} w={210} />
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
            <Button component={Link} to={tab === 'car' ? '/cars' : `/${tab}`} state={{ filters: effective }} variant="light">
              See all {wholeNumberText(total)} results
            </Button>
          </Group>
        ) : null}
      </Container>
    </>
  );
}
