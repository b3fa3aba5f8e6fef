import { describe, expect, it } from 'vitest';
import { fieldsClearedBy, withCatalogueChoice } from '@/domain/catalogue/makeModel';
import { setDealerFilter, DEALER_FILTER_DEFAULTS } from '@/app/features/dealer/dealerPage';

describe('make, model and variant', () => {
  it('a new make clears the model and the variant, a new model the variant', () => {
    expect(fieldsClearedBy('make')).toEqual(['model', 'variant']);
    expect(fieldsClearedBy('model')).toEqual(['variant']);
    expect(fieldsClearedBy('fuel_type')).toEqual([]);
    const form = { make: 'Toyota', model: 'Corolla', variant: 'GLi', fuel_type: 'petrol' };
    expect(withCatalogueChoice(form, 'make', 'Honda', '')).toEqual({ make: 'Honda', model: '', variant: '', fuel_type: 'petrol' });
    expect(withCatalogueChoice(form, 'model', 'Hilux', '')).toEqual({ make: 'Toyota', model: 'Hilux', variant: '', fuel_type: 'petrol' });
    expect(withCatalogueChoice(form, 'fuel_type', 'diesel', '')).toEqual({ ...form, fuel_type: 'diesel' });
  });

  it('clears with the form\'s own "not chosen", and leaves out the fields a form does not have', () => {
    const panel: Record<string, string | undefined> = { make: 'Toyota', model: 'Corolla' };
    const next = withCatalogueChoice(panel, 'make', undefined, undefined);
    expect(next).toEqual({ make: undefined, model: undefined });
    expect('variant' in next).toBe(false);
  });

  it("is the dealer page's rule too", () => {
    const state = { ...DEALER_FILTER_DEFAULTS, make: 'Toyota', model: 'Corolla', variant: 'GLi' };
    expect(setDealerFilter(state, 'make', 'Honda')).toMatchObject({ make: 'Honda', model: '', variant: '' });
  });
});
