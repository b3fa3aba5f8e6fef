import { normalizeSearch, parseSearchQuery, SearchQueryError, toClauses, type SearchQuery } from '@/domain/search/filters';
import { matchesClauses, type Searchable } from '@/domain/search/match';
import type { SavedQuery } from '../repositories/push.repo';

// A saved search is stored as the domain's normalised filter (one spelling per field: "category", not
// "car_category" or "body_type"), so it reads back as a query the same rules accept, and opens as one.

/** The filter part of a validated query, in canonical fields; the buyer's position only when a distance needs it. */
export function canonicalSavedQuery(q: SearchQuery): SavedQuery {
  const { filters, buyer } = normalizeSearch(q);
  const out: SavedQuery = {};
  for (const [k, v] of Object.entries(filters)) if (v !== undefined) out[k] = v;
  // A position is personal: kept only when the search is "within N km of me".
  if (filters.distance !== undefined && buyer) {
    out.buyer_lat = buyer.latitude;
    out.buyer_lon = buyer.longitude;
  }
  return out;
}

/** Whether a listing matches a saved search, by the same clauses the public search applies. */
export function savedQueryMatches(query: SavedQuery, listing: Searchable): boolean {
  let parsed: SearchQuery;
  try {
    parsed = parseSearchQuery(query);
  } catch (err) {
    if (err instanceof SearchQueryError) return false;
    throw err;
  }
  const { filters, buyer } = normalizeSearch(parsed);
  return matchesClauses(listing, toClauses(filters, buyer));
}

/** Two saved queries ask for the same listings when their canonical fields are equal. */
export function sameSavedQuery(a: SavedQuery, b: SavedQuery): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (typeof x === 'string' && typeof y === 'string' ? x.toLowerCase() !== y.toLowerCase() : x !== y) return false;
  }
  return true;
}
