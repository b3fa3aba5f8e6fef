import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { registerScrapeGauges, type ScrapeSources } from './scrapeGauges';

/** The `route` label of a request no route matched (the app's pages, addresses that do not exist). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Latency buckets in seconds: a cached search answers in a millisecond, an upload's resizing in seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the job runner counts (jobs/runner.ts), by job name (`name`: the names of jobs/backgroundJobs.ts). */
export interface JobMetrics {
  /** Runs finished, whatever their outcome. */
  runs: Counter<'name'>;
  /** Runs that failed (retried later). */
  failures: Counter<'name'>;
  /** When the job last succeeded on this instance, in Unix seconds. */
  lastSuccess: Gauge<'name'>;
}

/**
 * One server instance's Prometheus metrics, in a registry of its own (a process may hold several
 * instances, as the tests do). Each field is counted by the module its comment names; every label
 * takes a bounded set of values. GET /metrics (plugins/app/metrics.ts) answers the registry's text.
 */
export interface Metrics {
  registry: Registry;
  /** Requests answered, by route pattern (never the address itself), method and status code. */
  httpRequests: Counter<'route' | 'method' | 'status'>;
  /** How long requests took to answer, by route pattern and method. */
  httpDuration: Histogram<'route' | 'method'>;
  jobs: JobMetrics;
  /** Requests answered from a stored Idempotency-Key record (plugins/app/idempotency.ts). */
  idempotentReplays: Counter;
  /** Payments by provider and event: opened, completed, failed (payments/opening.ts, completion.ts). */
  payments: Counter<'provider' | 'event'>;
  /** Messages handed to the mail transport: sent or failed (mail/mailer.ts). */
  mail: Counter<'result'>;
  /** Pushes by outcome: sent, gone (the device unsubscribed), failed (push/sender.ts). */
  push: Counter<'result'>;
  /** Photos stored by POST /api/uploads (routes/uploads.routes.ts). */
  uploadedImages: Counter;
  /** Uploads refused with a 4xx, by reason (routes/uploads.routes.ts). */
  uploadRefusals: Counter<'reason'>;
}

/** A new registry with Node's process metrics, the counters above and the gauges read at scrape time from `sources`. */
export function createMetrics(sources: ScrapeSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  registerScrapeGauges(registry, sources);
  return {
    registry,
    httpRequests: new Counter({ name: 'motokari_http_requests_total', help: 'HTTP requests answered, by route pattern, method and status code', labelNames: ['route', 'method', 'status'], registers }),
    httpDuration: new Histogram({
      name: 'motokari_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by route pattern and method',
      labelNames: ['route', 'method'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    jobs: {
      runs: new Counter({ name: 'motokari_job_runs_total', help: 'Background job runs finished on this instance, succeeded or failed', labelNames: ['name'], registers }),
      failures: new Counter({ name: 'motokari_job_failures_total', help: 'Background job runs that failed on this instance (retried later)', labelNames: ['name'], registers }),
      lastSuccess: new Gauge({ name: 'motokari_job_last_success_timestamp_seconds', help: 'When a background job last succeeded on this instance (Unix seconds)', labelNames: ['name'], registers }),
    },
    idempotentReplays: new Counter({ name: 'motokari_idempotent_replays_total', help: 'Requests answered from a stored Idempotency-Key record', registers }),
    payments: new Counter({ name: 'motokari_payments_total', help: 'Payments opened, completed and failed, by provider', labelNames: ['provider', 'event'], registers }),
    mail: new Counter({ name: 'motokari_mail_total', help: 'Mail messages sent or failed', labelNames: ['result'], registers }),
    push: new Counter({ name: 'motokari_push_total', help: 'Push notifications sent, gone (subscription expired) or failed', labelNames: ['result'], registers }),
    uploadedImages: new Counter({ name: 'motokari_uploaded_images_total', help: 'Photos stored by uploads', registers }),
    uploadRefusals: new Counter({ name: 'motokari_upload_refusals_total', help: 'Uploads refused with a 4xx answer, by reason', labelNames: ['reason'], registers }),
  };
}
