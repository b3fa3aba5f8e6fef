import { and, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { favourites, pushSubscriptions, vehicles } from '../db/schema';
import { publicSql, type VehicleRow } from './vehicles/rows';

export type FavouriteRow = typeof favourites.$inferSelect;

/** A user's favourite with its listing as stored (null once deleted) and whether the public may see it. */
export interface FavouriteWithListing {
  favourite: FavouriteRow;
  listing: VehicleRow | null;
  isPublic: boolean;
}

/** A user's favourites, newest first, each with its listing. */
export async function listFavourites(db: Db, userId: string): Promise<FavouriteWithListing[]> {
  const rows = await db
    .select({ favourite: favourites, listing: vehicles, isPublic: sql<boolean>`coalesce(${publicSql}, false)` })
    .from(favourites)
    .leftJoin(vehicles, eq(vehicles.id, favourites.vehicleId))
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.vehicleId));
  return rows.map((r) => ({ favourite: r.favourite, listing: r.listing, isPublic: r.isPublic === true }));
}

/**
 * Adds a favourite; one already there keeps when and at what price it was first saved. A listing saved
 * when already gone (a device's offline save sent late) is not pushed as going away. Whether it was new.
 */
export async function addFavourite(db: Db, f: { userId: string; vehicleId: string; title: string | null; savedPrice: number | null; savedAt: Date; gone: boolean }): Promise<boolean> {
  const added = await db
    .insert(favourites)
    .values({ userId: f.userId, vehicleId: f.vehicleId, title: f.title, savedPrice: f.savedPrice, notifiedPrice: f.savedPrice, goneNotifiedAt: f.gone ? new Date() : null, createdAt: f.savedAt })
    .onConflictDoNothing()
    .returning({ vehicleId: favourites.vehicleId });
  return added.length > 0;
}

export async function removeFavourite(db: Db, userId: string, vehicleId: string): Promise<void> {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.vehicleId, vehicleId)));
}

/**
 * The owners to tell that a listing's price fell to `price`: their favourite was saved at a higher price
 * and no push has told them of this price or a lower one yet. Marked told in the same statement, so a
 * retry or a second instance does not push the same drop twice. Only owners with a device to push to.
 */
export async function claimPriceDropAlerts(tx: Tx, vehicleId: string, price: number): Promise<Array<{ userId: string; savedPrice: number }>> {
  const rows = await tx
    .update(favourites)
    .set({ notifiedPrice: price })
    .where(
      and(
        eq(favourites.vehicleId, vehicleId),
        gt(favourites.savedPrice, price),
        or(isNull(favourites.notifiedPrice), sql`${favourites.notifiedPrice} > ${price}`),
        sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${favourites.userId})`,
      ),
    )
    .returning({ userId: favourites.userId, savedPrice: favourites.savedPrice });
  return rows.map((r) => ({ userId: r.userId, savedPrice: r.savedPrice! }));
}

const listingIsPublic = sql`exists (select 1 from ${vehicles} where ${vehicles.id} = ${favourites.vehicleId} and ${publicSql})`;

/**
 * The favourites whose listing is no longer public (sold, expired, unpublished, deleted: whatever
 * publicSql says) and whose owner was not told yet, marked told in the same statement; only owners with
 * a device to push to. A listing public again is cleared first, so its next going away is told too.
 */
export async function claimGoneAlerts(db: Db, limit = 500): Promise<Array<{ userId: string; vehicleId: string; title: string | null }>> {
  await db
    .update(favourites)
    .set({ goneNotifiedAt: null })
    .where(and(isNotNull(favourites.goneNotifiedAt), listingIsPublic));
  const due = db
    .select({ userId: favourites.userId, vehicleId: favourites.vehicleId })
    .from(favourites)
    .where(and(isNull(favourites.goneNotifiedAt), sql`not ${listingIsPublic}`, sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${favourites.userId})`))
    .limit(limit);
  return db
    .update(favourites)
    .set({ goneNotifiedAt: sql`now()` })
    .where(and(isNull(favourites.goneNotifiedAt), sql`(${favourites.userId}, ${favourites.vehicleId}) in ${due}`))
    .returning({ userId: favourites.userId, vehicleId: favourites.vehicleId, title: favourites.title });
}
