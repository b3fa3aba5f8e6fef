// The listing attributes a buyer filters by, declared once (README, "Adding a search filter"), in two
// parts kept apart only for the phone's first screen: what a search needs of each (here), read by the
// query's rules and clauses (filters.ts), the device's matcher (match.ts), the index's dictionaries and
// sets (index/), the summary feed (summary.ts) and the server's SQL and the columns it reads
// (src/server/search/sqlFilters.ts); and its words for the screens (fieldWords.ts: the filter dialog,
// the chips, a saved search's name), which TypeScript asks for once the field is here. The search worker
// starts with a phone's first screen and carries this part only.

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
}

/**
 * The attribute filters, in the order the chips, the dialog and a saved search's name list them. To add
 * one on a column every listing already has, add its entry here, its words in fieldWords.ts, and its
 * test: see the README.
 */
export const ATTRIBUTE_FILTERS = [
  { field: 'category', match: 'exact', params: ['car_category', 'category', 'body_type'] },
  { field: 'fuel_type', match: 'exact', params: ['fuel_type'] },
  { field: 'transmission', match: 'exact', params: ['transmission'] },
  { field: 'condition', match: 'exact', params: ['condition'] },
  { field: 'drive_type', match: 'exact', params: ['drive_type'] },
  { field: 'color', match: 'word', params: ['color'] },
] as const satisfies readonly AttributeFilter[];

/** The field of an attribute filter. */
export type AttributeField = (typeof ATTRIBUTE_FILTERS)[number]['field'];
/** The query parameters of the attribute filters. */
export type AttributeParam = (typeof ATTRIBUTE_FILTERS)[number]['params'][number];

/** The fields, in the table's order. */
export const ATTRIBUTE_FIELDS: readonly AttributeField[] = ATTRIBUTE_FILTERS.map((f) => f.field);

/** Whether a name is an attribute filter's field. */
export const isAttributeField = (name: string): name is AttributeField => (ATTRIBUTE_FIELDS as readonly string[]).includes(name);

/** A listing's attributes (null for one it has none of), from a listing or a row selected by the fields' names. */
export function attributesOf(v: Partial<Record<AttributeField, string | null>>): Record<AttributeField, string | null> {
  const out = {} as Record<AttributeField, string | null>;
  for (const f of ATTRIBUTE_FIELDS) out[f] = v[f] ?? null;
  return out;
}

/** A value's words, lower case, as a `word` filter compares them (the server's SQL splits the same way). */
export const valueWords = (value: string): string =>
  value
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');

/** Whether a listing's value holds the buyer's words, in order and whole (a `word` filter). */
export const holdsWords = (value: string, wanted: string): boolean => ` ${valueWords(value)} `.includes(` ${valueWords(wanted)} `);
