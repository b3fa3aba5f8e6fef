import type { Vehicle } from '../domain/vehicle';

/** A search's fields as the screens build them (the search worker takes the same). */
export type SearchFields = Record<string, string | number | boolean | null | undefined>;

/**
 * GET /api/vehicles with the fields the search worker takes (the server reads them with the same
 * rules, src/domain/search/filters.ts): the answer a first visit shows while the device's copy of the
 * listings is still being filled. fetch itself: the first screen carries no HTTP library.
 */
export async function searchOnServer(fields: SearchFields, signal?: AbortSignal): Promise<{ items: Vehicle[]; total: number }> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const res = await fetch(`/api/vehicles?${params}`, { headers: { accept: 'application/json' }, ...(signal && { signal }) });
  if (!res.ok) throw new Error(`search failed (${res.status})`);
  const items = (await res.json()) as Vehicle[];
  const total = Number(res.headers.get('x-total-count'));
  return { items, total: Number.isFinite(total) && total >= items.length ? total : items.length };
}
