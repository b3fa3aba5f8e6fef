import { usdText, wholeNumberText } from '../core/numbers';
import { withCatalogueChoice } from '../catalogue/makeModel';
import { ATTRIBUTE_FIELDS } from './fields';
import { attributeWords } from './fieldWords';
import { english, type Translate } from '../i18n/text';

// The active filters of a browse screen as removable chips (spec sections 2.5 and 2.6): one chip per
// field set, in words, and what removing it clears (a make takes its model and variant with it).

export interface FilterChip {
  field: string;
  label: string;
}

/** The order chips are shown in, most telling first; fields not listed here are not filters a chip shows. */
const CHIP_FIELDS = [
  'q',
  'category',
  'make',
  'model',
  'variant',
  ...ATTRIBUTE_FIELDS.filter((f) => f !== 'category'),
  'engine_size',
  'engine_cc',
  'engine_power',
  'min_price',
  'max_price',
  'min_mileage',
  'max_mileage',
  'min_hours',
  'max_hours',
  'year_from',
  'year_to',
  'region',
  'location',
  'distance',
  'seller_type',
  'verified_dealer',
  'phone_verified',
  'duty_paid',
  'papers_ready',
];

/** The trust-signal filters (issue 20), as the filter dialog's checkboxes and their chips read. */
export const TRUST_FILTER_LABELS = {
  duty_paid: /*i18n*/ 'Duty paid (ZIMRA)',
  papers_ready: /*i18n*/ 'Papers ready (police clearance, registration book)',
  verified_dealer: /*i18n*/ 'Verified dealers only',
  phone_verified: /*i18n*/ 'Phone verified sellers only',
} as const;
const TRUST_CHIPS: Record<keyof typeof TRUST_FILTER_LABELS, [yes: string, no: string]> = {
  duty_paid: [/*i18n*/ 'Duty paid', /*i18n*/ 'Duty not declared paid'],
  papers_ready: [/*i18n*/ 'Papers ready', /*i18n*/ 'Papers not declared ready'],
  verified_dealer: [/*i18n*/ 'Verified dealers', /*i18n*/ 'Not verified dealers'],
  phone_verified: [/*i18n*/ 'Phone verified', /*i18n*/ 'Phone not verified'],
};

const usd = (v: string) => usdText(Number(v));
const count = (v: string) => wholeNumberText(Number(v));

/** A filter's value in words, as its chip reads. */
export function chipLabel(field: string, value: string, tr: Translate = english): string {
  const attribute = attributeWords(field);
  if (attribute) return attribute.text(value, tr);
  switch (field) {
    case 'q':
      return `“${value}”`;
    case 'make':
      return tr(/*i18n*/ 'Make: {value}', { value });
    case 'model':
      return tr(/*i18n*/ 'Model: {value}', { value });
    case 'variant':
      return tr(/*i18n*/ 'Variant: {value}', { value });
    case 'engine_size':
      return `${value} L`;
    case 'engine_cc':
      return value.endsWith('+') ? `${wholeNumberText(Number(value.slice(0, -1)))}+ cc` : tr(/*i18n*/ 'Up to {count} cc', { count: count(value) });
    case 'engine_power':
      return `${value} HP`;
    case 'min_price':
      return tr(/*i18n*/ 'From {price}', { price: usd(value) });
    case 'max_price':
      return tr(/*i18n*/ 'Up to {price}', { price: usd(value) });
    case 'min_mileage':
      return `${count(value)}+ km`;
    case 'max_mileage':
      return tr(/*i18n*/ 'Up to {count} km', { count: count(value) });
    case 'min_hours':
      return tr(/*i18n*/ '{count}+ hrs', { count: count(value) });
    case 'max_hours':
      return tr(/*i18n*/ 'Up to {count} hrs', { count: count(value) });
    case 'year_from':
      return tr(/*i18n*/ 'From {year}', { year: value });
    case 'year_to':
      return tr(/*i18n*/ 'To {year}', { year: value });
    case 'region':
      return tr(/*i18n*/ 'Region: {value}', { value });
    case 'location':
      return tr(/*i18n*/ 'Location: {value}', { value });
    case 'distance':
      return tr(/*i18n*/ 'Within {km} km', { km: value });
    case 'seller_type':
      return value === 'dealer' ? tr(/*i18n*/ 'Dealers') : tr(/*i18n*/ 'Private sellers');
    case 'duty_paid':
    case 'papers_ready':
    case 'verified_dealer':
    case 'phone_verified':
      return tr(TRUST_CHIPS[field][value === 'true' || value === '1' ? 0 : 1]);
    default:
      return `${field}: ${value}`;
  }
}

/** The chips of a screen's filter fields: every field with a value, 'all' and empty meaning none. */
export function filterChips(fields: Record<string, string | undefined>, tr: Translate = english): FilterChip[] {
  return CHIP_FIELDS.flatMap((field) => {
    const value = fields[field]?.trim();
    return value && value.toLowerCase() !== 'all' ? [{ field, label: chipLabel(field, value, tr) }] : [];
  });
}

/** The fields without the chip's: a make takes model and variant with it, a model its variant. */
export function withoutChip<T extends Record<string, string | undefined>>(fields: T, field: string): T {
  return withCatalogueChoice<Record<string, string | undefined>, string>(fields, field, undefined, undefined) as T;
}

/** The URL's names of a Browse-by-type tile's category, one per vehicle type, and a saved search's. */
const CATEGORY_PARAMS = ['car_category', 'construction_category', 'farming_category', 'category'] as const;

/**
 * The filters a navigation brings to a browse screen: the home page's (navigation state), then a
 * Browse-by-type tile's or a saved search's (the URL), the tile's category folded into `category`.
 */
export function navigationFilters(fromState: Record<string, string | undefined>, fromUrl: Record<string, string>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = { ...fromState, ...fromUrl };
  const category = CATEGORY_PARAMS.map((p) => fromUrl[p]).find((v) => v !== undefined && v !== '') ?? fromState.category;
  for (const p of CATEGORY_PARAMS) delete out[p];
  if (category !== undefined) out.category = category;
  return out;
}

/** The URL parameters that set a field, for removing it from the address when its chip is removed. */
export function urlParamsOf(field: string): string[] {
  if (field === 'category') return [...CATEGORY_PARAMS];
  if (field === 'make') return ['make', 'makeName', 'model', 'modelName', 'variant'];
  if (field === 'model') return ['model', 'modelName', 'variant'];
  return [field];
}
