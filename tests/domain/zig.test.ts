import { describe, expect, it } from 'vitest';
import { zigAmount, zigRateIssue, zigRateLine, zigText, ZIG_TEXTS } from '@/domain/payments/zig';

describe('prices in ZiG', () => {
  it('are rounded to three significant figures and said to be about', () => {
    expect(zigText(6800, 26.8)).toBe('about ZiG 182,000');
    expect(zigAmount(100, 26.8)).toBe(2680);
    expect(zigAmount(12, 26.8)).toBe(322);
    expect(zigAmount(145_000, 26.8)).toBe(3_890_000);
  });

  it('say nothing without a price', () => {
    expect(zigText(null, 26.8)).toBeNull();
    expect(zigText(0, 26.8)).toBeNull();
  });

  it('name the rate and the day it was set, in Harare', () => {
    expect(zigRateLine({ rate: 26.8, set_at: '2026-11-26T23:30:00Z' })).toBe('US$1 = ZiG 26.8 (set 27 Nov 2026)');
  });

  it('take a rate above 0 and within reason', () => {
    expect(zigRateIssue(26.8)).toBeNull();
    expect(zigRateIssue(0)).toBe(ZIG_TEXTS.rateInvalid);
    expect(zigRateIssue(Number.NaN)).toBe(ZIG_TEXTS.rateInvalid);
  });
});
