import { describe, expect, it } from 'vitest';
import { chipLabel, filterChips, navigationFilters, urlParamsOf, withoutChip } from '@/domain/search/browseFilters';
import { CONSTRUCTION_ENGINE_POWER_BANDS } from '@/domain/core/constants';
import { BROWSE_ENGINE_CC_OPTIONS, BROWSE_MILEAGE_OPTIONS_KM, BROWSE_PRICE_OPTIONS } from '@/domain/core/screenChoices';
import { engineCcLitres } from '@/domain/search/filters';

describe("the browse screens' filters (spec sections 2.5, 2.6)", () => {
  it("folds a Browse-by-type tile's category into the category filter, whichever vehicle type names it", () => {
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
    expect(chipLabel('max_hours', '2500')).toBe('Up to 2,500 hrs');
    expect(chipLabel('min_hours', '20000')).toBe('20,000+ hrs');
    expect(filterChips({ papers_ready: 'true', duty_paid: 'true', verified_dealer: 'true' })).toEqual([
      { field: 'verified_dealer', label: 'Verified dealers' },
      { field: 'duty_paid', label: 'Duty paid' },
      { field: 'papers_ready', label: 'Papers ready' },
    ]);
    expect(chipLabel('duty_paid', 'false')).toBe('Duty not declared paid');
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

describe('the browse options of spec section 9', () => {
  it('offers mileage up to 300,000+ km, prices $1,000 to $100,000, and engine CC options covering every size', () => {
    expect(BROWSE_MILEAGE_OPTIONS_KM[0]).toBe(10_000);
    expect(BROWSE_MILEAGE_OPTIONS_KM.at(-1)).toBe(300_000);
    expect([BROWSE_PRICE_OPTIONS[0], BROWSE_PRICE_OPTIONS.at(-1)]).toEqual([1000, 100_000]);
    expect(BROWSE_ENGINE_CC_OPTIONS[0]).toBe(1000);
    expect(BROWSE_ENGINE_CC_OPTIONS.at(-1)).toBe(4000);
    // Every engine from 1 L up is in some "up to" option or in "4000+": 3,001 to 3,999 cc too.
    for (const litres of [1.0, 2.7, 3.001, 3.2, 3.5, 3.999, 4.0]) {
      expect(BROWSE_ENGINE_CC_OPTIONS.some((cc) => litres <= engineCcLitres(String(cc)).max!)).toBe(true);
    }
    expect(engineCcLitres(`${BROWSE_ENGINE_CC_OPTIONS.at(-1)}+`)).toEqual({ min: 4 });
    // Consecutive "up to" options are at most 500 cc apart: none is a band of more than half a litre.
    const gaps = BROWSE_ENGINE_CC_OPTIONS.slice(1).map((cc, i) => cc - BROWSE_ENGINE_CC_OPTIONS[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(500);
  });

  it('has the construction engine-power bands, 50-100 HP up to 401+ HP', () => {
    expect(CONSTRUCTION_ENGINE_POWER_BANDS[0]).toBe('50-100');
    expect(CONSTRUCTION_ENGINE_POWER_BANDS.at(-1)).toBe('401+');
    expect(filterChips({ category: 'excavator', engine_power: '101-200' })).toEqual([
      { field: 'category', label: 'Excavator' },
      { field: 'engine_power', label: '101-200 HP' },
    ]);
    expect(withoutChip({ category: 'excavator', engine_power: '401+' }, 'engine_power')).toEqual({ category: 'excavator', engine_power: undefined });
  });
});
