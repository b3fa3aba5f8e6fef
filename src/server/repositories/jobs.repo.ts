import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;
/** What a runner needs of the job it claimed; `attempts` (this claim's count) fences its later writes. */
export type ClaimedJob = Pick<JobRow, 'id' | 'name' | 'payload' | 'recurring' | 'attempts'>;

/** `ms` milliseconds after the database's clock: every instance reads the same one. */
const afterNow = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

/** The recurring jobs' rows, one per name, due at once when new (an existing row keeps its schedule). */
export async function ensureRecurringJobs(db: Db, names: string[]): Promise<void> {
  if (!names.length) return;
  await db
    .insert(jobs)
    .values(names.map((name) => ({ id: name, name, recurring: true })))
    .onConflictDoNothing();
}

/**
 * A one-off job, due at once. Called inside the transaction whose write it follows from (an outbox):
 * the job exists if and only if that write committed.
 */
export async function enqueueJob(tx: Tx, name: string, payload: Record<string, unknown>): Promise<void> {
  await tx.insert(jobs).values({ id: randomUUID(), name, payload });
}

/**
 * Claims one due job of the given names that no live lease holds, and leases it for `leaseMs`. One
 * statement, committed before the job runs: of several instances claiming at once, each row goes to
 * one (SKIP LOCKED passes over a row another claim is taking; the lease keeps it theirs after).
 */
export async function claimDueJob(db: Db, names: string[], leaseMs: number): Promise<ClaimedJob | null> {
  if (!names.length) return null;
  const res = await db.execute(sql`
    update ${jobs} set locked_until = ${afterNow(leaseMs)}, attempts = attempts + 1
    where id = (
      select id from ${jobs}
      where name in ${names} and next_run_at <= now() and (locked_until is null or locked_until <= now())
      order by next_run_at, id
      limit 1
      for update skip locked
    )
    returning id, name, payload, recurring, attempts`);
  const row = rowsOf<ClaimedJob>(res)[0];
  return row ? { ...row, attempts: Number(row.attempts) } : null;
}

/**
 * The claim is still this runner's: the row's attempts are the ones it claimed with. A runner whose
 * lease lapsed (and whose job someone else claimed since) changes nothing.
 */
const stillClaimed = (job: Pick<ClaimedJob, 'id' | 'attempts'>) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));

/** Done: a recurring job comes due again after `intervalMs`; a one-off job is gone. */
export async function finishJob(db: Db, job: Pick<ClaimedJob, 'id' | 'attempts' | 'recurring'>, intervalMs: number): Promise<void> {
  if (!job.recurring) {
    await db.delete(jobs).where(stillClaimed(job));
    return;
  }
  await db
    .update(jobs)
    .set({ nextRunAt: sql`${afterNow(intervalMs)}`, lockedUntil: null, attempts: 0, lastError: null })
    .where(stillClaimed(job));
}

/** Failed: the error is kept and the job is tried again after `retryMs` (the next poll). */
export async function failJob(db: Db, job: Pick<ClaimedJob, 'id' | 'attempts'>, error: string, retryMs: number): Promise<void> {
  await db
    .update(jobs)
    .set({ nextRunAt: sql`${afterNow(retryMs)}`, lockedUntil: null, lastError: error })
    .where(stillClaimed(job));
}

/** Records a one-off job's progress in its payload, so a retry after a crash skips what was done. */
export async function recordJobProgress(db: Db, job: Pick<ClaimedJob, 'id' | 'attempts'>, payload: Record<string, unknown>): Promise<void> {
  await db.update(jobs).set({ payload }).where(stillClaimed(job));
}

/** The jobs of these ids as stored (operators' checks and tests). */
export async function findJobs(db: Db, ids: string[]): Promise<JobRow[]> {
  if (!ids.length) return [];
  return db.select().from(jobs).where(inArray(jobs.id, ids));
}
