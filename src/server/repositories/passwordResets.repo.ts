import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { passwordResets } from '../db/schema';
import { setPasswordHash } from './users.repo';

export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** Stores a new reset code for the user; the codes sent before it stop working. */
export async function replaceResetCode(db: Db, userId: string, codeHash: string, expiresAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ userId, codeHash, expiresAt });
  });
}

/** The user's newest code that is neither used nor expired. */
export async function findLiveResetCode(db: Db, userId: string, now: Date): Promise<PasswordResetRow | null> {
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  return reset ?? null;
}

/** Counts a wrong guess against a code. */
export async function countFailedAttempt(db: Db, resetId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(eq(passwordResets.id, resetId));
}

/**
 * Uses the code and sets the new password in one transaction; false when the code was used meanwhile
 * (two racing resets with one code: only one sets a password).
 */
export async function resetPasswordWithCode(db: Db, resetId: string, userId: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!used.length) return false;
    await setPasswordHash(tx, userId, passwordHash);
    return true;
  });
}

export async function deleteAllPasswordResets(tx: Tx): Promise<void> {
  await tx.delete(passwordResets);
}
