import { and, asc, eq, exists, gt, inArray, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { dealerWebhooks, expiryReminders, pushSubscriptions, savedSearches, vehicles } from '../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type SavedQuery = SavedSearchRow['query'];

export interface SubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Stores a browser's subscription for a user. An endpoint belongs to one browser profile, so whoever
 * signed in there last receives its pushes: the row moves to them. `created` is false for a refresh.
 */
export async function upsertSubscription(db: Db, userId: string, s: SubscriptionKeys): Promise<{ row: PushSubscriptionRow; created: boolean }> {
  const before = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, s.endpoint)).limit(1);
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: s.p256dh, auth: s.auth, updatedAt: new Date() } })
    .returning();
  return { row: row!, created: before.length === 0 };
}

/** Removes a user's own subscription; false when that endpoint is not theirs (or not known). */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The push service said the subscription is gone (404/410): nobody receives on it any more. */
export async function deleteSubscriptionById(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function subscriptionsOf(db: Db, userIds: string[]): Promise<PushSubscriptionRow[]> {
  if (!userIds.length) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds)).orderBy(asc(pushSubscriptions.createdAt));
}

const hasSubscription = (userId: typeof savedSearches.userId | typeof vehicles.sellerId) => exists(sql`(select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId})`);

// Saved searches.

export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearchRow[]> {
  return db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

export async function insertSavedSearch(
  db: Db,
  userId: string,
  name: string,
  query: SavedQuery,
  notify: boolean,
  email: Partial<Pick<SavedSearchRow, 'email' | 'emailFrequency'>> = {},
): Promise<SavedSearchRow> {
  const [row] = await db
    .insert(savedSearches)
    .values({ userId, name, query, notify, ...email })
    .returning();
  return row!;
}

/** The user's own saved search; another user's is as good as missing. */
export async function findOwnSavedSearch(db: Db, userId: string, id: string): Promise<SavedSearchRow | null> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateOwnSavedSearch(db: Db, userId: string, id: string, patch: Partial<Pick<SavedSearchRow, 'name' | 'notify' | 'email' | 'emailFrequency'>>): Promise<SavedSearchRow | null> {
  const rows = await db
    .update(savedSearches)
    .set(patch)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteOwnSavedSearch(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/**
 * Saved searches that want alerts, of everyone but the listing's seller, whose owner has a device to
 * push to, and that could match the listing: its vehicle type and make, or none. This only narrows the
 * reading; whether a search matches is decided by the domain's rules (savedQueryMatches).
 */
export async function alertingSavedSearches(db: Db, listing: { sellerId: string; vehicleType: string; make: string }): Promise<SavedSearchRow[]> {
  const field = (name: string) => sql`(${savedSearches.query} ->> ${name})`;
  return db
    .select()
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.notify, true),
        ne(savedSearches.userId, listing.sellerId),
        hasSubscription(savedSearches.userId),
        sql`(${field('vehicle_type')} is null or lower(${field('vehicle_type')}) = lower(${listing.vehicleType}))`,
        sql`(${field('make')} is null or lower(${field('make')}) = lower(${listing.make}))`,
      ),
    )
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

// Expiry reminders.

export interface ExpiringListing {
  id: string;
  sellerId: string;
  year: number;
  make: string;
  model: string;
  variant: string | null;
  expiresAt: Date;
}

/**
 * Public listings expiring in (now, until] with no reminder sent for this expiry yet, whose seller has a
 * device to push to (a seller without one is not marked reminded, so a device added later still hears).
 */
export async function dueExpiryReminders(db: Db, now: Date, until: Date, limit = 500): Promise<ExpiringListing[]> {
  const rows = await db
    .select({
      id: vehicles.id,
      sellerId: vehicles.sellerId,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      variant: vehicles.variant,
      expiresAt: vehicles.expiresAt,
    })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.isPublished, true),
        eq(vehicles.isExpired, false),
        isNull(vehicles.soldAt),
        gt(vehicles.expiresAt, now),
        lte(vehicles.expiresAt, until),
        // An Ultimate listing is relisted, not expired, while unsold (issue 38): nothing to remind.
        sql`${vehicles.advertisingPlan} is distinct from 'ultimate'`,
        // Told by push, or by the dealer's webhook (issue 38: push/notifier.ts sends both).
        or(hasSubscription(vehicles.sellerId), exists(sql`(select 1 from ${dealerWebhooks} where ${dealerWebhooks.userId} = ${vehicles.sellerId})`)),
        notExists(sql`(select 1 from ${expiryReminders} where ${expiryReminders.vehicleId} = ${vehicles.id} and ${expiryReminders.expiresAt} = ${vehicles.expiresAt})`),
      ),
    )
    .orderBy(asc(vehicles.expiresAt), asc(vehicles.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, expiresAt: r.expiresAt! }));
}

/** Claims the reminder for one listing's expiry; only the caller that inserted the row sends it. */
export async function claimExpiryReminder(db: Tx, vehicleId: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.insert(expiryReminders).values({ vehicleId, expiresAt }).onConflictDoNothing().returning({ id: expiryReminders.vehicleId });
  return rows.length > 0;
}
