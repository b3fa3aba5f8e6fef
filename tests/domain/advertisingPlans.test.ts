import { describe, expect, it } from 'vitest';
import {
  ADVERTISING_FILTER_OPTIONS,
  ADVERTISING_PLANS,
  DEFAULT_ADVERTISING_FILTERS,
  PRICE_AREAS,
  VALUE_BANDS,
  formatPlanPrice,
  parseSelectedPlan,
  selectedPlanRecord,
} from '@/domain/payments/advertisingPlans';
import { STORAGE_KEYS } from '@/domain/core/constants';

const plan = (name: string) => {
  const p = ADVERTISING_PLANS.find((x) => x.name === name);
  if (!p) throw new Error(`no plan ${name}`);
  return p;
};

describe('advertising plans (spec section 9)', () => {
  it('has the four plans in order, with prices, struck-through originals and durations', () => {
    expect(ADVERTISING_PLANS.map((p) => [p.name, p.price, p.originalPrice, p.duration])).toEqual([
      ['Ultimate', 20, 25, 'Live until sold'],
      ['Premium', 15, 20, '6 weeks'],
      ['Standard', 10, 15, '3 weeks'],
      ['Basic', 5, 10, '2 weeks'],
    ]);
    for (const p of ADVERTISING_PLANS) expect(p.originalPrice).toBeGreaterThan(p.price);
  });

  it('marks only Ultimate as Most Popular', () => {
    expect(ADVERTISING_PLANS.filter((p) => p.isPopular).map((p) => p.name)).toEqual(['Ultimate']);
  });

  it('lists the relist and boost features of each plan, and up to 8 photos on every plan', () => {
    expect(plan('Ultimate').features).toEqual(expect.arrayContaining(['Live until sold', 'Free relist every 4 weeks', 'Boost to top 3 times a month']));
    expect(plan('Premium').features).toContain('Boost to top 2 times a month');
    expect(plan('Standard').features).toContain('Boost to top 1 time a month');
    expect(plan('Basic').features.some((f) => /boost/i.test(f))).toBe(false);
    for (const p of ADVERTISING_PLANS) expect(p.features).toContain('Up to 8 photos');
    for (const p of ADVERTISING_PLANS.filter((x) => x.name !== 'Ultimate')) expect(p.features.some((f) => /relist/i.test(f))).toBe(false);
  });

  it('formats prices as whole dollars', () => {
    expect(ADVERTISING_PLANS.map((p) => formatPlanPrice(p.price))).toEqual(['$20', '$15', '$10', '$5']);
    expect(ADVERTISING_PLANS.map((p) => formatPlanPrice(p.originalPrice))).toEqual(['$25', '$20', '$15', '$10']);
  });
});

describe('advertising price filters', () => {
  it('defaults to car, harare, private, 10000-25000', () => {
    expect(DEFAULT_ADVERTISING_FILTERS).toEqual({
      vehicleType: 'car',
      showingPricesFor: 'harare',
      sellerType: 'private',
      vehicleValue: '10000-25000',
    });
  });

  it('offers the option lists of spec section 9, in order', () => {
    const values = (o: { value: string }[]) => o.map((x) => x.value);
    expect(values(ADVERTISING_FILTER_OPTIONS.vehicleType)).toEqual(['car', 'construction', 'farming']);
    expect(values(ADVERTISING_FILTER_OPTIONS.showingPricesFor)).toEqual(['harare', 'bulawayo', 'mutare', 'gweru', 'national']);
    expect(values(ADVERTISING_FILTER_OPTIONS.sellerType)).toEqual(['private', 'dealer']);
    expect(values(ADVERTISING_FILTER_OPTIONS.vehicleValue)).toEqual(['0-5000', '5000-10000', '10000-25000', '25000-50000', '50000+']);
    expect([...PRICE_AREAS]).toEqual(values(ADVERTISING_FILTER_OPTIONS.showingPricesFor));
    expect([...VALUE_BANDS]).toEqual(values(ADVERTISING_FILTER_OPTIONS.vehicleValue));
  });

  it('has a label for every option and each default among its options', () => {
    for (const [key, opts] of Object.entries(ADVERTISING_FILTER_OPTIONS)) {
      for (const o of opts) expect(o.label.length).toBeGreaterThan(0);
      expect(opts.map((o) => o.value)).toContain(DEFAULT_ADVERTISING_FILTERS[key as keyof typeof DEFAULT_ADVERTISING_FILTERS]);
    }
  });
});

describe('the selected plan record', () => {
  it('uses the session storage key selectedAdvertisingPlan', () => {
    expect(STORAGE_KEYS.selectedAdvertisingPlan).toBe('selectedAdvertisingPlan');
  });

  it('holds the plan fields and the filters, and reads back from JSON', () => {
    const filters = { ...DEFAULT_ADVERTISING_FILTERS, sellerType: 'dealer' as const };
    const record = selectedPlanRecord(plan('Premium'), filters);
    expect(Object.keys(record).sort()).toEqual(['description', 'duration', 'features', 'isPopular', 'name', 'originalPrice', 'price', 'selectedFilters']);
    expect(record).toMatchObject({ name: 'Premium', duration: '6 weeks', price: 15, originalPrice: 20, isPopular: false });
    expect(record.selectedFilters).toEqual({ vehicleType: 'car', showingPricesFor: 'harare', sellerType: 'dealer', vehicleValue: '10000-25000' });
    expect(parseSelectedPlan(JSON.stringify(record))).toEqual(record);
  });

  it('rejects malformed stored values', () => {
    expect(parseSelectedPlan(null)).toBeNull();
    expect(parseSelectedPlan('not json')).toBeNull();
    expect(parseSelectedPlan('{"name":"Basic"}')).toBeNull();
    const record = selectedPlanRecord(plan('Basic'), { ...DEFAULT_ADVERTISING_FILTERS });
    expect(parseSelectedPlan(JSON.stringify({ ...record, selectedFilters: { ...record.selectedFilters, vehicleValue: '1-2' } }))).toBeNull();
  });
});
