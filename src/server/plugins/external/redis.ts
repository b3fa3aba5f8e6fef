import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis (rate-limit counters across instances), when REDIS_URL is set. */
    redis: Redis | null;
  }
}

/** Connects to Redis when a URL is given; closed with the server. */
export const redisPlugin = fp<{ url: string | null }>(async (app, opts) => {
  if (!opts.url) {
    app.decorate('redis', null);
    return;
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(opts.url, { connectTimeout: 500, maxRetriesPerRequest: 1 });
  // Reported here and by GET /api/ready; without a listener each reconnection attempt is printed as unhandled.
  redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'Redis is not answering'));
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
});
