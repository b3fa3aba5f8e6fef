import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '@/domain/core/messages';
import { createMetrics, UNMATCHED_ROUTE, type Metrics } from '@/server/metrics';
import { currentRevision } from '@/server/repositories/vehicles/writes';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus metrics (src/server/metrics.ts), counted by the modules they name. */
    metrics: Metrics;
  }
}

/** The answer to a scrape without the right token. */
const TOKEN_REQUIRED = 'A valid metrics token is required: Authorization: Bearer $METRICS_TOKEN';
/** Methods reported as they are; any other (Node's parser knows a few dozen) is reported as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries `token` as a bearer token, compared in constant time (both sides hashed to one length first). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * `app.metrics` (src/server/metrics.ts), every request counted and timed by its route pattern, and
 * GET /metrics: the registry in Prometheus' text format, for `Authorization: Bearer $METRICS_TOKEN`
 * only (404 when METRICS_TOKEN is unset, 401 without the token). Registered before the context, whose
 * mailer, push sender and job runner count into it; the gauges read `app.ctx` when scraped.
 */
export const metricsPlugin = fp(
  async (app) => {
    const metrics = createMetrics({
      searchIndex: () => app.ctx.publicIndex,
      headRevision: () => (app.startup.apiReady ? currentRevision(app.ctx.db) : null),
      poolStats: () => app.ctx.database.poolStats(),
      dataDir: () => app.ctx.config.dataDir,
    });
    app.decorate('metrics', metrics);

    app.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
      const method = METHODS.has(req.method) ? req.method : 'OTHER';
      metrics.httpRequests.inc({ route, method, status: reply.statusCode });
      metrics.httpDuration.observe({ route, method }, reply.elapsedTime / 1000);
      done();
    });

    // Answered here rather than thrown: this route is registered before the errors plugin.
    app.get('/metrics', async (req, reply) => {
      const token = app.ctx.config.metricsToken;
      reply.header('cache-control', 'no-store');
      if (!token) return reply.code(404).send({ detail: GENERIC_MESSAGES.notFound });
      if (!bearerMatches(req.headers.authorization, token)) return reply.code(401).header('www-authenticate', 'Bearer').send({ detail: TOKEN_REQUIRED });
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: 'metrics' },
);
