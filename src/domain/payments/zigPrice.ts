import { wholeNumberText } from '../core/numbers';
import { english, type Translate } from '../i18n/text';

// A price also in ZiG (issue 39), as every card shows it once the buyer chose ZiG: apart from the
// rate's texts (zig.ts), so the first screen loads only this.

/** The rate as the server keeps and sends it (in GET /api/config). */
export interface ZigRate {
  /** ZiG for one US dollar. */
  rate: number;
  /** When an administrator set it (ISO). */
  set_at: string;
}

/** A dollar price in ZiG, rounded to three significant figures (a guide, not a quote). */
export function zigAmount(usd: number, rate: number): number {
  const zig = usd * rate;
  if (zig < 1000) return Math.round(zig);
  const unit = 10 ** (Math.floor(Math.log10(zig)) - 2);
  return Math.round(zig / unit) * unit;
}

/** 'about ZiG 182,000' for a price of $6,800 at 26.8; null without a price. */
export function zigText(usd: number | null, rate: number, tr: Translate = english): string | null {
  if (usd === null || !Number.isFinite(usd) || usd <= 0) return null;
  return tr(/*i18n*/ 'about ZiG {amount}', { amount: wholeNumberText(zigAmount(usd, rate)) });
}
