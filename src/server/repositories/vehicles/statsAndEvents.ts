import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client';
import { contactRequests, listingEvents, vehicles } from '@/server/db/schema';
import type { ListingEventKind } from '@/domain/listing/leads';
import { publicSql } from './rows';

// Counting listings (the statistics) and what happens to them (views, contact requests, shares: a
// seller's leads).

export async function countPublicVehicles(db: Db): Promise<number> {
  const [r] = await db.select({ n: count() }).from(vehicles).where(publicSql);
  return Number(r?.n ?? 0);
}

export async function countAllVehicles(db: Db): Promise<number> {
  const [r] = await db.select({ n: count() }).from(vehicles);
  return Number(r?.n ?? 0);
}

export async function vehicleStats(db: Db) {
  const [r] = await db
    .select({
      total: count(),
      featured: sql<number>`count(*) filter (where ${vehicles.featured})`,
      cars: sql<number>`count(*) filter (where ${vehicles.vehicleType} = 'car')`,
      construction: sql<number>`count(*) filter (where ${vehicles.vehicleType} = 'construction')`,
      farming: sql<number>`count(*) filter (where ${vehicles.vehicleType} = 'farming')`,
    })
    .from(vehicles);
  return {
    total_vehicles: Number(r?.total ?? 0),
    featured_vehicles: Number(r?.featured ?? 0),
    cars: Number(r?.cars ?? 0),
    construction: Number(r?.construction ?? 0),
    farming: Number(r?.farming ?? 0),
  };
}

export async function incrementViews(db: Db, id: string): Promise<void> {
  await db
    .update(vehicles)
    .set({ views: sql`${vehicles.views} + 1` })
    .where(eq(vehicles.id, id));
}

/**
 * Records that `buyerId` asked for a listing's contact: once per buyer and listing, so asking again
 * (another device, a cleared browser) counts no second lead. The seller asking counts nothing.
 * True when this was the buyer's first ask (a new lead).
 */
export async function recordContactRequest(db: Db, vehicleId: string, buyerId: string): Promise<boolean> {
  const rows = await db.insert(contactRequests).values({ vehicleId, buyerId }).onConflictDoNothing().returning({ id: contactRequests.vehicleId });
  return rows.length > 0;
}

/** Contact requests (leads) per listing of a seller. */
export async function contactRequestCounts(db: Db, sellerId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: contactRequests.vehicleId, n: count() })
    .from(contactRequests)
    .innerJoin(vehicles, eq(vehicles.id, contactRequests.vehicleId))
    .where(eq(vehicles.sellerId, sellerId))
    .groupBy(contactRequests.vehicleId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Counts one event of a listing on today's (UTC) row: a view, a contact request, a favourite or a share. */
export async function recordListingEvent(db: Tx, vehicleId: string, kind: ListingEventKind): Promise<void> {
  await db
    .insert(listingEvents)
    .values({ vehicleId, day: sql`(now() at time zone 'utc')::date`, kind, count: 1 })
    .onConflictDoUpdate({ target: [listingEvents.vehicleId, listingEvents.day, listingEvents.kind], set: { count: sql`${listingEvents.count} + 1` } });
}

/** A seller's listings' events per day over the last `days` days (today, UTC, included), oldest first. */
export async function sellerListingEvents(db: Db, sellerId: string, days: number): Promise<{ vehicleId: string; day: string; kind: ListingEventKind; count: number }[]> {
  const rows = await db
    .select({ vehicleId: listingEvents.vehicleId, day: sql<string>`to_char(${listingEvents.day}, 'YYYY-MM-DD')`, kind: listingEvents.kind, count: listingEvents.count })
    .from(listingEvents)
    .innerJoin(vehicles, eq(vehicles.id, listingEvents.vehicleId))
    .where(and(eq(vehicles.sellerId, sellerId), sql`${listingEvents.day} > (now() at time zone 'utc')::date - ${days}::int`))
    .orderBy(asc(listingEvents.day));
  return rows.map((r) => ({ ...r, kind: r.kind as ListingEventKind, count: Number(r.count) }));
}
