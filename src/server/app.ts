import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config';
import type { ServerDeps } from './context';
import { registerJsonParser } from './jsonBody';
import { responseSerializer } from './responses';
import { compressPlugin } from './plugins/external/compress';
import { formbodyPlugin } from './plugins/external/formbody';
import { helmetPlugin } from './plugins/external/helmet';
import { jwtPlugin } from './plugins/external/jwt';
import { multipartPlugin } from './plugins/external/multipart';
import { rateLimitPlugin } from './plugins/external/rateLimit';
import { redisPlugin } from './plugins/external/redis';
import { appFilesPlugin, mediaFilesPlugin } from './plugins/external/static';
import { swaggerPlugin } from './plugins/external/swagger';
import { websocketPlugin } from './plugins/external/websocket';
import { liveRoutes } from './live/live.routes';
import { authPlugin } from './plugins/app/auth';
import { backupSocketPlugin } from './plugins/app/backupSocket';
import { contextPlugin } from './plugins/app/context';
import { errorReply, errorsPlugin } from './plugins/app/errors';
import { idempotencyPlugin } from './plugins/app/idempotency';
import { metricsPlugin } from './plugins/app/metrics';
import { pagesPlugin } from './plugins/app/pages';
import { requestIdGenerator, requestIdPlugin } from './plugins/app/requestId';
import { startupGatePlugin } from './plugins/app/startupGate';
import { adminRoutes } from './routes/admin.routes';
import { authRoutes } from './routes/auth.routes';
import { businessRoutes } from './routes/business.routes';
import { phoneRoutes } from './routes/phone.routes';
import { feedRoutes } from './routes/feeds.routes';
import { stockApiRoutes } from './routes/stockApi.routes';
import { dealerPlanRoutes } from './routes/dealerPlan.routes';
import { configRoutes } from './routes/config.routes';
import { eventRoutes } from './routes/events.routes';
import { favouriteRoutes } from './routes/favourites.routes';
import { conversationRoutes } from './routes/conversations/conversations.routes';
import { messageSettingsRoutes } from './routes/conversations/settings.routes';
import { mediaRoutes } from './routes/media.routes';
import { paymentRoutes } from './routes/payments.routes';
import { pushRoutes } from './routes/push.routes';
import { reportRoutes } from './routes/reports.routes';
import { savedSearchRoutes } from './routes/savedSearches.routes';
import { seoRoutes } from './routes/seo.routes';
import { referenceRoutes } from './routes/reference.routes';
import { syncRoutes } from './routes/sync.routes';
import { uploadRoutes } from './routes/uploads.routes';
import { userRoutes } from './routes/users.routes';
import { vehicleRoutes } from './routes/vehicles.routes';

export type { ServerDeps } from './context';

/** Trust the nearest `n` proxies (Fastify's numeric trustProxy, as a function its types accept). */
const trustHops = (n: number) => (_address: string, hop: number) => hop < n;

/**
 * The server: registers the plugins (plugins/external: one per library; plugins/app: ours), then the
 * /api routes, then the app's files and pages. Each plugin file says what it adds.
 */
export async function buildServer(config: ServerConfig, deps: ServerDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel, ...(deps.logStream && { stream: deps.logStream }) },
    // Each request's id (its log lines' reqId, its answer's X-Request-Id): a trusted proxy's X-Request-Id or a new one.
    genReqId: requestIdGenerator(config.trustProxy !== false),
    requestIdHeader: false,
    bodyLimit: 12 * 1024 * 1024 * 2,
    // No plugin is cut short for taking long: the slow part of start-up (the database) runs behind
    // `app.startup` while the server listens, with a deadline of its own (STARTUP_TIMEOUT_MS, start.ts).
    pluginTimeout: 0,
    // While closing (a SIGTERM, src/server/start.ts): requests in flight finish, and so does a request
    // arriving meanwhile on a kept-alive connection the server accepted; their answers carry
    // `Connection: close`, and idle kept-alive connections are closed rather than waited for.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // The router's own refusals (a bad percent-encoding, an over-long path segment) answer like every other error.
    frameworkErrors: (err, req, reply) => {
      const { status, detail } = errorReply(err);
      void (reply as FastifyReply).code(status).header('x-request-id', req.id).type('application/json; charset=utf-8').send({ detail });
    },
  });
  registerJsonParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);

  await app.register(redisPlugin, { url: config.redisUrl });
  await app.register(requestIdPlugin);
  // Before the context: its mailer, push sender and job runner count into app.metrics.
  await app.register(metricsPlugin);
  await app.register(contextPlugin, { config, deps });
  await app.register(startupGatePlugin);
  await app.register(backupSocketPlugin);
  await app.register(errorsPlugin);

  await app.register(helmetPlugin);
  await app.register(rateLimitPlugin);
  await app.register(compressPlugin);
  await app.register(multipartPlugin);
  await app.register(formbodyPlugin);
  await app.register(websocketPlugin);
  await app.register(swaggerPlugin);
  await app.register(jwtPlugin);

  await app.register(authPlugin);
  await app.register(idempotencyPlugin);

  await app.register(
    async (api) => {
      await api.register(authRoutes, { rateLimits: config.rateLimits });
      await api.register(vehicleRoutes);
      await api.register(userRoutes);
      await api.register(referenceRoutes);
      await api.register(syncRoutes);
      await api.register(uploadRoutes);
      await api.register(paymentRoutes);
      await api.register(adminRoutes);
      await api.register(configRoutes);
      await api.register(pushRoutes);
      await api.register(savedSearchRoutes);
      await api.register(eventRoutes);
      await api.register(businessRoutes);
      await api.register(phoneRoutes);
      await api.register(reportRoutes);
      await api.register(favouriteRoutes);
      await api.register(conversationRoutes);
      await api.register(messageSettingsRoutes);
      await api.register(liveRoutes);
      await api.register(feedRoutes);
      await api.register(stockApiRoutes);
      await api.register(dealerPlanRoutes);
    },
    { prefix: '/api' },
  );

  if (config.media.store === 'local') await app.register(mediaFilesPlugin);
  else await app.register(mediaRoutes, { publicUrl: config.media.publicUrl });

  // robots.txt, the sitemaps and the listings' link previews, for crawlers and chat apps.
  await app.register(seoRoutes, { sitemapSize: deps.sitemapSize });

  const appDir = deps.appDir === undefined ? null : deps.appDir;
  if (appDir && existsSync(appDir)) await app.register(appFilesPlugin, { appDir });
  await app.register(pagesPlugin, { appDir });

  if (!deps.startInBackground) {
    try {
      await app.startup.done;
    } catch (err) {
      await app.close().catch(() => undefined);
      throw err;
    }
  }
  return app;
}
