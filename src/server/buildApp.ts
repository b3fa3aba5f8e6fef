import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
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
  precompress(distDir);
}

const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json|txt)$/;

/** Writes the best Brotli and gzip of every text file of the build beside it, for the server to send as is. */
export function precompress(dir: string): void {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}
