import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { JobMetrics } from '../metrics';
import { purgeExpiredIdempotencyKeys } from '../repositories/idempotency.repo';
import { purgeOrphanUploads } from '../repositories/uploads.repo';
import { sweepExpired } from '../repositories/vehicles/writes';
import { sendMessageDigests } from '../mail/messageDigest';
import { messagePushOf } from './messagePush';
import { JOB_NAMES } from './jobNames';
import type { ListingPublishedPayload } from './listingJobs';
import { JobRunner } from './runner';
import { deliverWebhook } from '../webhooks/webhooks';
import { applyStockImport } from '../stockImport/apply';
import { importPhotos, type ImportPhotosJob } from '../stockImport/photos';
import { renewCardPlans } from '../dealerPlan/cardPlan';
import { sendPlanReminders } from '../dealerPlan/reminders';
import { purgeOldInvoices } from '../repositories/dealerPlans.repo';
import { invoiceKeptSince } from '@/domain/payments/dealerPlan';
import { sweepAdvertising } from '../advertising/sweep';

export { JOB_NAMES } from './jobNames';

/**
 * The server's background work. Each job may run again after a crash, so each is idempotent or keeps
 * its progress: expiry and the purges change only what is still due; an expiry reminder is claimed in
 * the database (one per listing and expiry date) before it is sent; a publication's pushes record who
 * was told; a plan's month is recorded once per provider reference; the advertising plans' upkeep changes only
 * boosts that ended and Ultimate listings still due.
 */
export function createJobRunner(
  db: Db,
  ctx: () => Pick<AppContext, 'push' | 'emailAlerts' | 'media' | 'now' | 'mailer' | 'config' | 'jobs' | 'payments'>,
  opts: { intervalMs: number; leaseMs?: number; log: FastifyBaseLogger; metrics?: JobMetrics },
): JobRunner {
  return new JobRunner(db, {
    ...opts,
    recurring: {
      [JOB_NAMES.expireListings]: () => sweepExpired(db),
      [JOB_NAMES.expiryReminders]: () => ctx().push.sendExpiryReminders(),
      [JOB_NAMES.purgeIdempotencyKeys]: () => purgeExpiredIdempotencyKeys(db),
      [JOB_NAMES.purgeOrphanUploads]: () => purgeOrphanUploads(db, ctx().media, ctx().now()),
      [JOB_NAMES.savedSearchDigests]: () => ctx().emailAlerts.sendDigests(),
      [JOB_NAMES.favouriteGoneAlerts]: () => ctx().push.sendFavouriteGoneAlerts(),
      [JOB_NAMES.messageDigests]: () => sendMessageDigests(db, ctx().mailer, { now: ctx().now(), publicUrl: ctx().config.publicUrl, product: ctx().config.productName }),
      [JOB_NAMES.dealerPlanRenewals]: () => renewCardPlans({ ...ctx(), db }),
      [JOB_NAMES.dealerPlanReminders]: () => sendPlanReminders({ ...ctx(), db }),
      [JOB_NAMES.purgePlanInvoices]: () => purgeOldInvoices(db, invoiceKeptSince(ctx().now())),
      [JOB_NAMES.advertisingPlans]: () => sweepAdvertising(db),
    },
    oneOff: {
      [JOB_NAMES.listingPublished]: async ({ payload, recordProgress }) => {
        const job = payload as unknown as ListingPublishedPayload;
        await ctx().push.notifyPublished(job.vehicle_id, job.paid, {
          notified: job.notified ?? [],
          record: (notified) => recordProgress({ ...job, notified }),
        });
        // Email alerts keep their own progress (each match is marked once emailed).
        await ctx().emailAlerts.listingPublished(job.vehicle_id);
      },
      [JOB_NAMES.favouritePriceDrop]: ({ payload }) => ctx().push.notifyFavouritePriceDrop(String(payload.vehicle_id)),
      [JOB_NAMES.messagePush]: async ({ payload }) => ctx().push.notifyUser(await messagePushOf(db, String(payload.message_id))),
      [JOB_NAMES.webhookDelivery]: ({ payload, attempts }) =>
        deliverWebhook(db, payload, attempts, { allowPrivate: ctx().config.outboundAllowPrivate, now: ctx().now(), log: opts.log, userAgent: `${ctx().config.productName}-Webhooks/1` }),
      [JOB_NAMES.stockImport]: ({ payload }) => applyStockImport({ ...ctx(), db }, payload as { import_id: string; actor_id: string }),
      [JOB_NAMES.importPhotos]: ({ payload, attempts }) => importPhotos({ ...ctx(), db }, payload as unknown as ImportPhotosJob, attempts),
    },
  });
}
