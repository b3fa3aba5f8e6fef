import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Center,
  CloseButton,
  Container,
  Group,
  Input,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Slider,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { DEALER_PRICE_SLIDER, DISTANCE_OPTIONS_KM, ENGINE_SIZE_BANDS, NAV_HEIGHT_PX, REGIONS, VEHICLE_TYPE_LABELS, type LatLon, type VehicleType } from '../../../domain/constants';
import {
  DEALER_FILTER_DEFAULTS,
  DEALER_FILTER_LEVEL,
  DEALER_FILTER_LEVEL_MAX,
  DEALER_FUEL_TYPES,
  DEALER_PAGE_TEXTS,
  dealerActiveFilters,
  dealerCountFields,
  dealerFilterDefaults,
  dealerSearchFields,
  dealerYearOptions,
  setDealerFilter,
  type DealerFilterState,
} from '../../../domain/dealerPage';
import { DEALER_CARD_FALLBACKS, fuelText } from '../../../domain/display';
import { locationStore } from '../../shared/location/locationStore';
import { CatalogueSelects } from '../../shared/search/CatalogueSelects';
import { chipLabel } from '../../../domain/search/browseFilters';
import { buildRequest } from '../../shared/search/query';
import { useSearch, type SearchState } from '../../shared/search/useSearch';
import { NotKeptNotice } from '../../shared/search/NotKeptNotice';
import { VehicleCard } from '../../shared/vehicleCard/VehicleCard';
import { VehicleGridSkeleton } from '../../shared/vehicleCard/VehicleCardSkeleton';
import { useTransitionSnapshot } from '../../shared/useTransitionSnapshot';
import { usdText, wholeNumberText } from '../../../domain/numbers';

const TABS: { type: VehicleType; label: string; one: string; many: string }[] = [
  { type: 'car', label: VEHICLE_TYPE_LABELS.car, one: 'car', many: 'cars' },
  { type: 'construction', label: VEHICLE_TYPE_LABELS.construction, one: 'construction vehicle', many: 'construction vehicles' },
  { type: 'farming', label: VEHICLE_TYPE_LABELS.farming, one: 'farming vehicle', many: 'farming vehicles' },
];
const PAGE = 24;
const GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 };
const YEARS = dealerYearOptions();
const plural = (n: number, one: string, many: string) => `${wholeNumberText(n)} ${n === 1 ? one : many}`;

type Field = keyof DealerFilterState;

/** How many of the dealer's listings a tab holds (one row fetched: the count, and the dealer's name on it). */
function useTabStock(dealerId: string, type: VehicleType, buyer: LatLon): SearchState {
  return useSearch(useMemo(() => buildRequest({ seller_id: dealerId, vehicle_type: type }, 'newest', buyer, 1), [dealerId, type, buyer]));
}

/** A map pin drawn inline: emoji fonts are missing on some devices. */
function PinIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" aria-hidden style={{ flexShrink: 0 }}>
      <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
    </svg>
  );
}

const TITLE_FZ = { base: 26, sm: 40 };
const TITLE_LH = 1.15;
const SUMMARY_FZ = { base: 'sm', sm: 'md' };

function DealerHero({ name, location, total, loading }: { name: string; location: string; total: number; loading: boolean }) {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z0-9]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <Box
      c="white"
      pt={{ base: 20, sm: 32 }}
      pb={{ base: 48, sm: 64 }}
      style={{ background: 'linear-gradient(135deg, var(--mantine-color-brand-8) 0%, var(--mantine-color-brand-6) 65%, var(--mantine-color-gold-6) 150%)' }}
    >
      <Container size="xl">
        <Anchor component={Link} to="/dealers" c="brand.0" fz="sm" fw={600}>
          ← All dealers
        </Anchor>
        <Group mt="md" gap="lg" wrap="nowrap" align="center">
          <Avatar size={72} radius="lg" color="gold" variant="filled" visibleFrom="xs" aria-hidden>
            <Text c="dark" fw={850} fz={26}>
              {loading ? '' : initials}
            </Text>
          </Avatar>
          <Stack gap={6} miw={0}>
            <Badge color="gold" c="dark" variant="filled" size="sm">
              DEALER
            </Badge>
            {loading ? (
              // Blank lines of the real typography, so the page does not move when the name arrives.
              <>
                <Skeleton w={280} maw="70vw" opacity={0.35}>
                  <Title order={1} fz={TITLE_FZ} lh={TITLE_LH}>
                    &nbsp;
                  </Title>
                </Skeleton>
                <Skeleton w={220} maw="60vw" opacity={0.35}>
                  <Text fz={SUMMARY_FZ}>&nbsp;</Text>
                </Skeleton>
              </>
            ) : (
              <>
                <Title order={1} fz={TITLE_FZ} lh={TITLE_LH} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Title>
                <Group gap="xs" c="brand.0" fz={SUMMARY_FZ} wrap="wrap">
                  <Group gap={4} wrap="nowrap">
                    <PinIcon />
                    <Text inherit>{location}</Text>
                  </Group>
                  <Text inherit aria-hidden>
                    ·
                  </Text>
                  <Text inherit fw={700} c="white">
                    {plural(total, 'vehicle', 'vehicles')} in stock
                  </Text>
                </Group>
              </>
            )}
          </Stack>
        </Group>
      </Container>
    </Box>
  );
}

