import type { VehicleType } from '../core/constants';
import { usdText, wholeNumberText } from '../core/numbers';
import type { PriceBand } from './priceBands';
import { lowerBound } from './index/grid';
import type { Indexed } from './index/columns';
import type { ListingIndex } from './index/listingIndex';
import { english, type Translate } from '../i18n/text';

// The price verdict of issue 20, written once: the server computes it over every public listing (its
// in-memory index), the device over the summaries it holds, with this code on both sides.
//
// Per model (same vehicle type, make and model, letter case and outer spaces ignored) a robust fit of
// log(price) on year and usage (mileage for cars, operating hours for construction and farming
// equipment) over the model's priced listings: Theil–Sen slopes (the median of the slopes between
// every two listings), the year's and the usage's alternately, each on the prices with the other's
// effect taken out; the intercept is the median of what is left, and the fit's spread the median
// absolute residual. A listing's residual against the fit, divided by that spread, gives its band.
// Its comparables are the model's other priced listings made within YEAR_WINDOW years of it; with
// fewer than MIN_COMPARABLES there is not enough data.

/** What each band says on a card and the listing page. */
export const PRICE_BAND_TEXT: Record<PriceBand, string> = {
  great: /*i18n*/ 'Great price',
  good: /*i18n*/ 'Good price',
  fair: /*i18n*/ 'Fair price',
  high: /*i18n*/ 'High price',
  no_data: /*i18n*/ 'Not enough data',
};

/** A listing's price verdict, as the API sends it (`price_verdict`) and the device computes it. */
export interface PriceVerdict {
  band: PriceBand;
  /** Why, in a few words: '$3,100 below 14 similar Hiluxes'. */
  why: string;
  /** How many comparable listings it was judged against (the model's others within YEAR_WINDOW years). */
  comparables: number;
  /** What the fit expects for this year and usage, to the nearest $100; null without enough data. */
  typical_price: number | null;
}

/** What the verdict reads of a listing: a summary, an indexed listing and a full listing all have it. */
export interface PricedListing {
  id: string;
  vehicle_type: string;
  make: string;
  model: string;
  year: number;
  price: number | null;
  mileage: number | null;
  operating_hours: number | null;
}

/** The fewest comparables (the listing itself not counted) a verdict needs. */
export const MIN_COMPARABLES = 5;
/** Comparables are made at most this many years before or after the listing. */
export const YEAR_WINDOW = 5;
/** Residual / spread at or below which a price is great, at or below which good, at or above which high. */
export const GREAT_AT = -1.5;
export const GOOD_AT = -0.5;
export const HIGH_AT = 1.5;
/** The least spread assumed (log scale, about 5%): a model whose listings all ask one price does not call a $10 difference great. */
const MIN_SPREAD = 0.05;
/**
 * The slopes are taken over at most this many of a model's listings (those with the smallest ids, so
 * the device and the server pick the same), as the pairs grow with the square.
 */
const SLOPE_SAMPLE = 150;
/** The year the fit's intercept is at (keeps the numbers small). */
const BASE_YEAR = 2000;

/** The model a listing is compared within. */
export function priceGroup(v: Pick<PricedListing, 'vehicle_type' | 'make' | 'model'>): string {
  return `${v.vehicle_type}|${v.make.trim().toLowerCase()}|${v.model.trim().toLowerCase()}`;
}

/** How much a listing has been used: kilometres for a car, operating hours for equipment. */
function usageOf(v: PricedListing): number | null {
  return v.vehicle_type === 'car' ? v.mileage : v.operating_hours;
}

const priced = (v: PricedListing): boolean => v.price !== null && v.price > 0;

/** The median, found by selection rather than a sort: a model's fit takes several over all its listings. */
export function median(values: number[]): number {
  if (!values.length) return 0;
  const a = Float64Array.from(values);
  const mid = a.length >> 1;
  const upper = select(a, mid, 0, a.length - 1);
  if (a.length % 2) return upper;
  // The lower middle is the largest of the values left below the upper one.
  let lower = -Infinity;
  for (let i = 0; i < mid; i++) if (a[i]! > lower) lower = a[i]!;
  return (lower + upper) / 2;
}

/**
 * The k-th smallest of a[lo..hi] (Hoare's selection, a random pivot: expected linear time whatever the
 * prices sellers choose), leaving the smaller values before position k and the larger after it.
 */
