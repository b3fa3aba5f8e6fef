import { describe, expect, it } from 'vitest';
import { dealerActiveFilters, dealerCountFields, DEALER_FILTER_DEFAULTS } from '@/app/features/dealer/dealerPage';

describe("the dealer page's Submit button (spec section 4)", () => {
  it("counts the dealer's cars of the chosen make and model only", () => {
    const state = { ...DEALER_FILTER_DEFAULTS, make: 'Toyota', model: 'Hilux', fuel_type: 'petrol', max_price: 20_000, year_from: '2015' };
    expect(dealerCountFields('d1', state)).toEqual({ seller_id: 'd1', vehicle_type: 'car', make: 'Toyota', model: 'Hilux' });
  });

  it('names the filters that differ from the defaults, the chips of the applied filters', () => {
    expect(dealerActiveFilters(DEALER_FILTER_DEFAULTS)).toEqual([]);
    expect(dealerActiveFilters({ ...DEALER_FILTER_DEFAULTS, make: 'Toyota', max_price: 50_000 })).toEqual(['make', 'max_price']);
  });
});