/** A dealer's stock (spec section 2.8): hero, tabs per vehicle type, filters (cars only), results. */
export default function DealerInventoryPage() {
  const { dealerId = '' } = useParams();
  // Another dealer starts afresh: its own tab, filters and paging.
  return <DealerInventory key={dealerId} dealerId={dealerId} />;
}

function DealerInventory({ dealerId }: { dealerId: string }) {
  const { position } = useTransitionSnapshot(locationStore, (s) => ({ position: s.position }));
  const buyer = useMemo<LatLon>(() => ({ latitude: position.latitude, longitude: position.longitude }), [position.latitude, position.longitude]);

  const stock: Record<VehicleType, SearchState> = {
    car: useTabStock(dealerId, 'car', buyer),
    construction: useTabStock(dealerId, 'construction', buyer),
    farming: useTabStock(dealerId, 'farming', buyer),
  };
  // Known once every tab has answered; a background refresh re-counts without blanking the page.
  const [stockKnown, setStockKnown] = useState(false);
  const counted = TABS.every((t) => !stock[t.type].searching);
  useEffect(() => {
    if (counted) setStockKnown(true);
  }, [counted]);
  const inStock = TABS.reduce((n, t) => n + stock[t.type].total, 0);
  const sample = TABS.map((t) => stock[t.type].items[0]).find((v) => v !== undefined);

  // The cars tab first, unless the dealer has no cars: then the first tab with stock.
  const [chosenTab, setChosenTab] = useState<VehicleType | null>(null);
  const tab = chosenTab ?? (stockKnown ? (TABS.find((t) => stock[t.type].total > 0)?.type ?? 'car') : null);
  // Until the stock is known the form shows the cars tab, the usual one, so the page does not jump.
  const shownTab = tab ?? 'car';
  const meta = TABS.find((t) => t.type === shownTab)!;

  // The form's filters, and the ones the results show: Submit applies the form (spec section 4).
  const [filters, setFilters] = useState(dealerFilterDefaults);
  const [applied, setApplied] = useState(dealerFilterDefaults);
  const [level, setLevel] = useState(0);
  const [limit, setLimit] = useState(PAGE);
  const car = filters.car;
  const setCar = <K extends Field>(key: K, value: DealerFilterState[K]) => setFilters((f) => ({ ...f, car: setDealerFilter(f.car, key, value) }));
  // The slider moves freely; the form takes its value when it is let go.
  const [price, setPrice] = useState(car.max_price);
  useEffect(() => setPrice(car.max_price), [car.max_price]);

  const req = useMemo(() => (tab ? buildRequest(dealerSearchFields(dealerId, tab, applied[tab]), 'newest', buyer, limit) : null), [dealerId, tab, applied, buyer, limit]);
  const { items, total, searching, notKept } = useSearch(req);
  const loading = !notKept && (tab === null || (searching && items.length === 0));
  // The button's live count follows the form's make and model only (spec section 4).
  const countReq = useMemo(() => buildRequest(dealerCountFields(dealerId, { make: car.make, model: car.model }), 'newest', buyer, 1), [dealerId, car.make, car.model, buyer]);
  const live = useSearch(countReq);

  const appliedCar = applied.car;
  const chips = shownTab === 'car' ? dealerActiveFilters(appliedCar) : [];
  const filtered = chips.length > 0;
  const results = useRef<HTMLDivElement>(null);

  const submit = () => {
    setApplied(filters);
    setLimit(PAGE);
    results.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const removeChip = (key: Field) => {
    const clear = (f: Record<VehicleType, DealerFilterState>) => ({ ...f, car: setDealerFilter(f.car, key, DEALER_FILTER_DEFAULTS[key]) });
    setFilters(clear);
    setApplied(clear);
    setLimit(PAGE);
  };
  const reset = () => {
    setFilters(dealerFilterDefaults());
    setApplied(dealerFilterDefaults());
    setLevel(0);
    setLimit(PAGE);
  };
  const yearsTo = car.year_from ? YEARS.filter((y) => y >= car.year_from) : YEARS;
  const yearsFrom = car.year_to ? YEARS.filter((y) => y <= car.year_to) : YEARS;

  return (
    <>
      <DealerHero name={sample?.seller_name ?? 'Dealer'} location={sample?.seller_location ?? sample?.location ?? DEALER_CARD_FALLBACKS.location} total={inStock} loading={!stockKnown} />

      <Container size="xl" mt={{ base: -32, sm: -40 }}>
        <Paper shadow="md" radius="lg" p={{ base: 'sm', xs: 'md', sm: 'xl' }} withBorder>
          <Tabs
            value={shownTab}
            onChange={(v) => {
              if (!v) return;
              setChosenTab(v as VehicleType);
              setLimit(PAGE);
            }}
          >
            <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
              {TABS.map((t) => (
                <Tabs.Tab
                  key={t.type}
                  value={t.type}
                  px={{ base: 6, sm: 'md' }}
                  rightSection={
                    // Held in place while counting, so the tabs keep their height.
                    <Badge
                      size="sm"
                      variant={shownTab === t.type ? 'filled' : 'light'}
                      color={stock[t.type].total ? 'brand' : 'gray'}
                      circle={stock[t.type].total < 10}
                      style={stockKnown ? undefined : { visibility: 'hidden' }}
                    >
                      {stock[t.type].total}
                    </Badge>
                  }
                >
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>

          {shownTab === 'car' ? (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
                <CatalogueSelects
                  vehicleType="car"
                  sellerId={dealerId}
                  dealer
                  value={{ make: car.make || undefined, model: car.model || undefined, variant: car.variant || undefined }}
                  onChange={(field, v) => setCar(field, v ?? '')}
                />
                {level >= DEALER_FILTER_LEVEL.fuelAndEngine ? (
                  <>
                    <Select
                      label="Fuel Type"
                      placeholder="All fuel types"
                      data={DEALER_FUEL_TYPES.map((f) => ({ value: f, label: fuelText(f) }))}
                      value={car.fuel_type || null}
                      onChange={(v) => setCar('fuel_type', v ?? '')}
                      clearable
                    />
                    <Select
                      label="Engine Size"
                      placeholder="All engine sizes"
                      data={ENGINE_SIZE_BANDS.map((b) => ({ value: b, label: `${b} L` }))}
                      value={car.engine_size || null}
                      onChange={(v) => setCar('engine_size', v ?? '')}
                      clearable
                    />
                  </>
                ) : null}
                {level >= DEALER_FILTER_LEVEL.priceAndYear ? (
                  <>
                    <Input.Wrapper label={`Maximum Price: ${price >= DEALER_PRICE_SLIDER.max ? 'Any price' : usdText(price)}`}>
                      <Slider
                        thumbLabel="Maximum Price"
                        min={DEALER_PRICE_SLIDER.min}
                        max={DEALER_PRICE_SLIDER.max}
                        step={DEALER_PRICE_SLIDER.step}
                        value={price}
                        onChange={setPrice}
                        onChangeEnd={(v) => setCar('max_price', v)}
                        label={usdText}
                        mt={12}
                      />
                    </Input.Wrapper>
                    <Group grow gap="xs" align="flex-start">
                      <Select label="Year From" placeholder="Any" data={yearsFrom} value={car.year_from || null} onChange={(v) => setCar('year_from', v ?? '')} clearable />
                      <Select label="Year To" placeholder="Any" data={yearsTo} value={car.year_to || null} onChange={(v) => setCar('year_to', v ?? '')} clearable />
                    </Group>
                  </>
                ) : null}
                {level >= DEALER_FILTER_LEVEL.regionAndDistance ? (
                  <>
                    <Select label="Region" placeholder="All regions" data={[...REGIONS]} value={car.region || null} onChange={(v) => setCar('region', v ?? '')} clearable />
                    <Select
                      label="Distance"
                      data={[{ value: '', label: 'Countrywide' }, ...DISTANCE_OPTIONS_KM.map((d) => ({ value: String(d), label: `Within ${d} km` }))]}
                      value={car.distance}
                      onChange={(v) => setCar('distance', v ?? '')}
                      allowDeselect={false}
                    />
                  </>
                ) : null}
              </SimpleGrid>

              <Group mt="md" justify="space-between" gap="sm">
                <Button variant="subtle" px="xs" onClick={() => setLevel((l) => (l >= DEALER_FILTER_LEVEL_MAX ? 0 : l + 1))}>
                  {level >= DEALER_FILTER_LEVEL_MAX ? DEALER_PAGE_TEXTS.hideAllFilters : 'Show more filters'}
                </Button>
                <Group gap="sm">
                  <Button variant="default" onClick={reset}>
                    Reset
                  </Button>
                  <Button onClick={submit} disabled={loading}>
                    {loading || (live.searching && live.items.length === 0) ? `Show ${meta.many}` : `Show ${plural(live.total, meta.one, meta.many)}`}
                  </Button>
                </Group>
              </Group>

              {filtered ? (
                <Group gap={6} mt="md" aria-label="Active filters">
                  {chips.map((k) => (
                    <Badge
                      key={k}
                      variant="light"
                      size="lg"
                      pr={4}
                      tt="none"
                      rightSection={<CloseButton size="xs" aria-label={`Remove ${chipLabel(k, String(appliedCar[k]))}`} onClick={() => removeChip(k)} />}
                    >
                      {chipLabel(k, String(appliedCar[k]))}
                    </Badge>
                  ))}
                </Group>
              ) : null}
            </>
          ) : (
            <Text c="dimmed" fz="sm">
              Every {meta.one} this dealer has in stock, newest first.
            </Text>
          )}
        </Paper>
      </Container>

      <Container size="xl" py={{ base: 24, sm: 40 }}>
        {/* One height for the spinner and the heading, so the grid below does not move when results arrive. */}
        <Box ref={results} mih={40} mb="md" style={{ scrollMarginTop: NAV_HEIGHT_PX + 16, display: 'flex', alignItems: 'center' }} aria-live="polite">
          {loading ? (
            <Group gap="sm">
              <Loader size="sm" />
              <Text fw={600}>{DEALER_PAGE_TEXTS.loading}</Text>
            </Group>
          ) : (
            <Group justify="space-between" gap="xs" w="100%">
              <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
                {plural(total, meta.one, meta.many)} {filtered ? (total === 1 ? 'matches your filters' : 'match your filters') : 'in stock'}
              </Title>
              {filtered ? (
                <Button variant="subtle" size="compact-sm" onClick={reset}>
                  Clear all filters
                </Button>
              ) : null}
            </Group>
          )}
        </Box>

        {notKept ? (
          <NotKeptNotice />
        ) : loading ? (
          <VehicleGridSkeleton count={8} cols={GRID_COLS} />
        ) : total === 0 ? (
          <Center py={48}>
            <Stack align="center" gap={4}>
              <Title order={3}>{DEALER_PAGE_TEXTS.emptyTitle}</Title>
              <Text c="dimmed">{DEALER_PAGE_TEXTS.emptyText}</Text>
            </Stack>
          </Center>
        ) : (
          <SimpleGrid cols={GRID_COLS} spacing="md">
            {items.map((v) => (
              <VehicleCard key={v.id} vehicle={v} fallbacks={DEALER_CARD_FALLBACKS} />
            ))}
          </SimpleGrid>
        )}
        {!loading && items.length < total ? (
          <Center mt="xl">
            <Button variant="light" onClick={() => setLimit((l) => l + PAGE)}>
              Show more
            </Button>
          </Center>
        ) : null}
      </Container>
    </>
  );
}
