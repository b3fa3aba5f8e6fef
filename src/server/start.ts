import { ConfigError, loadConfig } from './config';
import { buildServer } from './app';
import { buildAppIfStale, distDir } from './buildApp';
import { DataDirLockedError } from './db/dataDirLock';
import { startedWithin, StartupTimeoutError } from './startup';

async function main(): Promise<void> {
  if (process.env.SKIP_BUILD !== '1') buildAppIfStale();
  const config = loadConfig();
  // The port answers from the first moment (the app's files, /api/health; /api/ready and the API say
  // it is starting) while the database opens behind it.
  const app = await buildServer(config, { appDir: distDir, startInBackground: true });
  let closing = false;
  /**
   * Drains: /api/ready turns 503 at once so a balancer stops sending; the server stops taking
   * connections and closes the idle kept-alive ones; every request it has received, and every request
   * arriving on a connection it had accepted, is answered (with `Connection: close`); then the job
   * runner stops (a job under way finishes; one cut short is retried elsewhere once its lease lapses)
   * and the pools close. Past SHUTDOWN_TIMEOUT_MS, or on a second signal, it exits anyway, non-zero.
   */
  const close = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    app.startup.stopping = true;
    app.log.info({ signal, timeout_ms: config.shutdownTimeoutMs }, 'shutting down: finishing the requests in flight');
    const deadline = setTimeout(() => {
      app.log.error({ timeout_ms: config.shutdownTimeoutMs }, 'shutdown took too long: exiting with work unfinished');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    app.close().then(
      () => {
        app.log.info('shut down');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => close('SIGINT'));
  process.on('SIGTERM', () => close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ step: app.startup.step }, 'starting: the port answers; the API waits for the database');
  try {
    await startedWithin(app.startup, config.startupTimeoutMs);
  } catch (err) {
    if (closing) return;
    console.error(err instanceof StartupTimeoutError ? err.message : `Start-up failed while ${app.startup.step}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  }
  app.log.info(`${config.productName} is serving on ${config.publicUrl} (database: ${app.ctx.engine})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof DataDirLockedError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
