import { describe, expect, it } from 'vitest';
import { usdText, wholeNumberText } from '@/domain/core/numbers';

describe('numbers as the app writes them', () => {
  const samples = [0, 1, 7, 12, 999, 1000, 1234, 12_500, 99_999, 100_000, 1_234_567, 25_000_000, 0.4, 0.5, 1.5, 2.5, 999.5, 1234.49, -1, -1234, -2.5];

  it('writes whole numbers as en-US does, with the same rounding', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const n of samples) expect(wholeNumberText(n), String(n)).toBe(intl.format(n));
    expect(wholeNumberText(1_234_567)).toBe('1,234,567');
    // Where Intl writes '-0', a count or price that rounds to nothing reads 0.
    expect(wholeNumberText(-0.4)).toBe('0');
  });

  it('writes dollars without cents as en-US does', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    for (const n of samples) expect(usdText(n), String(n)).toBe(intl.format(n));
    expect(usdText(12_500)).toBe('$12,500');
  });
});
