import type { Vehicle } from '../domain/listing/vehicle';
import { isSearchField, type SearchInput } from '../domain/search/filters';
import { fetchWhenAvailable } from './retryAfter';
import { totalCount } from './totalCount';

/**
 * GET /api/vehicles with the fields the listings worker takes (the server reads them with the same
 * rules, src/domain/search/filters.ts): the answer a first visit shows while the device's copy of the
 * listings is still being filled. fetch itself: the first screen carries no HTTP library.
 */
export async function searchOnServer(fields: SearchInput, signal?: AbortSignal): Promise<{ items: Vehicle[]; total: number }> {
  const params = new URLSearchParams();
  // Only the search's fields: the server refuses any other parameter (422), and a screen's fields may
  // carry what its address did (a link's tracking parameters, say).
  for (const [name, value] of Object.entries(fields)) if (isSearchField(name) && value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const res = await fetchWhenAvailable(`/api/vehicles?${params}`, { headers: { accept: 'application/json' }, ...(signal && { signal }) });
  if (!res.ok) throw new Error(`search failed (${res.status})`);
  const items = (await res.json()) as Vehicle[];
  return { items, total: totalCount(res, items.length) };
}
