import { ConfigError, loadConfig } from './config';
import { buildServer } from './app';
import { buildAppIfStale, distDir } from './buildApp';
import { DataDirLockedError } from './db/dataDirLock';

async function main(): Promise<void> {
  if (process.env.SKIP_BUILD !== '1') buildAppIfStale();
  const config = loadConfig();
  const app = await buildServer(config, { appDir: distDir });
  let closing = false;
  /**
   * Stops taking connections, lets the requests in flight finish, stops the job runner (a job under
   * way finishes; one cut short is retried elsewhere once its lease lapses) and closes the pools. Past
   * SHUTDOWN_TIMEOUT_MS, or on a second signal, it exits anyway, non-zero.
   */
  const close = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
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
  app.log.info(`${config.productName} is serving on ${config.publicUrl} (database: ${app.ctx.engine})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof DataDirLockedError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
