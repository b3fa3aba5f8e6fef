import { FUEL_TYPES, type VehicleType } from '@/domain/core/constants';
import { DEALER_PRICE_SLIDER } from '@/domain/core/screenChoices';
import { withCatalogueChoice } from '@/domain/catalogue/makeModel';

// The dealer inventory page (spec sections 2.8, 3 "Dealer-page filter state", 4 "Dealer page", 5, 9):
// its texts (the make, model and variant ones are SEARCH_FIELD_TEXTS in messages.ts), its
// per-category filter state and which of that state a search applies.

export const DEALER_PAGE_TEXTS = {
  loading: /*i18n*/ 'Loading dealer vehicles...',
  emptyTitle: /*i18n*/ 'No vehicles found',
  emptyText: /*i18n*/ 'Try adjusting your search filters',
  hideAllFilters: /*i18n*/ 'Hide All Filters',
} as const;

/** Filter state the dealer page keeps for each category; every field is a select value ('' for all). */
export interface DealerFilterState {
  make: string;
  model: string;
  variant: string;
  fuel_type: string;
  engine_size: string;
  max_price: number;
  region: string;
  year_from: string;
  year_to: string;
  /** Cars only; '' is countrywide. */
  distance: string;
}

export const DEALER_FILTER_DEFAULTS: DealerFilterState = {
  make: '',
  model: '',
  variant: '',
  fuel_type: '',
  engine_size: '',
  max_price: DEALER_PRICE_SLIDER.default,
  region: '',
  year_from: '',
  year_to: '',
  distance: '',
};

export const dealerFilterDefaults = (): Record<VehicleType, DealerFilterState> => ({
  car: { ...DEALER_FILTER_DEFAULTS },
  construction: { ...DEALER_FILTER_DEFAULTS },
  farming: { ...DEALER_FILTER_DEFAULTS },
});

/** The filter-level button cycles 0..3; each level reveals more fields (spec section 4). */
export const DEALER_FILTER_LEVEL_MAX = 3;
export const DEALER_FILTER_LEVEL = { fuelAndEngine: 1, priceAndYear: 2, regionAndDistance: 3 } as const;

/** LPG is offered for cars on the home page only (spec section 9). */
export const DEALER_FUEL_TYPES = FUEL_TYPES.filter((f) => f !== 'lpg');

/** The dealer page's year selects cover 30 years, newest first (spec section 9). */
export const DEALER_YEAR_SPAN = 30;
export function dealerYearOptions(now: Date = new Date()): string[] {
  const year = now.getFullYear();
  return Array.from({ length: DEALER_YEAR_SPAN }, (_, i) => String(year - i));
}

/** Changing make clears model and variant; changing model clears variant (spec section 4). */
export function setDealerFilter<K extends keyof DealerFilterState>(state: DealerFilterState, key: K, value: DealerFilterState[K]): DealerFilterState {
  return withCatalogueChoice(state, key, value, '');
}

/**
 * The search fields of the dealer page for a tab: always the dealer and the vehicle type; the
 * filter state only on the cars tab, the one tab whose filters apply (spec section 5). Empty
 * values and the price ceiling are left for the search rules to ignore.
 */
export function dealerSearchFields(dealerId: string, tab: VehicleType, state: DealerFilterState): Record<string, string | number> {
  const base = { seller_id: dealerId, vehicle_type: tab };
  if (tab !== 'car') return base;
  return { ...base, ...state };
}

/** The search behind the Submit button's live count: the dealer's cars of the chosen make and model only (spec section 4). */
export function dealerCountFields(dealerId: string, state: Pick<DealerFilterState, 'make' | 'model'>): Record<string, string> {
  return { seller_id: dealerId, vehicle_type: 'car', make: state.make, model: state.model };
}

/** The fields of the cars tab's state that differ from the defaults: the applied filters, shown as chips. */
export function dealerActiveFilters(state: DealerFilterState): (keyof DealerFilterState)[] {
  return (Object.keys(DEALER_FILTER_DEFAULTS) as (keyof DealerFilterState)[]).filter((k) => state[k] !== DEALER_FILTER_DEFAULTS[k]);
}
