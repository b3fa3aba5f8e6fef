import { useCallback, useMemo, useState } from 'react';
import type { User } from '@/domain/account/user';
import { cacheTimeText } from '@/domain/listing/dashboard';
import { PERFORMANCE_TEXTS as T, performanceCsv, performanceRows, stockTotals, type PerformanceRow, type PerformanceWindow } from '@/domain/listing/performance';
import type { Vehicle } from '@/domain/listing/vehicle';
import { useLeads } from '@/app/shared/seller/useLeads';
import { useMyListings, type HistoryListing } from '@/app/shared/seller/useMyListings';
import { useMyTeam } from '@/app/shared/seller/useMyTeam';
import { csvFileName, nextSort, sortRows, type SortKey, type TableSort } from './tableOrder';
import { currentLanguage, t } from '@/app/shared/i18n/language';

/** A listing's numbers over the window, and the listing itself (its verdict's why, to edit it). */
export interface PerformanceItem {
  row: PerformanceRow;
  listing: HistoryListing;
}

const withListings = (rows: readonly PerformanceRow[], byId: ReadonlyMap<string, HistoryListing>): PerformanceItem[] =>
  rows.flatMap((row) => {
    const listing = byId.get(row.vehicle_id);
    return listing ? [{ row, listing }] : [];
  });

/** Hands a file built on the device to the browser's downloads: no request, so it works offline too. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has taken the file by the next task; the URL would otherwise hold the Blob until the page closes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The seller's performance screen (issue 38): the member's listings (a dealer's, for their staff) and leads as the
 * dashboard loads and keeps them, worked out over the chosen window into the table's rows, the stock's totals and
 * what needs attention; the table's order; the CSV download; whether the numbers are the copy kept on the device.
 */
export function usePerformance(user: User) {
  const team = useMyTeam(user);
  const mine = useMyListings(team.sellerId);
  const leads = useLeads(user.id, mine.listings);
  const [window, setWindow] = useState<PerformanceWindow>(30);
  const [sort, setSort] = useState<TableSort>({ key: 'leads', descending: true });
  const [editing, setEditing] = useState<{ key: number; vehicle: Vehicle } | null>(null);
  const { listings, reload } = mine;

  const rows = useMemo(() => (listings ? performanceRows(listings, leads, window) : null), [listings, leads, window]);
  const totals = useMemo(() => (rows && listings ? stockTotals(rows, listings, window) : null), [rows, listings, window]);
  const sorted = useMemo(() => (rows ? sortRows(rows, sort) : []), [rows, sort]);
  const byId = useMemo(() => new Map((listings ?? []).map((v) => [v.id, v])), [listings]);
  const items = useMemo(() => withListings(sorted, byId), [sorted, byId]);
  // In the listings' own order (the newest first), whatever the table's.
  const attention = useMemo(
    () =>
      withListings(
        (rows ?? []).filter((r) => r.attention.length > 0),
        byId,
      ),
    [rows, byId],
  );

  const download = useCallback(() => {
    // A byte order mark first: Excel, which many dealers open a CSV with, reads the file as UTF-8 only with it.
    saveFile(new Blob(['\uFEFF', performanceCsv(sorted, window, t)], { type: 'text/csv;charset=utf-8' }), csvFileName(window, new Date()));
  }, [sorted, window]);

  // As the dashboard says it: a server that answered with an error gets its own note (Notes), not the offline one.
  const keptAt = mine.cachedAt && !mine.loading && !mine.failed ? mine.cachedAt : null;
  return {
    window,
    setWindow,
    sort,
    sortBy: (key: SortKey) => setSort((s) => nextSort(s, key)),
    setSort,
    items,
    totals,
    attention,
    /** True while the first load runs with nothing to show yet. */
    loading: !listings && mine.loading,
    /** Offline with nothing kept on this device. */
    nothingKept: !listings && !mine.loading && mine.offline,
    failed: mine.failed,
    reload,
    /** The offline note: the numbers shown are the copy kept on this device, as loaded then. */
    kept: keptAt ? T.kept(cacheTimeText(keptAt, new Date(), t, currentLanguage()), t) : null,
    /** Leads were never loaded on this device, and cannot be now: the counts are zeros, not the truth. */
    leadsMissing: leads === null && (mine.offline || keptAt !== null),
    download,
    editing,
    edit: (vehicle: Vehicle) => setEditing({ key: Date.now(), vehicle }),
    closeEdit: () => {
      setEditing(null);
      reload();
    },
  };
}

export type PerformanceState = ReturnType<typeof usePerformance>;
