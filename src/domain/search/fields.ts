import { BODY_TYPES, BODY_TYPE_LABELS, COLOUR_FAMILIES, CONDITIONS, CONDITION_LABELS, DRIVE_TYPES, FUEL_TYPES, TRANSMISSIONS, type VehicleType } from '../core/constants';
import { capitalise, fuelText } from '../listing/display';

// The listing attributes a buyer filters by, declared once (README, "Adding a search filter"). Each
// entry is read by every part of a search: the query's rules and its clauses (filters.ts), the device's
// matcher (match.ts), the index's dictionaries and sets (index/), the summary feed (summary.ts), the
// server's SQL (src/server/search/sqlFilters.ts) and the columns it reads, the filter dialog, the chips
// of a browse screen (browseFilters.ts) and a saved search's name.

/** How a filter compares a listing's value with the buyer's, without regard to case. */
export type AttributeMatch =
  /** The whole value: `drive_type=4wd` finds 4WD. */
  | 'exact'
  /** Words within it: `color=red` finds "Soul Red" and "Red", not "Redwood"; for free text a seller writes. */
  | 'word';

export interface AttributeFilter {
  /** The listing's field: the query parameter, the API's and the summary's field, and the SQL column. */
  readonly field: string;
  readonly match: AttributeMatch;
  /**
   * The query parameters that set it, the first given winning. The field's own name is one of them;
   * a body type is also read from `car_category` (before it) and `body_type` (after).
   */
  readonly params: readonly string[];
  /** The filter dialog's section title and the select's accessible name. */
  readonly label: string;
  /** The select's placeholder: what no choice means. */
  readonly any: string;
  readonly options: readonly string[];
  /** A value in words: the option's label, the chip's and a saved search's. */
  readonly text: (value: string) => string;
  /** The browse screens whose dialog offers it; every type when absent. */
  readonly types?: readonly VehicleType[];
  /** The dialog's accordion item (its `value`), kept as it was for each filter already shown. */
  readonly section: string;
}

const bodyText = (v: string) => BODY_TYPE_LABELS[v as keyof typeof BODY_TYPE_LABELS] ?? capitalise(v);
const conditionText = (v: string) => CONDITION_LABELS[v as keyof typeof CONDITION_LABELS] ?? capitalise(v);

/**
 * The attribute filters, in the order the chips, the dialog and a saved search's name list them. To add
 * one on a column every listing already has, add its entry here (and its test): see the README.
 */
export const ATTRIBUTE_FILTERS = [
  {
    field: 'category',
    match: 'exact',
    params: ['car_category', 'category', 'body_type'],
    label: 'Body type',
    any: 'All body types',
    options: BODY_TYPES,
    text: bodyText,
    types: ['car'],
    section: 'body',
  },
  { field: 'fuel_type', match: 'exact', params: ['fuel_type'], label: 'Fuel', any: 'Any fuel', options: FUEL_TYPES, text: (v) => fuelText(v), section: 'fuel' },
  { field: 'transmission', match: 'exact', params: ['transmission'], label: 'Transmission', any: 'Any transmission', options: TRANSMISSIONS, text: capitalise, section: 'transmission' },
  { field: 'condition', match: 'exact', params: ['condition'], label: 'Condition', any: 'Any condition', options: CONDITIONS, text: conditionText, section: 'condition' },
  { field: 'drive_type', match: 'exact', params: ['drive_type'], label: 'Drive type', any: 'Any drive', options: DRIVE_TYPES, text: (v) => v.toUpperCase(), section: 'drive' },
  { field: 'color', match: 'word', params: ['color'], label: 'Colour', any: 'Any colour', options: COLOUR_FAMILIES, text: capitalise, section: 'colour' },
] as const satisfies readonly AttributeFilter[];

/** The field of an attribute filter. */
export type AttributeField = (typeof ATTRIBUTE_FILTERS)[number]['field'];
/** The query parameters of the attribute filters. */
export type AttributeParam = (typeof ATTRIBUTE_FILTERS)[number]['params'][number];

/** The fields, in the table's order. */
export const ATTRIBUTE_FIELDS: readonly AttributeField[] = ATTRIBUTE_FILTERS.map((f) => f.field);

/** An attribute filter by its field; undefined for any other name. */
export const attributeFilter = (field: string): AttributeFilter | undefined => ATTRIBUTE_FILTERS.find((f) => f.field === field);

/** A value's words, lower case, as a `word` filter compares them (the server's SQL splits the same way). */
export const valueWords = (value: string): string =>
  value
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');

/** Whether a listing's value holds the buyer's words, in order and whole (a `word` filter). */
export const holdsWords = (value: string, wanted: string): boolean => ` ${valueWords(value)} `.includes(` ${valueWords(wanted)} `);
