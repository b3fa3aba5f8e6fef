import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the built app goes; APP_DIST_DIR gives a separate one (e.g. two checkouts building side by side). */
export const distDir = process.env.APP_DIST_DIR ? path.resolve(process.env.APP_DIST_DIR) : path.join(root, 'dist');
/** What the browser app is built from: a change to any of it makes the build out of date. */
const APP_SOURCES = ['src/app', 'src/domain', 'src/data', 'workers', 'sw', 'public', 'vite.config.ts', 'manifest.webmanifest', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newestMtime(path.join(p, name))), st.mtimeMs);
}

/** Builds the app with Vite when any of its sources is newer than the last build. */
export function buildAppIfStale(): void {
  const built = newestMtime(path.join(distDir, 'index.html'));
  const sources = Math.max(...APP_SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (built >= sources && process.env.FORCE_BUILD !== '1') return;
  console.log('Building the app (sources changed since the last build)...');
  // Always a production build, whatever NODE_ENV the caller runs under (Vitest sets 'test', which
  // would give React's development build and skip the service worker).
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('The app build failed');
}
