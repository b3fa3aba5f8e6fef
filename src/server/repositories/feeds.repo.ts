import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, vehicles } from '../db/schema';
import { LISTING_COLUMNS, publicSql, type VehicleRow } from './vehicles/rows';

// What the stock feeds read (issue 38): public cars in id order, a page at a time (the market's feed
// never holds a million listings in memory), the whole market's or one dealer's.

/** Public cars after `after` in id order, at most `limit`; one seller's when `sellerId` is given. */
export async function publicCarsPage(db: Db, range: { sellerId: string | null; after: string | null }, limit: number): Promise<VehicleRow[]> {
  return db
    .select(LISTING_COLUMNS)
    .from(vehicles)
    .where(and(publicSql, eq(vehicles.vehicleType, 'car'), range.sellerId ? eq(vehicles.sellerId, range.sellerId) : undefined, range.after ? gt(vehicles.id, range.after) : undefined))
    .orderBy(asc(vehicles.id))
    .limit(limit) as Promise<VehicleRow[]>;
}

/** Whether an id names a dealer's account. */
export async function isDealer(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${users.id}::text = ${id}`, eq(users.userType, 'dealer')))
    .limit(1);
  return !!row;
}
