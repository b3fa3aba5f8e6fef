import { titleOf } from './display';
import { leadsTotal, type ListingLeads } from './leads';
import { listingStatus, type ListingStatus, type Vehicle } from './vehicle';
import { realPhotos } from './photos';
import type { PriceBand } from '../search/priceBands';
import { PRICE_BAND_TEXT } from '../search/priceVerdict';
import { english, type Translate } from '../i18n/text';

// The seller's numbers (issue 38, 'numbers that sell cars'): per listing and for the whole stock, views and leads over 7,
// 30 or 90 days, days on market, the price verdict, and what needs attention. Worked out on the device from the two
// answers it keeps for offline visits (the listing history and the leads per day), so the screen opens offline too.

export const PERFORMANCE_WINDOWS = [7, 30, 90] as const;
export type PerformanceWindow = (typeof PERFORMANCE_WINDOWS)[number];

/** What counts as a lead: a buyer reaching out or keeping the listing. Views and shares are interest, not leads. */
export const LEAD_KINDS = ['contact', 'call', 'whatsapp', 'message', 'favourite'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** A live listing this many days on the market without a lead in as many days needs attention. */
export const QUIET_DAYS = 30;

export const ATTENTION_REASONS = ['no_photos', 'price_high', 'no_leads'] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

const DAY_MS = 86_400_000;

/** What the numbers read of a listing (a row of the listing history). */
export type PerformanceListing = Pick<Vehicle, 'id' | 'year' | 'make' | 'model' | 'variant' | 'price' | 'images' | 'is_published' | 'is_expired' | 'expires_at'> & {
  sold_at?: string | null;
  price_verdict?: { band: PriceBand } | null;
  first_published_at?: string | null;
  stock_number?: string | null;
};

export interface PerformanceRow {
  vehicle_id: string;
  title: string;
  stock_number: string | null;
  status: ListingStatus;
  price: number | null;
  views: number;
  leads: Record<LeadKind, number>;
  leads_total: number;
  /** Whole days from its first publication to its sale, its expiry or now; null when never published. */
  days_on_market: number | null;
  verdict: PriceBand | null;
  /** Why a live listing needs attention; empty when it does not (or is not live). */
  attention: AttentionReason[];
}

function daysOnMarket(v: PerformanceListing, status: ListingStatus, now: Date): number | null {
  if (!v.first_published_at) return null;
  const end = v.sold_at ? new Date(v.sold_at) : status === 'Expired' && v.expires_at ? new Date(v.expires_at) : now;
  return Math.max(0, Math.floor((end.getTime() - new Date(v.first_published_at).getTime()) / DAY_MS));
}

function leadCounts(leads: ListingLeads | undefined, days: number): Record<LeadKind, number> {
  return Object.fromEntries(LEAD_KINDS.map((k) => [k, leads ? leadsTotal(leads[k], days) : 0])) as Record<LeadKind, number>;
}

const sum = (counts: Record<LeadKind, number>) => LEAD_KINDS.reduce((n, k) => n + counts[k], 0);

function attentionOf(v: PerformanceListing, status: ListingStatus, days: number | null, quietLeads: number): AttentionReason[] {
  if (status !== 'Active') return [];
  const reasons: AttentionReason[] = [];
  if (realPhotos(v.images).length === 0) reasons.push('no_photos');
  if (v.price_verdict?.band === 'high') reasons.push('price_high');
  if (days !== null && days >= QUIET_DAYS && quietLeads === 0) reasons.push('no_leads');
  return reasons;
}

/**
 * Each listing's numbers over the last `window` days. `leads` is null while none have been loaded on this device: the
 * counts are then zero and 'no leads' is not claimed (it would be a guess).
 */
export function performanceRows(listings: readonly PerformanceListing[], leads: ReadonlyMap<string, ListingLeads> | null, window: PerformanceWindow, now: Date = new Date()): PerformanceRow[] {
  return listings.map((v) => {
    const status = listingStatus(v, now);
    const mine = leads?.get(v.id);
    const counts = leadCounts(mine, window);
    const days = daysOnMarket(v, status, now);
    const quiet = leads ? sum(leadCounts(mine, QUIET_DAYS)) : 1;
    return {
      vehicle_id: v.id,
      title: titleOf(v),
      stock_number: v.stock_number ?? null,
      status,
      price: v.price,
      views: mine ? leadsTotal(mine.view, window) : 0,
      leads: counts,
      leads_total: sum(counts),
      days_on_market: days,
      verdict: v.price_verdict?.band ?? null,
      attention: attentionOf(v, status, days, quiet),
    };
  });
}

export interface StockTotals {
  /** Listings live now. */
  live: number;
  views: number;
  leads: Record<LeadKind, number>;
  leads_total: number;
  /** Live listings that need attention. */
  attention: number;
  /** The median days on market of the listings sold in the window; null when none was. */
  median_days_to_sell: number | null;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** The whole stock's numbers over the window the rows were worked out for. */
export function stockTotals(rows: readonly PerformanceRow[], listings: readonly PerformanceListing[], window: PerformanceWindow, now: Date = new Date()): StockTotals {
  const leads = Object.fromEntries(LEAD_KINDS.map((k) => [k, rows.reduce((n, r) => n + r.leads[k], 0)])) as Record<LeadKind, number>;
  const since = now.getTime() - window * DAY_MS;
  const soldAt = new Map(listings.map((v) => [v.id, v.sold_at ?? null]));
  const sold = rows.filter((r) => {
    const at = soldAt.get(r.vehicle_id);
    return at && new Date(at).getTime() > since && r.days_on_market !== null;
  });
  return {
    live: rows.filter((r) => r.status === 'Active').length,
    views: rows.reduce((n, r) => n + r.views, 0),
    leads,
    leads_total: sum(leads),
    attention: rows.filter((r) => r.attention.length > 0).length,
    median_days_to_sell: median(sold.map((r) => r.days_on_market!)),
  };
}

export const PERFORMANCE_TEXTS = {
  title: /*i18n*/ 'Performance',
  intro: /*i18n*/ 'Views and leads of your listings, days on market and what needs attention.',
  window: (days: number, tr: Translate = english) => tr(/*i18n*/ 'Last {days} days', { days }),
  live: /*i18n*/ 'Live listings',
  views: /*i18n*/ 'Views',
  leads: /*i18n*/ 'Leads',
  medianDaysToSell: /*i18n*/ 'Days to sell (median)',
  needsAttention: /*i18n*/ 'Needs attention',
  nothingNeedsAttention: /*i18n*/ 'Nothing needs attention: every live listing has photos, a fair price and recent leads.',
  listing: /*i18n*/ 'Listing',
  stockNumber: /*i18n*/ 'Stock number',
  status: /*i18n*/ 'Status',
  price: /*i18n*/ 'Price (USD)',
  daysOnMarket: /*i18n*/ 'Days on market',
  verdict: /*i18n*/ 'Price verdict',
  leadKinds: {
    contact: /*i18n*/ 'Contact requests',
    call: /*i18n*/ 'Calls',
    whatsapp: /*i18n*/ 'WhatsApp taps',
    message: /*i18n*/ 'Messages',
    favourite: /*i18n*/ 'Favourites',
  } satisfies Record<LeadKind, string>,
  attention: {
    no_photos: /*i18n*/ 'No photos: listings with photos get far more views.',
    price_high: /*i18n*/ 'Price rated high against similar listings.',
    // QUIET_DAYS days: a text is written whole so that it can be translated.
    no_leads: /*i18n*/ 'No leads in 30 days: review the price and photos.',
  } satisfies Record<AttentionReason, string>,
  exportCsv: /*i18n*/ 'Download CSV',
  noListings: /*i18n*/ 'No listings yet: your numbers appear here once you list a vehicle.',
  kept: (when: string, tr: Translate = english) => tr(/*i18n*/ 'Offline: numbers as loaded {when}.', { when }),
  notLoaded: /*i18n*/ 'Leads have not been loaded on this device yet; connect to see them.',
  noneKept: /*i18n*/ 'Your numbers load when the connection returns.',
  backToDashboard: /*i18n*/ 'Back to dashboard',
  perListing: /*i18n*/ 'Per listing',
  sortBy: /*i18n*/ 'Sort by',
  sortKeys: { leads: /*i18n*/ 'Leads', views: /*i18n*/ 'Views', days: /*i18n*/ 'Days on market', price: /*i18n*/ 'Price' },
  descending: /*i18n*/ 'Highest first',
  ascending: /*i18n*/ 'Lowest first',
  days: (n: number, tr: Translate = english) => (n === 1 ? tr(/*i18n*/ '{n} day', { n }) : tr(/*i18n*/ '{n} days', { n })),
  /** The dashboard's way in. */
  entry: /*i18n*/ 'Views, leads and days on market of each listing, and what needs attention.',
  entryAttention: (n: number, tr: Translate = english) =>
    n === 0 ? tr(/*i18n*/ 'Nothing needs attention') : n === 1 ? tr(/*i18n*/ '{n} listing needs attention', { n }) : tr(/*i18n*/ '{n} listings need attention', { n }),
  open: /*i18n*/ 'See performance',
  /** The downloaded file's name: 'motokari-performance-2026-11-28-last-30-days.csv'. */
  csvFileName: (day: string, window: number) => `motokari-performance-${day}-last-${window}-days.csv`,
};

/** A cell as a spreadsheet reads it: quoted when needed, and never a formula (a title starting '=' stays text). */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV (RFC 4180: CRLF line ends, a header row), its counts over `window` days, its words in `tr`'s language. */
export function performanceCsv(rows: readonly PerformanceRow[], window: PerformanceWindow, tr: Translate = english): string {
  const T = PERFORMANCE_TEXTS;
  const over = (label: string) => tr(/*i18n*/ '{label} (last {days} days)', { label: tr(label), days: window });
  const header = [T.stockNumber, T.listing, T.status, T.price, T.daysOnMarket, T.verdict].map((label) => tr(label));
  header.push(over(T.views), ...LEAD_KINDS.map((k) => over(T.leadKinds[k])), over(T.leads), tr(T.needsAttention));
  const lines = rows.map((r) => [
    r.stock_number,
    r.title,
    r.status,
    r.price,
    r.days_on_market,
    r.verdict ? tr(PRICE_BAND_TEXT[r.verdict]) : null,
    r.views,
    ...LEAD_KINDS.map((k) => r.leads[k]),
    r.leads_total,
    r.attention.map((a) => tr(T.attention[a])).join(' '),
  ]);
  return [header, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
