import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { GENERIC_MESSAGES } from '../../../domain/messages';

/** Rate limits are per route (`config.rateLimit`); counted in Redis when there is one, so across instances. */
export const rateLimitPlugin = fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    ...(app.redis && { redis: app.redis }),
    errorResponseBuilder: () => ({ statusCode: 429, detail: GENERIC_MESSAGES.rateLimited, message: GENERIC_MESSAGES.rateLimited }),
  });
});
