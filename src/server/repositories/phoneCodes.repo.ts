import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { phoneCodes, users, vehicles } from '../db/schema';
import { setSellerPhoneVerified, withListingWrite } from './vehicles/writes';
import type { UserRow } from './users.repo';

type PhoneCodeRow = typeof phoneCodes.$inferSelect;

/** Stores a new code sent to `phone` for the user; the codes sent before it stop working. */
export async function replacePhoneCode(db: Db, userId: string, phone: string, codeHash: string, expiresAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(phoneCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(phoneCodes.userId, userId), isNull(phoneCodes.usedAt)));
    await tx.insert(phoneCodes).values({ userId, phone, codeHash, expiresAt });
  });
}

/** The user's newest code that is neither used nor expired. */
export async function findLivePhoneCode(db: Db, userId: string, now: Date): Promise<PhoneCodeRow | null> {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.userId, userId), isNull(phoneCodes.usedAt), gt(phoneCodes.expiresAt, now)))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** Counts a wrong guess against a code. */
export async function countFailedPhoneAttempt(db: Db, id: string): Promise<void> {
  await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(eq(phoneCodes.id, id));
}

/**
 * Uses the code: the number it went to becomes the account's, verified now, and the seller's listings
 * carry the badge (with the number, where they were listed with the old one), in one listing write.
 * Null when the code was used meanwhile (two racing checks of one code: one verifies).
 */
export async function verifyPhoneWithCode(db: Db, code: PhoneCodeRow, now: Date): Promise<UserRow | null> {
  return withListingWrite(db, async (tx) => {
    const used = await tx
      .update(phoneCodes)
      .set({ usedAt: now })
      .where(and(eq(phoneCodes.id, code.id), isNull(phoneCodes.usedAt)))
      .returning({ id: phoneCodes.id });
    if (!used.length) return null;
    const [before] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, code.userId)).for('update');
    const [user] = await tx.update(users).set({ phone: code.phone, phoneVerifiedAt: now }).where(eq(users.id, code.userId)).returning();
    if (before && before.phone !== code.phone) {
      await tx
        .update(vehicles)
        .set({ sellerPhone: code.phone })
        .where(and(eq(vehicles.sellerId, code.userId), before.phone === null ? isNull(vehicles.sellerPhone) : eq(vehicles.sellerPhone, before.phone)));
    }
    await setSellerPhoneVerified(tx, code.userId, true);
    return user ?? null;
  });
}
