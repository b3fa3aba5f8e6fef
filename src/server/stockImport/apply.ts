import type { ImportMapping, ImportSummary } from '@/domain/listing/stockImport';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { upsertStock } from '../listingWrites';
import { enqueueJob } from '../repositories/jobs.repo';
import { findStockImportById, updateStockImport } from '../repositories/stockImports.repo';
import { findUserById } from '../repositories/users.repo';
import { findVehicle } from '../repositories/vehicles/reads';
import { markSold, withListingWrite } from '../repositories/vehicles/writes';
import { enqueueListingWebhook } from '../webhooks/webhooks';
import type { ImportPhotosJob } from './photos';
import { planImport } from './plan';
import { JOB_NAMES } from '../jobs/jobNames';

// A stock file applied (issue 38), by a background job: the plan of the dry run made again against the
// stock as it is now, each row upserted by its stock number (so a job run again after a crash finds
// the rows it did unchanged), its new photos fetched by jobs of their own, the listings the file does
// not have marked sold when asked. Progress is kept on the import for the dashboard.

const PROGRESS_EVERY = 50;

export const enqueueStockImport = (tx: Tx, importId: string, actorId: string) => enqueueJob(tx, JOB_NAMES.stockImport, { import_id: importId, actor_id: actorId });

export async function applyStockImport(ctx: Pick<AppContext, 'db' | 'media' | 'config' | 'now' | 'jobs'>, payload: { import_id: string; actor_id: string }): Promise<void> {
  const { db } = ctx;
  const file = await findStockImportById(db, payload.import_id);
  const actor = await findUserById(db, payload.actor_id);
  const dealer = file && (await findUserById(db, file.dealerId));
  if (!file || file.state !== 'applying') return;
  if (!actor || !dealer) {
    await updateStockImport(db, file.id, { state: 'failed' });
    return;
  }
  const plan = await planImport(ctx, actor, dealer.id, file, { mapping: file.mapping as ImportMapping, markMissingSold: file.markMissingSold });
  const done: ImportSummary = { add: 0, update: 0, unchanged: 0, remove: 0, errors: plan.summary.errors };
  for (const [i, row] of plan.rows.entries()) {
    const { row: listing, outcome } = await upsertStock(ctx, dealer, actor, row.stockNumber, row.input, { free: false, existing: row.existing });
    done[outcome === 'created' ? 'add' : outcome === 'updated' || row.photos.length ? 'update' : 'unchanged'] += 1;
    if (row.photos.length) {
      const job: ImportPhotosJob = { vehicle_id: listing.id, actor_id: actor.id, urls: row.photos };
      await db.transaction((tx) => enqueueJob(tx, JOB_NAMES.importPhotos, { ...job }));
    }
    if ((i + 1) % PROGRESS_EVERY === 0) await updateStockImport(db, file.id, { done: i + 1 });
  }
  for (const gone of plan.missing) {
    const sold = await withListingWrite(db, async (tx, next) => {
      const current = await findVehicle(tx, gone.id);
      if (!current || current.soldAt || !current.firstPublishedAt) return false;
      await markSold(tx, current.id, ctx.now(), await next(), actor.id);
      await enqueueListingWebhook(tx, current.id, 'listing.sold', ctx.now());
      return true;
    });
    if (sold) done.remove += 1;
  }
  await updateStockImport(db, file.id, { state: 'done', done: file.rows.length, summary: done });
  ctx.jobs.kick();
}
