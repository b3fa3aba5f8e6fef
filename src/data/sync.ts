import type { VehicleType } from '../domain/core/constants';
import { ListingIndex } from '../domain/search/index/listingIndex';
import { lacksFields, type IndexColumns } from '../domain/search/index/columns';
import { scopeParams, type MirrorScope } from '../domain/search/scope';
import { decodePrices, decodeSummaries, SUMMARY_FORMAT, SUMMARY_OUT_OF_DATE, SUMMARY_PAGE_SIZE, type ListingSummary, type SummaryPage } from '../domain/search/summary';
import type { MetaRow } from './records';
import { summaryPageId, type Mirror } from './mirror';
import { fetchWhenAvailable } from './retryAfter';

// The listings worker's reads of the public sync routes use fetch itself: they send no token and need
// none of the API client's hooks, so the worker carries no HTTP library.

export interface SummaryQuery {
  since: number;
  cursor: string | null;
  limit: number;
  first: VehicleType | null;
  scope: MirrorScope;
}

/** A page of the feed and the bytes it took on the wire. */
export interface FetchedPage {
  page: SummaryPage;
  bytes: number;
}

/** The server refused the app's feed format: this version of the app is out of date. */
export class OutOfDate extends Error {}

/** GET /api/sync/summary: the summaries in the scope after revision `since` (or the first download's next page). */
export async function fetchSummaryPage(q: SummaryQuery): Promise<FetchedPage> {
  const params = new URLSearchParams({ format: String(SUMMARY_FORMAT), since: String(q.since), limit: String(q.limit), ...scopeParams(q.scope) });
  if (q.cursor !== null) params.set('cursor', q.cursor);
  if (q.first !== null) params.set('first', q.first);
  const url = new URL(`/api/sync/summary?${params}`, self.location.href).href;
  const res = await fetchWhenAvailable(url);
  if (!res.ok) {
    const detail = await res
      .json()
      .then((b: { detail?: unknown }) => (typeof b.detail === 'string' ? b.detail : null))
      .catch(() => null);
    if (res.status === 400 && detail === SUMMARY_OUT_OF_DATE) throw new OutOfDate(detail);
    throw new Error(`sync failed (${res.status})`);
  }
  const text = await res.text();
  // What the page cost on the wire (compressed), where the browser says; otherwise its length.
  const timing = performance.getEntriesByName(url).at(-1) as PerformanceResourceTiming | undefined;
  performance.clearResourceTimings?.();
  return { page: JSON.parse(text) as SummaryPage, bytes: timing?.transferSize || text.length };
}

export interface PullResult {
  upserts: number;
  removed: number;
  /** Bytes downloaded. */
  bytes: number;
  /** The feed's position now. */
  state: MetaRow;
}

/**
 * When the pages stored after the base are written into a new base: once they hold this many
 * listings and tombstones (a start applies them one by one), or this many pages. A new base rewrites
 * every listing's columns, so it is not done for each small update.
 */
export const ROWS_BEFORE_BASE = 2000;
export const PAGES_BEFORE_BASE = 50;

/**
 * Pulls what changed since the stored position, page by page. Each page and the position after it
 * are written in one transaction, so an interruption (a dropped connection, a closed tab) leaves the
 * device at a page boundary and the next pull resumes there: nothing is lost and nothing applied
 * twice. The next page is asked for while one is being stored. `apply` puts each stored page into the
 * index; `columns` gives the index's columns to store as a new base once the first download is done or
 * pages have added up.
 */
