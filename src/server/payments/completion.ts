import type { SubscriptionPlan } from '@/domain/payments/fees';
import { PAYMENT_MESSAGES } from '@/domain/core/messages';
import { isPublic, type Vehicle } from '@/domain/listing/vehicle';
import type { AppContext } from '../context';
import { HttpError } from '../errors';
import { enqueueListingPublished } from '../jobs/listingJobs';
import type { Metrics } from '../metrics';
import { publishColumns } from '../listings';
import { advertisedColumns } from '../advertising/planColumns';
import { isAdvertisingPlan } from '@/domain/payments/boosts';
import { creditDoublePayment, settlePayment, type PaymentRow } from '../repositories/payments.repo';
import { toApiVehicle } from '../repositories/vehicles/rows';
import { findVehicle } from '../repositories/vehicles/reads';
import { updateVehicle, withListingWrite } from '../repositories/vehicles/writes';
import { ProviderError, type ProviderStatus } from './provider';

export type Completion = { state: 'pending' } | { state: 'failed'; message: string } | { state: 'succeeded'; vehicle: Vehicle | null };

const UNDERPAID = 'Amount paid is less than the listing fee';

/**
 * Settles a payment with what its provider says, and publishes the listing for a settled payment
 * exactly once: only the request that settles it publishes. That request alone counts the payment in
 * `counted`, as "completed" or "failed".
 */
export async function completePayment(ctx: Pick<AppContext, 'db' | 'jobs' | 'now'>, payment: PaymentRow, status: ProviderStatus, counted: Metrics['payments']): Promise<Completion> {
  const { db } = ctx;
  const count = (event: 'completed' | 'failed') => counted.inc({ provider: payment.provider, event });
  if (status.status === 'pending') return { state: 'pending' };
  if (status.status === 'failed') {
    if (await settlePayment(db, payment.id, 'failed', status.message ?? PAYMENT_MESSAGES.failed)) count('failed');
    return { state: 'failed', message: status.message ?? PAYMENT_MESSAGES.failed };
  }
  if (status.amountCents !== undefined && status.amountCents < payment.amountCents) {
    if (await settlePayment(db, payment.id, 'failed', UNDERPAID)) count('failed');
    return { state: 'failed', message: UNDERPAID };
  }
  let published = false;
  let settled = false;
  const vehicle = await withListingWrite(db, async (tx, next) => {
    settled = await settlePayment(tx, payment.id, 'succeeded', null);
    if (!settled) return null;
    const row = await findVehicle(tx, payment.vehicleId);
    if (!row) return null;
    const live = isPublic(toApiVehicle(row));
    const advertising = isAdvertisingPlan(payment.advertisingPlan) ? payment.advertisingPlan : null;
    // An advertising plan bought for a live listing extends it and gives it the plan's boosts (issue 38).
    if (live && advertising) return updateVehicle(tx, row.id, advertisedColumns(row, true, advertising, payment.plan as SubscriptionPlan, ctx.now()), await next());
    // A second payment for a listing that is already live publishes nothing: it is a double
    // payment, recorded as such for a refund as account credit (spec section 9).
    if (live) {
      await creditDoublePayment(tx, payment, PAYMENT_MESSAGES.doublePayment);
      return row;
    }
    published = true;
    const columns = advertising ? advertisedColumns(row, false, advertising, payment.plan as SubscriptionPlan, ctx.now()) : publishColumns(row, payment.plan as SubscriptionPlan, ctx.now());
    const updated = await updateVehicle(tx, row.id, columns, await next());
    // Its pushes are a job committed with the publication: sent by some instance, never lost to a crash.
    await enqueueListingPublished(tx, row.id, { paid: true });
    return updated;
  });
  if (settled) count('completed');
  // Without waiting: a push never holds up or fails the payment's answer.
  if (published) ctx.jobs.kick();
  const row = vehicle ?? (await findVehicle(db, payment.vehicleId));
  return { state: 'succeeded', vehicle: row ? toApiVehicle(row) : null };
}

/** Runs a call to a payment provider; its refusals answer with the provider's status and message. */
export async function providerCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ProviderError) throw new HttpError(e.status, e.message);
    throw e;
  }
}
