import { graceEnd, PLAN_MESSAGES } from '@/domain/payments/dealerPlan';
import type { SubscriptionPlan } from '@/domain/payments/fees';
import type { AppContext } from '../context';
import { conflict } from '../errors';
import { enqueueListingPublished } from '../jobs/listingJobs';
import { publishColumns, resolvePlan } from '../listings';
import { listingsAwaitingFee } from '../repositories/dealerPlans.repo';
import type { UserRow } from '../repositories/users.repo';
import { updateVehicle, withListingWrite } from '../repositories/vehicles/writes';
import { planPaidUp } from './standing';

/**
 * Publishes, without a fee, every listing of a paid-up dealer that waits for one: drafts never
 * published and expired listings not sold (as a paid relist would). Each runs until the end of the
 * plan's grace, as the plan's other listings do. Returns how many went live.
 */
export async function publishDraftsOnPlan(ctx: Pick<AppContext, 'db' | 'now' | 'jobs'>, dealer: UserRow): Promise<number> {
  const now = ctx.now();
  const published = await withListingWrite(ctx.db, async (tx, nextRevision) => {
    const paid = await planPaidUp(tx, dealer.id, now);
    if (!paid) throw conflict(PLAN_MESSAGES.notPaidUp);
    const waiting = await listingsAwaitingFee(tx, dealer.id);
    for (const row of waiting) {
      const plan = resolvePlan(dealer, row.subscriptionPlan as SubscriptionPlan | null);
      await updateVehicle(tx, row.id, { ...publishColumns(row, plan, now), expiresAt: graceEnd(paid.paidUntil) }, await nextRevision());
      // No "your listing is live" push for each of a yard's listings: the dealer asked for them all at once.
      await enqueueListingPublished(tx, row.id, { paid: false });
    }
    return waiting.length;
  });
  if (published) ctx.jobs.kick();
  return published;
}
