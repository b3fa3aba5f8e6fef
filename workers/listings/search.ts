import { normalizeSearch, parseSearchQuery, type SearchInput } from '@/domain/search/filters';
import { completeCovers, scopeCovers } from '@/domain/search/scope';
import type { SearchAnswer } from '@/domain/search/deviceAnswers';
import { withDistance } from '@/domain/listing/vehicle';
import { cardOf } from './cards';
import { currentScope, device } from './state';

// Every search the device's copy can answer in full, from the listing index; the others are the server's.

/** Validates and normalises the screen's fields with the domain's rules, then searches. */
export async function search(input: SearchInput): Promise<SearchAnswer> {
  const req = normalizeSearch(parseSearchQuery(input));
  const scope = await currentScope();
  const { index, feed } = device;
  if (!scopeCovers(scope, req.filters, req.buyer)) return notCovered('scope');
  if (!feed || !completeCovers(feed.complete ?? [], req.filters, scope)) return notCovered('downloading');
  // The device knows dealers' ids only (summary.ts): another seller's listings are the server's to say.
  if (req.filters.seller_id !== undefined && !index.holdsSeller(req.filters.seller_id)) return notCovered('scope');
  const { hits, total } = index.search(req);
  if (total === 0 && req.filters.q !== undefined && navigator.onLine) return notCovered('words');
  return {
    items: hits.map((h) => {
      const v = cardOf(h.item);
      return req.buyer ? withDistance(v, req.buyer) : v;
    }),
    total,
    covered: true,
  };
}

function notCovered(reason: NonNullable<SearchAnswer['reason']>): SearchAnswer {
  return { items: [], total: 0, covered: false, reason };
}
