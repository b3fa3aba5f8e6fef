import {
  CONSTRUCTION_ENGINE_POWER_BANDS,
  ENGINE_SIZE_BANDS,
  MAX_PRICE_CEILING,
  SELLER_TYPES,
  SORT_ORDERS,
  VEHICLE_TYPES,
  type EnginePowerBand,
  type LatLon,
  type SellerType,
  type SortOrder,
  type VehicleType,
} from '../core/constants';
import { hasNul, NUL_MESSAGE } from '../core/nul';
import { queryTerms, WORDS_MAX_CHARS } from './words';
import { ATTRIBUTE_FILTERS, type AttributeField, type AttributeParam } from './fields';

// The search rules of spec section 5, written once. A query is normalised into `SearchFilters`,
// turned into a list of `Clause`s, and each clause is then evaluated either in memory
// (`matchesClauses`, used by the search worker and the tests) or as SQL (the server's compiler).

/** Values that mean "no filter": empty, null, undefined or 'all' (spec section 5). */
export function isUnset(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && (v.trim() === '' || v.trim().toLowerCase() === 'all'));
}

// Each query field is a rule written as plain code: it cleans a raw value (a URL parameter, a JSON
// value, a screen's field), answers undefined for "no filter", and throws a `FieldIssue` for a value it
// refuses. The search worker parses with these rules directly (`parseSearchQuery`), so the first screen
// loads no validation library; the server wraps the same rules in its zod schema
// (search/querySchema.ts), so both accept and refuse the same queries.

/** A query value a field refuses, with why. */
export class FieldIssue extends Error {}

/** What a field's value is once cleaned, for the server's schema and its OpenAPI description. */
export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'enum';

export interface FieldRule<T> {
  type: FieldType;
  /** The allowed values of an 'enum' field. */
  values?: readonly [string, ...string[]];
  /** The cleaned value, undefined when unset; throws FieldIssue when the value is refused. */
  read(v: unknown): T | undefined;
}

const rule = <T>(type: FieldType, read: (v: unknown) => T, values?: readonly [string, ...string[]]): FieldRule<T> => ({
  type,
  ...(values && { values }),
  read: (v) => (isUnset(v) ? undefined : read(v)),
});
/**
 * The largest magnitude a number of a search may have: the database's integer columns (year, mileage)
 * hold no more, and no price, mileage, year or distance comes near it.
 */
export const SEARCH_NUMBER_LIMIT = 2_147_483_647;
/** How far into the results a page may start. */
export const SEARCH_OFFSET_MAX = 1_000_000;
const finite = (n: unknown, message: string): number => {
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new FieldIssue(message);
  if (Math.abs(n) > SEARCH_NUMBER_LIMIT) throw new FieldIssue(`Must be from -${SEARCH_NUMBER_LIMIT} to ${SEARCH_NUMBER_LIMIT}`);
  return n;
};
/**
 * A text value (a number reads as its digits). A list or an object is refused, and so is a NUL
 * character, which the database can neither keep nor compare.
 */
const plain = (v: unknown): string => {
  if (typeof v === 'object') throw new FieldIssue('Must be text');
  const s = String(v);
  if (hasNul(s)) throw new FieldIssue(NUL_MESSAGE);
  return s;
};
const inRange = (n: number, min: number, max: number | undefined, message: string): number => {
  if (n < min || (max !== undefined && n > max)) throw new FieldIssue(message);
  return n;
};
const oneOf = <T extends string>(values: readonly [T, ...T[]], v: string): T => {
  if (!(values as readonly string[]).includes(v)) throw new FieldIssue(`Must be one of: ${values.join(', ')}`);
  return v as T;
};
const maxChars = (max: number) =>
  rule('string', (v) => {
    const s = plain(v).trim();
    if (s.length > max) throw new FieldIssue(`Must be at most ${max} characters`);
    return s;
  });
