import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_IMAGE_BYTES } from '../domain/constants';
import { GENERIC_MESSAGES } from '../domain/messages';
import { HOME_HERO_PRELOAD_LINK } from '../domain/home';
import { firstScreenModule, listingPageId, listingPhotoPreloadLink } from '../domain/screens';
import { loadScreenPreloads } from './screenPreloads';
import type { ServerConfig } from './config';
import { DYNAMIC_COMPRESSION } from './compression';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { HttpError } from './errors';
import { registerJsonParser } from './jsonBody';
import { createMailer, type Mailer } from './mail/mailer';
import { createMediaStore } from './media/mediaStore';
import { localMediaDir } from './media/localStore';
import { createPaymentProviders, type PaymentProviders } from './payments/providers';
import { authPlugin } from './plugins/auth';
import { idempotencyPlugin } from './plugins/idempotency';
import { ensureCatalogue } from './repositories/catalogue.repo';
import { PublicListingIndex } from './search/publicIndex';
import { createJobRunner } from './jobs/backgroundJobs';
import { PushNotifier } from './push/notifier';
import { readinessCheck } from './readiness';
import { createPushSender } from './push/sender';
import { countAllVehicles, findVehicle, toApiVehicle } from './repositories/vehicles.repo';
import { isPublic } from '../domain/vehicle';
import { ensureAdmin, seedSampleData } from './seed/seed';
import { adminRoutes } from './routes/admin.routes';
import { authRoutes } from './routes/auth.routes';
import { configRoutes } from './routes/config.routes';
import { eventRoutes } from './routes/events.routes';
import { mediaRoutes } from './routes/media.routes';
import { paymentRoutes } from './routes/payments.routes';
import { pushRoutes } from './routes/push.routes';
import { savedSearchRoutes } from './routes/savedSearches.routes';
import { referenceRoutes } from './routes/reference.routes';
import { syncRoutes } from './routes/sync.routes';
import { uploadRoutes } from './routes/uploads.routes';
import { userRoutes } from './routes/users.routes';
import { vehicleRoutes } from './routes/vehicles.routes';

export interface ServerDeps {
  database?: Database;
  payments?: PaymentProviders;
  mailer?: Mailer;
  now?: () => Date;
  /** Folder of the built app to serve; absent or missing folder: only /api is served. */
  appDir?: string | null;
  logger?: boolean;
  /** How long a background job's claim holds (tests shorten it to see another instance take a job over). */
  jobLeaseMs?: number;
}

/** JSON `{ "detail": … }` for every error; never a stack trace. */
function errorReply(err: FastifyError | HttpError | Error): { status: number; detail: unknown } {
  if (err instanceof HttpError) return { status: err.statusCode, detail: err.detail };
  const fe = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe)) {
    return {
      status: 422,
      detail: fe.validation.map((v) => ({
        loc: [fe.validationContext ?? 'body', ...v.instancePath.split('/').filter(Boolean)],
        msg: v.message ?? 'Invalid value',
        type: v.keyword,
      })),
    };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, detail: GENERIC_MESSAGES.malformedJson };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { status: 413, detail: GENERIC_MESSAGES.tooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, detail: 'Unsupported content type' };
    case 'FST_ERR_BAD_URL':
      return { status: 400, detail: GENERIC_MESSAGES.badAddress };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, detail: GENERIC_MESSAGES.addressTooLong };
  }
  if (fe.statusCode === 429) return { status: 429, detail: GENERIC_MESSAGES.rateLimited };
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return { status: fe.statusCode, detail: fe.message };
  return { status: 500, detail: GENERIC_MESSAGES.internal };
}

/** Trust the nearest `n` proxies (Fastify's numeric trustProxy, as a function its types accept). */
const trustHops = (n: number) => (_address: string, hop: number) => hop < n;

