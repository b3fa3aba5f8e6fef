import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { vehicles } from '@/server/db/schema';
import { LISTING_COLUMNS, type VehicleRow } from './rows';

// A dealer's stock as the Stock API reads it (issue 38): by stock number, and a page at a time.

export type StockStatus = 'draft' | 'live' | 'expired' | 'sold';

const lapsed = sql`(${vehicles.isExpired} or ${vehicles.expiresAt} <= now())`;
/** Where each status stands in SQL; the same rules as listingStatus (src/domain/listing/vehicle.ts). */
const STATUS_SQL: Record<StockStatus, SQL> = {
  sold: sql`${vehicles.soldAt} is not null`,
  expired: sql`${vehicles.soldAt} is null and ${lapsed}`,
  live: sql`${vehicles.soldAt} is null and not ${lapsed} and ${vehicles.isPublished}`,
  draft: sql`${vehicles.soldAt} is null and not ${lapsed} and not ${vehicles.isPublished}`,
};

export async function findByStockNumber(db: Db, sellerId: string, stockNumber: string): Promise<VehicleRow | null> {
  const rows = await db
    .select(LISTING_COLUMNS)
    .from(vehicles)
    .where(and(eq(vehicles.sellerId, sellerId), eq(vehicles.stockNumber, stockNumber)))
    .limit(1);
  return rows[0] ?? null;
}

/** A page of a seller's listings in id order (`after` the last id of the page before), one more than asked to tell whether another follows. */
export function stockPage(db: Db, sellerId: string, opts: { limit: number; after?: string | undefined; status?: StockStatus | undefined }): Promise<VehicleRow[]> {
  return db
    .select(LISTING_COLUMNS)
    .from(vehicles)
    .where(and(eq(vehicles.sellerId, sellerId), opts.after ? gt(vehicles.id, opts.after) : undefined, opts.status ? STATUS_SQL[opts.status] : undefined))
    .orderBy(asc(vehicles.id))
    .limit(opts.limit + 1);
}