const text = maxChars(120);
const num = rule('number', (v) => finite(typeof v === 'string' ? Number(v.replace(/[,\s$]/g, '')) : v, 'Must be a number'));
const bool = rule('boolean', (v) => {
  if (v === true || v === 'true' || v === '1') return true;
  if (v === false || v === 'false' || v === '0') return false;
  throw new FieldIssue('Must be true or false');
});
const lowerEnum = <T extends string>(values: readonly [T, ...T[]]) => rule('enum', (v) => oneOf(values, String(v).trim().toLowerCase()), values);
const numberIn = (min: number, max: number) => rule('number', (v) => inRange(finite(Number(v), 'Must be a number'), min, max, `Must be from ${min} to ${max}`));
const intFrom = (min: number, max?: number) =>
  rule('integer', (v) => {
    const n = finite(Number(v), 'Must be a whole number');
    if (!Number.isSafeInteger(n)) throw new FieldIssue('Must be a whole number');
    return inRange(n, min, max, max === undefined ? `Must be at least ${min}` : `Must be from ${min} to ${max}`);
  });

/** Every filter field of spec section 3 (car, construction and farming), plus paging and sort. */
export const SEARCH_QUERY_FIELDS = {
  q: maxChars(WORDS_MAX_CHARS),
  vehicle_type: lowerEnum(VEHICLE_TYPES),
  make: text,
  makeName: text,
  makeId: text,
  model: text,
  modelName: text,
  modelId: text,
  variant: text,
  ...(Object.fromEntries(ATTRIBUTE_FILTERS.flatMap((a) => a.params.map((p) => [p, text]))) as Record<AttributeParam, FieldRule<string>>),
  min_price: num,
  max_price: num,
  min_mileage: num,
  max_mileage: num,
  min_hours: num,
  max_hours: num,
  min_year: num,
  max_year: num,
  year_from: num,
  year_to: num,
  engine_size: rule('enum', (v) => oneOf(ENGINE_SIZE_BANDS, String(v).trim()), ENGINE_SIZE_BANDS),
  engine_cc: rule('string', (v) => {
    const cc = String(v).replace(/cc$/i, '').trim();
    if (!/^\d{3,5}\+?$/.test(cc)) throw new FieldIssue('Must be an engine size in cc, such as 2000 or 4000+');
    return cc;
  }),
  engine_power: rule(
    'enum',
    (v) =>
      oneOf(
        CONSTRUCTION_ENGINE_POWER_BANDS,
        String(v)
          .trim()
          .replace(/\s*hp$/i, ''),
      ),
    CONSTRUCTION_ENGINE_POWER_BANDS,
  ),
  location: text,
  region: text,
  distance: num,
  seller_type: lowerEnum(SELLER_TYPES),
  featured: bool,
  duty_paid: bool,
  papers_ready: bool,
  verified_dealer: bool,
  phone_verified: bool,
  seller_id: rule('string', (v) => {
    const s = plain(v);
    if (s.length > 64) throw new FieldIssue('Must be at most 64 characters');
    return s;
  }),
  is_published: bool,
  is_expired: bool,
  buyer_lat: numberIn(-90, 90),
  buyer_lon: numberIn(-180, 180),
  sort: rule('enum', (v) => oneOf(SORT_ORDERS, String(v)), SORT_ORDERS),
  limit: intFrom(1, 500),
  offset: intFrom(0, SEARCH_OFFSET_MAX),
};
type SearchQueryFields = typeof SEARCH_QUERY_FIELDS;
/** The name of a search field: a filter of spec section 3, paging, sort or the buyer's position. */
export type SearchField = keyof SearchQueryFields;
/**
 * A search as the screens build it, before the rules read it: filter fields (empty and 'all' mean
 * none), sort, paging, buyer. Only the search's fields: a misspelt one is a type error.
 */
export type SearchInput = { [K in SearchField]?: string | number | boolean | null };

/** Whether a name is one of the search's fields. */
export const isSearchField = (name: string): name is SearchField => Object.hasOwn(SEARCH_QUERY_FIELDS, name);

export type SearchQuery = { [K in keyof SearchQueryFields]?: SearchQueryFields[K] extends FieldRule<infer T> ? T : never };

/** A query with a field the rules refuse. */
export class SearchQueryError extends Error {
  constructor(
    readonly field: string,
    readonly issue: string,
  ) {
    super(`${field}: ${issue}`);
  }
}

/** Cleans a query by the field rules; unknown fields are dropped. Throws SearchQueryError for a refused value. */
export function parseSearchQuery(input: Record<string, unknown>): SearchQuery {
  const out: Record<string, unknown> = {};
  for (const [field, r] of Object.entries(SEARCH_QUERY_FIELDS) as [string, FieldRule<unknown>][]) {
    let value: unknown;
    try {
      value = r.read(input[field]);
    } catch (err) {
      if (err instanceof FieldIssue) throw new SearchQueryError(field, err.message);
      throw err;
    }
    if (value !== undefined) out[field] = value;
  }
  return out as SearchQuery;
}

