import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Box, Button, Center, Container, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { HOME_MOBILE_LIST_SIZE, type VehicleType } from '@/domain/core/constants';
import { advancedOptionCount, carsFoundText, HOME_CONDITION_LABELS, HOME_MOBILE_TEXTS, mobileSearchFields, searchCarsText, type MobileSearch } from '@/domain/content/home';
import { locationStore } from '@/app/shared/location/locationStore';
import { buildRequest } from '@/app/shared/search/query';
import { NativeMakeModel } from './NativeMakeModel';
import { useSearch } from '@/app/shared/search/useSearch';
import { MobileCarRow } from './MobileCarRow';
import { useTransitionSnapshot } from '@/app/shared/useTransitionSnapshot';
import { VehicleTypeTabs } from './VehicleTypeTabs';
import { wholeNumberText } from '@/domain/core/numbers';
import { withCatalogueChoice } from '@/domain/catalogue/makeModel';
import { chipLabel } from '@/domain/search/browseFilters';
import { FilterChips } from '@/app/shared/search/FilterChips';
import { ZigChoice } from '@/app/shared/currency/ZigChoice';
import { t } from '@/app/shared/i18n/language';

// The 'Advanced Search Options' dialog loads when first opened: its number inputs are not part of
// the first screen.
const MobileSearchOptions = lazy(() => import('./MobileSearchOptions'));

const COMING_SOON_ART: Record<Exclude<VehicleType, 'car'>, string> = { construction: '/samples/excavator.svg', farming: '/samples/tractor.svg' };

function ComingSoon({ type }: { type: Exclude<VehicleType, 'car'> }) {
  return (
    <Stack align="center" gap="sm" py="md">
      <Image src={COMING_SOON_ART[type]} alt="" w={160} h={120} radius="md" fit="cover" />
      <Text fw={700} ta="center">
        {t(HOME_MOBILE_TEXTS.comingSoon[type])}
      </Text>
    </Stack>
  );
}

/** The removable chips of the dialog's options that are set. */
function OptionChips({ search, onClear }: { search: MobileSearch; onClear: (key: keyof MobileSearch) => void }) {
  const f = mobileSearchFields(search);
  const chips: { field: keyof MobileSearch; label: string }[] = [];
  if (f.max_price !== undefined) chips.push({ field: 'maxPrice', label: chipLabel('max_price', String(f.max_price), t) });
  if (f.year_from !== undefined) chips.push({ field: 'minYear', label: chipLabel('year_from', String(f.year_from), t) });
  if (f.location !== undefined) chips.push({ field: 'location', label: t(/*i18n*/ 'In {place}', { place: f.location }) });
  if (search.condition) chips.push({ field: 'condition', label: t(HOME_CONDITION_LABELS[search.condition]) });
  return <FilterChips chips={chips} onRemove={(field) => onClear(field as keyof MobileSearch)} />;
}

/**
 * The home page's phone variant (spec section 2.5): make and model, an 'Options' dialog, and a
 * 'Search N cars' button whose N is the live count of cars matching what is selected now; pressing
 * it shows the first cars of that search. Construction and farming are not searchable here yet.
 */
export function MobileHomeSearch({ tab, onTab }: { tab: VehicleType; onTab: (t: VehicleType) => void }) {
  const [search, setSearch] = useState<MobileSearch>({});
  const [applied, setApplied] = useState<MobileSearch>({});
  const [optionsOpen, setOptionsOpen] = useState(false);
  /** The dialog stays mounted once opened, so closing it animates and reopening is instant. */
  const [optionsMounted, setOptionsMounted] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const { position } = useTransitionSnapshot(locationStore, (s) => ({ position: s.position }));
  const liveFields = useMemo(() => mobileSearchFields(search), [search]);
  const appliedFields = useMemo(() => mobileSearchFields(applied), [applied]);
  const cars = tab === 'car';
  const live = useSearch(useMemo(() => (cars ? buildRequest({ ...liveFields, vehicle_type: 'car' }, 'newest', position, 1) : null), [cars, liveFields, position]));
  const results = useSearch(useMemo(() => (cars ? buildRequest({ ...appliedFields, vehicle_type: 'car' }, 'newest', position, HOME_MOBILE_LIST_SIZE) : null), [cars, appliedFields, position]));
  const update = (patch: Partial<MobileSearch>) => setSearch((s) => ({ ...s, ...patch }));
  const options = advancedOptionCount(search);
  const firstCount = live.searching && live.total === 0;

  const submit = () => {
    setApplied(search);
    setOptionsOpen(false);
    list.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const clear = () => {
    setSearch({});
    setApplied({});
  };

  return (
    <>
      <Container size="xl" mt={-24} pos="relative">
        <Paper shadow="md" radius="lg" p="md" withBorder>
          <Title order={2} fz="h3" mb="sm">
            {t(/*i18n*/ 'Start Your Search')}
          </Title>
          <VehicleTypeTabs value={tab} onChange={onTab} grow />
          {tab === 'car' ? (
            <Stack gap="sm">
              <NativeMakeModel vehicleType="car" value={search} onChange={(field, v) => setSearch((s) => withCatalogueChoice(s, field, v ?? undefined, undefined))} />
              <OptionChips search={search} onClear={(key) => update({ [key]: undefined })} />
              <Group gap="sm" wrap="nowrap" mt={4}>
                <Button
                  variant="default"
                  style={{ flexShrink: 0 }}
                  onClick={() => {
                    setOptionsMounted(true);
                    setOptionsOpen(true);
                  }}
                  rightSection={
                    options ? (
                      <Badge size="sm" circle aria-label={t(/*i18n*/ '{count} set', { count: options })}>
                        {options}
                      </Badge>
                    ) : null
                  }
                >
                  {t(HOME_MOBILE_TEXTS.options)}
                </Button>
                <Button fullWidth onClick={submit} loading={firstCount}>
                  {searchCarsText(live.total, t)}
                </Button>
              </Group>
            </Stack>
          ) : (
            <ComingSoon type={tab} />
          )}
        </Paper>
      </Container>

      {optionsMounted ? (
        <Suspense fallback={null}>
          <MobileSearchOptions opened={optionsOpen} onClose={() => setOptionsOpen(false)} search={search} update={update} live={live} options={options} />
        </Suspense>
      ) : null}

      {cars ? (
        <Container size="xl" mt={32} ref={list} style={{ scrollMarginTop: 110 }}>
          <Title order={2} fz="h3" mb="sm" aria-live="polite">
            {results.searching && results.total === 0 ? t(/*i18n*/ 'Searching for cars...') : carsFoundText(results.total, t)}
          </Title>
          <ZigChoice mb="sm" />
          <Stack gap="sm">
            {results.items.map((v) => (
              <MobileCarRow key={v.id} vehicle={v} />
            ))}
          </Stack>
          {!results.searching && results.total === 0 ? (
            <Center>
              <Button variant="light" onClick={clear}>
                {t(/*i18n*/ 'Clear search')}
              </Button>
            </Center>
          ) : null}
          {results.total > results.items.length ? (
            <Box mt="md">
              <Button component={Link} to="/cars" state={{ filters: Object.fromEntries(Object.entries(appliedFields).map(([k, v]) => [k, String(v)])) }} variant="light" fullWidth>
                {t(/*i18n*/ 'See all {count} cars', { count: wholeNumberText(results.total) })}
              </Button>
            </Box>
          ) : null}
        </Container>
      ) : null}
    </>
  );
}
