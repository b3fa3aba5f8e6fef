import type { LatLon, SortOrder } from '@/domain/core/constants';
import type { SearchInput } from '@/domain/search/filters';

/**
 * A search from the screen's filter fields. The worker validates and normalises it with the domain's
 * rules (empty and 'all' values dropped, spec section 5), so this screen code ships no validator.
 */
export function buildRequest(fields: SearchInput, sort: SortOrder, buyer: LatLon, limit: number): SearchInput {
  return { ...fields, sort, limit, buyer_lat: buyer.latitude, buyer_lon: buyer.longitude };
}

export const SORT_LABELS: Record<SortOrder, string> = {
  newest: /*i18n*/ 'Newest first',
  price_asc: /*i18n*/ 'Price: low to high',
  price_desc: /*i18n*/ 'Price: high to low',
  year_desc: /*i18n*/ 'Year: newest first',
  year_asc: /*i18n*/ 'Year: oldest first',
  mileage_asc: /*i18n*/ 'Mileage: low to high',
  distance: /*i18n*/ 'Nearest first',
};