/** The normalised filter a search applies: the attribute filters of fields.ts, and the others. */
export type SearchFilters = OtherFilters & { [K in AttributeField]?: string };

interface OtherFilters {
  /** Words searched for (words.ts). */
  q?: string;
  vehicle_type?: VehicleType;
  make?: string;
  model?: string;
  variant?: string;
  min_price?: number;
  max_price?: number;
  min_mileage?: number;
  max_mileage?: number;
  min_hours?: number;
  max_hours?: number;
  year_from?: number;
  year_to?: number;
  engine_size?: (typeof ENGINE_SIZE_BANDS)[number];
  engine_cc?: string;
  engine_power?: EnginePowerBand;
  region?: string;
  location?: string;
  seller_type?: SellerType;
  distance?: number;
  featured?: boolean;
  duty_paid?: boolean;
  papers_ready?: boolean;
  verified_dealer?: boolean;
  phone_verified?: boolean;
  seller_id?: string;
}

export interface SearchRequest {
  filters: SearchFilters;
  buyer?: LatLon;
  sort: SortOrder;
  limit?: number;
  offset: number;
}

/** Folds the query's synonyms (makeName, min_year/year_from, car_category/category ...) into one filter. */
export function normalizeSearch(q: SearchQuery): SearchRequest {
  const f: SearchFilters = {};
  const set = <K extends keyof SearchFilters>(k: K, v: SearchFilters[K] | undefined) => {
    if (v !== undefined) f[k] = v;
  };
  set('q', q.q);
  set('vehicle_type', q.vehicle_type);
  set('make', q.make ?? q.makeName);
  set('model', q.model ?? q.modelName);
  set('variant', q.variant);
  for (const a of ATTRIBUTE_FILTERS)
    set(
      a.field,
      a.params.map((p) => q[p]).find((v) => v !== undefined),
    );
  set('min_price', q.min_price);
  set('max_price', q.max_price);
  set('min_mileage', q.min_mileage);
  set('max_mileage', q.max_mileage);
  set('min_hours', q.min_hours);
  set('max_hours', q.max_hours);
  set('year_from', q.year_from ?? q.min_year);
  set('year_to', q.year_to ?? q.max_year);
  set('engine_size', q.engine_size);
  set('engine_cc', q.engine_cc);
  set('engine_power', q.engine_power);
  set('region', q.region);
  set('location', q.location);
  set('seller_type', q.seller_type);
  set('distance', q.distance);
  set('featured', q.featured);
  set('duty_paid', q.duty_paid);
  set('papers_ready', q.papers_ready);
  set('verified_dealer', q.verified_dealer);
  set('phone_verified', q.phone_verified);
  set('seller_id', q.seller_id);
  const buyer = q.buyer_lat !== undefined && q.buyer_lon !== undefined ? { latitude: q.buyer_lat, longitude: q.buyer_lon } : undefined;
  const sort: SortOrder = q.sort === 'distance' && !buyer ? 'newest' : (q.sort ?? (buyer && f.distance ? 'distance' : 'newest'));
  const req: SearchRequest = { filters: f, sort, offset: q.offset ?? 0 };
  if (buyer) req.buyer = buyer;
  if (q.limit !== undefined) req.limit = q.limit;
  return req;
}

export type TextField = 'vehicle_type' | 'make' | 'model' | 'variant' | AttributeField | 'seller_id';
export type NumberField = 'price' | 'mileage' | 'operating_hours' | 'year' | 'engine_size' | 'engine_power_hp';
/** Trust signals a listing carries: the seller's declarations and a verified dealer (issue 20), a verified phone (issue 37). */
export const FLAG_FIELDS = ['duty_paid', 'papers_ready', 'verified_dealer', 'phone_verified'] as const;
export type FlagField = (typeof FLAG_FIELDS)[number];

