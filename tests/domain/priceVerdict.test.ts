import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../support/random';
import { fitPrices, indexPriceVerdicts, median, MIN_COMPARABLES, modelPlural, priceVerdict, PriceVerdicts, type PricedListing } from '@/domain/search/priceVerdict';
import { ListingIndex } from '@/domain/search/index/listingIndex';
import type { Indexed } from '@/domain/search/index/columns';

// The price verdict (issue 20): a robust fit per model of log(price) on year and usage, and the band
// of a listing's residual against the fit's typical residual.

const rand = seededRandom(20);

/** A Hilux market: $30,000 for a 2020 with 50,000 km, 8% a year newer, 3% less per 10,000 km, ±4% noise. */
function hilux(over: Partial<PricedListing> = {}): PricedListing {
  const year = over.year ?? 2012 + Math.floor(rand() * 12);
  const mileage = over.mileage === undefined ? Math.round(20_000 + rand() * 150_000) : over.mileage;
  const price = 30_000 * Math.exp(0.08 * (year - 2020) - 0.03 * (((mileage ?? 50_000) - 50_000) / 10_000) + (rand() - 0.5) * 0.08);
  return { id: randomUUID(), vehicle_type: 'car', make: 'Toyota', model: 'Hilux', year, mileage, operating_hours: null, price: Math.round(price), ...over };
}

const market = Array.from({ length: 40 }, () => hilux());

function verdictAmong(others: readonly PricedListing[], v: PricedListing) {
  return priceVerdict(v, fitPrices([...others, v]));
}

describe('the median a fit takes', () => {
  it('is the sorted middle (the mean of the two middles for an even count), with many equal values too', () => {
    const rand = seededRandom(7);
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(rand() * 400);
      // Few distinct values half the time: prices repeat (many ask $5,000).
      const distinct = rand() < 0.5 ? 1 + Math.floor(rand() * 5) : 1000;
      const values = Array.from({ length: n }, () => Math.floor(rand() * distinct) * 1.5);
      const sorted = [...values].sort((a, b) => a - b);
      const want = n % 2 ? sorted[n >> 1]! : (sorted[(n >> 1) - 1]! + sorted[n >> 1]!) / 2;
      expect(median(values)).toBe(want);
    }
    expect(median([])).toBe(0);
  });
});

describe('the price fit', () => {
  it('finds the year and mileage effects of a model, not thrown by a few wild prices', () => {
    const wild = [hilux({ price: 1 }), hilux({ price: 5 }), hilux({ price: 9_000_000 }), hilux({ price: 3 })];
    const fit = fitPrices([...market, ...wild]);
    const line = fit.line!;
    expect(line.perYear).toBeGreaterThan(0.06);
    expect(line.perYear).toBeLessThan(0.1);
    expect(line.perUse * 10_000).toBeGreaterThan(-0.045);
    expect(line.perUse * 10_000).toBeLessThan(-0.015);
    const typical = priceVerdict(hilux({ year: 2020, mileage: 50_000, price: 30_000 }), fit)!;
    expect(typical.typical_price).toBeGreaterThan(27_000);
    expect(typical.typical_price).toBeLessThan(33_000);
    expect(typical.typical_price! % 100).toBe(0);
  });

  it('needs six priced listings of the model to fit at all; listings without a price are left out', () => {
    expect(fitPrices(market.slice(0, 5)).line).toBeNull();
    expect(fitPrices([...market.slice(0, 5), hilux({ price: null })]).line).toBeNull();
    expect(fitPrices(market.slice(0, 6)).line).not.toBeNull();
  });

  it('gives the same fit whatever order the listings come in', () => {
    expect(fitPrices([...market].reverse())).toEqual(fitPrices(market));
  });
});

describe('the price verdict', () => {
  const at = (price: number) => verdictAmong(market, hilux({ year: 2020, mileage: 50_000, price }))!;

  it('bands a price by how far it is from what similar listings ask', () => {
    expect(at(21_000).band).toBe('great');
    expect(at(28_300).band).toBe('good');
    expect(at(30_000).band).toBe('fair');
    expect(at(40_000).band).toBe('high');
  });

  it('says why in dollars against the number of similar listings', () => {
    const great = at(21_000);
    expect(great.why).toMatch(/^\$\d{1,2},\d00 below \d+ similar Hiluxes$/);
    expect(great.comparables).toBeGreaterThanOrEqual(30);
    expect(at(40_000).why).toMatch(/^\$\d{1,2},\d00 above \d+ similar Hiluxes$/);
    expect(at(30_000).why).toMatch(/^Close to \d+ similar Hiluxes$/);
  });

  it('counts as comparables only the model\u2019s other priced listings made within 5 years', () => {
    const old = Array.from({ length: 8 }, () => hilux({ year: 2000 }));
    const recent = Array.from({ length: 4 }, () => hilux({ year: 2020 }));
    const unpriced = Array.from({ length: 3 }, () => hilux({ year: 2020, price: null }));
    const mine = hilux({ year: 2020, price: 25_000 });
    expect(verdictAmong([...old, ...recent, ...unpriced], mine)).toEqual({ band: 'no_data', why: 'Fewer than 5 similar Hiluxes listed', comparables: 4, typical_price: null });
    const plusOne = verdictAmong([...old, ...recent, hilux({ year: 2015 })], mine)!;
    expect(plusOne.comparables).toBe(5);
    expect(plusOne.band).not.toBe('no_data');
  });

  it('gives no verdict to a listing without a price', () => {
    expect(verdictAmong(market, hilux({ price: null }))).toBeNull();
  });

  it('judges equipment on operating hours, not kilometres', () => {
    const tractor = (hours: number, price: number): PricedListing => ({
      id: randomUUID(),
      vehicle_type: 'farming',
      make: 'John Deere',
      model: '5075E',
      year: 2018,
      mileage: null,
      operating_hours: hours,
      price,
    });
    // Every tractor is from 2018: the hours alone set the price, $40,000 new, 6% less every 1,000 hours.
    const worth = (hours: number) => Math.round(40_000 * Math.exp(-0.00006 * hours));
    const fleet = Array.from({ length: 20 }, (_, i) => tractor(i * 500, Math.round(worth(i * 500) * (1 + ((i % 3) - 1) * 0.01))));
    const worn = verdictAmong(fleet, tractor(9_000, worth(9_000)))!;
    const fresh = verdictAmong(fleet, tractor(100, worth(9_000)))!;
    expect(worn.band).toBe('fair');
    expect(fresh.band).toBe('great');
    expect(fresh.why).toMatch(/below 20 similar John Deere 5075Es$/);
  });

  it('a model whose listings all ask one price does not call a few dollars great', () => {
    const same = Array.from({ length: 10 }, () => hilux({ year: 2020, mileage: 50_000, price: 30_000 }));
    expect(verdictAmong(same, hilux({ year: 2020, mileage: 50_000, price: 29_900 }))!.band).toBe('fair');
    expect(verdictAmong(same, hilux({ year: 2020, mileage: 50_000, price: 27_000 }))!.band).toBe('great');
  });
});

