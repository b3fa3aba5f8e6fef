import type { Mirror } from './mirror';
import type { SyncPage } from './api';

// The search worker's reads of the public sync routes use fetch itself: they send no token and need
// none of the API client's hooks, so the worker carries no HTTP library.

/** GET /api/sync/vehicles: the changes after revision `since`, at most `limit` of them. */
export async function fetchSyncPage(since: number, limit: number): Promise<SyncPage> {
  const res = await fetch(`/api/sync/vehicles?${new URLSearchParams({ since: String(since), limit: String(limit) })}`);
  if (!res.ok) throw new Error(`sync failed (${res.status})`);
  return (await res.json()) as SyncPage;
}

export interface SyncResult {
  revision: number;
  upserts: number;
  removed: number;
}

/**
 * Pulls the changes since the stored revision, page by page. Each page and its cursor are written in
 * one transaction, so an interruption (a dropped connection, a closed tab) leaves the mirror at a page
 * boundary and the next pull resumes there: nothing is lost and nothing applied twice.
 */
export async function pullChanges(
  mirror: Mirror,
  fetchPage: (since: number, limit: number) => Promise<SyncPage>,
  onPage?: (page: SyncPage) => void | Promise<void>,
  limit = 500,
): Promise<SyncResult> {
  let revision = (await mirror.meta('sync'))?.revision ?? 0;
  let upserts = 0;
  let removed = 0;
  for (;;) {
    const page = await fetchPage(revision, limit);
    await mirror.applySyncPage(page.upserts, page.tombstones, { key: 'sync', revision: page.revision, syncedAt: new Date().toISOString() });
    upserts += page.upserts.length;
    removed += page.tombstones.length;
    revision = page.revision;
    await onPage?.(page);
    if (!page.has_more) return { revision, upserts, removed };
  }
}
