import { describe, expect, it } from 'vitest';
import { ADVERTISING_PLANS } from '@/domain/payments/advertisingPlans';
import { ADVERTISING_PLAN_TERMS, boostEnd, boostsLeft, boostsLeftText, harareMonthStart, isBoosted, newestKey, nextHarareMonthStart } from '@/domain/payments/boosts';

describe('advertising plan terms', () => {
  it('charge the advertised price and match the plans’ promises', () => {
    for (const plan of ADVERTISING_PLANS) expect(ADVERTISING_PLAN_TERMS[plan.id].priceCents).toBe(plan.price * 100);
    expect(ADVERTISING_PLAN_TERMS.ultimate).toMatchObject({ days: 28, boostsPerMonth: 3, renewsUntilSold: true });
    expect(ADVERTISING_PLAN_TERMS.premium).toMatchObject({ days: 42, boostsPerMonth: 2, renewsUntilSold: false });
    expect(ADVERTISING_PLAN_TERMS.standard).toMatchObject({ days: 21, boostsPerMonth: 1 });
    expect(ADVERTISING_PLAN_TERMS.basic).toMatchObject({ days: 14, boostsPerMonth: 0 });
  });
});

describe('Harare months', () => {
  it('begin at midnight in Harare (22:00 UTC the day before)', () => {
    // 23:30 UTC on 30 November is already 1 December in Harare.
    expect(harareMonthStart(new Date('2026-11-30T23:30:00Z')).toISOString()).toBe('2026-11-30T22:00:00.000Z');
    expect(harareMonthStart(new Date('2026-11-30T21:59:59Z')).toISOString()).toBe('2026-10-31T22:00:00.000Z');
    expect(nextHarareMonthStart(new Date('2026-12-15T12:00:00Z')).toISOString()).toBe('2026-12-31T22:00:00.000Z');
  });
});

describe('boosts', () => {
  it('count down the month’s allowance and never below none', () => {
    expect(boostsLeft('ultimate', 1)).toBe(2);
    expect(boostsLeft('standard', 3)).toBe(0);
    expect(boostsLeft(null, 0)).toBe(0);
    expect(boostsLeftText('premium', 1)).toBe('Boosts left this month: 1 of 2');
  });

  it('last 24 hours from the whole second pressed', () => {
    expect(boostEnd(new Date('2026-11-28T10:00:00.750Z')).toISOString()).toBe('2026-11-29T10:00:00.000Z');
    const now = new Date('2026-11-28T12:00:00Z');
    expect(isBoosted({ boosted_until: '2026-11-29T10:00:00.000Z' }, now)).toBe(true);
    expect(isBoosted({ boosted_until: '2026-11-28T11:00:00.000Z' }, now)).toBe(false);
    expect(isBoosted({ boosted_until: null }, now)).toBe(false);
  });

  it('place a boosted listing at its boost’s end in newest-first order, others at their listing time', () => {
    expect(newestKey(1000, null)).toBe(1000);
    expect(newestKey(1000, 5000)).toBe(5000);
    // A listing relisted after its boost ended stands at its new listing time.
    expect(newestKey(9000, 5000)).toBe(9000);
  });
});
