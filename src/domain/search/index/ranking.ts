import type { SortOrder } from '@/domain/core/constants';
import type { Columns, NumberColumn } from './columns';

// The order of a search's results over slots: `compareRanked` of src/domain/search/match.ts, read from
// the columns. A comparator reads the columns object at each call, so it stays right when they grow.

/** The column a sort order ranks by first, and its direction. */
export function sortKey(columns: Columns, sort: SortOrder, byDistance: boolean): [Float64Array, 1 | -1] {
  switch (sort) {
    case 'price_asc':
      return [columns.num.price, 1];
    case 'price_desc':
      return [columns.num.price, -1];
    case 'year_desc':
      return [columns.num.year, -1];
    case 'year_asc':
      return [columns.num.year, 1];
    case 'mileage_asc':
      return [columns.num.mileage, 1];
    case 'distance':
      return byDistance ? [columns.scratch, 1] : [columns.newest, -1];
    case 'newest':
      // By the newest key: a boosted listing stands at its boost's end (columns.ts `newest`).
      return [columns.newest, -1];
  }
}

/** `compareRanked` of src/domain/search/match.ts over slots: the key (nulls last), newest, then id. */
export function comparator(columns: Columns, col: Float64Array, dir: 1 | -1): (a: number, b: number) => number {
  // Newest first is the tail itself (the newest column, descending).
  if (col === columns.newest) return (a, b) => compareTail(columns, a, b);
  return (a, b) => compareValues(columns, col[a]!, col[b]!, dir, a, b);
}

/** `comparator`'s order by a number column, reading the column as it is at each call (a kept order outlives a growth). */
export function columnComparator(columns: Columns, field: NumberColumn, dir: 1 | -1): (a: number, b: number) => number {
  return (a, b) => compareValues(columns, columns.num[field][a]!, columns.num[field][b]!, dir, a, b);
}

/** Two slots by their values of the key (`x` of `a`, `y` of `b`; NaN, none, last whichever the direction), then the tail. */
function compareValues(columns: Columns, x: number, y: number, dir: 1 | -1, a: number, b: number): number {
  const xn = x !== x;
  const yn = y !== y;
  if (xn || yn) return xn && yn ? compareTail(columns, a, b) : xn ? 1 : -1;
  return x !== y ? (x - y) * dir : compareTail(columns, a, b);
}

/** Newest first (by the newest key: a boost's end while later than the listing), then by id: what breaks a tie of the key. */
function compareTail(columns: Columns, a: number, b: number): number {
  const d = columns.newest[b]! - columns.newest[a]!;
  if (d !== 0) return d;
  return columns.ids.compare(a, b);
}
