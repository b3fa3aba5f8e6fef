import { ADVERTISING_PLAN_TERMS, BOOST_TEXTS, boostEnd, boostsLeft, harareMonthStart, isAdvertisingPlan } from '@/domain/payments/boosts';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { isPublic } from '@/domain/listing/vehicle';
import type { AppContext } from '../context';
import { conflict, forbidden, notFound } from '../errors';
import { isAdmin } from '../plugins/app/auth';
import type { UserRow } from '../repositories/users.repo';
import { boostsSince, insertBoost } from '../repositories/boosts.repo';
import { findVehicle } from '../repositories/vehicles/reads';
import { toApiVehicle, type VehicleRow } from '../repositories/vehicles/rows';
import { updateVehicle, withListingWrite } from '../repositories/vehicles/writes';
import { managesListingsOf } from '../team';

/**
 * Boosts a public listing on an advertising plan to the top of newest-first results for 24 hours
 * (issue 38): one of its plan's boosts this Harare calendar month, checked and spent in one listing
 * write, so two presses (or a retry) never spend two; a listing already boosted is refused (409).
 */
export async function boostListing(ctx: Pick<AppContext, 'db' | 'now'>, user: UserRow, vehicleId: string): Promise<{ row: VehicleRow; boostsLeft: number }> {
  const { db } = ctx;
  const row = await findVehicle(db, vehicleId);
  if (!row) throw notFound(LISTING_MESSAGES.notFound);
  if (!isAdmin(user) && !(await managesListingsOf(db, user, row.sellerId))) throw forbidden(BOOST_TEXTS.notSeller);
  return withListingWrite(db, async (tx, next) => {
    const current = await findVehicle(tx, vehicleId);
    if (!current) throw notFound(LISTING_MESSAGES.notFound);
    const now = ctx.now();
    if (!isPublic(toApiVehicle(current), now)) throw conflict(BOOST_TEXTS.notPublic);
    const plan = current.advertisingPlan;
    if (!isAdvertisingPlan(plan) || ADVERTISING_PLAN_TERMS[plan].boostsPerMonth === 0) throw conflict(BOOST_TEXTS.noPlan);
    if (current.boostedUntil && current.boostedUntil.getTime() > now.getTime()) throw conflict(BOOST_TEXTS.already);
    const left = boostsLeft(plan, await boostsSince(tx, vehicleId, harareMonthStart(now)));
    if (left <= 0) throw conflict(BOOST_TEXTS.noneLeft);
    const until = boostEnd(now);
    await insertBoost(tx, { vehicleId, userId: user.id, boostedAt: now, until });
    return { row: await updateVehicle(tx, vehicleId, { boostedUntil: until }, await next()), boostsLeft: left - 1 };
  });
}
