import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * A rate limit on something other than the client's address (an email address, a signed-in user),
 * counted in the same store as the routes' limits: Redis when REDIS_URL is set, so every instance
 * counts together, memory otherwise. The returned check counts one request under `key(req)` and
 * throws 429 `{detail}` once more than `max` were counted in the window.
 */
export function keyedLimit(
  app: FastifyInstance,
  opts: { name: string; max: number; timeWindow: string; key: (req: FastifyRequest) => string; detail: string },
): (req: FastifyRequest) => Promise<void> {
  const limiter = app.createRateLimit({ max: opts.max, timeWindow: opts.timeWindow, keyGenerator: (req) => `${opts.name}:${opts.key(req)}` });
  return async (req) => {
    const result = await limiter(req);
    if (!result.isAllowed && result.isExceeded) throw new HttpError(429, opts.detail);
  };
}
