import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import { GENERIC_MESSAGES } from '@/domain/core/messages';

/** How often a Redis outage is reported while requests keep counting in memory. */
const OUTAGE_LOG_MS = 60_000;

type Params = { continueExceeding: boolean; exponentialBackoff: boolean; routeInfo?: { method: string; url: string } };

/**
 * Counts in Redis, so every instance counts a client together; while Redis does not answer, in this
 * instance's memory, so that logins, sign-ups and reset codes go on working (each instance limiting
 * on its own) instead of failing with 500. GET /api/ready reports the outage meanwhile.
 */
function sharedStore(redis: Redis, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let reportedAt = -Infinity;
  const failedOver = (err: Error) => {
    if (Date.now() - reportedAt < OUTAGE_LOG_MS) return;
    reportedAt = Date.now();
    log.warn({ err: err.message }, 'Redis is not answering: rate limits are counted per instance meanwhile');
  };
  class Store implements FastifyRateLimitStore {
    private readonly shared: FastifyRateLimitStore;
    private readonly local: FastifyRateLimitStore;

    constructor(params: Params, shared?: FastifyRateLimitStore, local?: FastifyRateLimitStore) {
      this.shared = shared ?? new RedisStore(params.continueExceeding, params.exponentialBackoff, redis);
      this.local = local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      this.shared.incr(
        key,
        (err, result) => {
          if (!err) return callback(null, result);
          failedOver(err);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new Store(routeOptions as unknown as Params, this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return Store as unknown as FastifyRateLimitStoreCtor;
}

/** Rate limits are per route (`config.rateLimit`); counted in Redis when there is one, so across instances. */
export const rateLimitPlugin = fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    ...(app.redis && { store: sharedStore(app.redis, app.log) }),
    errorResponseBuilder: () => ({ statusCode: 429, detail: GENERIC_MESSAGES.rateLimited, message: GENERIC_MESSAGES.rateLimited }),
  });
});
