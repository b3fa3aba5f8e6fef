import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Accordion, Button, Center, Container, Group, Modal, Select, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSnapshot } from 'valtio';
import {
  BODY_TYPES,
  BODY_TYPE_LABELS,
  CONDITIONS,
  CONDITION_LABELS,
  DRIVE_TYPES,
  FUEL_TYPES,
  TRANSMISSIONS,
  type SortOrder,
  type VehicleType,
  VEHICLE_TYPE_LABELS,
} from '../../domain/constants';
import { capitalise, fuelText } from '../../domain/display';
import { locationStore } from '../location/locationStore';
import { buildRequest, SORT_LABELS } from './query';
import { CatalogueSelects } from './CatalogueSelects';
import { useSearch } from './useSearch';
import { VehicleCard } from './VehicleCard';
import { VehicleGridSkeleton } from './VehicleCardSkeleton';
import { SaveSearchButton } from '../push/SaveSearchButton';

type Fields = Record<string, string | undefined>;

const PRICE_OPTIONS = [1000, 2000, 5000, 10_000, 15_000, 20_000, 30_000, 50_000, 75_000, 100_000].map((p) => ({ value: String(p), label: `$${p.toLocaleString('en-US')}` }));
const MILEAGE_OPTIONS = [10_000, 25_000, 50_000, 75_000, 100_000, 150_000, 200_000, 300_000].map((m) => ({ value: String(m), label: `Up to ${m.toLocaleString('en-US')} km` }));
const ENGINE_CC_OPTIONS = [
  ...[1000, 1500, 2000, 2500, 3000].map((cc) => ({ value: String(cc), label: `Up to ${cc.toLocaleString('en-US')} cc` })),
  { value: '4000+', label: '4,000 cc and more' },
];
const BROWSE_SORTS: SortOrder[] = ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc', 'distance'];
const TYPE_TABS: { type: VehicleType; label: string; path: string }[] = [
  { type: 'car', label: VEHICLE_TYPE_LABELS.car, path: '/cars' },
  { type: 'construction', label: VEHICLE_TYPE_LABELS.construction, path: '/construction' },
  { type: 'farming', label: VEHICLE_TYPE_LABELS.farming, path: '/farming' },
];
const PAGE = 24;

const options = (values: readonly string[], label: (v: string) => string = capitalise) => values.map((v) => ({ value: v, label: label(v) }));