function select(a: Float64Array, k: number, lo: number, hi: number): number {
  while (hi > lo) {
    const pivot = a[lo + Math.floor(Math.random() * (hi - lo + 1))]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/** The positions of the `k` listings with the smallest ids (ids are random: a fair sample the device and the server both pick). */
function smallestIds(rows: readonly PricedListing[], k: number): number[] {
  if (rows.length <= k) return rows.map((_, i) => i);
  // Ascending by id; a listing enters when it is smaller than the largest kept (rarely, once the sample is full).
  const kept: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const id = rows[i]!.id;
    if (kept.length === k && id >= rows[kept[k - 1]!]!.id) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rows[kept[mid]!]!.id < id) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, i);
    if (kept.length > k) kept.pop();
  }
  return kept;
}

/** Theil–Sen: the median of the slopes between every two points with different x (0 when none differ). */
function theilSen(x: readonly number[], y: readonly number[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = x[j]! - x[i]!;
      if (dx !== 0) slopes.push((y[j]! - y[i]!) / dx);
    }
  }
  return median(slopes);
}

/** A model's line: log(price) ≈ intercept + perYear * (year - 2000) + perUse * usage. */
export interface PriceLine {
  intercept: number;
  perYear: number;
  perUse: number;
  /** The usage assumed for a listing that gives none: the model's median. */
  usualUse: number;
  /** The median absolute residual (at least MIN_SPREAD). */
  spread: number;
}

/** A model's fit: its line (null with too few priced listings to judge any), and the years of its priced listings. */
export interface PriceFit {
  line: PriceLine | null;
  /** Ascending, to count a listing's comparables. */
  years: Float64Array;
}

/** The fit over one model's listings (those without a price are left out). */
export function fitPrices(listings: readonly PricedListing[]): PriceFit {
  // Every step below gives the same result whatever order the listings come in (medians of the same values).
  const rows = listings.filter(priced);
  const years = Float64Array.from(rows.map((r) => r.year)).sort();
  if (rows.length < MIN_COMPARABLES + 1) return { line: null, years };
  const uses = rows.map(usageOf).filter((u): u is number => u !== null);
  const usualUse = median(uses);
  const year = rows.map((r) => r.year - BASE_YEAR);
  const use = rows.map((r) => usageOf(r) ?? usualUse);
  const logPrice = rows.map((r) => Math.log(r.price!));
  const sample = smallestIds(rows, SLOPE_SAMPLE);
  const sx = sample.map((i) => year[i]!);
  const su = sample.map((i) => use[i]!);
  const sy = sample.map((i) => logPrice[i]!);
  // Newer is not cheaper and more used is not dearer: a slope the other way is noise, taken as none.
  let perYear = Math.max(0, theilSen(sx, sy));
  let perUse = Math.min(
    0,
    theilSen(
      su,
      sy.map((y, k) => y - perYear * sx[k]!),
    ),
  );
  perYear = Math.max(
    0,
    theilSen(
      sx,
      sy.map((y, k) => y - perUse * su[k]!),
    ),
  );
  perUse = Math.min(
    0,
    theilSen(
      su,
      sy.map((y, k) => y - perYear * sx[k]!),
    ),
  );
  const intercept = median(logPrice.map((y, i) => y - perYear * year[i]! - perUse * use[i]!));
  const spread = Math.max(MIN_SPREAD, median(logPrice.map((y, i) => Math.abs(y - intercept - perYear * year[i]! - perUse * use[i]!))));
  return { line: { intercept, perYear, perUse, usualUse, spread }, years };
}

/**
 * A model's name for several listings of it: 'Hiluxes', 'Corollas', 'Land Cruisers'; a model named
 * by a code ('X5', '320D', '6110M') goes with its make: 'BMW X5s'.
 */
export function modelPlural(make: string, model: string): string {
  const name = /\d/.test(model) ? `${make.trim()} ${model.trim()}` : model.trim();
  return /(s|x|z|ch|sh)$/i.test(name) ? `${name}es` : `${name}s`;
}

/** A dollar difference as said in a why: to the nearest $100 from $1,000, else to the nearest $10. */
const roundDifference = (n: number): number => (n >= 1000 ? Math.round(n / 100) * 100 : Math.round(n / 10) * 10);

/**
 * A verdict's why in words, from the listing and what the verdict found: 'Fewer than 5 similar Hiluxes
 * listed', 'Close to 14 similar Hiluxes', '$3,100 below 14 similar Hiluxes'. The verdict's `why` is it
 * in English; a screen words it again in the reader's language (`tr`) from the same facts.
 */
