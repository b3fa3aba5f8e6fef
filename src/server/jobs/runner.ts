import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { JobMetrics } from '../metrics';
import { claimDueJob, ensureRecurringJobs, failJob, finishJob, recordJobProgress, type ClaimedJob } from '../repositories/jobs.repo';

/** A job's work (`attempts`: this one included). A one-off job may record its progress, so a retry after a crash skips what was done. */
export type JobHandler = (job: { payload: Record<string, unknown>; attempts: number; recordProgress(payload: Record<string, unknown>): Promise<void> }) => Promise<unknown>;

export interface JobRunnerOptions {
  /** Recurring jobs by name: each runs once every `intervalMs` across all instances. */
  recurring: Record<string, JobHandler>;
  /** One-off jobs by name (enqueued with enqueueJob, in the transaction of the write they follow). */
  oneOff: Record<string, JobHandler>;
  /** How often this instance looks for due jobs (JOBS_INTERVAL_MS); also a recurring job's period and a failed job's first retry delay. */
  intervalMs: number;
  /** How long a claim holds a job: an instance that dies mid-job leaves it to others after this. */
  leaseMs?: number;
  log: FastifyBaseLogger;
  /** Where each run's outcome is counted for GET /metrics (the server's runner; a runner a test builds counts nothing). */
  metrics?: JobMetrics;
}

/** Longer than any job takes (a sweep, a purge, a listing's pushes), short enough that a crash delays its work by minutes only. */
const DEFAULT_LEASE_MS = 5 * 60_000;
/** The longest a failing job waits before it is tried again. */
const MAX_RETRY_MS = 60 * 60_000;

/**
 * How long a job that failed on its n-th attempt in a row waits: one interval, then twice as long
 * after each further failure, at most an hour (a job failing for good is not retried every minute).
 */
export function retryDelayMs(intervalMs: number, attempts: number): number {
  return Math.min(MAX_RETRY_MS, intervalMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
}

/**
 * Runs background jobs kept in PostgreSQL (table `jobs`), once across instances: each instance polls
 * every `intervalMs`, claims due jobs one at a time with a lease that it commits before the job runs
 * (no transaction stays open while a job sends pushes: PGlite has one connection), and records the
 * outcome. `kick()` polls at once, after this process enqueued a job, so its work does not wait for
 * the next poll.
 */
export class JobRunner {
  private readonly handlers: Record<string, { run: JobHandler; recurring: boolean }> = {};
  private readonly names: string[];
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private pollAgain = false;
  private stopped = false;
  private readonly completed = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly opts: JobRunnerOptions,
  ) {
    for (const [name, run] of Object.entries(opts.recurring)) this.handlers[name] = { run, recurring: true };
    for (const [name, run] of Object.entries(opts.oneOff)) this.handlers[name] = { run, recurring: false };
    this.names = Object.keys(this.handlers);
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    // Every job's counters exist from the start, at 0, so that a rate over them is defined before its first run.
    for (const name of this.names) {
      opts.metrics?.runs.inc({ name }, 0);
      opts.metrics?.failures.inc({ name }, 0);
    }
  }

  /** Makes sure the recurring jobs exist, then polls now and every `intervalMs`. */
  async start(): Promise<void> {
    await ensureRecurringJobs(this.db, Object.keys(this.opts.recurring));
    if (this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.opts.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Polls for due jobs now (or again right after the poll under way). */
  kick(): void {
    if (this.stopped) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = this.drain().finally(() => {
      this.polling = null;
    });
  }

  /** Waits until no poll is under way (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.polling) await this.polling;
  }

  /** Takes no more jobs; a job under way finishes (or, if the process dies first, its lease lapses). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }

  /** How many times this instance completed the named job since it started (diagnostics, tests). */
  completedRuns(name: string): number {
    return this.completed.get(name) ?? 0;
  }

  private async drain(): Promise<void> {
    do {
      this.pollAgain = false;
      try {
        await this.poll();
      } catch (err) {
        this.opts.log.warn({ err }, 'background jobs: could not look for due jobs');
      }
    } while (this.pollAgain && !this.stopped);
  }

  private async poll(): Promise<void> {
    while (!this.stopped) {
      const job = await claimDueJob(this.db, this.names, this.leaseMs);
      if (!job) return;
      await this.run(job);
    }
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers[job.name]!;
    try {
      await handler.run({ payload: job.payload, attempts: job.attempts, recordProgress: (payload) => recordJobProgress(this.db, job, payload) });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retryMs = retryDelayMs(this.opts.intervalMs, job.attempts);
      this.opts.log.warn({ err, job: job.name, attempts: job.attempts, retryMs }, 'background job failed; it is retried later');
      this.opts.metrics?.runs.inc({ name: job.name });
      this.opts.metrics?.failures.inc({ name: job.name });
      await failJob(this.db, job, message, retryMs);
      return;
    }
    await finishJob(this.db, job, this.opts.intervalMs);
    this.completed.set(job.name, this.completedRuns(job.name) + 1);
    this.opts.metrics?.runs.inc({ name: job.name });
    this.opts.metrics?.lastSuccess.set({ name: job.name }, Date.now() / 1000);
    this.opts.log.debug({ job: job.name }, 'background job done');
  }
}
