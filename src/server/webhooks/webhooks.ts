import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_SIGNATURE_HEADER, type WebhookEvent } from '@/domain/account/stockApi';
import type { Db, Tx } from '../db/client';
import { enqueueJob } from '../repositories/jobs.repo';
import { findWebhook } from '../repositories/stockApi.repo';
import { findVehicle } from '../repositories/vehicles/reads';
import { guardedRequest } from '../outbound/guardedRequest';
import { JOB_NAMES } from '../jobs/jobNames';

// A dealer's webhook (issue 38): each event is a job committed with the write it tells of (so it is
// sent if and only if that write happened), delivered by the job runner on one instance, signed with
// the dealer's secret, and retried with the runner's back-off until the dealer's server answers 2xx,
// for about a day.

/** Attempts before an event is given up: with the runner's doubling back-off capped at an hour, about a day. */
export const WEBHOOK_MAX_ATTEMPTS = 30;
const TIMEOUT_MS = 10_000;

interface WebhookJob {
  user_id: string;
  id: string;
  type: WebhookEvent;
  created_at: string;
  data: Record<string, unknown>;
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** The signature header's value: Stripe's scheme, `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, so receivers can refuse a replay. */
export function signWebhook(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/**
 * Call inside the transaction of the write the event tells of; kick the runner after the commit when
 * it answers true. Nothing is queued for a seller with no webhook.
 */
export async function enqueueWebhookEvent(tx: Tx, userId: string, type: WebhookEvent, data: Record<string, unknown>, at: Date): Promise<boolean> {
  if (!(await findWebhook(tx, userId))) return false;
  const job: WebhookJob = { user_id: userId, id: randomUUID(), type, created_at: at.toISOString(), data };
  await enqueueJob(tx, JOB_NAMES.webhookDelivery, { ...job });
  return true;
}

/** An event about one listing (its id and the dealer's stock number), to its seller's webhook. */
export async function enqueueListingWebhook(tx: Tx, vehicleId: string, type: WebhookEvent, at: Date, extra: Record<string, unknown> = {}): Promise<boolean> {
  const row = await findVehicle(tx, vehicleId);
  if (!row) return false;
  return enqueueWebhookEvent(tx, row.sellerId, type, { listing_id: row.id, stock_number: row.stockNumber, ...extra }, at);
}

/**
 * Sends one event to the dealer's webhook as it is now (a changed address gets the events still
 * waiting; a removed one drops them). Throws when it was not taken, so the runner tries again later.
 */
export async function deliverWebhook(db: Db, payload: Record<string, unknown>, attempts: number, opts: { allowPrivate: boolean; now: Date; log: FastifyBaseLogger; userAgent: string }): Promise<void> {
  const job = payload as unknown as WebhookJob;
  const hook = await findWebhook(db, job.user_id);
  if (!hook) return;
  if (attempts > WEBHOOK_MAX_ATTEMPTS) {
    opts.log.warn({ event: job.id, type: job.type, attempts }, 'webhook event given up: the dealer’s server never took it');
    return;
  }
  const body = JSON.stringify({ id: job.id, type: job.type, created_at: job.created_at, data: job.data });
  const answer = await guardedRequest({
    url: hook.url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': opts.userAgent, [WEBHOOK_SIGNATURE_HEADER]: signWebhook(hook.secret, body, opts.now), 'motokari-event-id': job.id },
    body,
    timeoutMs: TIMEOUT_MS,
    maxBytes: 64 * 1024,
    allowPrivate: opts.allowPrivate,
  });
  if (answer.status < 200 || answer.status >= 300) throw new Error(`webhook answered ${answer.status}`);
}
