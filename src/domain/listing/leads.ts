import { priceText } from './display';
import { parseStoredObject } from '../core/storedJson';
import type { LeadsAnswer } from '../core/wire';
import { english, type Translate } from '../i18n/text';
import { dateText } from '../i18n/format';
import type { Language } from '../i18n/languages';

// A seller's leads per listing (issue 20): views, contact requests, favourites, shares, messages (issue 37) and taps on
// Call and WhatsApp (issue 38) counted per day by the server, shown on the dashboard as totals over 7 and 30 days and a
// small chart, and over 90 days on the performance screen (performance.ts); and a listing's last price drop as buyers read it.

export const LISTING_EVENT_KINDS = ['view', 'contact', 'call', 'whatsapp', 'message', 'favourite', 'share'] as const;
export type ListingEventKind = (typeof LISTING_EVENT_KINDS)[number];

/** The windows the dashboard's chart totals, in days (today included). */
export const LEADS_WINDOWS = [7, 30] as const;
/** The days the chart draws, the last of those the server sends. */
export const LEADS_CHART_DAYS = 30;
/** The days the server sends: the longest window of the performance screen. */
export const LEADS_DAYS = 90;

/** A listing's leads: per kind, the count of each of the last LEADS_DAYS days, oldest first, today last. */
export type ListingLeads = { vehicle_id: string } & Record<ListingEventKind, number[]>;

export const LEADS_TEXTS = {
  title: /*i18n*/ 'Leads',
  kinds: {
    view: /*i18n*/ 'Views',
    contact: /*i18n*/ 'Contact requests',
    call: /*i18n*/ 'Calls',
    whatsapp: /*i18n*/ 'WhatsApp taps',
    message: /*i18n*/ 'Messages',
    favourite: /*i18n*/ 'Favourites',
    share: /*i18n*/ 'Shares',
  } satisfies Record<ListingEventKind, string>,
  window: (days: number, tr: Translate = english) => tr(/*i18n*/ 'Last {days} days', { days }),
  chartLabel: (days: number, tr: Translate = english) => tr(/*i18n*/ 'Views and contact requests per day over the last {days} days', { days }),
};

/** The UTC day `back` days before `today` (a YYYY-MM-DD date), as YYYY-MM-DD. */
export function dayBefore(today: string, back: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Each listing's leads over the `days` days ending `today` (every day present, zeros where nothing
 * happened), from the server's per-day rows; rows of other listings or days are left out.
 */
export function leadsOf(
  vehicleIds: readonly string[],
  rows: readonly { vehicleId: string; day: string; kind: ListingEventKind; count: number }[],
  today: string,
  days: number = LEADS_DAYS,
): ListingLeads[] {
  const at = new Map<string, number>();
  for (let back = days - 1; back >= 0; back--) at.set(dayBefore(today, back), days - 1 - back);
  const byId = new Map<string, ListingLeads>();
  const zeros = () => new Array<number>(days).fill(0);
  const out = vehicleIds.map((id) => {
    const entry = { vehicle_id: id, ...Object.fromEntries(LISTING_EVENT_KINDS.map((k) => [k, zeros()])) } as ListingLeads;
    byId.set(id, entry);
    return entry;
  });
  for (const r of rows) {
    const i = at.get(r.day);
    const entry = byId.get(r.vehicleId);
    if (i !== undefined && entry) entry[r.kind][i]! += r.count;
  }
  return out;
}

/** The total of the last `days` days of a series (oldest first, today last). */
export function leadsTotal(series: readonly number[], days: number): number {
  let total = 0;
  for (const n of series.slice(-days)) total += n;
  return total;
}

/** 'Price dropped $500 on 12 Nov 2026' (Harare's date). */
export function priceDropText(drop: { amount: number; at: string }, tr: Translate = english, language: Language = 'en'): string {
  const on = dateText(drop.at, { day: 'numeric', month: 'short', year: 'numeric' }, language);
  return tr(/*i18n*/ 'Price dropped {amount} on {date}', { amount: priceText(drop.amount), date: on });
}

/** The last leads answer kept on the device (local storage) for offline visits: whose, and when it was loaded. */
export interface LeadsCache {
  userId: string;
  savedAt: string;
  leads: LeadsAnswer;
}

const isCounts = (a: unknown, days: number) => Array.isArray(a) && a.length === days && a.every((n) => typeof n === 'number');

/** The kept leads of `userId`, or null when none are kept, they are someone else's, or they are not what an answer looks like. */
export function parseLeadsCache(raw: string | null | undefined, userId: string): LeadsCache | null {
  const d = parseStoredObject(raw);
  if (!d || d.userId !== userId || typeof d.savedAt !== 'string') return null;
  const leads = d.leads as LeadsAnswer | undefined;
  if (!leads || typeof leads.today !== 'string' || typeof leads.days !== 'number' || !Array.isArray(leads.listings)) return null;
  const ok = leads.listings.every((l) => typeof l === 'object' && l !== null && typeof l.vehicle_id === 'string' && LISTING_EVENT_KINDS.every((k) => isCounts(l[k], leads.days)));
  return ok ? { userId, savedAt: d.savedAt, leads } : null;
}
