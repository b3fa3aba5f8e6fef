import * as z from 'zod/mini';
import {
  ENGINE_SIZE_BANDS,
  MAX_PRICE_CEILING,
  SELLER_TYPES,
  SORT_ORDERS,
  VEHICLE_TYPES,
  type LatLon,
  type SellerType,
  type SortOrder,
  type VehicleType,
} from '../constants';

// The search rules of spec section 5, written once. A query is normalised into `SearchFilters`,
// turned into a list of `Clause`s, and each clause is then evaluated either in memory
// (`matchesClauses`, used by the search worker and the tests) or as SQL (the server's compiler).

/** Values that mean "no filter": empty, null, undefined or 'all' (spec section 5). */
export function isUnset(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && (v.trim() === '' || v.trim().toLowerCase() === 'all'));
}

// zod/mini: the same validation as zod's classic API, but tree-shakable, so the app and the search
// worker (which share these rules with the server) do not ship the whole library to phones.
/** Zod's preprocess: a cleaning step, then the schema. */
const pre = <T extends z.ZodMiniType>(clean: (v: unknown) => unknown, schema: T) => z.pipe(z.transform(clean), schema);
const text = pre((v) => (isUnset(v) ? undefined : String(v).trim()), z.optional(z.string().check(z.maxLength(120))));
const num = pre((v) => (isUnset(v) ? undefined : typeof v === 'string' ? Number(v.replace(/[,\s$]/g, '')) : v), z.optional(z.number()));
const bool = pre(
  (v) => (isUnset(v) ? undefined : v === true || v === 'true' || v === '1' ? true : v === false || v === 'false' || v === '0' ? false : v),
  z.optional(z.boolean()),
);
const lowerEnumOpt = <T extends readonly [string, ...string[]]>(values: T) =>
  pre((v) => (isUnset(v) ? undefined : String(v).trim().toLowerCase()), z.optional(z.enum(values)));
const numberIn = (min: number, max: number) => pre((v) => (isUnset(v) ? undefined : Number(v)), z.optional(z.number().check(z.gte(min), z.lte(max))));
const intFrom = (min: number, max?: number) =>
  pre((v) => (isUnset(v) ? undefined : Number(v)), z.optional(max === undefined ? z.int().check(z.gte(min)) : z.int().check(z.gte(min), z.lte(max))));

