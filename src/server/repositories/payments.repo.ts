import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payments } from '../db/schema';
import type { Tx } from './vehicles.repo';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

export async function insertPayment(db: Db, p: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(p).returning();
  return row!;
}

export async function findPayment(db: Db, provider: string, providerRef: string): Promise<PaymentRow | null> {
  const rows = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef))).limit(1);
  return rows[0] ?? null;
}

/** Moves a pending payment to a final state; false when another request settled it first. */
export async function settlePayment(tx: Tx, id: string, status: 'succeeded' | 'failed' | 'cancelled', message: string | null): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ status, message, updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}
