import { describe, expect, it } from 'vitest';
import { advancedOptionCount, carsFoundText, mobileSearchFields, searchCarsText } from '@/domain/content/home';
import { normalizeSearch, parseSearchQuery } from '@/domain/search/filters';

const now = new Date('2026-06-01T12:00:00Z');

describe("the home page's mobile search", () => {
  it("says 'Search N cars' and 'N cars found', with thousands separated", () => {
    expect(searchCarsText(42)).toBe('Search 42 cars');
    expect(searchCarsText(0)).toBe('Search 0 cars');
    expect(searchCarsText(1)).toBe('Search 1 car');
    expect(carsFoundText(12500)).toBe('12,500 cars found');
    expect(carsFoundText(1)).toBe('1 car found');
  });

  it('sends nothing for an empty search', () => {
    expect(mobileSearchFields({}, now)).toEqual({});
    expect(mobileSearchFields({ make: ' ', location: '  ', model: 'Hilux' }, now)).toEqual({});
  });

  it('uses the names the search understands: minimum year is year_from, location is a contains match', () => {
    const fields = mobileSearchFields({ make: 'Toyota', model: 'Hilux', maxPrice: 30000, minYear: 2015, location: ' harare ', condition: 'good' }, now);
    // Condition is kept in the dialog but not searched on (spec section 5: no other home filter applies).
    expect(fields).toEqual({ make: 'Toyota', model: 'Hilux', max_price: 30000, year_from: 2015, location: 'harare' });
    const req = normalizeSearch(parseSearchQuery({ ...fields, vehicle_type: 'car' }));
    expect(req.filters).toEqual({ vehicle_type: 'car', make: 'Toyota', model: 'Hilux', max_price: 30000, year_from: 2015, location: 'harare' });
  });

  it('applies a minimum year only from 1990 to next year, so a year still being typed does not filter', () => {
    expect(mobileSearchFields({ minYear: 20 }, now)).toEqual({});
    expect(mobileSearchFields({ minYear: 1989 }, now)).toEqual({});
    expect(mobileSearchFields({ minYear: 1990 }, now)).toEqual({ year_from: 1990 });
    expect(mobileSearchFields({ minYear: 2027 }, now)).toEqual({ year_from: 2027 });
    expect(mobileSearchFields({ minYear: 2028 }, now)).toEqual({});
    expect(mobileSearchFields({ minYear: 2015.5 }, now)).toEqual({});
  });

  it("counts the dialog's options that are set", () => {
    expect(advancedOptionCount({ make: 'Toyota' }, now)).toBe(0);
    expect(advancedOptionCount({ maxPrice: 20000, minYear: 199, location: 'Gweru', condition: 'fair' }, now)).toBe(3);
  });
});
