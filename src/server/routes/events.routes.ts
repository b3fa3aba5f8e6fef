import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent } from '../responses';

/** A page view as the app's analytics module sends it: a path without query or fragment, never an id of the visitor. */
const pageView = z.object({
  type: z.literal('page_view'),
  path: z
    .string()
    .max(200)
    .regex(/^\/[^?#\s]*$/),
  at: z.iso.datetime(),
  screen: z.enum(['phone', 'wide']),
});
const eventsBody = z.object({ events: z.array(pageView).min(1).max(20) });

/**
 * First-party analytics, sent only with the visitor's analytics consent. Nothing is stored: each
 * page view is one line of the server log, for whatever aggregates the logs.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/events', { schema: { summary: 'Record page views for analytics', body: eventsBody, response: { 204: noContent }, tags: ['analytics'], security: [] } }, async (req, reply) => {
    for (const e of req.body.events) req.log.info({ event: e.type, path: e.path, screen: e.screen, at: e.at }, 'page view');
    return reply.code(204).send();
  });
};
