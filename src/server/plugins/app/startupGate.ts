import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '@/domain/core/messages';
import { RETRY_AFTER_S } from './errors';

/** What answers while the database opens: liveness, readiness and the API's description need no database. */
const ANSWERS_WHILE_STARTING = /^\/api\/(health|ready|docs)(\/|\?|$)/;
/** Addresses answered from the database: the API, the sitemaps and the listings' link previews. */
const NEEDS_DATABASE = /^\/(api|sitemap\.xml|sitemaps|preview)(\/|\?|$)/;

/**
 * Until start-up is done (app.startup.apiReady), a request that needs the database answers 503
 * `{ "detail": … }` with Retry-After, as when the database is briefly away: the app then reads its
 * device copy and tries again. The app's files and pages are served meanwhile (plugins/app/pages.ts
 * gives the pages that show listings no listing head until then). Once the process is stopping
 * (app.startup.stopping), every answer says `Connection: close`, so no client keeps a connection to an
 * instance that is going away.
 */
export const startupGatePlugin = fp(async (app) => {
  app.addHook('onRequest', async (req, reply) => {
    if (app.startup.apiReady || ANSWERS_WHILE_STARTING.test(req.url) || !NEEDS_DATABASE.test(req.url)) return;
    return reply.code(503).header('retry-after', String(RETRY_AFTER_S)).header('cache-control', 'no-store').send({ detail: GENERIC_MESSAGES.starting });
  });
  app.addHook('onSend', async (req, reply) => {
    if (app.startup.stopping && req.raw.httpVersionMajor === 1) reply.header('connection', 'close');
  });
});
