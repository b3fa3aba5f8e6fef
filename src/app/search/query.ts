import { normalizeSearch, searchQuerySchema, type SearchQuery, type SearchRequest } from '../../domain/search/filters';
import type { LatLon, SortOrder } from '../../domain/constants';

/** A search request from the screen's filter fields; empty and 'all' values are dropped (spec section 5). */
export function buildRequest(fields: Record<string, string | number | null | undefined>, sort: SortOrder, buyer: LatLon, limit: number): SearchRequest {
  const query: Record<string, unknown> = { ...fields, sort, limit, buyer_lat: buyer.latitude, buyer_lon: buyer.longitude };
  return normalizeSearch(searchQuerySchema.parse(query) as SearchQuery);
}

export const SORT_LABELS: Record<SortOrder, string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  year_desc: 'Year: newest first',
  year_asc: 'Year: oldest first',
  mileage_asc: 'Mileage: low to high',
  distance: 'Nearest first',
};
