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
  // While Redis is away a command fails at once (no queue waiting for a reconnection: a login would
  // wait seconds for its rate limit) and one that goes unanswered fails after half a second; the rate
  // limits then count in memory (rateLimit.ts).
  const redis = new Redis(opts.url, { connectTimeout: 500, commandTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  // Reported here and by GET /api/ready; without a listener each reconnection attempt is printed as unhandled.
  redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'Redis is not answering'));
  // The first requests count in Redis when it is there: the server starts listening once connected, or
  // once the first attempt failed (it keeps trying meanwhile).
  await new Promise<void>((resolve) => {
    const done = () => {
      redis.off('ready', done).off('error', done);
      resolve();
    };
    redis.once('ready', done).once('error', done);
  });
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
});
