import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Center, Container, Group, NativeSelect, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { type SortOrder, type VehicleType, VEHICLE_TYPE_LABELS } from '../../domain/constants';
import { locationStore } from '../location/locationStore';
import { buildRequest, SORT_LABELS } from './query';
import { useSearch } from './useSearch';
import { VehicleCard } from './VehicleCard';
import { VehicleGridSkeleton } from './VehicleCardSkeleton';
import { useSession } from '../account/session';
import { useTransitionSnapshot } from '../useTransitionSnapshot';
import { wholeNumberText } from '../../domain/numbers';

type Fields = Record<string, string | undefined>;

const FilterSortDialog = lazy(() => import('./FilterSortDialog'));
// Saving a search is for signed-in buyers: its dialog, the push client and the API client load only for them.
const SaveSearchButton = lazy(() => import('../push/SaveSearchButton').then((m) => ({ default: m.SaveSearchButton })));

const BROWSE_SORTS: SortOrder[] = ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc', 'distance'];
const TYPE_TABS: { type: VehicleType; label: string; path: string }[] = [
  { type: 'car', label: VEHICLE_TYPE_LABELS.car, path: '/cars' },
  { type: 'construction', label: VEHICLE_TYPE_LABELS.construction, path: '/construction' },
  { type: 'farming', label: VEHICLE_TYPE_LABELS.farming, path: '/farming' },
];
const PAGE = 24;

/** Browse a vehicle type: the filter-and-sort dialog, the count, the grid (spec section 2.6). */
export default function BrowsePage({ type }: { type: VehicleType }) {
  const navigate = useNavigate();
  const { signedIn } = useSession();
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
  /** The dialog's code loads when it is first opened, then it stays mounted (it animates, reopens at once). */
  const [dialogMounted, setDialogMounted] = useState(false);
  const { position } = useTransitionSnapshot(locationStore, (s) => ({ position: s.position }));
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
          {signedIn ? (
            <Suspense fallback={null}>
              <SaveSearchButton type={type} fields={fields} />
            </Suspense>
          ) : null}
          <Button
            onClick={() => {
              setDialogMounted(true);
              setOpen(true);
            }}
          >
            Filter and Sort
          </Button>
          {/* The device's own picker: it opens at once on a phone and needs no dropdown code. */}
          <NativeSelect
            aria-label="Sort by"
            data={BROWSE_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
            value={sort}
            onChange={(e) => setSort(e.currentTarget.value as SortOrder)}
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
        {searching ? `Searching for ${noun}...` : `${wholeNumberText(total)} ${noun} found`}
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

      {dialogMounted ? (
        <Suspense fallback={null}>
          <FilterSortDialog
            opened={open}
            onClose={() => setOpen(false)}
            type={type}
            draft={draft}
            set={set}
            onReset={() => {
              setDraft(initial);
              setFields(initial);
              setOpen(false);
            }}
            onApply={apply}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}