export async function buildServer(config: ServerConfig, deps: ServerDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    bodyLimit: 12 * 1024 * 1024 * 2,
    // While closing (a SIGTERM, src/server/start.ts): requests in flight finish, a request arriving on a
    // kept-alive connection meanwhile is answered 503 (a load balancer retries it elsewhere), and idle
    // kept-alive connections are closed rather than waited for.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // The router's own refusals (a bad percent-encoding, an over-long path segment) answer like every other error.
    frameworkErrors: (err, _req, reply) => {
      const { status, detail } = errorReply(err);
      void (reply as FastifyReply).code(status).type('application/json; charset=utf-8').send({ detail });
    },
  });
  registerJsonParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      listenUrl: config.databaseListenUrl,
      dataDir: config.dataDir,
      inMemory: config.inMemory,
      warn: (message) => app.log.warn(message),
    }));
  let redis: import('ioredis').Redis | null = null;
  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
    // Reported here and by GET /api/ready; without a listener each reconnection attempt is printed as unhandled.
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'Redis is not answering'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  const media = await createMediaStore(config);
  const ctx: AppContext = {
    config,
    db: database.db,
    engine: database.engine,
    mailer: deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    media,
    payments: deps.payments ?? createPaymentProviders(config.env, config.publicUrl),
    publicIndex: new PublicListingIndex(database.db, database),
    now: deps.now ?? (() => new Date()),
    push: new PushNotifier(database.db, createPushSender(config.vapid), app.log, () => ctx.now()),
    jobs: createJobRunner(database.db, () => ctx, { intervalMs: config.jobsIntervalMs, leaseMs: deps.jobLeaseMs, log: app.log }),
    readiness: readinessCheck({ db: database.db, redis, media, searchIndexReady: () => ctx.publicIndex.ready }),
  };
  app.decorate('ctx', ctx);
  await ctx.publicIndex.start();
  app.addHook('onClose', async () => {
    // A job under way (pushes being sent) finishes before the database it updates closes.
    await ctx.jobs.stop();
    await ctx.publicIndex.close();
    if (!deps.database) await database.close();
  });

  await ensureCatalogue(ctx.db);
  if (config.adminEmail && config.adminPassword) await ensureAdmin(ctx.db, config.adminEmail, config.adminPassword, app.log);
  if (config.seed && (await countAllVehicles(ctx.db)) === 0) await seedSampleData(ctx.db, app.log);
  // The public listings go into memory in the background (a million listings take tens of seconds);
  // searches are answered with SQL until they are in, and a failed build is tried again.
  const buildIndex = (attempt: number): void => {
    ctx.publicIndex.build().then(
      () => app.log.info({ listings: ctx.publicIndex.size }, 'public listings are in memory'),
      (err: unknown) => {
        app.log.warn({ err }, 'public listings not loaded into memory; searches use SQL meanwhile');
        const retry = setTimeout(() => buildIndex(attempt + 1), Math.min(60_000, 1000 * 2 ** attempt));
        retry.unref();
      },
    );
  };
  buildIndex(0);

  app.setErrorHandler((err, req, reply) => {
    const { status, detail } = errorReply(err as Error);
    if (status >= 500) req.log.error({ err }, 'request failed');
    reply.code(status).type('application/json; charset=utf-8').send({ detail });
  });

  // Photos redirected to MEDIA_PUBLIC_URL load from there: as images, and through the service worker's fetch.
  const mediaOrigin = config.media.store === 's3' && config.media.publicUrl ? [new URL(config.media.publicUrl).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com', ...mediaOrigin],
        workerSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis && { redis }),
    errorResponseBuilder: () => ({ statusCode: 429, detail: GENERIC_MESSAGES.rateLimited, message: GENERIC_MESSAGES.rateLimited }),
  });
  // Phones on metered connections: JSON (the first sync of the 70 sample listings: 90 KB, 15 KB compressed)
  // and any text the app did not ship precompressed, at settings that cost little CPU (compression.ts).
  await app.register(compress, DYNAMIC_COMPRESSION);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 20 } });
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.productName} API`, description: 'The marketplace API: listings, accounts, payments, sync and administration.', version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

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
    },
    { prefix: '/api' },
  );

  // Uploaded photos are named by their content, so they never change: cache them for a year.
  if (config.media.store === 'local') {
    const mediaDir = localMediaDir(config.dataDir);
    mkdirSync(mediaDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      cacheControl: true,
      allowedPath: (p) => !p.includes('..'),
    });
  } else {
    await app.register(mediaRoutes, { publicUrl: config.media.publicUrl });
  }

  const appDir = deps.appDir === undefined ? null : deps.appDir;
  /** The build's page for /: index.html with the home page's opening screen (vite.config.ts). */
  const HOME_PAGE_FILE = 'home.html';
  const indexHtml = appDir ? path.join(appDir, 'index.html') : null;
  if (appDir && existsSync(appDir)) {
    await app.register(fastifyStatic, {
      root: appDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (buildApp.ts): served as is, no work per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed build assets never change; everything else (the shell, the service worker) is revalidated.
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const preloads = appDir && existsSync(appDir) ? loadScreenPreloads(appDir) : null;
  /** The code of the screen the address opens on; for the home page, the phone or desktop panel as the browser's mobile hint says. */
  const screenLinks = (url: string, mobileHint: string | string[] | undefined): string | null => {
    const screen = firstScreenModule(url);
    if (!screen || !preloads) return null;
    return preloads(screen, mobileHint === '?1' ? 'mobile' : mobileHint === '?0' ? 'desktop' : null);
  };

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage = req.method === 'GET' && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/media/') && !path.extname(url);
    if (isPage && indexHtml && existsSync(indexHtml)) {
      const listing = listingPageId(url);
      // A hint only: a failed catch-up leaves the page without it.
      const row = listing ? await findVehicle(ctx.db, listing).catch(() => null) : null;
      const listed = row && isPublic(toApiVehicle(row), ctx.now()) ? row : null;
      const links = [
        url === '/' ? HOME_HERO_PRELOAD_LINK : null,
        listed ? listingPhotoPreloadLink(listed.images) : null,
        screenLinks(url, req.headers['sec-ch-ua-mobile']),
      ].filter(Boolean);
      if (links.length) reply.header('link', links.join(', '));
      // The home page's own copy carries its hero drawn in HTML (src/app/openingScreen.ts); a build without it gets the shell.
      const page = url === '/' && existsSync(path.join(appDir!, HOME_PAGE_FILE)) ? HOME_PAGE_FILE : 'index.html';
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(page, appDir!);
    }
    return reply.code(404).send({ detail: GENERIC_MESSAGES.notFound });
  });

  // Expiry, reminders, purges and publications' pushes: once across instances (src/server/jobs).
  await ctx.jobs.start();

  return app;
}
