import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
type Claim = Pick<IdempotencyRow, 'principal' | 'key' | 'method' | 'path' | 'requestHash'>;

const thisKey = (principal: string, key: string) => and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key));

/**
 * Claims (principal, key) for a request; false when a row holds it already (the primary key settles races).
 * The key's row older than `expiredBefore` is dropped first, and so is a claim of this same request
 * still without an answer since before `staleBefore`.
 */
export async function claimIdempotencyKey(db: Db, claim: Claim, cutoffs: { expiredBefore: Date; staleBefore: Date }): Promise<boolean> {
  const key = thisKey(claim.principal, claim.key);
  await db.delete(idempotencyKeys).where(and(key, lt(idempotencyKeys.createdAt, cutoffs.expiredBefore)));
  await db.delete(idempotencyKeys).where(and(key, isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.requestHash, claim.requestHash), lt(idempotencyKeys.createdAt, cutoffs.staleBefore)));
  const claimed = await db.insert(idempotencyKeys).values(claim).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

export async function findIdempotencyKey(db: Db, principal: string, key: string): Promise<IdempotencyRow | null> {
  const [row] = await db.select().from(idempotencyKeys).where(thisKey(principal, key));
  return row ?? null;
}

/** Lets the key be used again (the request failed or its answer is not final). */
export async function releaseIdempotencyKey(db: Db, principal: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(thisKey(principal, key));
}

/** Keeps the answer a replay of the key gets. */
export async function storeIdempotentAnswer(db: Db, principal: string, key: string, answer: Pick<IdempotencyRow, 'statusCode' | 'responseBody' | 'responseType'>): Promise<void> {
  await db.update(idempotencyKeys).set(answer).where(thisKey(principal, key));
}

export async function purgeExpiredIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`));
}

/** Every key but one principal's (the administrator resetting the database keeps theirs). */
export async function deleteIdempotencyKeysExcept(tx: Tx, principal: string): Promise<void> {
  await tx.delete(idempotencyKeys).where(ne(idempotencyKeys.principal, principal));
}
