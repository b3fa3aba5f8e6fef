import { describe, expect, it } from 'vitest';
import { normalizeSearch, parseSearchQuery, toClauses, engineBandLitres, engineCcLitres, enginePowerBandHp } from '@/domain/search/filters';
import { compareRanked, matchesClauses, type Ranked, type Searchable } from '@/domain/search/match';

const base: Searchable = {
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
  duty_paid: null,
  papers_ready: null,
  verified_dealer: false,
  phone_verified: false,
  location: 'Borrowdale, Harare',
  seller_type: 'dealer',
  featured: false,
  seller_latitude: -17.76,
  seller_longitude: 31.09,
  created_at: '2026-11-20T10:00:00.000Z',
};

const matches = (query: Record<string, unknown>, v: Partial<Searchable> = {}) => {
  const req = normalizeSearch(parseSearchQuery(query));
  return matchesClauses({ ...base, ...v }, toClauses(req.filters, req.buyer));
};

describe('search rules (spec section 5)', () => {
  it('ignores empty, null and "all" values', () => {
    expect(toClauses(normalizeSearch(parseSearchQuery({ make: '', model: 'all', fuel_type: 'All', region: '  ' })).filters)).toEqual([]);
  });

  it('matches make, model, variant and fuel exactly and case-insensitively', () => {
    expect(matches({ make: 'toyota', model: 'HILUX', variant: '2.8gd-6', fuel_type: 'Diesel' })).toBe(true);
    expect(matches({ make: 'Toy' })).toBe(false);
    expect(matches({ makeName: 'TOYOTA' })).toBe(true);
    expect(matches({ variant: '2.4GD-6' })).toBe(false);
  });

  it('treats years as inclusive on both ends, under either name', () => {
    expect(matches({ year_from: 2019, year_to: 2019 })).toBe(true);
    expect(matches({ min_year: 2020 })).toBe(false);
    expect(matches({ max_year: '2018' })).toBe(false);
  });

  it('applies max price only below 200000 and keeps prices at or below it', () => {
    expect(matches({ max_price: 38000 })).toBe(true);
    expect(matches({ max_price: 37999 })).toBe(false);
    expect(matches({ max_price: 200000 }, { price: 250000 })).toBe(true);
    expect(matches({ max_price: 199999 }, { price: 250000 })).toBe(false);
    expect(matches({ max_price: 50000 }, { price: null })).toBe(false);
  });

  it('matches a region contained in the location, case-insensitively', () => {
    expect(matches({ region: 'harare' })).toBe(true);
    expect(matches({ region: 'Bulawayo' })).toBe(false);
    expect(matches({ region: 'harare' }, { location: null })).toBe(false);
  });

  it('counts a listing without seller type as private', () => {
    expect(matches({ seller_type: 'private' }, { seller_type: null })).toBe(true);
    expect(matches({ seller_type: 'private' })).toBe(false);
    expect(matches({ seller_type: 'dealer' })).toBe(true);
    expect(matches({ seller_type: 'dealer' }, { seller_type: null })).toBe(false);
  });

  it('uses inclusive engine-size bands in litres', () => {
    expect(engineBandLitres('1.3-1.6')).toEqual({ min: 1.3, max: 1.6 });
    expect(engineBandLitres('4.1+')).toEqual({ min: 4.1 });
    expect(matches({ engine_size: '2.6-3.0' })).toBe(true);
    expect(matches({ engine_size: '1.3-1.6' }, { engine_size: 1.6 })).toBe(true);
    expect(matches({ engine_size: '1.3-1.6' }, { engine_size: 1.7 })).toBe(false);
    expect(matches({ engine_size: '4.1+' }, { engine_size: 4.5 })).toBe(true);
    expect(() => parseSearchQuery({ engine_size: '9-10' })).toThrow();
  });

  it('reads engine cc options as "up to" with a "+" for "or more"', () => {
    expect(engineCcLitres('2000')).toEqual({ max: 2 });
    expect(engineCcLitres('4000+')).toEqual({ min: 4 });
    expect(matches({ engine_cc: '3000' })).toBe(true);
    expect(matches({ engine_cc: '2000' })).toBe(false);
  });

  it('filters on the trust signals: duty paid, papers ready, verified dealer (not said counts as not so)', () => {
    expect(toClauses(normalizeSearch(parseSearchQuery({ duty_paid: 'true', papers_ready: '1', verified_dealer: true })).filters)).toEqual([
      { kind: 'flag', field: 'duty_paid', value: true },
      { kind: 'flag', field: 'papers_ready', value: true },
      { kind: 'flag', field: 'verified_dealer', value: true },
    ]);
    expect(matches({ duty_paid: 'true' }, { duty_paid: true })).toBe(true);
    expect(matches({ duty_paid: 'true' }, { duty_paid: false })).toBe(false);
    expect(matches({ duty_paid: 'true' }, { duty_paid: null })).toBe(false);
    expect(matches({ duty_paid: 'false' }, { duty_paid: null })).toBe(true);
    expect(matches({ duty_paid: 'false' }, { duty_paid: true })).toBe(false);
    expect(matches({ papers_ready: 'true' }, { papers_ready: true, duty_paid: null })).toBe(true);
    expect(matches({ papers_ready: 'true', duty_paid: 'true' }, { papers_ready: true, duty_paid: null })).toBe(false);
    expect(matches({ verified_dealer: 'true' }, { verified_dealer: true })).toBe(true);
    expect(matches({ verified_dealer: 'true' })).toBe(false);
    expect(matches({ verified_dealer: 'all', duty_paid: '' })).toBe(true);
    expect(() => parseSearchQuery({ duty_paid: 'maybe' })).toThrow();
  });

  it('reads construction engine-power bands as inclusive horsepower ranges (spec section 9)', () => {
    expect(enginePowerBandHp('50-100')).toEqual({ min: 50, max: 100 });
    expect(enginePowerBandHp('101-200')).toEqual({ min: 101, max: 200 });
    expect(enginePowerBandHp('401+')).toEqual({ min: 401 });
    expect(toClauses(normalizeSearch(parseSearchQuery({ engine_power: '201-300' })).filters)).toEqual([{ kind: 'range', field: 'engine_power_hp', min: 201, max: 300 }]);
    expect(matches({ engine_power: '50-100' }, { engine_power_hp: 50 })).toBe(true);
    expect(matches({ engine_power: '50-100' }, { engine_power_hp: 100 })).toBe(true);
    expect(matches({ engine_power: '50-100' }, { engine_power_hp: 101 })).toBe(false);
    expect(matches({ engine_power: '101-200' }, { engine_power_hp: 101 })).toBe(true);
    expect(matches({ engine_power: '401+' }, { engine_power_hp: 400 })).toBe(false);
    expect(matches({ engine_power: '401+' }, { engine_power_hp: 850 })).toBe(true);
    expect(matches({ engine_power: '401+' }, { engine_power_hp: null })).toBe(false);
    expect(matches({ engine_power: '301-400 HP' }, { engine_power_hp: 350 })).toBe(true);
    expect(matches({ engine_power: ' 401+ hp ' }, { engine_power_hp: 401 })).toBe(true);
    expect(matches({ engine_power: 'all' }, { engine_power_hp: null })).toBe(true);
    expect(() => parseSearchQuery({ engine_power: '100-150' })).toThrow();
    expect(() => parseSearchQuery({ engine_power: '401' })).toThrow();
  });

  it('limits equipment by operating hours, inclusive, and a listing without hours matches no limit', () => {
    expect(toClauses(normalizeSearch(parseSearchQuery({ max_hours: '5,000' })).filters)).toEqual([{ kind: 'range', field: 'operating_hours', max: 5000 }]);
    expect(toClauses(normalizeSearch(parseSearchQuery({ min_hours: '20000' })).filters)).toEqual([{ kind: 'range', field: 'operating_hours', min: 20000 }]);
    expect(matches({ max_hours: 5000 }, { operating_hours: 5000 })).toBe(true);
    expect(matches({ max_hours: 5000 }, { operating_hours: 0 })).toBe(true);
    expect(matches({ max_hours: 5000 }, { operating_hours: 5001 })).toBe(false);
    expect(matches({ min_hours: 20000 }, { operating_hours: 19999 })).toBe(false);
    expect(matches({ min_hours: 20000 }, { operating_hours: 20000 })).toBe(true);
    expect(matches({ max_hours: 5000 }, { operating_hours: null, mileage: 1000 })).toBe(false);
    expect(matches({ min_hours: 0 }, { operating_hours: null })).toBe(false);
    expect(matches({ max_hours: 'all' }, { operating_hours: null })).toBe(true);
    expect(() => parseSearchQuery({ max_hours: 'many' })).toThrow();
  });

  it('keeps listings within the distance only when the buyer location is known', () => {
    const harare = { buyer_lat: -17.8252, buyer_lon: 31.0335 };
    expect(matches({ ...harare, distance: 20 })).toBe(true);
    expect(matches({ ...harare, distance: 20 }, { seller_latitude: -20.13, seller_longitude: 28.63 })).toBe(false);
    expect(matches({ distance: 20 }, { seller_latitude: -20.13, seller_longitude: 28.63 })).toBe(true);
    expect(matches({ ...harare, distance: 20 }, { seller_latitude: null, seller_longitude: null })).toBe(false);
  });

  it('sorts with nulls last and a stable tie-break (newest, then id)', () => {
    const a: Ranked<Searchable> = { item: { ...base, id: 'a', price: null }, distance: null };
    const b: Ranked<Searchable> = { item: { ...base, id: 'b', price: 100 }, distance: null };
    const c: Ranked<Searchable> = { item: { ...base, id: 'c', price: 100, created_at: '2026-11-21T00:00:00.000Z' }, distance: null };
    expect([a, b, c].sort((x, y) => compareRanked('price_asc', x, y)).map((r) => r.item.id)).toEqual(['c', 'b', 'a']);
    expect([a, b, c].sort((x, y) => compareRanked('price_desc', x, y)).map((r) => r.item.id)).toEqual(['c', 'b', 'a']);
  });

  it('falls back to newest when distance sort has no buyer location', () => {
    expect(normalizeSearch(parseSearchQuery({ sort: 'distance' })).sort).toBe('newest');
    expect(normalizeSearch(parseSearchQuery({ sort: 'distance', buyer_lat: -17, buyer_lon: 31 })).sort).toBe('distance');
  });
});
