import type { Tx } from '../db/client';
import { enqueueJob } from '../repositories/jobs.repo';
import { toApiVehicle, type VehicleRow } from '../repositories/vehicles/rows';
import { isPublic } from '@/domain/listing/vehicle';
import { enqueueListingWebhook } from '../webhooks/webhooks';
import { JOB_NAMES } from './jobNames';

// The jobs a listing's write enqueues in its own transaction (an outbox); the runner's handlers are backgroundJobs.ts's.

export interface ListingPublishedPayload {
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
