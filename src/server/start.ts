import { ConfigError, loadConfig } from './config';
import { buildServer } from './app';
import { buildAppIfStale, distDir } from './buildApp';
import { DataDirLockedError } from './db/dataDirLock';

async function main(): Promise<void> {
  if (process.env.SKIP_BUILD !== '1') buildAppIfStale();
  const config = loadConfig();
  const app = await buildServer(config, { appDir: distDir });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.productName} is serving on ${config.publicUrl} (database: ${app.ctx.engine})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof DataDirLockedError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
