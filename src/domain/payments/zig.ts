import { wholeNumberText } from '../core/numbers';

// Prices also in ZiG (issue 39): sellers set prices in US dollars and deals are made in them; a buyer
// may choose to see beside each price about what it is in ZiG, at the rate an administrator sets
// (ZiG for one US dollar, with the day it was set). 'About': the figure is rounded and only a guide.

/** The rate as the server keeps and sends it (in GET /api/config). */
export interface ZigRate {
  /** ZiG for one US dollar. */
  rate: number;
  /** When an administrator set it (ISO). */
  set_at: string;
}

/** The highest rate an administrator may enter: far above any the ZiG has had, low enough to catch a slip of the keyboard. */
export const ZIG_RATE_MAX = 100_000;

/** A dollar price in ZiG, rounded to three significant figures (a guide, not a quote). */
export function zigAmount(usd: number, rate: number): number {
  const zig = usd * rate;
  if (zig < 1000) return Math.round(zig);
  const unit = 10 ** (Math.floor(Math.log10(zig)) - 2);
  return Math.round(zig / unit) * unit;
}

/** 'about ZiG 182,000' for a price of $6,800 at 26.8; null without a price. */
export function zigText(usd: number | null, rate: number): string | null {
  if (usd === null || !Number.isFinite(usd) || usd <= 0) return null;
  return `about ZiG ${wholeNumberText(zigAmount(usd, rate))}`;
}

/** 'US$1 = ZiG 26.8 (set 27 Nov 2026)', Harare's date. */
export function zigRateLine(r: ZigRate): string {
  const on = new Date(r.set_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Harare' });
  return `US$1 = ZiG ${r.rate.toLocaleString('en-GB', { maximumFractionDigits: 4 })} (set ${on})`;
}

/** The rate an administrator typed, or the reason it is refused. */
export function zigRateIssue(rate: number): string | null {
  return Number.isFinite(rate) && rate > 0 && rate <= ZIG_RATE_MAX ? null : ZIG_TEXTS.rateInvalid;
}

export const ZIG_TEXTS = {
  show: 'Also show prices in ZiG',
  about: 'Prices are set in US dollars and deals are made in them; ZiG figures are a guide at the rate below.',
  aboutShort: 'a guide: deals are in US dollars',
  noRate: 'No ZiG rate has been set yet',
  adminTitle: 'ZiG exchange rate',
  adminText: 'Buyers who choose to see ZiG see each price also in ZiG at this rate, marked "about". Prices and filters stay in US dollars.',
  adminLabel: 'ZiG for one US dollar',
  adminSave: 'Save rate',
  adminSaved: 'The ZiG rate is saved: buyers see it from now on.',
  adminCurrent: 'Current rate',
  rateInvalid: `Enter the rate: ZiG for one US dollar, more than 0 and at most ${wholeNumberText(ZIG_RATE_MAX)}`,
} as const;
