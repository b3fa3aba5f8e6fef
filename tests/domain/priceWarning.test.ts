import { describe, expect, it } from 'vitest';
import { PRICE_WARNING, priceWarningOf } from '@/domain/messages/priceWarning';
import type { PriceVerdict } from '@/domain/search/priceVerdict';

const verdict = (band: PriceVerdict['band'], typical: number | null): PriceVerdict => ({ band, why: '', comparables: typical === null ? 2 : 14, typical_price: typical });

describe('the price warning of a listing far below its comparables', () => {
  it('warns of a Hilux asking $9,000 where its like ask $18,000', () => {
    expect(priceWarningOf(9_000, verdict('great', 18_000))).toBe(PRICE_WARNING);
  });
  it('warns at 30% below, not at 25% below', () => {
    expect(priceWarningOf(7_000, verdict('great', 10_000))).toBe(PRICE_WARNING);
    expect(priceWarningOf(7_500, verdict('great', 10_000))).toBeNull();
  });
  it('says nothing of a price inside the model’s usual spread, however far below', () => {
    expect(priceWarningOf(6_000, verdict('good', 10_000))).toBeNull();
  });
  it('says nothing without enough comparables, a price or a verdict', () => {
    expect(priceWarningOf(1_000, verdict('no_data', null))).toBeNull();
    expect(priceWarningOf(null, verdict('great', 10_000))).toBeNull();
    expect(priceWarningOf(1_000, null)).toBeNull();
  });
});
