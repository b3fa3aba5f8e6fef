import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users, vehicles } from '../db/schema';
import type { User } from '@/domain/account/user';
import type { UserType } from '@/domain/core/constants';
import type { AdminUser } from '@/domain/core/wire';
import type { BusinessStatus } from '@/domain/account/business';
import { isLanguage } from '@/domain/i18n/languages';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function toApiUser(u: UserRow): User {
  const userType = u.userType as UserType;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    location: u.location,
    region: u.region,
    area: u.area,
    latitude: u.latitude,
    longitude: u.longitude,
    user_type: userType,
    business_name: u.businessName,
    business_registration: u.businessRegistration,
    business_address: u.businessAddress,
    business_status: (u.businessStatus as BusinessStatus | null) ?? null,
    phone_verified: u.phoneVerifiedAt !== null,
    contact_preference: u.contactPreference === 'messages' ? 'messages' : 'phone',
    message_emails: u.messageEmails,
    language: isLanguage(u.language) ? u.language : null,
    created_at: u.createdAt.toISOString(),
    isAdmin: userType === 'admin',
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The names of the given accounts, by id (those that still exist). */
export async function userNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The languages the given accounts chose (issue 39), by id; an account that chose none is left out. */
export async function languagesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, ids));
  return new Map(rows.flatMap((r) => (r.language ? [[r.id, r.language] as const] : [])));
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows[0] ?? null;
}

/** Inserts a user; returns null when the email is taken (the unique index decides, so two racing sign-ups cannot both win). */
export async function insertUser(db: Db, u: NewUser): Promise<UserRow | null> {
  const rows = await db
    .insert(users)
    .values({ ...u, email: u.email.toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return rows[0] ?? null;
}

/** Sets a new password and revokes every token issued before it. */
export async function setPasswordHash(db: Tx, userId: string, hash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: hash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

/** Revokes every token the user holds ("Sign out on all devices"). */
export async function revokeTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function listUsersWithCounts(db: Db): Promise<AdminUser[]> {
  const rows = await db
    // Qualified by hand: in a one-table select Drizzle writes columns unqualified, so ${users.id} in the
    // subquery would read the listing's own id and every count would be 0.
    .select({ user: users, vehicleCount: sql<number>`(select count(*)::int from ${vehicles} v where v.seller_id = ${users}.id)` })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((r) => ({ ...toApiUser(r.user), vehicle_count: Number(r.vehicleCount), credit_cents: r.user.creditCents }));
}

export async function countUsersByType(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ type: users.userType, n: count() }).from(users).groupBy(users.userType);
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}

/** Every account but the administrators' (the database reset), inside the reset's transaction. */
export async function deleteNonAdminUsers(db: Tx): Promise<void> {
  await db.delete(users).where(ne(users.userType, 'admin'));
}

export async function deleteUser(db: Tx, id: string): Promise<void> {
  await db.delete(users).where(and(eq(users.id, id), ne(users.userType, 'admin')));
}

/** Keeps a dealer's submitted business details and where their review stands. */
export async function setBusinessDetails(
  db: Tx,
  userId: string,
  d: { businessName: string; businessRegistration: string; businessAddress: string; businessStatus: BusinessStatus; submittedAt: Date },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ businessName: d.businessName, businessRegistration: d.businessRegistration, businessAddress: d.businessAddress, businessStatus: d.businessStatus, businessSubmittedAt: d.submittedAt })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** An administrator's decision on a dealer's business details. */
export async function setBusinessStatus(db: Tx, userId: string, status: BusinessStatus): Promise<UserRow> {
  const [row] = await db.update(users).set({ businessStatus: status }).where(eq(users.id, userId)).returning();
  return row!;
}
