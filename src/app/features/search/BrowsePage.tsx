import { lazy, memo, startTransition, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { SearchInput } from '@/domain/search/filters';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Center, Container, NativeSelect, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { type SortOrder, type VehicleType, VEHICLE_TYPE_LABELS } from '@/domain/core/constants';
import { locationStore } from '@/app/shared/location/locationStore';
import { buildRequest, SORT_LABELS } from '@/app/shared/search/query';
import { useSearch } from '@/app/shared/search/useSearch';
import { searchAhead } from '@/app/shared/search/deviceSearch';
import { NotKeptNotice } from '@/app/shared/search/NotKeptNotice';
import { FilterChips } from '@/app/shared/search/FilterChips';
import { WordsSearchBox } from '@/app/shared/search/WordsSearchBox';
import { useProgressive } from './useProgressive';
import { VehicleCard } from '@/app/shared/vehicleCard/VehicleCard';
import { VehicleGridSkeleton } from '@/app/shared/vehicleCard/VehicleCardSkeleton';
import { useSession } from '@/app/shared/session/session';
import { useTransitionSnapshot } from '@/app/shared/useTransitionSnapshot';
import { SaveSearchButton } from '@/app/shared/slots';
import { wholeNumberText } from '@/domain/core/numbers';
import { withCatalogueChoice } from '@/domain/catalogue/makeModel';
import { filterChips, navigationFilters, urlParamsOf, withoutChip } from '@/domain/search/browseFilters';
import { BROWSE_TITLES, browseNoun, OPENING_PAGE as PAGE } from '@/domain/search/browseOpening';
import css from './BrowsePage.module.css';

type Fields = Record<string, string | undefined>;

const FilterSortDialog = lazy(() => import('./FilterSortDialog').then((m) => ({ default: memo(m.default) })));
// Saving a search is for signed-in buyers: its dialog, the push client and the API client load only for them.

const BROWSE_SORTS: SortOrder[] = ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc', 'distance'];
const TYPE_TABS: { type: VehicleType; label: string; path: string }[] = [
  { type: 'car', label: VEHICLE_TYPE_LABELS.car, path: '/cars' },
  { type: 'construction', label: VEHICLE_TYPE_LABELS.construction, path: '/construction' },
  { type: 'farming', label: VEHICLE_TYPE_LABELS.farming, path: '/farming' },
];
/** The cards drawn first when results change: more than a phone shows, a wide screen's first row. */
const FIRST_CARDS = 4;
const GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 };
/** Closer on a phone, where the cards stack: more of the next one shows under the first. */
const GRID_SPACING = { base: 'sm', xs: 'md' };
/** How long an applied dialog waits for its results before it closes anyway. */
const DIALOG_CLOSE_WAIT_MS = 400;

function BackArrow() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
      <path d="M19 12H5" />
      <path d="m12 19-7-7 7-7" />
    </svg>
  );
}

type Filters = { initial: Fields; fields: Fields; draft: Fields };
const emptyFilters = (): Filters => ({ initial: {}, fields: {}, draft: {} });
/** A navigation between the tabs: each tab keeps its own filters (spec section 2.6). */
const TAB_SWITCH = { keep: true } as const;

