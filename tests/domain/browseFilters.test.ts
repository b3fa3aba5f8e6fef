import { describe, expect, it } from 'vitest';
import { chipLabel, filterChips, navigationFilters, urlParamsOf, withoutChip } from '../../src/domain/search/browseFilters';

describe('the browse screens\' filters (spec sections 2.5, 2.6)', () => {
  it('folds a Browse-by-type tile\'s category into the category filter, whichever vehicle type names it', () => {
    expect(navigationFilters({}, { construction_category: 'excavator' })).toEqual({ category: 'excavator' });
    expect(navigationFilters({}, { farming_category: 'tractor' })).toEqual({ category: 'tractor' });
    expect(navigationFilters({}, { car_category: 'pickup', make: 'Toyota' })).toEqual({ category: 'pickup', make: 'Toyota' });
    // A saved search's link names it `category`; the home page's filters come as navigation state.
    expect(navigationFilters({ fuel_type: 'hybrid' }, { category: 'suv' })).toEqual({ fuel_type: 'hybrid', category: 'suv' });
    expect(navigationFilters({ make: 'Toyota' }, {})).toEqual({ make: 'Toyota' });
  });

  it('shows every set filter as a chip, in words, and none for empty or all', () => {
    expect(filterChips({ category: 'excavator' })).toEqual([{ field: 'category', label: 'Excavator' }]);
    expect(filterChips({ category: 'saloon', fuel_type: 'hybrid', make: 'Toyota', model: 'all', region: '' })).toEqual([
      { field: 'category', label: 'Sedan' },
      { field: 'make', label: 'Make: Toyota' },
      { field: 'fuel_type', label: 'Hybrid' },
    ]);
    expect(filterChips({ vehicle_type: 'car', sort: 'newest' })).toEqual([]);
    expect(chipLabel('min_mileage', '300000')).toBe('300,000+ km');
    expect(chipLabel('max_mileage', '50000')).toBe('Up to 50,000 km');
    expect(chipLabel('engine_cc', '4000')).toBe('Up to 4,000 cc');
    expect(chipLabel('engine_cc', '4000+')).toBe('4,000+ cc');
    expect(chipLabel('max_price', '20000')).toBe('Up to $20,000');
    expect(chipLabel('seller_type', 'dealer')).toBe('Dealers');
  });

  it('removes a chip with what depends on it: a make takes model and variant, a model its variant', () => {
    const f = { make: 'Toyota', model: 'Hilux', variant: '2.8GD-6', fuel_type: 'diesel' };
    expect(withoutChip(f, 'make')).toEqual({ make: undefined, model: undefined, variant: undefined, fuel_type: 'diesel' });
    expect(withoutChip(f, 'model')).toEqual({ ...f, model: undefined, variant: undefined });
    expect(withoutChip(f, 'fuel_type')).toEqual({ ...f, fuel_type: undefined });
    expect(urlParamsOf('category')).toEqual(['car_category', 'construction_category', 'farming_category', 'category']);
    expect(urlParamsOf('make')).toContain('model');
  });
});
