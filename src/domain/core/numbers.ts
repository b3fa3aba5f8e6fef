// Numbers as the app writes them (en-US: '12,500', '$12,500'), in one place.
//
// Written out rather than with Intl: the first Intl formatter a page makes loads the browser's locale
// data, about 10 ms on a fast machine and four times that on a cheap phone, in the middle of drawing
// the first screen (measured in tests/bench/RESULTS.md, "Fifth round").

/** A whole number with thousands separators, rounded half away from zero as Intl.NumberFormat does. */
export function wholeNumberText(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const rounded = Math.round(Math.abs(n));
  const plain = String(rounded);
  // Groups of three from the right, joined by commas (a loop: the server writes one for every price
  // verdict of a page, where a look-ahead regular expression cost several times as much).
  let digits = plain;
  if (plain.length > 3 && !plain.includes('e')) {
    const head = plain.length % 3 || 3;
    digits = plain.slice(0, head);
    for (let i = head; i < plain.length; i += 3) digits += `,${plain.slice(i, i + 3)}`;
  }
  return n < 0 && rounded !== 0 ? `-${digits}` : digits;
}

/** US dollars without cents: '$12,500'. */
export function usdText(n: number): string {
  const whole = wholeNumberText(n);
  return whole.startsWith('-') ? `-$${whole.slice(1)}` : `$${whole}`;
}
