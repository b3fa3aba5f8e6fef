import { describe, expect, it } from 'vitest';
import { parseSearchQuery, SearchQueryError } from '@/domain/search/filters';
import { searchQuerySchema } from '@/domain/search/querySchema';

// The search worker parses a query with the field rules themselves; the server with its zod schema
// made from them. Both must accept the same queries, clean them alike, and refuse the same ones.

const QUERIES: Record<string, unknown>[] = [
  {},
  { make: '  Toyota ', model: 'all', fuel_type: 'All', region: '  ' },
  { vehicle_type: ' CAR ', seller_type: 'Dealer', sort: 'price_asc' },
  { min_price: '$12,500', max_price: '40 000', year_from: '2015', max_year: 2020 },
  { featured: 'true', is_published: '0', is_expired: false },
  { engine_size: '1.3-1.6', engine_cc: '2000cc' },
  { engine_cc: '4000+' },
  { buyer_lat: '-17.8252', buyer_lon: '31.0335', distance: '50' },
  { limit: '500', offset: '0' },
  { unknown_field: 'dropped', make: 'Nissan' },
  // Refused:
  { vehicle_type: 'boat' },
  { sort: 'cheapest' },
  { engine_size: '9-10' },
  { engine_cc: '2 litres' },
  { min_price: 'cheap' },
  { featured: 'maybe' },
  { buyer_lat: '91' },
  { buyer_lon: '-181' },
  { limit: '0' },
  { limit: '501' },
  { limit: '2.5' },
  { offset: '-1' },
  { make: 'x'.repeat(121) },
  { seller_id: 'y'.repeat(65) },
];

function worker(q: Record<string, unknown>): { ok: true; value: unknown } | { ok: false; field: string } {
  try {
    return { ok: true, value: parseSearchQuery(q) };
  } catch (err) {
    if (err instanceof SearchQueryError) return { ok: false, field: err.field };
    throw err;
  }
}

function server(q: Record<string, unknown>): { ok: true; value: unknown } | { ok: false; field: string } {
  const r = searchQuerySchema.safeParse(q);
  return r.success ? { ok: true, value: r.data } : { ok: false, field: String(r.error.issues[0]?.path[0]) };
}

describe('search query rules: the worker and the server agree', () => {
  it.each(QUERIES.map((q) => [JSON.stringify(q).slice(0, 60), q] as const))('%s', (_name, q) => {
    expect(worker(q)).toEqual(server(q));
  });

  it('cleans values as the search needs them', () => {
    expect(parseSearchQuery({ make: '  Toyota ', model: 'all', min_price: '$12,500', vehicle_type: ' CAR ', engine_cc: '2000cc', featured: '1', unknown_field: 1 })).toEqual({
      make: 'Toyota',
      min_price: 12500,
      vehicle_type: 'car',
      engine_cc: '2000',
      featured: true,
    });
  });

  it('names the refused field and why', () => {
    expect(() => parseSearchQuery({ limit: '0' })).toThrow(new SearchQueryError('limit', 'Must be from 1 to 500'));
    expect(() => parseSearchQuery({ vehicle_type: 'boat' })).toThrow(new SearchQueryError('vehicle_type', 'Must be one of: car, construction, farming'));
    expect(() => parseSearchQuery({ buyer_lat: '91' })).toThrow(new SearchQueryError('buyer_lat', 'Must be from -90 to 90'));
  });
});
