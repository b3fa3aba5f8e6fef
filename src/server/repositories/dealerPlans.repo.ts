import { and, desc, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client';
import { dealerPlans, listingRevision, planInvoices, planPayments, vehicles } from '@/server/db/schema';

// A dealer's monthly plan (issue 38): the plan, its EcoCash payments, its invoices, and what a paid
// month does to the dealer's listings.

export type DealerPlanRow = typeof dealerPlans.$inferSelect;
export type PlanPaymentRow = typeof planPayments.$inferSelect;
export type PlanInvoiceRow = typeof planInvoices.$inferSelect;
export type NewPlanInvoice = Omit<typeof planInvoices.$inferInsert, 'id' | 'number'>;

export async function findPlan(db: Db | Tx, userId: string): Promise<DealerPlanRow | null> {
  const [row] = await db.select().from(dealerPlans).where(eq(dealerPlans.userId, userId)).limit(1);
  return row ?? null;
}

/** Starts a plan, or changes how an existing one pays (its paid months stay paid). */
export async function savePlanStart(
  db: Db,
  plan: Pick<DealerPlanRow, 'userId' | 'method' | 'status' | 'provider' | 'providerCustomerId' | 'providerSubscriptionId' | 'clientSecret'>,
  now: Date,
): Promise<DealerPlanRow> {
  const [row] = await db
    .insert(dealerPlans)
    .values({ ...plan, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: dealerPlans.userId,
      set: {
        method: plan.method,
        status: plan.status,
        provider: plan.provider,
        providerCustomerId: plan.providerCustomerId,
        providerSubscriptionId: plan.providerSubscriptionId,
        clientSecret: plan.clientSecret,
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}

/** A plan whose month was paid with EcoCash: it is an EcoCash plan from now on (a cancelled card plan included). */
export async function payingByEcocash(tx: Tx, userId: string, provider: string, now: Date): Promise<void> {
  await tx.update(dealerPlans).set({ method: 'ecocash', status: 'active', provider, providerSubscriptionId: null, clientSecret: null, updatedAt: now }).where(eq(dealerPlans.userId, userId));
}

export async function setPlanStatus(db: Db, userId: string, status: DealerPlanRow['status'], now: Date): Promise<void> {
  await db.update(dealerPlans).set({ status, updatedAt: now }).where(eq(dealerPlans.userId, userId));
}

/** Card plans the renewal job asks the provider about: renewing, and past their paid period. */
export async function cardPlansDue(db: Db, now: Date): Promise<DealerPlanRow[]> {
  return db
    .select()
    .from(dealerPlans)
    .where(and(eq(dealerPlans.method, 'card'), eq(dealerPlans.status, 'active'), lte(dealerPlans.paidUntil, now)))
    .limit(200);
}

/**
 * Records a paid month exactly once, in the caller's listing write (whose lock also makes the invoice
 * numbers follow one another without a gap): the invoice (refused when its provider reference is known,
 * and then nothing else changes), the plan's new paid_until, and the dealer's live listings kept up to
 * `listingsUntil` (the end of the new period's grace), each with a new revision (as the sync feeds
 * need). Returns the invoice, or null for a month recorded already.
 */
export async function recordPaidMonth(tx: Tx, invoice: NewPlanInvoice & { userId: string }, listingsUntil: Date): Promise<PlanInvoiceRow | null> {
  const [inserted] = await tx
    .insert(planInvoices)
    .values({ ...invoice, number: sql`(select coalesce(max(${planInvoices.number}), 0) + 1 from ${planInvoices})` })
    .onConflictDoNothing({ target: [planInvoices.provider, planInvoices.providerRef] })
    .returning();
  if (!inserted) return null;
  await tx
    .update(dealerPlans)
    .set({ paidUntil: sql`greatest(${dealerPlans.paidUntil}, ${invoice.periodEnd.toISOString()}::timestamptz)`, updatedAt: invoice.issuedAt })
    .where(eq(dealerPlans.userId, invoice.userId));
  await tx.execute(sql`update ${vehicles} set expires_at = ${listingsUntil.toISOString()}::timestamptz, updated_at = ${invoice.issuedAt.toISOString()}::timestamptz,
      revision = nextval(${sql.raw(`'${listingRevision.seqName}'`)})
    where seller_id = ${invoice.userId} and is_published and not is_expired and sold_at is null
      and expires_at > ${invoice.issuedAt.toISOString()}::timestamptz and expires_at < ${listingsUntil.toISOString()}::timestamptz`);
  return inserted;
}

/** Deletes the invoices issued before `before` (past the 7 years they are kept); returns how many. */
export async function purgeOldInvoices(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(planInvoices).where(lt(planInvoices.issuedAt, before)).returning({ id: planInvoices.id });
  return rows.length;
}

export async function listInvoices(db: Db, userId: string): Promise<PlanInvoiceRow[]> {
  return db.select().from(planInvoices).where(eq(planInvoices.userId, userId)).orderBy(desc(planInvoices.number));
}

export async function findInvoice(db: Db, userId: string, id: string): Promise<PlanInvoiceRow | null> {
  const [row] = await db
    .select()
    .from(planInvoices)
    .where(and(eq(planInvoices.id, id), eq(planInvoices.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** An EcoCash payment, written before the provider is asked (with a provisional reference). */
export async function insertPlanPayment(db: Db, p: typeof planPayments.$inferInsert): Promise<PlanPaymentRow> {
  const [row] = await db.insert(planPayments).values(p).returning();
  return row!;
}

export async function updatePlanPaymentRef(db: Db, id: string, providerRef: string, pollUrl: string | null): Promise<void> {
  await db.update(planPayments).set({ providerRef, pollUrl }).where(eq(planPayments.id, id));
}

export async function findPlanPayment(db: Db, provider: string, providerRef: string): Promise<PlanPaymentRow | null> {
  const [row] = await db
    .select()
    .from(planPayments)
    .where(and(eq(planPayments.provider, provider), eq(planPayments.providerRef, providerRef)))
    .limit(1);
  return row ?? null;
}

/** Settles a pending payment; only the first caller gets true. */
export async function settlePlanPayment(db: Db | Tx, id: string, status: 'succeeded' | 'failed', message: string | null): Promise<boolean> {
  const rows = await db
    .update(planPayments)
    .set({ status, message })
    .where(and(eq(planPayments.id, id), eq(planPayments.status, 'pending')))
    .returning({ id: planPayments.id });
  return rows.length > 0;
}

/**
 * Claims the reminders due: EcoCash plans whose paid period ends before `by` and has not been reminded
 * of yet. Each is marked in the same statement, so of two instances only one sends it.
 */
export async function claimDueReminders(db: Db, now: Date, by: Date): Promise<DealerPlanRow[]> {
  return db
    .update(dealerPlans)
    .set({ remindedFor: dealerPlans.paidUntil })
    .where(
      and(
        eq(dealerPlans.method, 'ecocash'),
        eq(dealerPlans.status, 'active'),
        lte(dealerPlans.paidUntil, by),
        sql`${dealerPlans.paidUntil} > ${now.toISOString()}::timestamptz`,
        or(isNull(dealerPlans.remindedFor), ne(dealerPlans.remindedFor, dealerPlans.paidUntil)),
      ),
    )
    .returning();
}

/** The dealer's listings awaiting a fee: drafts never published, and expired ones not sold. */
export async function listingsAwaitingFee(tx: Tx, sellerId: string) {
  return tx
    .select({ id: vehicles.id, firstPublishedAt: vehicles.firstPublishedAt, featured: vehicles.featured, subscriptionPlan: vehicles.subscriptionPlan })
    .from(vehicles)
    .where(and(eq(vehicles.sellerId, sellerId), isNull(vehicles.soldAt), isNull(vehicles.hiddenForReviewAt), or(eq(vehicles.isPublished, false), eq(vehicles.isExpired, true))));
}
