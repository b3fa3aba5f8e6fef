import { and, asc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { savedSearchMatches, savedSearches, users, vehicles } from '../db/schema';
import type { SavedSearchRow } from './push.repo';
import { publicSql, type VehicleRow } from './vehicles/rows';

export type EmailSearch = SavedSearchRow & { userEmail: string; userLanguage: string | null };

const emailable = and(eq(savedSearches.email, true), sql`${users.email} not like '%.invalid'`);

/**
 * Saved searches that want email alerts, of everyone but the listing's seller, that could match it (its
 * vehicle type and make, or none), with their owner's address. The domain's rules decide the match.
 */
export async function emailSavedSearches(db: Db, listing: { sellerId: string; vehicleType: string; make: string }): Promise<EmailSearch[]> {
  const field = (name: string) => sql`(${savedSearches.query} ->> ${name})`;
  const rows = await db
    .select({ search: savedSearches, userEmail: users.email, userLanguage: users.language })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(
      and(
        emailable,
        ne(savedSearches.userId, listing.sellerId),
        sql`(${field('vehicle_type')} is null or lower(${field('vehicle_type')}) = lower(${listing.vehicleType}))`,
        sql`(${field('make')} is null or lower(${field('make')}) = lower(${listing.make}))`,
      ),
    )
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return rows.map((r) => ({ ...r.search, userEmail: r.userEmail, userLanguage: r.userLanguage }));
}

/** Records the matches (once each: a retried job adds nothing). */
export async function recordMatches(db: Db, savedSearchIds: string[], vehicleId: string, at: Date): Promise<void> {
  if (!savedSearchIds.length) return;
  await db
    .insert(savedSearchMatches)
    .values(savedSearchIds.map((savedSearchId) => ({ savedSearchId, vehicleId, matchedAt: at })))
    .onConflictDoNothing();
}

/** Of these searches, those whose match of the listing has not been emailed yet. */
export async function unsentMatches(db: Db, savedSearchIds: string[], vehicleId: string): Promise<Set<string>> {
  if (!savedSearchIds.length) return new Set();
  const rows = await db
    .select({ id: savedSearchMatches.savedSearchId })
    .from(savedSearchMatches)
    .where(and(inArray(savedSearchMatches.savedSearchId, savedSearchIds), eq(savedSearchMatches.vehicleId, vehicleId), isNull(savedSearchMatches.emailedAt)));
  return new Set(rows.map((r) => r.id));
}

export async function markEmailed(db: Db, savedSearchId: string, vehicleIds: string[], at: Date): Promise<void> {
  if (!vehicleIds.length) return;
  await db
    .update(savedSearchMatches)
    .set({ emailedAt: at })
    .where(and(eq(savedSearchMatches.savedSearchId, savedSearchId), inArray(savedSearchMatches.vehicleId, vehicleIds), isNull(savedSearchMatches.emailedAt)));
}

/**
 * Digests due: email searches whose oldest match still waiting was found at or before `dueBefore`,
 * each with every waiting match (listings no longer public included, so they are cleared with the rest).
 */
export async function dueDigests(db: Db, dueBefore: Date): Promise<{ search: EmailSearch; listings: (VehicleRow & { isPublic: boolean })[] }[]> {
  const due = await db
    .select({ search: savedSearches, userEmail: users.email, userLanguage: users.language })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(
      and(
        emailable,
        sql`exists (select 1 from ${savedSearchMatches} where ${savedSearchMatches.savedSearchId} = ${savedSearches.id} and ${savedSearchMatches.emailedAt} is null and ${lte(savedSearchMatches.matchedAt, dueBefore)})`,
      ),
    );
  const out = [];
  for (const d of due) {
    const rows = await db
      .select({ row: vehicles, isPublic: sql<boolean>`${publicSql}` })
      .from(savedSearchMatches)
      .innerJoin(vehicles, eq(vehicles.id, savedSearchMatches.vehicleId))
      .where(and(eq(savedSearchMatches.savedSearchId, d.search.id), isNull(savedSearchMatches.emailedAt)))
      .orderBy(asc(savedSearchMatches.matchedAt));
    out.push({ search: { ...d.search, userEmail: d.userEmail, userLanguage: d.userLanguage }, listings: rows.map((r) => ({ ...r.row, isPublic: r.isPublic })) });
  }
  return out;
}

/** Stops a saved search's emails (an unsubscribe link); null when the search is gone. */
export async function stopSavedSearchEmails(db: Db, id: string): Promise<SavedSearchRow | null> {
  const rows = await db.update(savedSearches).set({ email: false }).where(eq(savedSearches.id, id)).returning();
  return rows[0] ?? null;
}