export async function pullSummary(
  mirror: Mirror,
  fetchPage: (q: SummaryQuery) => Promise<FetchedPage>,
  opts: {
    scope: MirrorScope;
    first: VehicleType | null;
    limit?: number;
    apply: (page: SummaryPage) => void;
    columns: () => IndexColumns;
  },
): Promise<PullResult> {
  const scope = JSON.stringify(scopeParams(opts.scope));
  let state: MetaRow = (await mirror.meta('summary')) ?? { key: 'summary', revision: 0, cursor: null, complete: [], scope, pages: 0 };
  if (state.scope !== scope) throw new Error('the stored summary is of another scope: clear it first');
  const limit = opts.limit ?? SUMMARY_PAGE_SIZE;
  const query = (s: MetaRow): SummaryQuery => ({ since: s.revision ?? 0, cursor: s.cursor ?? null, limit, first: opts.first, scope: opts.scope });
  const firstDownload = (state.revision ?? 0) === 0 || state.cursor != null;
  let upserts = 0;
  let removed = 0;
  let bytes = 0;
  let pending = fetchPage(query(state));
  for (;;) {
    const { page, bytes: size } = await pending;
    bytes += size;
    const next: MetaRow = {
      ...state,
      revision: page.revision,
      cursor: page.cursor,
      complete: page.complete,
      syncedAt: new Date().toISOString(),
      pages: (state.pages ?? 0) + 1,
      pageRows: (state.pageRows ?? 0) + page.rows.n + (page.prices?.n ?? 0) + page.tombstones.length,
    };
    // Asked for before this page is stored: the network and the device work at the same time.
    if (page.has_more) {
      pending = fetchPage(query(next));
      // Dropped if storing fails first; the next pull asks again from the stored position.
      pending.catch(() => undefined);
    }
    await mirror.storeSummaryPage({ id: summaryPageId(next.pages!), rows: page.rows, ...(page.prices && { prices: page.prices }), tombstones: page.tombstones }, next);
    state = next;
    opts.apply(page);
    upserts += page.rows.n + (page.prices?.n ?? 0);
    removed += page.tombstones.length;
    if (!page.has_more) break;
  }
  const done = state.cursor === null;
  if (done && ((firstDownload && upserts > 0) || (state.pageRows ?? 0) >= ROWS_BEFORE_BASE || (state.pages ?? 0) >= PAGES_BEFORE_BASE)) {
    state = { ...state, pages: 0, pageRows: 0 };
    await mirror.storeSummaryBase(opts.columns(), state);
  }
  return { upserts, removed, bytes, state };
}

/** Puts a feed page into an index: its listings added or replaced, its new prices set, its tombstones removed. */
export function applySummaryPage(index: ListingIndex<ListingSummary>, page: Pick<SummaryPage, 'rows' | 'prices' | 'tombstones'>): void {
  for (const v of decodeSummaries(page.rows)) index.upsert(v);
  if (page.prices) {
    for (const { id, price } of decodePrices(page.prices)) {
      // The feed sends a price alone only for a listing the device holds (and it may have expired since).
      const held = index.get(id);
      if (held) index.upsert({ ...held, price });
    }
  }
  for (const id of page.tombstones) index.remove(id);
}

/**
 * Takes out of an index the listings whose expiry has passed: the feed sends no tombstone for a listing
 * that expired when the device knew it would, so the device drops it itself, and shows it nowhere
 * (searches, counts, dealers, a listing opened offline). Returns how many it took out.
 */
export function dropLapsed(index: ListingIndex<ListingSummary>, now: number = Date.now()): number {
  const ids = index.expiredIds(now);
  for (const id of ids) index.remove(id);
  return ids.length;
}

/**
 * The stored summary as an index (its base's columns in bulk, then the pages stored since), and the
 * feed's position. `lacksFields`: the base was stored by an app before a field this one searches (a new
 * attribute filter, src/domain/search/fields.ts); its listings are loaded without it, and the copy is
 * to be downloaded again when online (as for a new scope).
 */
export async function loadSummary(mirror: Mirror): Promise<{ index: ListingIndex<ListingSummary>; state: MetaRow | null; lacksFields: boolean }> {
  const [rows, state] = await Promise.all([mirror.summary(), mirror.meta('summary')]);
  let index = new ListingIndex<ListingSummary>();
  let lacking = false;
  for (const row of rows) {
    if ('columns' in row) {
      lacking = lacksFields(row.columns);
      index = ListingIndex.fromColumns(row.columns);
    } else applySummaryPage(index, row);
  }
  dropLapsed(index);
  return { index, state: state ?? null, lacksFields: lacking };
}
