import { PERFORMANCE_TEXTS, type PerformanceRow, type PerformanceWindow } from '@/domain/listing/performance';

// How the performance screen orders its table and names its download: pure, so tests read them without a browser.

export const SORT_KEYS = ['leads', 'views', 'days', 'price'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface TableSort {
  key: SortKey;
  descending: boolean;
}

const valueOf = (r: PerformanceRow, key: SortKey): number | null => (key === 'leads' ? r.leads_total : key === 'views' ? r.views : key === 'days' ? r.days_on_market : r.price);

/**
 * The rows in the order asked for; a row without the value (never published, no price) last either way, so
 * 'Lowest first' does not open on listings that have no number. Ties keep the listings' order (the newest first).
 */
export function sortRows(rows: readonly PerformanceRow[], sort: TableSort): PerformanceRow[] {
  const sign = sort.descending ? -1 : 1;
  return rows
    .map((row, i) => ({ row, i, value: valueOf(row, sort.key) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.i - b.i : a.value === null ? 1 : -1;
      return (a.value - b.value) * sign || a.i - b.i;
    })
    .map((x) => x.row);
}

/** Clicking a column's heading: its numbers highest first, and the other way round on a second click. */
export const nextSort = (sort: TableSort, key: SortKey): TableSort => (sort.key === key ? { key, descending: !sort.descending } : { key, descending: true });

/** The download's name, dated on the device's calendar (the day the seller downloaded it). */
export function csvFileName(window: PerformanceWindow, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return PERFORMANCE_TEXTS.csvFileName(day, window);
}
