import { describe, expect, it } from 'vitest';
import { normalizeSearch, parseSearchQuery, SearchQueryError, toClauses } from '@/domain/search/filters';
import { matchesClauses, type Searchable } from '@/domain/search/match';
import { ListingIndex } from '@/domain/search/index/listingIndex';
import type { Indexed } from '@/domain/search/index/columns';
import { filterChips, urlParamsOf } from '@/domain/search/browseFilters';
import { listingWordsTokens, queryTerms, termMatchesToken, termMatchesValue, tokenize } from '@/domain/search/words';

// Search by words (issue 20): the rule of src/domain/search/words.ts, the reference matcher and the
// listing index reading it alike.

const listing = (over: Partial<Indexed>): Indexed => ({
  id: '00000000-0000-4000-8000-000000000001',
  vehicle_type: 'car',
  make: 'Toyota',
  model: 'Hilux',
  variant: '2.8GD-6',
  category: 'pickup',
  fuel_type: 'diesel',
  transmission: 'manual',
  condition: 'used',
  drive_type: '4wd',
  seller_id: 's1',
  price: 38000,
  mileage: 85000,
  operating_hours: null,
  year: 2019,
  engine_size: 2.8,
  engine_power_hp: null,
  location: 'Borrowdale, Harare',
  region: 'Harare',
  seller_type: 'dealer',
  seller_name: 'Zambezi Motors',
  seller_location: 'Harare',
  featured: false,
  seller_latitude: -17.76,
  seller_longitude: 31.09,
  created_at: '2026-11-20T10:00:00.000Z',
  duty_paid: null,
  papers_ready: null,
  verified_dealer: false,
  phone_verified: false,
  expires_at: null,
  ...over,
});

const clausesOf = (q: string) => toClauses(normalizeSearch(parseSearchQuery({ q })).filters);
const matches = (v: Searchable, q: string) => matchesClauses(v, clausesOf(q));

describe('words: tokens and terms', () => {
  it('lower-cases, strips accents, cuts at non-alphanumerics and keeps a decimal number whole', () => {
    expect(tokenize('Hilux 2.8GD-6, Borrowdale/HARARE')).toEqual(['hilux', '2.8', 'gd', '6', 'borrowdale', 'harare']);
    expect(tokenize('Citroën C3')).toEqual(['citroen', 'c3']);
    expect(queryTerms('hilux  Hilux harare!')).toEqual(['hilux', 'harare']);
    expect(queryTerms('  ,; ')).toEqual([]);
  });

  it('matches a token by prefix, one edit for 4 to 7 letters, two for 8 or more, none with a digit', () => {
    expect(termMatchesToken('hil', 'hilux')).toBe(true);
    expect(termMatchesToken('hilx', 'hilux')).toBe(true);
    expect(termMatchesToken('hiluxs', 'hilux')).toBe(true);
    expect(termMatchesToken('hlx', 'hilux')).toBe(false);
    expect(termMatchesToken('hulix', 'hilux')).toBe(false);
    expect(termMatchesToken('landcrusier', 'landcruiser')).toBe(true);
    expect(termMatchesToken('2016', '2015')).toBe(false);
    expect(termMatchesToken('201', '2015')).toBe(true);
    expect(termMatchesToken('d4d', 'd4d')).toBe(true);
    expect(termMatchesValue('2.8', '2.8GD-6')).toBe(true);
    expect(termMatchesValue('2.4', '2.8GD-6')).toBe(false);
    expect(
      listingWordsTokens({
        make: 'Toyota',
        model: 'Hilux',
        year: 2019,
        location: 'Borrowdale, Harare',
        seller_name: null,
        description: 'Well kept, 2.8 diesel. Toyota service history.',
        color: 'White',
      }),
    ).toEqual(['toyota', 'hilux', '2019', 'borrowdale', 'harare', 'well', 'kept', '2.8', 'diesel', 'service', 'history', 'white']);
  });
});

describe('words: the search rule', () => {
  const hilux = listing({});
  it('needs every term in some words field: make, model, variant, year, place, region, seller', () => {
    expect(matches(hilux, 'hilux harare')).toBe(true);
    expect(matches(hilux, 'toyota 2019 2.8')).toBe(true);
    expect(matches(hilux, 'zambezi')).toBe(true);
    expect(matches(hilux, 'hilux bulawayo')).toBe(false);
    expect(matches(hilux, 'pickup')).toBe(false);
  });

  it('reads a description and a colour where the listing holds them (the server\u2019s listings)', () => {
    const full = { ...hilux, description: 'Ten cubic TIPPER body', color: 'White' };
    expect(matches(full, 'tipper white')).toBe(true);
    expect(matches(hilux, 'tipper')).toBe(false);
  });

  it('matches a description\u2019s and a colour\u2019s words by the same rule as the fields: a prefix or a typo, not a piece of a word', () => {
    const full = { ...hilux, description: 'Ten cubic TIPPER body', color: 'White' };
    expect(matches(full, 'tiper whit')).toBe(true);
    expect(matches(full, 'pper')).toBe(false);
    expect(matches(full, 'ite')).toBe(false);
  });

  it('shows the words as the first chip, removed from the address by their own parameter', () => {
    expect(filterChips({ make: 'Toyota', q: 'hilux harare' })).toEqual([
      { field: 'q', label: '\u201chilux harare\u201d' },
      { field: 'make', label: 'Make: Toyota' },
    ]);
    expect(urlParamsOf('q')).toEqual(['q']);
  });

  it('refuses a q over 200 characters and drops an empty one', () => {
    expect(() => parseSearchQuery({ q: 'x'.repeat(201) })).toThrow(SearchQueryError);
    expect(clausesOf('   ')).toEqual([]);
  });

  it('is answered by the listing index as by the reference matcher, with the other filters', () => {
    const items = [
      hilux,
      listing({ id: '00000000-0000-4000-8000-000000000002', model: 'Fortuner', variant: null, location: 'Bulawayo', region: 'Bulawayo', seller_name: 'Tendai Moyo' }),
      listing({ id: '00000000-0000-4000-8000-000000000003', make: 'Honda', model: 'Fit', variant: null, year: 2012, seller_name: null }),
    ];
    const index = new ListingIndex<Indexed>();
    for (const v of items) index.upsert(v);
    for (const q of ['hilux', 'toyta', 'harare', 'tendai bulawayo', '2012', 'fit harare', 'zambez', 'nothing']) {
      for (const make of [undefined, 'Toyota']) {
        const req = normalizeSearch(parseSearchQuery({ q, make }));
        const want = items.filter((v) => matchesClauses(v, toClauses(req.filters))).map((v) => v.id);
        expect(
          index
            .search(req)
            .hits.map((h) => h.item.id)
            .sort(),
          `${q} ${make}`,
        ).toEqual(want.sort());
      }
    }
    // Values added after a words search are in the next one's vocabulary.
    expect(index.search(normalizeSearch(parseSearchQuery({ q: 'navara mutare' }))).total).toBe(0);
    index.upsert(listing({ id: '00000000-0000-4000-8000-000000000004', make: 'Nissan', model: 'Navara', location: 'Mutare' }));
    expect(index.search(normalizeSearch(parseSearchQuery({ q: 'navara mutare' }))).hits.map((h) => h.item.id)).toEqual(['00000000-0000-4000-8000-000000000004']);
  });
});
