import { and, asc, desc, eq, isNotNull, ne, count } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client';
import { vehicles, vehicleTombstones } from '@/server/db/schema';
import { LISTING_COLUMNS, publicSql, type VehicleRow } from './rows';
import { countAllVehicles } from './statsAndEvents';
import { newestSql } from '@/server/search/sqlFilters';

// Reading listings by id or by seller: one listing, whether one was deleted, a seller's, every one
// (administrators), a dealer's others, a seller's live ones.

export async function findVehicle(db: Tx, id: string): Promise<VehicleRow | null> {
  const rows = await db.select(LISTING_COLUMNS).from(vehicles).where(eq(vehicles.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function hasTombstone(db: Tx, id: string): Promise<boolean> {
  const rows = await db.select({ id: vehicleTombstones.vehicleId }).from(vehicleTombstones).where(eq(vehicleTombstones.vehicleId, id));
  return rows.length > 0;
}

export async function listSellerVehicles(db: Db, sellerId: string): Promise<VehicleRow[]> {
  return db.select(LISTING_COLUMNS).from(vehicles).where(eq(vehicles.sellerId, sellerId)).orderBy(desc(vehicles.createdAt), asc(vehicles.id));
}

export async function listAllVehicles(db: Db, limit: number, offset: number): Promise<{ rows: VehicleRow[]; total: number }> {
  const rows = await db.select(LISTING_COLUMNS).from(vehicles).orderBy(desc(vehicles.createdAt), asc(vehicles.id)).limit(limit).offset(offset);
  return { rows, total: await countAllVehicles(db) };
}

/** Other public listings of a seller, newest first (a boosted one first while boosted). */
export async function otherPublicVehicles(db: Db, sellerId: string, exceptId: string, limit: number) {
  const rows = await db
    .select(LISTING_COLUMNS)
    .from(vehicles)
    .where(and(eq(vehicles.sellerId, sellerId), ne(vehicles.id, exceptId), publicSql))
    // As buyers' newest first: a boosted listing at its boost's end (the device's More from the dealer agrees).
    .orderBy(desc(newestSql), asc(vehicles.id))
    .limit(limit);
  const [c] = await db
    .select({ n: count() })
    .from(vehicles)
    .where(and(eq(vehicles.sellerId, sellerId), publicSql));
  return { rows, total: Number(c?.n ?? 0) };
}

export async function activeListings(db: Db, sellerId: string) {
  return db
    .select({ id: vehicles.id, expiresAt: vehicles.expiresAt })
    .from(vehicles)
    .where(and(eq(vehicles.sellerId, sellerId), publicSql, isNotNull(vehicles.expiresAt)));
}