/** Browse a vehicle type: the filter-and-sort dialog, the count, the grid (spec section 2.6). */
export default function BrowsePage({ type }: { type: VehicleType }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  // Filters arrive from the home page (navigation state) or from a "Browse by type" tile (the URL).
  const initial = useMemo<Fields>(() => {
    const fromState = (location.state as { filters?: Fields } | null)?.filters ?? {};
    const fromUrl: Fields = Object.fromEntries([...params.entries()]);
    const category = fromUrl.car_category ?? fromUrl.construction_category ?? fromUrl.farming_category;
    return { ...fromState, ...fromUrl, ...(category && { category }) };
  }, [location.state, params]);
  const [fields, setFields] = useState<Fields>(initial);
  const [draft, setDraft] = useState<Fields>(initial);
  const [sort, setSort] = useState<SortOrder>('newest');
  const [limit, setLimit] = useState(PAGE);
  const [open, setOpen] = useState(false);
  const { position } = useSnapshot(locationStore);
  const req = useMemo(
    () => buildRequest({ ...fields, vehicle_type: type, construction_category: undefined, farming_category: undefined }, sort, position, limit),
    [fields, type, sort, position, limit],
  );
  const { items, total, searching } = useSearch(req);
  const noun = type === 'car' ? 'cars' : 'vehicles';
  const set = (k: string) => (v: string | null) => setDraft((d) => ({ ...d, [k]: v ?? undefined, ...(k === 'make' && { model: undefined, variant: undefined }), ...(k === 'model' && { variant: undefined }) }));
  const apply = () => {
    setFields(draft);
    setLimit(PAGE);
    setOpen(false);
  };
  const clearAll = () => {
    setFields({});
    setDraft({});
    setLimit(PAGE);
  };

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Button variant="default" onClick={() => navigate(-1)}>
            Back
          </Button>
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            {type === 'car' ? 'Browse cars' : type === 'construction' ? 'Construction equipment' : 'Farming equipment'}
          </Title>
        </Group>
        <Group gap="sm">
          <SaveSearchButton type={type} fields={fields} />
          <Button onClick={() => setOpen(true)}>Filter and Sort</Button>
          <Select
            aria-label="Sort by"
            data={BROWSE_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
            value={sort}
            onChange={(v) => v && setSort(v as SortOrder)}
            allowDeselect={false}
            w={200}
          />
        </Group>
      </Group>
      <Tabs value={type} onChange={(v) => v && navigate(TYPE_TABS.find((t) => t.type === v)!.path)} mb="md">
        <Tabs.List>
          {TYPE_TABS.map((t) => (
            <Tabs.Tab key={t.type} value={t.type}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Text fw={600} mb="md" aria-live="polite">
        {searching ? `Searching for ${noun}...` : `${total.toLocaleString('en-US')} ${noun} found`}
      </Text>
      {searching && items.length === 0 ? (
        <VehicleGridSkeleton count={8} />
      ) : !searching && total === 0 ? (
        <Center py={60}>
          <Stack align="center" gap="xs">
            <Title order={2}>No {noun} found</Title>
            <Text c="dimmed">Try adjusting your filters to see more results</Text>
            <Button mt="sm" onClick={clearAll}>
              Clear All Filters
            </Button>
          </Stack>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
          {items.map((v, i) => (
            <VehicleCard key={v.id} vehicle={v} priority={i === 0} />
          ))}
        </SimpleGrid>
      )}
      {items.length < total ? (
        <Center mt="xl">
          <Button variant="light" onClick={() => setLimit((l) => l + PAGE)}>
            Show more
          </Button>
        </Center>
      ) : null}

      <Modal opened={open} onClose={() => setOpen(false)} title="Filter and Sort" size="lg">
        <Accordion multiple defaultValue={['price', 'mileage']} variant="separated">
          <Accordion.Item value="price">
            <Accordion.Control>Price</Accordion.Control>
            <Accordion.Panel>
              <Group grow>
                <Select label="Minimum price" placeholder="Any" data={PRICE_OPTIONS} value={draft.min_price ?? null} onChange={set('min_price')} clearable />
                <Select label="Maximum price" placeholder="Any" data={PRICE_OPTIONS} value={draft.max_price ?? null} onChange={set('max_price')} clearable />
              </Group>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="mileage">
            <Accordion.Control>Mileage</Accordion.Control>
            <Accordion.Panel>
              <Select label="Maximum mileage" placeholder="Any" data={MILEAGE_OPTIONS} value={draft.max_mileage ?? null} onChange={set('max_mileage')} clearable />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="make">
            <Accordion.Control>Make</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <CatalogueSelects vehicleType={type} value={draft} onChange={(field, v) => set(field)(v)} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
          {type === 'car' ? (
            <Accordion.Item value="body">
              <Accordion.Control>Body type</Accordion.Control>
              <Accordion.Panel>
                <Select placeholder="All body types" aria-label="Body type" data={options(BODY_TYPES, (b) => BODY_TYPE_LABELS[b as keyof typeof BODY_TYPE_LABELS])} value={draft.category ?? null} onChange={set('category')} clearable />
              </Accordion.Panel>
            </Accordion.Item>
          ) : null}
          <Accordion.Item value="condition">
            <Accordion.Control>Condition</Accordion.Control>
            <Accordion.Panel>
              <Select placeholder="Any condition" aria-label="Condition" data={options(CONDITIONS, (c) => CONDITION_LABELS[c as keyof typeof CONDITION_LABELS])} value={draft.condition ?? null} onChange={set('condition')} clearable />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="fuel">
            <Accordion.Control>Fuel</Accordion.Control>
            <Accordion.Panel>
              <Select placeholder="Any fuel" aria-label="Fuel" data={options(FUEL_TYPES, (f) => fuelText(f))} value={draft.fuel_type ?? null} onChange={set('fuel_type')} clearable />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="transmission">
            <Accordion.Control>Transmission</Accordion.Control>
            <Accordion.Panel>
              <Select placeholder="Any transmission" aria-label="Transmission" data={options(TRANSMISSIONS)} value={draft.transmission ?? null} onChange={set('transmission')} clearable />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="engine">
            <Accordion.Control>Engine CC</Accordion.Control>
            <Accordion.Panel>
              <Select placeholder="Any engine" aria-label="Engine CC" data={ENGINE_CC_OPTIONS} value={draft.engine_cc ?? null} onChange={set('engine_cc')} clearable />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="drive">
            <Accordion.Control>Drive type</Accordion.Control>
            <Accordion.Panel>
              <Select placeholder="Any drive" aria-label="Drive type" data={options(DRIVE_TYPES, (d) => d.toUpperCase())} value={draft.drive_type ?? null} onChange={set('drive_type')} clearable />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <Group justify="space-between" mt="lg">
          <Button
            variant="default"
            onClick={() => {
              setDraft(initial);
              setFields(initial);
              setOpen(false);
            }}
          >
            Reset
          </Button>
          <Button onClick={apply}>Apply</Button>
        </Group>
      </Modal>
    </Container>
  );
}
