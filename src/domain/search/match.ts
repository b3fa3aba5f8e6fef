import type { Clause, FlagField, NumberField, TextField } from './filters';
import { haversineKm } from '../geo/geo';
import type { SortOrder } from '../core/constants';
import { termMatchesValue, WORDS_FIELDS } from './words';
import { holdsWords, type AttributeField } from './fields';
import { newestKey } from '../payments/boostOrder';

/**
 * The fields a clause reads: a listing as the API returns it, or the worker's index row. Its attributes
 * are fields.ts's; one a listing does not hold (a record made before the attribute was searched) is none.
 */
export type Searchable = SearchableBase & { [K in AttributeField]?: string | null };

interface SearchableBase {
  id: string;
  vehicle_type: string;
  make: string;
  model: string;
  variant: string | null;
  seller_id: string;
  price: number | null;
  mileage: number | null;
  operating_hours: number | null;
  year: number;
  engine_size: number | null;
  engine_power_hp: number | null;
  duty_paid: boolean | null;
  papers_ready: boolean | null;
  verified_dealer: boolean;
  phone_verified: boolean;
  location: string | null;
  seller_type: string | null;
  featured: boolean;
  seller_latitude: number | null;
  seller_longitude: number | null;
  created_at: string;
  /**
   * While boosted (spec 2.10): the boost's end, whole seconds. The listing stands in newest-first order
   * at its newest key (`newestKey` of payments/boosts.ts: the later of this and created_at). Absent or
   * null: not boosted (a record stored before boosts, a page from a server before them).
   */
  boosted_until?: string | null;
  /** Read by a words search when present (the device's summaries and the server's listings hold them). */
  region?: string | null;
  seller_name?: string | null;
}

/** What a words search reads besides its words fields and the colour, where a listing holds it: the server's listings do, the device's summaries do not. */
interface FreeText {
  description?: string | null;
}

/** Whether every term matches a token of a listing's words fields, or of its description or colour where held (words.ts). */
function matchesWords(v: Searchable & FreeText, terms: readonly string[]): boolean {
  return terms.every((t) => WORDS_FIELDS.some((f) => termMatchesValue(t, v[f])) || termMatchesValue(t, v.description) || termMatchesValue(t, v.color));
}

const text = (v: Searchable, f: TextField): string | null => v[f] ?? null;
const number = (v: Searchable, f: NumberField): number | null => v[f];
const flag = (v: Searchable, f: FlagField): boolean => v[f] === true;

export function matchesClause(v: Searchable, c: Clause): boolean {
  switch (c.kind) {
    case 'eq_ci': {
      const t = text(v, c.field);
      return t !== null && t.toLowerCase() === c.value.toLowerCase();
    }
    case 'words_in': {
      const t = v[c.field];
      return t != null && holdsWords(t, c.value);
    }
    case 'contains_ci':
      return v.location !== null && v.location.toLowerCase().includes(c.value.toLowerCase());
    case 'range': {
      const n = number(v, c.field);
      if (n === null) return false;
      return (c.min === undefined || n >= c.min) && (c.max === undefined || n <= c.max);
    }
    case 'seller_type':
      // Private includes listings with no seller type (spec section 5).
      return c.value === 'private' ? v.seller_type === null || v.seller_type === 'private' : v.seller_type === c.value;
    case 'featured':
      return v.featured === c.value;
    case 'flag':
      // Not said counts as not so: `duty_paid=false` finds the listings not declared duty paid.
      return flag(v, c.field) === c.value;
    case 'within_km':
      return v.seller_latitude !== null && v.seller_longitude !== null && haversineKm(c.center, { latitude: v.seller_latitude, longitude: v.seller_longitude }) <= c.km;
    case 'words':
      return matchesWords(v, c.terms);
  }
}

export function matchesClauses(v: Searchable, clauses: readonly Clause[]): boolean {
  for (const c of clauses) if (!matchesClause(v, c)) return false;
  return true;
}

export interface Ranked<T> {
  item: T;
  distance: number | null;
}

const nullsLast = (a: number | null, b: number | null, dir: 1 | -1): number => {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return (a - b) * dir;
};

/** Where a listing stands in newest-first order, in ms: its boost's end while that is later than its listing (`newestKey`). */
function newestKeyOf(v: Pick<Searchable, 'created_at' | 'boosted_until'>): number {
  return newestKey(Date.parse(v.created_at), v.boosted_until ? Date.parse(v.boosted_until) : null);
}

/**
 * The total order of each sort: its key, then newest first (by the newest key: a boosted listing
 * first), then id ascending, so the server's SQL and the worker return the same sequence for the same data.
 */
export function compareRanked<T extends Searchable>(sort: SortOrder, a: Ranked<T>, b: Ranked<T>): number {
  let d = 0;
  switch (sort) {
    case 'price_asc':
      d = nullsLast(a.item.price, b.item.price, 1);
      break;
    case 'price_desc':
      d = nullsLast(a.item.price, b.item.price, -1);
      break;
    case 'year_desc':
      d = b.item.year - a.item.year;
      break;
    case 'year_asc':
      d = a.item.year - b.item.year;
      break;
    case 'mileage_asc':
      d = nullsLast(a.item.mileage, b.item.mileage, 1);
      break;
    case 'distance':
      d = nullsLast(a.distance, b.distance, 1);
      break;
    case 'newest':
      break;
  }
  if (d !== 0) return d;
  if (!a.item.boosted_until && !b.item.boosted_until) {
    // Neither boosted (most pairs): their times as written, with no date read.
    if (a.item.created_at !== b.item.created_at) return a.item.created_at < b.item.created_at ? 1 : -1;
  } else {
    const newer = newestKeyOf(b.item) - newestKeyOf(a.item);
    if (newer !== 0) return newer;
  }
  return a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0;
}
