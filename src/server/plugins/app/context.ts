import fp from 'fastify-plugin';
import type { ServerConfig } from '@/server/config';
import type { AppContext, ServerDeps } from '@/server/context';
import { createDatabase } from '@/server/db/client';
import { createJobRunner } from '@/server/jobs/backgroundJobs';
import { countedMailer, createMailer } from '@/server/mail/mailer';
import { createMediaStore } from '@/server/media/createMediaStore';
import { createSmsSender } from '@/server/sms/smsSender';
import { createPaymentProviders } from '@/server/payments/providers';
import { PushNotifier } from '@/server/push/notifier';
import { EmailAlerts } from '@/server/mail/savedSearchAlerts';
import { countedPushSender, createPushSender } from '@/server/push/sender';
import { readinessCheck } from '@/server/readiness';
import { ensureCatalogue } from '@/server/repositories/catalogue.repo';
import { countAllVehicles } from '@/server/repositories/vehicles/statsAndEvents';
import { PublicListingIndex } from '@/server/search/publicIndex';
import { listingWordsOf } from '@/server/search/listingWords';
import { ensureAdmin, seedSampleData } from '@/server/seed/seed';
import { Startup } from '@/server/startup';

/**
 * `app.ctx`: the database, stores, providers, search index and job runner every route reaches, made
 * at once; and `app.startup`: the start-up that runs behind them while the server already listens
 * (the database opened and migrated; the catalogue, the configured administrator and, when asked, the
 * sample listings ensured; the job runner started), then the public listings loaded into memory in
 * the background. Until the start-up is done the API answers 503 (plugins/app/startupGate.ts).
 * Closed with the server.
 */
export const contextPlugin = fp<{ config: ServerConfig; deps: ServerDeps }>(async (app, { config, deps }) => {
  const startup = new Startup();
  app.decorate('startup', startup);
  const { database, opened } = deps.database
    ? { database: deps.database, opened: Promise.resolve() }
    : await createDatabase({
        databaseUrl: config.databaseUrl,
        listenUrl: config.databaseListenUrl,
        dataDir: config.dataDir,
        inMemory: config.inMemory,
        warn: (message) => app.log.warn(message),
        onStep: (step) => (startup.step = step),
      });
  const media = await createMediaStore(config);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    engine: database.engine,
    mailer: countedMailer(deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }), app.metrics.mail),
    sms: deps.sms ?? createSmsSender({ settings: config.sms, dataDir: config.dataDir, log: app.log }),
    media,
    payments: deps.payments ?? createPaymentProviders(config.env, config.publicUrl, () => ctx.now()),
    publicIndex: new PublicListingIndex(database.db, database),
    now: deps.now ?? (() => new Date()),
    push: new PushNotifier(database.db, countedPushSender(createPushSender(config.vapid), app.metrics.push), app.log, () => ctx.now()),
    emailAlerts: new EmailAlerts(
      database.db,
      () => ctx.mailer,
      { secret: config.jwtSecret, publicUrl: config.publicUrl, product: config.productName, log: app.log },
      () => ctx.now(),
    ),
    jobs: createJobRunner(database.db, () => ctx, { intervalMs: config.jobsIntervalMs, leaseMs: deps.jobLeaseMs, log: app.log, metrics: app.metrics.jobs }),
    readiness: readinessCheck({
      startup,
      db: database.db,
      redis: app.redis,
      media,
      sharedMedia: config.media.store === 's3',
      searchIndexReady: () => ctx.publicIndex.ready,
    }),
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    // A job under way (pushes being sent) finishes before the database it updates closes.
    await ctx.jobs.stop();
    await ctx.publicIndex.close();
    if (!deps.database) await database.close();
  });

  startup.run(async (at) => {
    await opened;
    await ctx.publicIndex.start();
    at('loading the catalogue');
    await ensureCatalogue(ctx.db);
    if (config.adminEmail && config.adminPassword) {
      at('creating the administrator');
      await ensureAdmin(ctx.db, config.adminEmail, config.adminPassword, app.log);
    }
    if (config.seed && (await countAllVehicles(ctx.db)) === 0) {
      at('adding the sample listings');
      await seedSampleData(ctx.db, app.log);
    }
    at('starting the background jobs');
    // Expiry, reminders, purges and publications' pushes: once across instances (src/server/jobs).
    await ctx.jobs.start();
  });
  void startup.done.then(() => {
    buildIndex(0);
    // The listings' words (after an upgrade, every listing's) written and read in the background too;
    // a words search waits for them, and one that fails is caught up by the next words search.
    listingWordsOf(ctx.db)
      .catchUp()
      .catch((err: unknown) => app.log.warn({ err }, "listings' words not caught up; the next words search tries again"));
  });
  // The public listings go into memory in the background (a million listings take tens of seconds);
  // searches are answered with SQL until they are in (the instance is not ready meanwhile), and a
  // failed build is tried again.
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
});
