import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { buildServer } from './app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = path.join(root, 'dist');
/** What the browser app is built from: a change to any of it makes the build out of date. */
const APP_SOURCES = ['src/app', 'src/domain', 'src/data', 'workers', 'sw', 'public', 'vite.config.ts', 'manifest.webmanifest', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newestMtime(path.join(p, name))), st.mtimeMs);
}

function buildAppIfStale(): void {
  const built = newestMtime(path.join(distDir, 'index.html'));
  const sources = Math.max(...APP_SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (built >= sources && process.env.FORCE_BUILD !== '1') return;
  console.log('Building the app (sources changed since the last build)...');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('The app build failed');
}

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
  console.error(err);
  process.exit(1);
});