/** Browse a vehicle type: the filter-and-sort dialog, the count, the grid (spec section 2.6). */
export default function BrowsePage({ type }: { type: VehicleType }) {
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  // Filters arrive from the home page (navigation state) or from a "Browse by type" tile (the URL).
  const initial = useMemo<Fields>(() => navigationFilters((location.state as { filters?: Fields } | null)?.filters ?? {}, Object.fromEntries([...params.entries()])), [location.state, params]);
  // Filter state per category (spec section 2.6): the tabs share this screen, not their filters.
  const [byType, setByType] = useState<Record<VehicleType, Filters>>(() => ({
    car: emptyFilters(),
    construction: emptyFilters(),
    farming: emptyFilters(),
    [type]: { initial, fields: initial, draft: initial },
  }));
  // A navigation that brings filters (a tile, the home page, a saved search) starts its tab afresh with them;
  // a switch between the tabs keeps what each had.
  const [seen, setSeen] = useState(location.key);
  if (seen !== location.key) {
    setSeen(location.key);
    if (!(location.state as typeof TAB_SWITCH | null)?.keep) setByType((b) => ({ ...b, [type]: { initial, fields: initial, draft: initial } }));
  }
  const { fields, draft } = byType[type];
  const update = useCallback((change: (f: Filters) => Filters) => setByType((b) => ({ ...b, [type]: change(b[type]) })), [type]);
  const [sort, setSort] = useState<SortOrder>('newest');
  const [limit, setLimit] = useState(PAGE);
  const [open, setOpen] = useState(false);
  /** The dialog's code loads when it is first opened, then it stays mounted (it animates, reopens at once). */
  const [dialogMounted, setDialogMounted] = useState(false);
  const [countSlot, setCountSlot] = useState<HTMLElement | null>(null);
  const { position } = useTransitionSnapshot(locationStore, (s) => ({ position: s.position }));
  const req = useMemo(() => buildRequest({ ...fields, vehicle_type: type }, sort, position, limit), [fields, type, sort, position, limit]);
  const noun = browseNoun(type);
  const chips = filterChips(fields);
  // The dialog's handlers keep their identity, so drawing the page (a new count, new results) does
  // not draw the open dialog again.
  const set = useCallback((k: string) => (v: string | null) => update((f) => ({ ...f, draft: withCatalogueChoice(f.draft, k, v ?? undefined, undefined) })), [update]);
  // Apply: the search goes first and its results are drawn under the dialog, which closes on them
  // (or after a moment if they are slow): on a slow phone, closing the dialog is as much work as
  // drawing the results, and the count is what the person waits for.
  const [closing, setClosing] = useState(false);
  const apply = useCallback(() => {
    // The device's search starts at the tap, while the screen draws what was applied.
    searchAhead(buildRequest({ ...draft, vehicle_type: type }, sort, position, PAGE));
    update((f) => ({ ...f, fields: f.draft }));
    setLimit(PAGE);
    setClosing(true);
  }, [update, draft, type, sort, position]);
  const closeAfterApply = useCallback(() => {
    setClosing(false);
    startTransition(() => setOpen(false));
  }, []);
  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(closeAfterApply, DIALOG_CLOSE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [closing, closeAfterApply]);
  const closeDialog = useCallback(() => setOpen(false), []);
  const resetDialog = useCallback(() => {
    update((f) => ({ ...f, fields: f.initial, draft: f.initial }));
    setLimit(PAGE);
    setOpen(false);
  }, [update]);
  const showMore = useCallback(() => setLimit((l) => l + PAGE), []);
  const clearAll = () => {
    update((f) => ({ ...f, fields: {}, draft: {} }));
    setLimit(PAGE);
  };
  /** Words searched for: a filter like the others, kept in the address too. */
  const searchWords = (words: string) => {
    update((f) => ({ ...f, fields: { ...f.fields, q: words || undefined }, draft: { ...f.draft, q: words || undefined } }));
    setLimit(PAGE);
    const next = new URLSearchParams(params);
    if (words) next.set('q', words);
    else next.delete('q');
    if (next.toString() !== params.toString()) navigate({ pathname: location.pathname, search: next.toString() }, { replace: true, state: TAB_SWITCH });
  };
  const removeChip = (field: string) => {
    update((f) => ({ ...f, fields: withoutChip(f.fields, field), draft: withoutChip(f.draft, field) }));
    setLimit(PAGE);
    // A filter the address set goes from the address too, so a reload does not bring it back.
    const next = new URLSearchParams(params);
    for (const p of urlParamsOf(field)) next.delete(p);
    if (next.toString() !== params.toString()) navigate({ pathname: location.pathname, search: next.toString() }, { replace: true, state: TAB_SWITCH });
  };

  return (
    <Container size="xl" className={css.page}>
      {/* Back, the title and the count under it (and 'Save this search'); the tabs; the words, the dialog and the sort. */}
      <div className={css.header}>
        <div className={css.titleRow}>
          <Button variant="default" aria-label="Back" className={css.back} onClick={() => navigate(-1)}>
            <BackArrow />
            <span className={css.backText}>Back</span>
          </Button>
          <div className={css.heading}>
            <Title order={1} className={css.title}>
              {BROWSE_TITLES[type]}
            </Title>
            <div className={css.countLine}>
              {/* The count is drawn here by the results, which an answer draws alone. */}
              <div ref={setCountSlot} aria-live="polite" />
              {signedIn ? (
                <div className={css.save}>
                  <Suspense fallback={null}>
                    <SaveSearchButton type={type} fields={fields} />
                  </Suspense>
                </div>
              ) : null}
            </div>
          </div>
        </div>
        <Tabs
          value={type}
          onChange={(v) => {
            if (!v) return;
            setLimit(PAGE);
            navigate(TYPE_TABS.find((t) => t.type === v)!.path, { state: TAB_SWITCH });
          }}
        >
          <Tabs.List>
            {TYPE_TABS.map((t) => (
              <Tabs.Tab key={t.type} value={t.type} className={css.tab}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <div className={css.findRow}>
          <WordsSearchBox value={fields.q ?? ''} onSearch={searchWords} whileTyping className={css.words} classNames={{ label: css.wordsLabel, input: css.touch }} />
          <Button
            className={`${css.touch} ${css.filter}`}
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
            classNames={{ root: css.sort, input: css.touch }}
          />
        </div>
      </div>
      <FilterChips chips={chips} onRemove={removeChip} mb="md" aria-label="Active filters" />
      <Results req={req} noun={noun} countSlot={countSlot} onClearAll={clearAll} onMore={showMore} onAnswer={closing ? closeAfterApply : null} />

      {dialogMounted ? (
        <Suspense fallback={null}>
          <FilterSortDialog opened={open} onClose={closeDialog} type={type} draft={draft} set={set} onReset={resetDialog} onApply={apply} />
        </Suspense>
      ) : null}
    </Container>
  );
}

/**
 * The count and the cards of a search: their own component, so an answer draws them alone, not the
 * rest of the screen. A new list draws its first few cards at once and the rest right after.
 */
function Results({
  req,
  noun,
  countSlot,
  onClearAll,
  onMore,
  onAnswer,
}: {
  req: SearchInput;
  noun: string;
  /** Where the count goes: under the screen's title. */
  countSlot: HTMLElement | null;
  onClearAll: () => void;
  onMore: () => void;
  onAnswer: (() => void) | null;
}) {
  const { items, total, searching, notKept } = useSearch(req);
  const shown = useProgressive(items, FIRST_CARDS);
  const [answered, setAnswered] = useState(items);
  // Told once the results of an applied search are drawn.
  useEffect(() => {
    if (answered === items) return;
    setAnswered(items);
    onAnswer?.();
  }, [items, answered, onAnswer]);
  const grid = useMemo(
    () => (
      <SimpleGrid cols={GRID_COLS} spacing={GRID_SPACING}>
        {shown.map((v, i) => (
          <VehicleCard key={v.id} vehicle={v} priority={i === 0} />
        ))}
      </SimpleGrid>
    ),
    [shown],
  );
  return (
    <>
      {countSlot
        ? createPortal(
            <Text fw={600} className={css.count}>
              {searching ? `Searching for ${noun}...` : `${wholeNumberText(total)} ${noun} found`}
            </Text>,
            countSlot,
          )
        : null}
      {notKept ? (
        <NotKeptNotice />
      ) : searching && items.length === 0 ? (
        <VehicleGridSkeleton count={8} cols={GRID_COLS} spacing={GRID_SPACING} />
      ) : !searching && total === 0 ? (
        <Center py={60}>
          <Stack align="center" gap="xs">
            <Title order={2}>No {noun} found</Title>
            <Text c="dimmed">Try adjusting your filters to see more results</Text>
            <Button mt="sm" onClick={onClearAll}>
              Clear All Filters
            </Button>
          </Stack>
        </Center>
      ) : (
        grid
      )}
      {items.length < total ? (
        <Center mt="xl">
          <Button variant="light" onClick={onMore}>
            Show more
          </Button>
        </Center>
      ) : null}
    </>
  );
}
