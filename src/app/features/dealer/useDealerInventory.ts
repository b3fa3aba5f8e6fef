import { useEffect, useMemo, useRef, useState } from 'react';
import { VEHICLE_TYPE_LABELS, type LatLon, type VehicleType } from '@/domain/core/constants';
import {
  DEALER_FILTER_DEFAULTS,
  DEALER_FILTER_LEVEL_MAX,
  dealerActiveFilters,
  dealerCountFields,
  dealerFilterDefaults,
  dealerSearchFields,
  dealerYearOptions,
  setDealerFilter,
  type DealerFilterState,
} from './dealerPage';
import { DEALER_CARD_FALLBACKS } from '@/domain/listing/display';
import { chipLabel } from '@/domain/search/browseFilters';
import { locationStore } from '@/app/shared/location/locationStore';
import { buildRequest } from '@/app/shared/search/query';
import { useSearch, type SearchState } from '@/app/shared/search/useSearch';
import { useTransitionSnapshot } from '@/app/shared/useTransitionSnapshot';
import type { CountTexts } from './countText';
import { t } from '@/app/shared/i18n/language';

/** A tab's texts, whole sentences per vehicle type (word order differs between languages). */
export interface DealerTab {
  type: VehicleType;
  label: string;
  inStock: CountTexts;
  matching: CountTexts;
  /** The Submit button while counting, and with the count. */
  show: string;
  showCount: CountTexts;
  /** What a tab without filters lists. */
  every: string;
}

export const DEALER_TABS: DealerTab[] = [
  {
    type: 'car',
    label: VEHICLE_TYPE_LABELS.car,
    inStock: [/*i18n*/ '{n} car in stock', /*i18n*/ '{n} cars in stock'],
    matching: [/*i18n*/ '{n} car matches your filters', /*i18n*/ '{n} cars match your filters'],
    show: /*i18n*/ 'Show cars',
    showCount: [/*i18n*/ 'Show {n} car', /*i18n*/ 'Show {n} cars'],
    every: /*i18n*/ 'Every car this dealer has in stock, newest first.',
  },
  {
    type: 'construction',
    label: VEHICLE_TYPE_LABELS.construction,
    inStock: [/*i18n*/ '{n} construction vehicle in stock', /*i18n*/ '{n} construction vehicles in stock'],
    matching: [/*i18n*/ '{n} construction vehicle matches your filters', /*i18n*/ '{n} construction vehicles match your filters'],
    show: /*i18n*/ 'Show construction vehicles',
    showCount: [/*i18n*/ 'Show {n} construction vehicle', /*i18n*/ 'Show {n} construction vehicles'],
    every: /*i18n*/ 'Every construction vehicle this dealer has in stock, newest first.',
  },
  {
    type: 'farming',
    label: VEHICLE_TYPE_LABELS.farming,
    inStock: [/*i18n*/ '{n} farming vehicle in stock', /*i18n*/ '{n} farming vehicles in stock'],
    matching: [/*i18n*/ '{n} farming vehicle matches your filters', /*i18n*/ '{n} farming vehicles match your filters'],
    show: /*i18n*/ 'Show farming vehicles',
    showCount: [/*i18n*/ 'Show {n} farming vehicle', /*i18n*/ 'Show {n} farming vehicles'],
    every: /*i18n*/ 'Every farming vehicle this dealer has in stock, newest first.',
  },
];
const PAGE = 24;
const YEARS = dealerYearOptions();

export type DealerField = keyof DealerFilterState;

/** How many of the dealer's listings a tab holds (one row fetched: the count, and the dealer's name on it). */
function useTabStock(dealerId: string, type: VehicleType, buyer: LatLon): SearchState {
  return useSearch(useMemo(() => buildRequest({ seller_id: dealerId, vehicle_type: type }, 'newest', buyer, 1), [dealerId, type, buyer]));
}

/** The dealer's stock per vehicle type, the dealer (named and placed from one of the listings) and the tab shown. */
function useDealerStock(dealerId: string, buyer: LatLon) {
  const stock: Record<VehicleType, SearchState> = {
    car: useTabStock(dealerId, 'car', buyer),
    construction: useTabStock(dealerId, 'construction', buyer),
    farming: useTabStock(dealerId, 'farming', buyer),
  };
  // Known once every tab has answered; a background refresh re-counts without blanking the page.
  const [stockKnown, setStockKnown] = useState(false);
  const counted = DEALER_TABS.every((t) => !stock[t.type].searching);
  useEffect(() => {
    if (counted) setStockKnown(true);
  }, [counted]);
  const inStock = DEALER_TABS.reduce((n, t) => n + stock[t.type].total, 0);
  const sample = DEALER_TABS.map((t) => stock[t.type].items[0]).find((v) => v !== undefined);

  // The cars tab first, unless the dealer has no cars: then the first tab with stock.
  const [chosenTab, setChosenTab] = useState<VehicleType | null>(null);
  const tab = chosenTab ?? (stockKnown ? (DEALER_TABS.find((t) => stock[t.type].total > 0)?.type ?? 'car') : null);
  // Until the stock is known the form shows the cars tab, the usual one, so the page does not jump.
  const shownTab = tab ?? 'car';
  const dealer = {
    name: sample?.seller_name ?? t(/*i18n*/ 'Dealer'),
    location: sample?.seller_location ?? sample?.location ?? DEALER_CARD_FALLBACKS.location,
    inStock,
    known: stockKnown,
    verified: sample?.verified_dealer === true,
  };
  return { stock, dealer, tab, shownTab, setChosenTab };
}

