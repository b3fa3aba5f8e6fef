import { describe, expect, it } from 'vitest';
import { vehicleSchema } from '@/domain/core/wire';
import { ATTRIBUTE_FILTERS, holdsWords } from '@/domain/search/fields';
import { ATTRIBUTE_WORDS } from '@/domain/search/fieldWords';
import { normalizeSearch, parseSearchQuery, toClauses } from '@/domain/search/filters';
import { matchesClauses, type Searchable } from '@/domain/search/match';
import { chipLabel, filterChips } from '@/domain/search/browseFilters';
import { ListingIndex } from '@/domain/search/index/listingIndex';
import { savedSearchParts } from '@/app/features/push/savedSearchText';
import { decodeSummaries, encodeSummaries, summarize, type ListingSummary } from '@/domain/search/summary';

// The table of attribute filters (src/domain/search/fields.ts) and the colour filter, the first filter added
// through it alone (README, "Adding a search filter").

const NOW = Date.parse('2026-11-28T12:00:00Z');

function listing(id: number, color: string | null): ListingSummary {
  return summarize({
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    vehicle_type: 'car',
    make: 'Toyota',
    model: 'Hilux',
    variant: null,
    category: 'pickup',
    fuel_type: 'diesel',
    transmission: 'manual',
    condition: 'used',
    drive_type: '4wd',
    color,
    seller_id: '00000000-0000-4000-8000-000000000001',
    seller_name: 'Tendai',
    seller_location: null,
    seller_type: 'dealer',
    price: 20_000 + id,
    mileage: 100_000,
    operating_hours: null,
    year: 2018,
    engine_size: 2.8,
    engine_power_hp: null,
    duty_paid: null,
    papers_ready: null,
    verified_dealer: false,
    phone_verified: false,
    location: 'Avondale, Harare',
    region: 'Harare',
    featured: false,
    seller_latitude: -17.8,
    seller_longitude: 31.05,
    created_at: new Date(NOW - id * 60_000).toISOString(),
    expires_at: null,
    images: [],
  });
}

const COLOURS = ['Soul Red', 'RED', 'Redwood Brown', 'Pearl White', 'Blue-Grey', null];
const LISTINGS = COLOURS.map((c, i) => listing(i + 1, c));

const colourOf = (ids: string[]) => ids.map((id) => LISTINGS.find((l) => l.id === id)!.color);
const matching = (query: Record<string, string>) => {
  const req = normalizeSearch(parseSearchQuery(query));
  const clauses = toClauses(req.filters, req.buyer);
  return colourOf(LISTINGS.filter((l) => matchesClauses(l as Searchable, clauses)).map((l) => l.id));
};

describe('the attribute filters table', () => {
  it('names fields every listing has, each read from its own parameter, with one label a value', () => {
    for (const f of ATTRIBUTE_FILTERS) {
      const words = ATTRIBUTE_WORDS[f.field];
      expect(Object.keys(vehicleSchema.shape), f.field).toContain(f.field);
      expect(f.params, f.field).toContain(f.field);
      expect(new Set(words.options.map(words.text)).size, f.field).toBe(words.options.length);
    }
    expect(new Set(Object.values(ATTRIBUTE_WORDS).map((w) => w.label)).size).toBe(ATTRIBUTE_FILTERS.length);
  });
});

describe('the colour filter', () => {
  it("finds the colour's word in the seller's words, whatever the case, and not inside another word", () => {
    expect(matching({ color: 'red' })).toEqual(['Soul Red', 'RED']);
    expect(matching({ color: 'Grey' })).toEqual(['Blue-Grey']);
    expect(matching({ color: 'pearl white' })).toEqual(['Pearl White']);
    expect(matching({ color: 'white pearl' })).toEqual([]);
    expect(matching({ color: 'all' })).toEqual(COLOURS);
    expect(holdsWords('Kuhn Red', 'RED')).toBe(true);
    expect(holdsWords('Redwood', 'red')).toBe(false);
  });

  it("is a clause of its own, refused as the other text filters' values are", () => {
    expect(toClauses(normalizeSearch(parseSearchQuery({ color: 'Red' })).filters)).toEqual([{ kind: 'words_in', field: 'color', value: 'Red' }]);
    expect(() => parseSearchQuery({ color: 'x'.repeat(121) })).toThrow(/color/);
  });

  it("travels in the device's summary and is searched by the device's index as by the rules", () => {
    const decoded = decodeSummaries(encodeSummaries(LISTINGS));
    expect(decoded).toEqual(LISTINGS);
    const index = new ListingIndex<ListingSummary>();
    for (const l of decoded) index.upsert(l);
    for (const color of ['red', 'GREY', 'pearl white', 'black']) {
      const req = normalizeSearch(parseSearchQuery({ color }));
      expect(colourOf(index.search(req, NOW).hits.map((h) => h.item.id)), color).toEqual(matching({ color }));
    }
  });

  it("reads as a chip and in a saved search's name", () => {
    expect(chipLabel('color', 'red')).toBe('Red');
    expect(filterChips({ color: 'red', make: 'Toyota' })).toEqual([
      { field: 'make', label: 'Make: Toyota' },
      { field: 'color', label: 'Red' },
    ]);
    expect(savedSearchParts({ vehicle_type: 'car', make: 'Toyota', color: 'red' })).toEqual(['Toyota', 'Red']);
  });
});
