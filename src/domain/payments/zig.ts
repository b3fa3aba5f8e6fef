import { english, type Translate } from '../i18n/text';
import type { ZigRate } from './zigPrice';
import { dateText, numberText } from '../i18n/format';
import type { Language } from '../i18n/languages';

// Prices also in ZiG (issue 39): sellers set prices in US dollars and deals are made in them; a buyer
// may choose to see beside each price about what it is in ZiG, at the rate an administrator sets
// (ZiG for one US dollar, with the day it was set). 'About': the figure is rounded and only a guide.
// A price in ZiG is worked out in zigPrice.ts (all the cards need); the rate's line and the texts here.
export { zigAmount, zigText, type ZigRate } from './zigPrice';

/** The highest rate an administrator may enter: far above any the ZiG has had, low enough to catch a slip of the keyboard. */
export const ZIG_RATE_MAX = 100_000;

/** 'US$1 = ZiG 26.8 (set 27 Nov 2026)', Harare's date. */
export function zigRateLine(r: ZigRate, language: Language = 'en', tr: Translate = english): string {
  const on = dateText(r.set_at, { day: 'numeric', month: 'short', year: 'numeric' }, language);
  return tr(/*i18n*/ 'US$1 = ZiG {rate} (set {date})', { rate: numberText(r.rate, language, { maximumFractionDigits: 4 }), date: on });
}

/** The rate an administrator typed, or the reason it is refused. */
export function zigRateIssue(rate: number): string | null {
  return Number.isFinite(rate) && rate > 0 && rate <= ZIG_RATE_MAX ? null : ZIG_TEXTS.rateInvalid;
}

export const ZIG_TEXTS = {
  show: /*i18n*/ 'Also show prices in ZiG',
  about: /*i18n*/ 'Prices are set in US dollars and deals are made in them; ZiG figures are a guide at the rate below.',
  aboutShort: /*i18n*/ 'a guide: deals are in US dollars',
  noRate: /*i18n*/ 'No ZiG rate has been set yet',
  adminTitle: /*i18n*/ 'ZiG exchange rate',
  adminText: /*i18n*/ 'Buyers who choose to see ZiG see each price also in ZiG at this rate, marked "about". Prices and filters stay in US dollars.',
  adminLabel: /*i18n*/ 'ZiG for one US dollar',
  adminSave: /*i18n*/ 'Save rate',
  adminSaved: /*i18n*/ 'The ZiG rate is saved: buyers see it from now on.',
  adminCurrent: /*i18n*/ 'Current rate',
  // ZIG_RATE_MAX, written out: a text is one literal.
  rateInvalid: /*i18n*/ 'Enter the rate: ZiG for one US dollar, more than 0 and at most 100,000',
} as const;