/**
 * The form's filters per vehicle type, and the ones the results show: Submit applies the form (spec
 * section 4). `level` is how many levels of the cars' filters show; `price` the slider's value while it moves.
 */
function useDealerFilters() {
  const [filters, setFilters] = useState(dealerFilterDefaults);
  const [applied, setApplied] = useState(dealerFilterDefaults);
  const [level, setLevel] = useState(0);
  const car = filters.car;
  const setCar = <K extends DealerField>(key: K, value: DealerFilterState[K]) => setFilters((f) => ({ ...f, car: setDealerFilter(f.car, key, value) }));
  // The slider moves freely; the form takes its value when it is let go.
  const [price, setPrice] = useState(car.max_price);
  useEffect(() => setPrice(car.max_price), [car.max_price]);
  return { filters, setFilters, applied, setApplied, level, setLevel, car, setCar, price, setPrice };
}

/**
 * A dealer's stock page (spec section 2.8), decided: the stock per vehicle type and the dealer's
 * name and place, the tab shown, the cars' filter form and the filters applied to the results, the
 * results and their paging, and the live count of the form's Submit button.
 */
export function useDealerInventory(dealerId: string) {
  const { position } = useTransitionSnapshot(locationStore, (s) => ({ position: s.position }));
  const buyer = useMemo<LatLon>(() => ({ latitude: position.latitude, longitude: position.longitude }), [position.latitude, position.longitude]);

  const { stock, dealer, tab, shownTab, setChosenTab } = useDealerStock(dealerId, buyer);

  const { filters, setFilters, applied, setApplied, level, setLevel, car, setCar, price, setPrice } = useDealerFilters();
  const [limit, setLimit] = useState(PAGE);

  /** Words searched for in the dealer's stock (issue 20), with the tab's filters. */
  const [words, setWords] = useState('');
  const req = useMemo(
    () => (tab ? buildRequest({ ...dealerSearchFields(dealerId, tab, applied[tab]), ...(words && { q: words }) }, 'newest', buyer, limit) : null),
    [dealerId, tab, applied, words, buyer, limit],
  );
  const { items, total, searching, notKept } = useSearch(req);
  const loading = !notKept && (tab === null || (searching && items.length === 0));
  // The button's live count follows the form's make and model only (spec section 4).
  const countReq = useMemo(() => buildRequest(dealerCountFields(dealerId, { make: car.make, model: car.model }), 'newest', buyer, 1), [dealerId, car.make, car.model, buyer]);
  const live = useSearch(countReq);

  const chips = shownTab === 'car' ? dealerActiveFilters(applied.car) : [];
  const results = useRef<HTMLDivElement>(null);

  const reset = () => {
    setWords('');
    setFilters(dealerFilterDefaults());
    setApplied(dealerFilterDefaults());
    setLevel(0);
    setLimit(PAGE);
  };

  return {
    dealer,
    tabs: {
      shown: shownTab,
      meta: DEALER_TABS.find((t) => t.type === shownTab)!,
      count: (type: VehicleType) => stock[type].total,
      choose(type: VehicleType) {
        setChosenTab(type);
        setLimit(PAGE);
      },
    },
    form: {
      car,
      setCar,
      /** The price slider's value while it moves. */
      price,
      setPrice,
      level,
      /** Shows the next level of filters, or after the last hides them all. */
      nextLevel: () => setLevel((l) => (l >= DEALER_FILTER_LEVEL_MAX ? 0 : l + 1)),
      yearsFrom: car.year_to ? YEARS.filter((y) => y <= car.year_to) : YEARS,
      yearsTo: car.year_from ? YEARS.filter((y) => y >= car.year_from) : YEARS,
      /** How many listings the form would show; null while counting. */
      liveCount: loading || (live.searching && live.items.length === 0) ? null : live.total,
      submit() {
        setApplied(filters);
        setLimit(PAGE);
        results.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      },
      reset,
    },
    words: {
      value: words,
      search(next: string) {
        setWords(next);
        setLimit(PAGE);
      },
    },
    /** The applied filters as removable chips (cars only). */
    chips: {
      shown: chips.map((field) => ({ field, label: chipLabel(field, String(applied.car[field]), t) })),
      remove(key: DealerField) {
        const clear = (f: Record<VehicleType, DealerFilterState>) => ({ ...f, car: setDealerFilter(f.car, key, DEALER_FILTER_DEFAULTS[key]) });
        setFilters(clear);
        setApplied(clear);
        setLimit(PAGE);
      },
    },
    results: {
      ref: results,
      items,
      total,
      loading,
      notKept,
      filtered: chips.length > 0 || words !== '',
      more: !loading && items.length < total,
      showMore: () => setLimit((l) => l + PAGE),
      clearFilters: reset,
    },
  };
}

export type DealerInventory = ReturnType<typeof useDealerInventory>;
