import { HOME_CONDITIONS, YEAR_MIN, yearMax } from '../core/constants';
import { wholeNumberText } from '../core/numbers';
import { english, type Translate } from '../i18n/text';

// The home page's mobile search (spec section 2.5): texts quoted word for word, and the rule that
// turns the phone's selections into the search's filter fields (spec section 5).

export const HOME_MOBILE_TEXTS = {
  options: /*i18n*/ 'Options',
  advancedSearchOptions: /*i18n*/ 'Advanced Search Options',
  comingSoon: {
    construction: /*i18n*/ 'Construction vehicles coming soon',
    farming: /*i18n*/ 'Farming vehicles coming soon',
  },
} as const;

/** The mobile search button: 'Search N cars'. */
export const searchCarsText = (n: number, tr: Translate = english): string =>
  n === 1 ? tr(/*i18n*/ 'Search {count} car', { count: wholeNumberText(n) }) : tr(/*i18n*/ 'Search {count} cars', { count: wholeNumberText(n) });
/** The mobile list's heading: 'N cars found'. */
export const carsFoundText = (n: number, tr: Translate = english): string =>
  n === 1 ? tr(/*i18n*/ '{count} car found', { count: wholeNumberText(n) }) : tr(/*i18n*/ '{count} cars found', { count: wholeNumberText(n) });

export type HomeCondition = (typeof HOME_CONDITIONS)[number];
export const HOME_CONDITION_LABELS: Record<HomeCondition, string> = { excellent: /*i18n*/ 'Excellent', good: /*i18n*/ 'Good', fair: /*i18n*/ 'Fair', poor: /*i18n*/ 'Poor' };

/** What the phone's search holds: make and model, and the 'Advanced Search Options' dialog. */
export interface MobileSearch {
  make?: string | undefined;
  model?: string | undefined;
  /** Maximum price in US dollars. */
  maxPrice?: number | undefined;
  /** Minimum year. */
  minYear?: number | undefined;
  /** Free text, matched within the listing's location. */
  location?: string | undefined;
  condition?: HomeCondition | undefined;
}

export type MobileSearchFields = Partial<Record<'make' | 'model' | 'max_price' | 'year_from' | 'location' | 'condition', string | number>>;

/**
 * The filter fields of a mobile search, under the names the search understands: minimum year is
 * `year_from` (inclusive) and only counts once it is a whole year from 1990 to next year, so a year
 * still being typed ("20") does not filter; location is `location` (contains, any case); a model
 * counts only with a make (spec section 5). Max price at or above the ceiling is left to the search,
 * which ignores it.
 */
export function mobileSearchFields(s: MobileSearch, now: Date = new Date()): MobileSearchFields {
  const out: MobileSearchFields = {};
  const make = s.make?.trim();
  if (make) {
    out.make = make;
    const model = s.model?.trim();
    if (model) out.model = model;
  }
  if (s.maxPrice !== undefined && Number.isFinite(s.maxPrice) && s.maxPrice > 0) out.max_price = s.maxPrice;
  if (s.minYear !== undefined && Number.isInteger(s.minYear) && s.minYear >= YEAR_MIN && s.minYear <= yearMax(now)) out.year_from = s.minYear;
  const location = s.location?.trim();
  if (location) out.location = location;
  // The dialog offers the spec's condition grades (excellent to poor), but listings record new, used or
  // certified, and spec section 5 applies no other home filter: the choice is kept, not searched on.
  return out;
}

/** How many of the dialog's options are set (shown on the 'Options' button). */
export function advancedOptionCount(s: MobileSearch, now: Date = new Date()): number {
  const f: Record<string, unknown> = { ...mobileSearchFields(s, now), ...(s.condition && { condition: s.condition }) };
  return (['max_price', 'year_from', 'location', 'condition'] as const).filter((k) => f[k] !== undefined).length;
}

/** Screens at least this wide get the home page's desktop search panel; narrower ones the phone variant. */
export const HOME_DESKTOP_MIN_WIDTH = '48em';
export const HOME_DESKTOP_QUERY = `(min-width: ${HOME_DESKTOP_MIN_WIDTH})`;
export type HeroVariant = 'mobile' | 'desktop';

/** The home hero's words: its region's name, the headline and the line under it. */
export const HOME_HERO_TEXTS = {
  label: /*i18n*/ 'Welcome',
  title: /*i18n*/ 'Find your next vehicle in Zimbabwe',
  lead: /*i18n*/ 'Cars, construction and farming vehicles from dealers and private sellers, ranked by how far they are from you. Works even without a signal.',
} as const;
/** The home hero's files, without their extension: `.webm` (the video), `.webp` and `.jpg` (its poster). */
export const heroMedia = (variant: HeroVariant): string => `/media/hero-${variant}`;

/**
 * The poster of each hero variant is the home page's largest paint: the server asks browsers to
 * fetch it with the page (a Link header) instead of after the app's code has run, ahead of the
 * page's other images (a preloaded image is otherwise fetched at low priority).
 */
export const HOME_HERO_PRELOAD_LINK = [
  `<${heroMedia('mobile')}.webp>; rel=preload; as=image; type="image/webp"; fetchpriority=high; media="not all and ${HOME_DESKTOP_QUERY}"`,
  `<${heroMedia('desktop')}.webp>; rel=preload; as=image; type="image/webp"; fetchpriority=high; media="${HOME_DESKTOP_QUERY}"`,
].join(', ');
