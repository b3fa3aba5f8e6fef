import { and, asc, count, eq, gte, gt, lt, sql } from 'drizzle-orm';
import type { VehicleType } from '@/domain/core/constants';
import { type Db, rowsOf } from '../db/client';
import { users, vehicles } from '../db/schema';
import { publicSql } from './vehicles/rows';

// What the pages' heads and the sitemaps read: counts, a dealer's name and stock, and the public
// listings' addresses in id order, a page at a time (a million listings never sit in memory at once).

/** The public listings of each type. */
export async function publicCountsByType(db: Db): Promise<Record<VehicleType, number>> {
  const rows = await db.select({ type: vehicles.vehicleType, n: count() }).from(vehicles).where(publicSql).groupBy(vehicles.vehicleType);
  const out: Record<VehicleType, number> = { car: 0, construction: 0, farming: 0 };
  for (const r of rows) if (r.type in out) out[r.type as VehicleType] = Number(r.n);
  return out;
}

/** A dealer's name, place and public stock; null for no dealer of that id. */
export async function dealerPageFacts(db: Db, id: string): Promise<{ id: string; name: string; location: string | null; stock: number } | null> {
  const [dealer] = await db
    .select({ id: users.id, name: sql<string>`coalesce(${users.businessName}, ${users.name})`, location: users.location })
    .from(users)
    .where(and(sql`${users.id}::text = ${id}`, eq(users.userType, 'dealer')));
  if (!dealer) return null;
  const [stock] = await db
    .select({ n: count() })
    .from(vehicles)
    .where(and(eq(vehicles.sellerId, dealer.id), publicSql));
  return { ...dealer, stock: Number(stock?.n ?? 0) };
}

/**
 * The first id of each run of `size` public listings in id order: sitemap k lists the ids from the
 * k-th of these up to the next. One pass over the ids' index.
 */
export async function publicIdBoundaries(db: Db, size: number): Promise<string[]> {
  const res = await db.execute<{ id: string }>(
    sql`select id from (select ${vehicles.id} as id, row_number() over (order by ${vehicles.id}) - 1 as n from ${vehicles} where ${publicSql}) t where n % ${size} = 0 order by id`,
  );
  return rowsOf<{ id: string }>(res).map((r) => String(r.id));
}

/** Public listings' ids and last changes in id order, from `from` (inclusive) up to `to` (exclusive, or the end). */
export async function publicListingsPage(db: Db, range: { from: string; after: string | null; to: string | null }, limit: number): Promise<{ id: string; updated: Date }[]> {
  return db
    .select({ id: vehicles.id, updated: vehicles.updatedAt })
    .from(vehicles)
    .where(and(publicSql, range.after ? gt(vehicles.id, range.after) : gte(vehicles.id, range.from), range.to ? lt(vehicles.id, range.to) : undefined))
    .orderBy(asc(vehicles.id))
    .limit(limit);
}

/** Dealers with public stock, and their stock's last change. */
export async function dealersWithStock(db: Db): Promise<{ id: string; updated: Date }[]> {
  const rows = await db
    .select({ id: users.id, updated: sql<Date | string>`max(${vehicles.updatedAt})` })
    .from(users)
    .innerJoin(vehicles, eq(vehicles.sellerId, users.id))
    .where(and(eq(users.userType, 'dealer'), publicSql))
    .groupBy(users.id)
    .orderBy(asc(users.id));
  return rows.map((r) => ({ id: r.id, updated: new Date(r.updated) }));
}
