import { SELLER_TYPES, VEHICLE_TYPE_LABELS, VEHICLE_TYPES, type SellerType, type VehicleType } from '../core/constants';
import { parseStoredObject } from '../core/storedJson';
import { wholeNumberText } from '../core/numbers';

// The advertising-prices page (spec sections 2.10 and 9): four filter selects, four plans, and the
// plan a seller picks, kept in session storage (STORAGE_KEYS.selectedAdvertisingPlan) for the dashboard.
// Prices are whole US dollars. The filters are recorded with the chosen plan; they do not change prices.

export const PRICE_AREAS = ['harare', 'bulawayo', 'mutare', 'gweru', 'national'] as const;
export type PriceArea = (typeof PRICE_AREAS)[number];

export const VALUE_BANDS = ['0-5000', '5000-10000', '10000-25000', '25000-50000', '50000+'] as const;
export type ValueBand = (typeof VALUE_BANDS)[number];

export interface AdvertisingFilters {
  vehicleType: VehicleType;
  showingPricesFor: PriceArea;
  sellerType: SellerType;
  vehicleValue: ValueBand;
}

export const DEFAULT_ADVERTISING_FILTERS: Readonly<AdvertisingFilters> = Object.freeze({
  vehicleType: 'car',
  showingPricesFor: 'harare',
  sellerType: 'private',
  vehicleValue: '10000-25000',
});

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

const PRICE_AREA_LABELS: Record<PriceArea, string> = {
  harare: 'Harare',
  bulawayo: 'Bulawayo',
  mutare: 'Mutare',
  gweru: 'Gweru',
  national: /*i18n*/ 'National',
};
const SELLER_TYPE_LABELS: Record<SellerType, string> = { private: /*i18n*/ 'Private seller', dealer: /*i18n*/ 'Dealer' };
const VALUE_BAND_LABELS: Record<ValueBand, string> = {
  '0-5000': '$0 – $5,000',
  '5000-10000': '$5,000 – $10,000',
  '10000-25000': '$10,000 – $25,000',
  '25000-50000': '$25,000 – $50,000',
  '50000+': '$50,000+',
};

const options = <V extends string>(values: readonly V[], labels: Record<V, string>): FilterOption<V>[] => values.map((value) => ({ value, label: labels[value] }));

/** Options of the four filter selects, in the order of spec section 9. */
export const ADVERTISING_FILTER_OPTIONS: {
  vehicleType: FilterOption<VehicleType>[];
  showingPricesFor: FilterOption<PriceArea>[];
  sellerType: FilterOption<SellerType>[];
  vehicleValue: FilterOption<ValueBand>[];
} = {
  vehicleType: options(VEHICLE_TYPES, VEHICLE_TYPE_LABELS),
  showingPricesFor: options(PRICE_AREAS, PRICE_AREA_LABELS),
  sellerType: options(SELLER_TYPES, SELLER_TYPE_LABELS),
  vehicleValue: options(VALUE_BANDS, VALUE_BAND_LABELS),
};

export const ADVERTISING_PLAN_IDS = ['ultimate', 'premium', 'standard', 'basic'] as const;
export type AdvertisingPlanId = (typeof ADVERTISING_PLAN_IDS)[number];

export interface AdvertisingPlan {
  id: AdvertisingPlanId;
  name: string;
  /** How long the advert stays live, as shown on the card. */
  duration: string;
  /** Price in whole US dollars. */
  price: number;
  /** The struck-through original price, in whole US dollars. */
  originalPrice: number;
  description: string;
  features: string[];
  isPopular: boolean;
}

/** The badge of the plan marked popular (spec 2.10). */
export const MOST_POPULAR = /*i18n*/ 'Most Popular';

/** Every plan allows the wizard's photo limit (MAX_IMAGES, 8: a text is one literal). */
export const PLAN_PHOTOS_FEATURE = /*i18n*/ 'Up to 8 photos';

