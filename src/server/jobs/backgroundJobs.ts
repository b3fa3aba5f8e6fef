import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import type { JobMetrics } from '../metrics';
import { purgeExpiredIdempotencyKeys } from '../repositories/idempotency.repo';
import { enqueueJob } from '../repositories/jobs.repo';
import { purgeOrphanUploads } from '../repositories/uploads.repo';
import { toApiVehicle, type VehicleRow } from '../repositories/vehicles/rows';
import { sweepExpired } from '../repositories/vehicles/writes';
import { isPublic } from '@/domain/listing/vehicle';
import { sendMessageDigests } from '../mail/messageDigest';
import { MESSAGE_PUSH_JOB, messagePushOf } from './messagePush';
import { JobRunner } from './runner';
import { deliverWebhook, enqueueListingWebhook, WEBHOOK_JOB } from '../webhooks/webhooks';

/** The jobs' names, as the `jobs` table holds them. */
export const JOB_NAMES = {
  expireListings: 'expire-listings',
  expiryReminders: 'expiry-reminders',
  purgeIdempotencyKeys: 'purge-idempotency-keys',
  purgeOrphanUploads: 'purge-orphan-uploads',
  listingPublished: 'listing-published',
  savedSearchDigests: 'saved-search-digests',
  favouritePriceDrop: 'favourite-price-drop',
  favouriteGoneAlerts: 'favourite-gone-alerts',
  messagePush: MESSAGE_PUSH_JOB,
  messageDigests: 'message-digests',
  webhookDelivery: WEBHOOK_JOB,
} as const;

interface ListingPublishedPayload {
  vehicle_id: string;
  paid: boolean;
  /** Users told already (by an attempt that did not finish). */
  notified?: string[];
}

/**
 * Call inside the transaction that publishes a listing: its pushes (the seller's "live", buyers' saved
 * search alerts) and its seller's webhook event are sent by the job runner, by one instance, also when this one stops before sending.
 * Kick the runner (`ctx.jobs.kick()`) after the commit.
 */
export async function enqueueListingPublished(tx: Tx, vehicleId: string, opts: { paid: boolean }): Promise<void> {
  const payload: ListingPublishedPayload = { vehicle_id: vehicleId, paid: opts.paid };
  await enqueueJob(tx, JOB_NAMES.listingPublished, { ...payload });
  await enqueueListingWebhook(tx, vehicleId, 'listing.published', new Date());
}

/**
 * Call inside the transaction that changes a public listing: when its price fell, the people who saved it
 * are told by push (the job runner sends it, as for a publication). Kick the runner after the commit.
 * Returns whether a job was written. (A listing going away is found by a recurring job, whatever made it go.)
 */
export async function enqueueFavouritePriceDrop(tx: Tx, before: VehicleRow, after: VehicleRow): Promise<boolean> {
  if (!isPublic(toApiVehicle(before)) || !isPublic(toApiVehicle(after))) return false;
  if (before.price === null || after.price === null || after.price >= before.price) return false;
  await enqueueJob(tx, JOB_NAMES.favouritePriceDrop, { vehicle_id: after.id });
  return true;
}

/**
 * The server's background work. Each job may run again after a crash, so each is idempotent or keeps
 * its progress: expiry and the purges change only what is still due; an expiry reminder is claimed in
 * the database (one per listing and expiry date) before it is sent; a publication's pushes record who
 * was told.
 */
export function createJobRunner(
  db: Db,
  ctx: () => Pick<AppContext, 'push' | 'emailAlerts' | 'media' | 'now' | 'mailer' | 'config'>,
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
    },
  });
}