/** Every filter field of spec section 3 (car, construction and farming), plus paging and sort. */
export const searchQuerySchema = z.object({
  vehicle_type: lowerEnumOpt(VEHICLE_TYPES),
  make: text,
  makeName: text,
  makeId: text,
  model: text,
  modelName: text,
  modelId: text,
  variant: text,
  car_category: text,
  category: text,
  body_type: text,
  min_price: num,
  max_price: num,
  min_mileage: num,
  max_mileage: num,
  min_year: num,
  max_year: num,
  year_from: num,
  year_to: num,
  fuel_type: text,
  transmission: text,
  condition: text,
  engine_size: pre((v) => (isUnset(v) ? undefined : String(v).trim()), z.optional(z.enum(ENGINE_SIZE_BANDS))),
  engine_cc: pre((v) => (isUnset(v) ? undefined : String(v).replace(/cc$/i, '').trim()), z.optional(z.string().check(z.regex(/^\d{3,5}\+?$/)))),
  drive_type: text,
  location: text,
  region: text,
  distance: num,
  seller_type: lowerEnumOpt(SELLER_TYPES),
  featured: bool,
  seller_id: pre((v) => (isUnset(v) ? undefined : String(v)), z.optional(z.string().check(z.maxLength(64)))),
  is_published: bool,
  is_expired: bool,
  buyer_lat: numberIn(-90, 90),
  buyer_lon: numberIn(-180, 180),
  sort: pre((v) => (isUnset(v) ? undefined : String(v)), z.optional(z.enum(SORT_ORDERS))),
  limit: intFrom(1, 500),
  offset: intFrom(0),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** The normalised filter a search applies. */
export interface SearchFilters {
  vehicle_type?: VehicleType;
  make?: string;
  model?: string;
  variant?: string;
  category?: string;
  fuel_type?: string;
  transmission?: string;
  condition?: string;
  drive_type?: string;
  min_price?: number;
  max_price?: number;
  min_mileage?: number;
  max_mileage?: number;
  year_from?: number;
  year_to?: number;
  engine_size?: (typeof ENGINE_SIZE_BANDS)[number];
  engine_cc?: string;
  region?: string;
  location?: string;
  seller_type?: SellerType;
  distance?: number;
  featured?: boolean;
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
  set('vehicle_type', q.vehicle_type);
  set('make', q.make ?? q.makeName);
  set('model', q.model ?? q.modelName);
  set('variant', q.variant);
  set('category', q.car_category ?? q.category ?? q.body_type);
  set('fuel_type', q.fuel_type);
  set('transmission', q.transmission);
  set('condition', q.condition);
  set('drive_type', q.drive_type);
  set('min_price', q.min_price);
  set('max_price', q.max_price);
  set('min_mileage', q.min_mileage);
  set('max_mileage', q.max_mileage);
  set('year_from', q.year_from ?? q.min_year);
  set('year_to', q.year_to ?? q.max_year);
  set('engine_size', q.engine_size);
  set('engine_cc', q.engine_cc);
  set('region', q.region);
  set('location', q.location);
  set('seller_type', q.seller_type);
  set('distance', q.distance);
  set('featured', q.featured);
  set('seller_id', q.seller_id);
  const buyer = q.buyer_lat !== undefined && q.buyer_lon !== undefined ? { latitude: q.buyer_lat, longitude: q.buyer_lon } : undefined;
  const sort: SortOrder = q.sort === 'distance' && !buyer ? 'newest' : (q.sort ?? (buyer && f.distance ? 'distance' : 'newest'));
  const req: SearchRequest = { filters: f, sort, offset: q.offset ?? 0 };
  if (buyer) req.buyer = buyer;
  if (q.limit !== undefined) req.limit = q.limit;
  return req;
}

export type TextField = 'vehicle_type' | 'make' | 'model' | 'variant' | 'category' | 'fuel_type' | 'transmission' | 'condition' | 'drive_type' | 'seller_id';
export type NumberField = 'price' | 'mileage' | 'year' | 'engine_size';

export type Clause =
  | { kind: 'eq_ci'; field: TextField; value: string }
  | { kind: 'contains_ci'; field: 'location'; value: string }
  | { kind: 'range'; field: NumberField; min?: number; max?: number }
  | { kind: 'seller_type'; value: SellerType }
  | { kind: 'featured'; value: boolean }
  | { kind: 'within_km'; center: LatLon; km: number };

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
  eq('category', f.category);
  eq('fuel_type', f.fuel_type);
  eq('transmission', f.transmission);
  eq('condition', f.condition);
  eq('drive_type', f.drive_type);
  eq('seller_id', f.seller_id);
  // Max price applies only below the ceiling and keeps vehicles priced at or below it.
  range('price', f.min_price, f.max_price !== undefined && f.max_price < MAX_PRICE_CEILING ? f.max_price : undefined);
  range('mileage', f.min_mileage, f.max_mileage);
  range('year', f.year_from, f.year_to);
  if (f.engine_size) {
    const b = engineBandLitres(f.engine_size);
    range('engine_size', b.min, b.max);
  }
  if (f.engine_cc) {
    const b = engineCcLitres(f.engine_cc);
    range('engine_size', b.min, b.max);
  }
  if (f.region !== undefined) out.push({ kind: 'contains_ci', field: 'location', value: f.region });
  if (f.location !== undefined) out.push({ kind: 'contains_ci', field: 'location', value: f.location });
  if (f.seller_type) out.push({ kind: 'seller_type', value: f.seller_type });
  if (f.featured !== undefined) out.push({ kind: 'featured', value: f.featured });
  if (f.distance !== undefined && f.distance > 0 && buyer) out.push({ kind: 'within_km', center: buyer, km: f.distance });
  return out;
}
