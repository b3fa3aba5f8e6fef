import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

// What the server keeps about its own work: replayed requests' answers, small facts, background jobs.

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.principal, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Small facts the server keeps about itself (the catalogue version it loaded). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Background work, run once across instances (src/server/jobs/runner.ts). A recurring job is one row
 * named after it that comes due again JOBS_INTERVAL_MS after each success; a one-off job (the pushes a
 * listing's publication sends, written in the transaction that publishes it) is deleted once done. An
 * instance claims a due job by setting a lease (`locked_until`) and commits before running it; when
 * that instance dies the lease lapses and any instance takes the job up again. `attempts` counts the
 * claims since the last success; `payload` also records a one-off job's progress.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    recurring: boolean('recurring').notNull().default(false),
    nextRunAt: ts('next_run_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.nextRunAt)],
);
