import type { VehicleType } from '@/domain/core/constants';
import { scopeParams } from '@/domain/search/scope';
import type { SummaryPage } from '@/domain/search/summary';
import type { SyncOutcome, SyncProgress } from '@/domain/search/deviceCopy';
import { applySummaryPage, dropLapsed, fetchSummaryPage, loadSummary, OutOfDate, pullSummary } from '@/data/sync';
import { forgetCatalogue, refreshCatalogue } from './catalogue';
import { currentScope, device, listingsChanged, mirror, replaceIndex } from './state';

// The device's copy of the public listings in the scope the person chose: loaded into the index from
// the store, and brought up to date by the summary feed's delta sync (with the catalogue beside it).

/** Builds the index from the mirror; returns how many listings it holds and when they were last synced. */
export async function load(): Promise<{ count: number; lastSyncedAt: string | null }> {
  const stored = await loadSummary(mirror);
  replaceIndex(stored.index, stored.state);
  device.lacksFields = stored.lacksFields;
  return { count: device.index.size, lastSyncedAt: stored.state?.syncedAt ?? null };
}

/**
 * Pulls what changed on the server into the mirror and the index, and refreshes the catalogue.
 * A failure (offline) leaves both as they were, at a page boundary; the next call resumes.
 */
export async function sync(first: VehicleType | null = null, progress?: (p: SyncProgress) => void): Promise<SyncOutcome> {
  let changed = false;
  let error: string | null = null;
  let outOfDate = false;
  const catalogue = refreshCatalogue();
  try {
    await pullListings(first, progress, () => (changed = true));
  } catch (err) {
    outOfDate = err instanceof OutOfDate;
    error = err instanceof Error ? err.message : String(err);
  }
  // Online or not: the feed sends no tombstone for a listing that expired on schedule.
  if (dropLapsed(device.index)) {
    changed = true;
    listingsChanged();
  }
  if (await catalogue) {
    forgetCatalogue();
    changed = true;
  }
  return { changed, count: device.index.size, lastSyncedAt: device.feed?.syncedAt ?? null, error, outOfDate };
}

/** Pulls the summary feed's pages into the mirror and the index; `changed` is told when the listings change. */
async function pullListings(first: VehicleType | null, progress: ((p: SyncProgress) => void) | undefined, changed: () => void): Promise<void> {
  const scope = await currentScope();
  // The stored position says which scope the device holds (a first download cut short included).
  const stored = await mirror.meta('summary');
  if (stored && (stored.scope !== JSON.stringify(scopeParams(scope)) || device.lacksFields)) {
    // Another scope chosen, or a copy stored before a field this app searches: what is kept goes, and
    // the scope is downloaded from the start.
    await mirror.clearSummary();
    replaceIndex();
    device.lacksFields = false;
    changed();
  }
  const result = await pullSummary(mirror, fetchSummaryPage, {
    scope,
    first,
    apply: (page) => applyPage(page, progress, changed),
    // A new base holds no listing whose expiry has passed.
    columns: () => {
      dropLapsed(device.index);
      return device.index.toColumns();
    },
  });
  device.feed = result.state;
  if (result.bytes > 0) await mirror.putMeta({ key: 'lastUpdate', at: new Date().toISOString(), bytes: result.bytes, listings: result.upserts + result.removed });
}

/** Puts a stored feed page into the index and the feed's position, telling how far a first download has come. */
function applyPage(page: SummaryPage, progress: ((p: SyncProgress) => void) | undefined, changed: () => void): void {
  applySummaryPage(device.index, page);
  if (page.rows.n || page.prices?.n || page.tombstones.length) {
    changed();
    listingsChanged();
  }
  const before = device.feed?.complete?.length ?? 0;
  device.feed = { ...(device.feed ?? { key: 'summary' }), complete: page.complete, cursor: page.cursor, revision: page.revision };
  if (progress && page.complete.length !== before) progress({ count: device.index.size, complete: page.complete });
}