export type Clause =
  | { kind: 'eq_ci'; field: TextField; value: string }
  /** A `word` attribute filter (fields.ts): the value's words, whole and in order, within the listing's. */
  | { kind: 'words_in'; field: AttributeField; value: string }
  | { kind: 'contains_ci'; field: 'location'; value: string }
  | { kind: 'range'; field: NumberField; min?: number; max?: number }
  | { kind: 'seller_type'; value: SellerType }
  | { kind: 'featured'; value: boolean }
  | { kind: 'flag'; field: FlagField; value: boolean }
  | { kind: 'within_km'; center: LatLon; km: number }
  | { kind: 'words'; terms: string[] };

/** Litre bounds of an engine-size band, inclusive. */
export function engineBandLitres(band: (typeof ENGINE_SIZE_BANDS)[number]): { min: number; max?: number } {
  if (band.endsWith('+')) return { min: Number(band.slice(0, -1)) };
  const [lo, hi] = band.split('-').map(Number);
  return { min: lo as number, max: hi as number };
}

/** Engine cc option: "2000" means up to 2000 cc, "4000+" means 4000 cc or more. */
export function engineCcLitres(cc: string): { min?: number; max?: number } {
  return cc.endsWith('+') ? { min: Number(cc.slice(0, -1)) / 1000 } : { max: Number(cc) / 1000 };
}

/** Horsepower bounds of a construction engine-power band, inclusive: "101-200" is 101 to 200 HP, "401+" is 401 HP or more. */
export function enginePowerBandHp(band: EnginePowerBand): { min: number; max?: number } {
  if (band.endsWith('+')) return { min: Number(band.slice(0, -1)) };
  const [lo, hi] = band.split('-').map(Number);
  return { min: lo as number, max: hi as number };
}

/** The rules of spec section 5 as clauses. */
export function toClauses(f: SearchFilters, buyer?: LatLon): Clause[] {
  const out: Clause[] = [];
  const eq = (field: TextField, value: string | undefined) => {
    if (value !== undefined) out.push({ kind: 'eq_ci', field, value });
  };
  const range = (field: NumberField, min: number | undefined, max: number | undefined) => {
    if (min === undefined && max === undefined) return;
    const c: Clause = { kind: 'range', field };
    if (min !== undefined) c.min = min;
    if (max !== undefined) c.max = max;
    out.push(c);
  };
  eq('vehicle_type', f.vehicle_type);
  eq('make', f.make);
  eq('model', f.model);
  eq('variant', f.variant);
  for (const a of ATTRIBUTE_FILTERS) {
    const value = f[a.field];
    if (value === undefined) continue;
    if (a.match === 'exact') eq(a.field, value);
    else out.push({ kind: 'words_in', field: a.field, value });
  }
  eq('seller_id', f.seller_id);
  // Max price applies only below the ceiling and keeps vehicles priced at or below it.
  range('price', f.min_price, f.max_price !== undefined && f.max_price < MAX_PRICE_CEILING ? f.max_price : undefined);
  range('mileage', f.min_mileage, f.max_mileage);
  // Equipment's operating hours: a listing without them matches no hours limit, as one without a mileage matches no mileage limit.
  range('operating_hours', f.min_hours, f.max_hours);
  range('year', f.year_from, f.year_to);
  if (f.engine_size) {
    const b = engineBandLitres(f.engine_size);
    range('engine_size', b.min, b.max);
  }
  if (f.engine_cc) {
    const b = engineCcLitres(f.engine_cc);
    range('engine_size', b.min, b.max);
  }
  if (f.engine_power) {
    const b = enginePowerBandHp(f.engine_power);
    range('engine_power_hp', b.min, b.max);
  }
  if (f.region !== undefined) out.push({ kind: 'contains_ci', field: 'location', value: f.region });
  if (f.location !== undefined) out.push({ kind: 'contains_ci', field: 'location', value: f.location });
  if (f.seller_type) out.push({ kind: 'seller_type', value: f.seller_type });
  if (f.featured !== undefined) out.push({ kind: 'featured', value: f.featured });
  for (const field of FLAG_FIELDS) {
    const value = f[field];
    if (value !== undefined) out.push({ kind: 'flag', field, value });
  }
  if (f.distance !== undefined && f.distance > 0 && buyer) out.push({ kind: 'within_km', center: buyer, km: f.distance });
  if (f.q !== undefined) {
    const terms = queryTerms(f.q);
    if (terms.length > 0) out.push({ kind: 'words', terms });
  }
  return out;
}