describe('comparing within a model', () => {
  it('groups by vehicle type, make and model, letter case ignored, and recomputes a model once it changes', () => {
    const listings = [...market.slice(0, 10), ...market.slice(10, 20).map((v) => ({ ...v, make: 'TOYOTA', model: ' hilux' }))];
    const corollas = Array.from({ length: 10 }, () => hilux({ model: 'Corolla', price: 200_000 }));
    let asked = 0;
    const verdicts = new PriceVerdicts(() => {
      asked++;
      return [...listings, ...corollas];
    });
    const mine = { ...market[0]!, price: 30_000 };
    const first = verdicts.verdict(mine)!;
    // The other Hiluxes within 5 years, whatever their letter case; no Corolla.
    expect(first.comparables).toBeGreaterThanOrEqual(MIN_COMPARABLES);
    expect(first.comparables).toBe(listings.filter((v) => v !== market[0] && Math.abs(v.year - mine.year) <= 5).length);
    expect(verdicts.verdict(mine)).toEqual(first);
    expect(asked).toBe(1);
    listings.push(...Array.from({ length: 10 }, () => hilux({ price: 1000 })));
    verdicts.changed(mine);
    expect(verdicts.verdict(mine)!.comparables).toBeGreaterThan(first.comparables);
    expect(asked).toBe(2);
  });

  it('over a listing index, compares a listing with the model’s unexpired listings the index holds', () => {
    const indexed = (v: PricedListing, expires_at: string | null = null): Indexed => ({
      ...v,
      variant: null,
      category: null,
      fuel_type: null,
      transmission: null,
      condition: null,
      drive_type: null,
      seller_id: 'seller',
      seller_type: null,
      seller_name: null,
      seller_location: null,
      engine_size: null,
      engine_power_hp: null,
      location: null,
      region: null,
      featured: false,
      seller_latitude: null,
      seller_longitude: null,
      created_at: '2026-11-01T00:00:00.000Z',
      duty_paid: null,
      papers_ready: null,
      verified_dealer: false,
      phone_verified: false,
      expires_at,
    });
    const live = [...market.slice(0, 12), ...market.slice(12, 18).map((v) => ({ ...v, make: 'toyota', model: 'HILUX' }))];
    const expired = market.slice(18, 30);
    const index = new ListingIndex<Indexed>();
    for (const v of live) index.upsert(indexed(v));
    for (const v of expired) index.upsert(indexed(v, '2020-01-01T00:00:00.000Z'));
    for (const v of Array.from({ length: 8 }, () => hilux({ model: 'Corolla' }))) index.upsert(indexed(v));
    for (const v of Array.from({ length: 8 }, () => hilux({ vehicle_type: 'construction' }))) index.upsert(indexed(v));
    const mine = live[0]!;
    const verdicts = indexPriceVerdicts(() => index);
    const verdict = verdicts.verdict(index.get(mine.id)!)!;
    expect(verdict).toEqual(priceVerdict(mine, fitPrices(live)));
    expect(verdict.comparables).toBe(live.filter((v) => v !== mine && Math.abs(v.year - mine.year) <= 5).length);
  });

  it('writes a large number of comparables with thousands separated', () => {
    const many = Array.from({ length: 1200 }, () => hilux({ year: 2020, mileage: 50_000 }));
    expect(verdictAmong(many, hilux({ year: 2020, mileage: 50_000, price: 30_000 }))!.why).toBe('Close to 1,200 similar Hiluxes');
  });

  it('names a model in the plural, a code with its make', () => {
    expect(modelPlural('Toyota', 'Hilux')).toBe('Hiluxes');
    expect(modelPlural('Toyota', 'Land Cruiser')).toBe('Land Cruisers');
    expect(modelPlural('Honda', 'Fit')).toBe('Fits');
    expect(modelPlural('Mercedes-Benz', 'C-Class')).toBe('C-Classes');
    expect(modelPlural('BMW', 'X5')).toBe('BMW X5s');
    expect(modelPlural('Caterpillar', '320D')).toBe('Caterpillar 320Ds');
  });
});
