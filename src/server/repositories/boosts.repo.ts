import { and, count, eq, gte, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { listingBoosts } from '../db/schema';

// The boosts an advertising plan gave a listing (issue 38), counted against its monthly allowance.

/** How many boosts the listing had since `since` (the Harare month's start). */
export async function boostsSince(db: Db | Tx, vehicleId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listingBoosts)
    .where(and(eq(listingBoosts.vehicleId, vehicleId), gte(listingBoosts.boostedAt, since)));
  return Number(row?.n ?? 0);
}

/** How many boosts each of these listings had since `since`; listings without one are absent. */
export async function boostCountsSince(db: Db, vehicleIds: string[], since: Date): Promise<Map<string, number>> {
  if (!vehicleIds.length) return new Map();
  const rows = await db
    .select({ vehicleId: listingBoosts.vehicleId, n: count() })
    .from(listingBoosts)
    .where(and(inArray(listingBoosts.vehicleId, vehicleIds), gte(listingBoosts.boostedAt, since)))
    .groupBy(listingBoosts.vehicleId);
  return new Map(rows.map((r) => [r.vehicleId, Number(r.n)]));
}

export async function insertBoost(tx: Tx, boost: { vehicleId: string; userId: string; boostedAt: Date; until: Date }): Promise<void> {
  await tx.insert(listingBoosts).values(boost);
}
