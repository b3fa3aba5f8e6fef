import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { syncChanges, sweepExpired } from '../repositories/vehicles.repo';

const syncQuery = z.object({
  since: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(2000).default(500),
});

export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  /** Delta sync of the public listings (see syncChanges in repositories/vehicles.repo.ts). */
  app.get('/sync/vehicles', { schema: { querystring: syncQuery, tags: ['sync'] } }, async (req, reply) => {
    // Expiry is a matter of time, not of a write: flag what ran out so it reaches mirrors as removed.
    await sweepExpired(db);
    reply.header('cache-control', 'no-store');
    return syncChanges(db, req.query.since, req.query.limit);
  });
};
