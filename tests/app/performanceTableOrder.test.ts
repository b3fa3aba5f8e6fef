import { describe, expect, it } from 'vitest';
import { csvFileName, nextSort, sortRows } from '@/app/features/performance/tableOrder';
import { LEAD_KINDS, type PerformanceRow } from '@/domain/listing/performance';

const row = (id: string, over: Partial<PerformanceRow> = {}): PerformanceRow => ({
  vehicle_id: id,
  title: `Listing ${id}`,
  stock_number: null,
  status: 'Active',
  price: 10_000,
  views: 0,
  leads: Object.fromEntries(LEAD_KINDS.map((k) => [k, 0])) as PerformanceRow['leads'],
  leads_total: 0,
  days_on_market: 10,
  verdict: null,
  attention: [],
  ...over,
});

describe("the performance screen's table order", () => {
  const rows = [
    row('a', { leads_total: 2, views: 40, days_on_market: 5, price: 9000 }),
    row('b', { leads_total: 7, views: 10, days_on_market: null, price: null }),
    row('c', { leads_total: 2, views: 90, days_on_market: 31, price: 15_000 }),
  ];
  const ids = (sorted: PerformanceRow[]) => sorted.map((r) => r.vehicle_id);

  it('sorts by leads, views, days on market or price, highest first or lowest first; ties keep the listings’ order', () => {
    expect(ids(sortRows(rows, { key: 'leads', descending: true }))).toEqual(['b', 'a', 'c']);
    expect(ids(sortRows(rows, { key: 'leads', descending: false }))).toEqual(['a', 'c', 'b']);
    expect(ids(sortRows(rows, { key: 'views', descending: true }))).toEqual(['c', 'a', 'b']);
    expect(ids(sortRows(rows, { key: 'price', descending: false }))).toEqual(['a', 'c', 'b']);
  });

  it('puts a listing without the number (never published, no price) last either way', () => {
    expect(ids(sortRows(rows, { key: 'days', descending: true }))).toEqual(['c', 'a', 'b']);
    expect(ids(sortRows(rows, { key: 'days', descending: false }))).toEqual(['a', 'c', 'b']);
    expect(ids(sortRows(rows, { key: 'price', descending: true }))).toEqual(['c', 'a', 'b']);
  });

  it('a heading clicked sorts by it highest first, clicked again lowest first', () => {
    expect(nextSort({ key: 'leads', descending: true }, 'views')).toEqual({ key: 'views', descending: true });
    expect(nextSort({ key: 'views', descending: true }, 'views')).toEqual({ key: 'views', descending: false });
    expect(nextSort({ key: 'views', descending: false }, 'views')).toEqual({ key: 'views', descending: true });
  });
});

describe("the performance CSV's file name", () => {
  it("names the day on the device's calendar and the window", () => {
    expect(csvFileName(30, new Date(2026, 10, 28, 23, 30))).toBe('motokari-performance-2026-11-28-last-30-days.csv');
    expect(csvFileName(7, new Date(2027, 0, 3, 0, 5))).toBe('motokari-performance-2027-01-03-last-7-days.csv');
  });
});