export const ADVERTISING_PLANS: readonly AdvertisingPlan[] = [
  {
    id: 'ultimate',
    name: 'Ultimate',
    duration: /*i18n*/ 'Live until sold',
    price: 20,
    originalPrice: 25,
    description: /*i18n*/ 'Maximum exposure: your advert stays live until your vehicle is sold.',
    features: [/*i18n*/ 'Live until sold', /*i18n*/ 'Free relist every 4 weeks', /*i18n*/ 'Boost to top 3 times a month', PLAN_PHOTOS_FEATURE],
    isPopular: true,
  },
  {
    id: 'premium',
    name: 'Premium',
    duration: /*i18n*/ '6 weeks',
    price: 15,
    originalPrice: 20,
    description: /*i18n*/ 'Six weeks of visibility with regular boosts to the top of search.',
    features: [/*i18n*/ 'Live for 6 weeks', /*i18n*/ 'Boost to top 2 times a month', PLAN_PHOTOS_FEATURE],
    isPopular: false,
  },
  {
    id: 'standard',
    name: 'Standard',
    duration: /*i18n*/ '3 weeks',
    price: 10,
    originalPrice: 15,
    description: /*i18n*/ 'Three weeks in search with a monthly boost to the top.',
    features: [/*i18n*/ 'Live for 3 weeks', /*i18n*/ 'Boost to top 1 time a month', PLAN_PHOTOS_FEATURE],
    isPopular: false,
  },
  {
    id: 'basic',
    name: 'Basic',
    duration: /*i18n*/ '2 weeks',
    price: 5,
    originalPrice: 10,
    description: /*i18n*/ 'A simple two-week advert to get your vehicle in front of buyers.',
    features: [/*i18n*/ 'Live for 2 weeks', PLAN_PHOTOS_FEATURE],
    isPopular: false,
  },
];

/** What 'Select This Plan' stores (as JSON) under STORAGE_KEYS.selectedAdvertisingPlan in session storage. */
export type SelectedAdvertisingPlan = Omit<AdvertisingPlan, 'id'> & { selectedFilters: AdvertisingFilters };

export function selectedPlanRecord(plan: AdvertisingPlan, filters: AdvertisingFilters): SelectedAdvertisingPlan {
  return {
    name: plan.name,
    duration: plan.duration,
    price: plan.price,
    originalPrice: plan.originalPrice,
    description: plan.description,
    features: [...plan.features],
    isPopular: plan.isPopular,
    selectedFilters: {
      vehicleType: filters.vehicleType,
      showingPricesFor: filters.showingPricesFor,
      sellerType: filters.sellerType,
      vehicleValue: filters.vehicleValue,
    },
  };
}

const isOneOf = <V extends string>(values: readonly V[], v: unknown): v is V => typeof v === 'string' && (values as readonly string[]).includes(v);

/** Reads a stored plan back (for the dashboard banner); anything malformed gives null. */
export function parseSelectedPlan(raw: string | null | undefined): SelectedAdvertisingPlan | null {
  const d = parseStoredObject(raw);
  if (!d) return null;
  const f = (typeof d.selectedFilters === 'object' && d.selectedFilters !== null ? d.selectedFilters : {}) as Record<string, unknown>;
  if (
    typeof d.name !== 'string' ||
    typeof d.duration !== 'string' ||
    typeof d.price !== 'number' ||
    typeof d.originalPrice !== 'number' ||
    typeof d.description !== 'string' ||
    !Array.isArray(d.features) ||
    !d.features.every((x) => typeof x === 'string') ||
    typeof d.isPopular !== 'boolean' ||
    !isOneOf(VEHICLE_TYPES, f.vehicleType) ||
    !isOneOf(PRICE_AREAS, f.showingPricesFor) ||
    !isOneOf(SELLER_TYPES, f.sellerType) ||
    !isOneOf(VALUE_BANDS, f.vehicleValue)
  ) {
    return null;
  }
  return {
    name: d.name,
    duration: d.duration,
    price: d.price,
    originalPrice: d.originalPrice,
    description: d.description,
    features: d.features as string[],
    isPopular: d.isPopular,
    selectedFilters: { vehicleType: f.vehicleType, showingPricesFor: f.showingPricesFor, sellerType: f.sellerType, vehicleValue: f.vehicleValue },
  };
}

/** "$20" for whole dollars. */
export function formatPlanPrice(dollars: number): string {
  return `$${Number.isInteger(dollars) ? wholeNumberText(dollars) : dollars.toFixed(2)}`;
}
