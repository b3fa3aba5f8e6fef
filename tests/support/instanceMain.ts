import { loadConfig } from '@/server/config';
import { buildServer } from '@/server/app';

/**
 * A server process as `npm start` runs it (configured by its environment, API only), for tests that
 * run several instances (tests/support/serverInstance.ts). One difference: push endpoints on plain
 * http are accepted, as the tests' fake push service (tests/fakes/fakePushService.ts) listens on
 * 127.0.0.1.
 */
const config = loadConfig(process.env, { pushAllowHttp: true });
const app = await buildServer(config, { appDir: null });
const close = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void close());
process.once('SIGTERM', () => void close());
await app.listen({ port: config.port, host: config.host });