export function priceWhyText(v: Pick<PricedListing, 'make' | 'model' | 'price'>, verdict: Pick<PriceVerdict, 'band' | 'comparables' | 'typical_price'>, tr: Translate = english): string {
  const models = modelPlural(v.make, v.model);
  if (verdict.band === 'no_data' || verdict.typical_price === null || v.price === null) return tr(/*i18n*/ 'Fewer than {min} similar {models} listed', { min: MIN_COMPARABLES, models });
  const n = wholeNumberText(verdict.comparables);
  const typical = verdict.typical_price;
  const difference = roundDifference(Math.abs(v.price - typical));
  if (verdict.band === 'fair' || difference === 0) return tr(/*i18n*/ 'Close to {n} similar {models}', { n, models });
  const values = { amount: usdText(difference), n, models };
  return v.price < typical ? tr(/*i18n*/ '{amount} below {n} similar {models}', values) : tr(/*i18n*/ '{amount} above {n} similar {models}', values);
}

/** A listing's verdict against its model's fit; null for a listing without a price (nothing to judge). */
export function priceVerdict(v: PricedListing, fit: PriceFit): PriceVerdict | null {
  if (!priced(v)) return null;
  // The model's priced listings within the window, less the listing itself (when it is among them).
  const within = lowerBound(fit.years, v.year + YEAR_WINDOW + 0.5) - lowerBound(fit.years, v.year - YEAR_WINDOW - 0.5);
  const comparables = Math.max(0, within - 1);
  const line = fit.line;
  if (!line || comparables < MIN_COMPARABLES) {
    return { band: 'no_data', why: priceWhyText(v, { band: 'no_data', comparables, typical_price: null }), comparables, typical_price: null };
  }
  const expected = line.intercept + line.perYear * (v.year - BASE_YEAR) + line.perUse * (usageOf(v) ?? line.usualUse);
  const score = (Math.log(v.price!) - expected) / line.spread;
  const band: PriceBand = score <= GREAT_AT ? 'great' : score <= GOOD_AT ? 'good' : score >= HIGH_AT ? 'high' : 'fair';
  const typical = Math.max(100, Math.round(Math.exp(expected) / 100) * 100);
  return { band, why: priceWhyText(v, { band, comparables, typical_price: typical }), comparables, typical_price: typical };
}

/**
 * The verdicts of the listings of one collection (the server's index, the device's summaries), each
 * model's fit computed when first asked and kept until a listing of the model changes. `members`
 * gives the listings of a listing's model as the collection holds them (they may include others:
 * only those of the same model are used).
 */
export class PriceVerdicts {
  private readonly fits = new Map<string, PriceFit>();
  /**
   * Each make, model and vehicle type as spelt to its group's name (priceGroup), so that a verdict does
   * not write the name again: a page of results asks for twenty. Its size is the spellings held.
   */
  private readonly groups = new Map<string, Map<string, Map<string, string>>>();

  constructor(private readonly members: (of: PricedListing) => readonly PricedListing[]) {}

  private groupOf(v: Pick<PricedListing, 'vehicle_type' | 'make' | 'model'>): string {
    let models = this.groups.get(v.make);
    if (models === undefined) this.groups.set(v.make, (models = new Map()));
    let types = models.get(v.model);
    if (types === undefined) models.set(v.model, (types = new Map()));
    let group = types.get(v.vehicle_type);
    if (group === undefined) types.set(v.vehicle_type, (group = priceGroup(v)));
    return group;
  }

  /** A listing's verdict (null without a price); `v` is the listing as the collection holds it. */
  verdict(v: PricedListing): PriceVerdict | null {
    if (!priced(v)) return null;
    return priceVerdict(v, this.fitOf(v));
  }

  /** The fit of a listing's model, computed now when not kept (whether or not the listing has a price). */
  fitOf(v: PricedListing): PriceFit {
    const group = this.groupOf(v);
    let fit = this.fits.get(group);
    if (fit === undefined) {
      fit = fitPrices(this.members(v).filter((m) => this.groupOf(m) === group));
      this.fits.set(group, fit);
    }
    return fit;
  }

  /** A listing of this model was added, changed or removed: its fit is computed again when next asked. */
  changed(v: Pick<PricedListing, 'vehicle_type' | 'make' | 'model'>): void {
    this.fits.delete(this.groupOf(v));
  }

  /** Every listing may have changed. */
  clear(): void {
    this.fits.clear();
  }
}

/** The verdicts over a listing index (the server's, the device's): a model's listings found by its exact-match sets. */
export function indexPriceVerdicts<T extends Indexed>(index: () => ListingIndex<T>): PriceVerdicts {
  return new PriceVerdicts((v) => index().pricesOf({ vehicle_type: v.vehicle_type as VehicleType, make: v.make, model: v.model }));
}
