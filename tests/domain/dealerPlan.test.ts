import { describe, expect, it } from 'vitest';
import { addMonth, DEALER_PLAN_PRICE_CENTS, DEALER_PLAN_TEXT, graceEnd, GRACE_DAYS, invoiceKeptSince, invoiceLabel, isPaidUp, nextPeriod, planStanding } from '@/domain/payments/dealerPlan';

// A dealer's monthly plan (issue 38): spec section 9's price, a calendar month at a time, the grace days.

const at = (iso: string) => new Date(iso);

describe("a dealer's monthly plan", () => {
  it("is the spec's $99 a month", () => {
    expect(DEALER_PLAN_TEXT).toBe('Dealers: unlimited listings for $99/month.');
    expect(DEALER_PLAN_PRICE_CENTS).toBe(9900);
  });

  it('a month is a calendar month, on the last day of a shorter month', () => {
    expect(addMonth(at('2026-03-15T10:00:00.000Z')).toISOString()).toBe('2026-04-15T10:00:00.000Z');
    expect(addMonth(at('2026-01-31T08:00:00.000Z')).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonth(at('2028-01-31T08:00:00.000Z')).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(addMonth(at('2026-12-20T00:00:00.000Z')).toISOString()).toBe('2027-01-20T00:00:00.000Z');
  });

  it('a payment buys the month after the paid one, or from now once that has ended', () => {
    const now = at('2026-05-10T12:00:00.000Z');
    expect(nextPeriod(null, now)).toEqual({ start: now, end: at('2026-06-10T12:00:00.000Z') });
    expect(nextPeriod(at('2026-05-20T00:00:00.000Z'), now)).toEqual({ start: at('2026-05-20T00:00:00.000Z'), end: at('2026-06-20T00:00:00.000Z') });
    expect(nextPeriod(at('2026-05-01T00:00:00.000Z'), now).start).toEqual(now);
  });

  it('stays paid up through the grace days, then lapses', () => {
    const paidUntil = at('2026-05-20T00:00:00.000Z');
    expect(graceEnd(paidUntil).getTime() - paidUntil.getTime()).toBe(GRACE_DAYS * 86_400_000);
    expect(planStanding(null, paidUntil)).toBe('none');
    expect(planStanding(paidUntil, at('2026-05-19T23:59:59.000Z'))).toBe('paid');
    expect(planStanding(paidUntil, at('2026-05-22T00:00:00.000Z'))).toBe('grace');
    expect(isPaidUp(paidUntil, at('2026-05-26T23:59:59.000Z'))).toBe(true);
    expect(planStanding(paidUntil, graceEnd(paidUntil))).toBe('lapsed');
    expect(isPaidUp(paidUntil, graceEnd(paidUntil))).toBe(false);
    expect(isPaidUp(null, paidUntil)).toBe(false);
  });

  it("keeps invoices 7 years, the privacy policy's 'transaction records 7 years'", () => {
    expect(invoiceKeptSince(at('2033-03-01T00:00:00.000Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('numbers invoices MK-000001 on', () => {
    expect(invoiceLabel(1)).toBe('MK-000001');
    expect(invoiceLabel(1234567)).toBe('MK-1234567');
  });
});
