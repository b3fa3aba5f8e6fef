import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { payments, users } from '../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** A payment the provider may still complete: pending, or superseded by a newer one but not settled. */
const UNSETTLED = ['pending', 'superseded'];

export async function findPayment(db: Db, provider: string, providerRef: string): Promise<PaymentRow | null> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
    .limit(1);
  return rows[0] ?? null;
}

/** The listing's open payment (at most one: a partial unique index on the pending ones). */
export async function findOpenPayment(db: Db, vehicleId: string): Promise<PaymentRow | null> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.vehicleId, vehicleId), eq(payments.status, 'pending')))
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts a pending payment; null when the listing already has one (another request opened it first). */
export async function insertOpenPayment(db: Db, p: NewPayment): Promise<PaymentRow | null> {
  const rows = await db
    .insert(payments)
    .values({ ...p, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

export async function updatePayment(db: Db, id: string, patch: Partial<NewPayment>): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

export async function deletePayment(db: Db, id: string): Promise<void> {
  await db.delete(payments).where(eq(payments.id, id));
}

/**
 * Closes an open payment so a new one can be opened: it is no longer offered to the payer, but if the
 * provider completes it anyway it is still settled (publishing, or recorded as a double payment).
 */
export async function supersedePayment(db: Db, id: string, message: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'superseded', message, updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
}

/** Moves an unsettled payment to a final state; false when another request settled it first. */
export async function settlePayment(tx: Tx, id: string, status: 'succeeded' | 'failed' | 'cancelled', message: string | null): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ status, message, updatedAt: new Date() })
    .where(and(eq(payments.id, id), inArray(payments.status, UNSETTLED)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Credits the payer with a payment the provider completed for a listing already paid for (spec section 9). */
export async function creditDoublePayment(tx: Tx, payment: Pick<PaymentRow, 'id' | 'userId' | 'amountCents'>, message: string): Promise<void> {
  await tx.update(payments).set({ message }).where(eq(payments.id, payment.id));
  await tx
    .update(users)
    .set({ creditCents: sql`${users.creditCents} + ${payment.amountCents}` })
    .where(eq(users.id, payment.userId));
}

export async function deleteAllPayments(tx: Tx): Promise<void> {
  await tx.delete(payments);
}
