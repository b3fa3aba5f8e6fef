import type { MotokariDb } from './db';
import type { SyncPage } from './api';

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
  db: MotokariDb,
  fetchPage: (since: number, limit: number) => Promise<SyncPage>,
  onPage?: (page: SyncPage) => void | Promise<void>,
  limit = 500,
): Promise<SyncResult> {
  let revision = (await db.meta.get('sync'))?.revision ?? 0;
  let upserts = 0;
  let removed = 0;
  for (;;) {
    const page = await fetchPage(revision, limit);
    await db.transaction('rw', db.vehicles, db.meta, async () => {
      if (page.upserts.length) await db.vehicles.bulkPut(page.upserts);
      if (page.tombstones.length) await db.vehicles.bulkDelete(page.tombstones);
      await db.meta.put({ key: 'sync', revision: page.revision, syncedAt: new Date().toISOString() });
    });
    upserts += page.upserts.length;
    removed += page.tombstones.length;
    revision = page.revision;
    await onPage?.(page);
    if (!page.has_more) return { revision, upserts, removed };
  }
}
