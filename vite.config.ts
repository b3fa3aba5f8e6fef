/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { homeOpeningScreenHtml } from './src/app/openingScreen';
import { FIRST_SCREEN_MODULES, HOME_VARIANT_MODULES, type ScreenModule } from './src/domain/screens';
import { SCREEN_FILES_MANIFEST } from './src/server/screenPreloads';

const root = import.meta.dirname;
const manifest = JSON.parse(readFileSync(path.join(root, 'manifest.webmanifest'), 'utf8')) as Partial<ManifestOptions>;

const STARTUP_TEXT = '<p class="loading" role="status">Loading Motokari...</p>';

/**
 * Writes home.html, which the server (and the service worker) sends for /: index.html with the home
 * page's opening screen in #root (src/app/openingScreen.ts).
 */
function homePage(): Plugin {
  return {
    name: 'motokari-home-page',
    // After Vite's own HTML plugin has written index.html into the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      // The workers' and the service worker's builds have no page.
      if (index?.type !== 'asset') return;
      const html = String(index.source);
      if (!html.includes(STARTUP_TEXT)) throw new Error(`index.html has no ${STARTUP_TEXT} in #root`);
      this.emitFile({ type: 'asset', fileName: 'home.html', source: html.replace(STARTUP_TEXT, homeOpeningScreenHtml()) });
    },
  };
}

/**
 * Writes which file holds each screen the server names in a page's Link header (SCREEN_FILES_MANIFEST):
 * Vite's manifest keys a file by its module only when the file starts from it, not for the files
 * codeSplitting() makes, which start from several.
 */
function screenFilesManifest(): Plugin {
  return {
    name: 'motokari-screen-files',
    // After Vite's own HTML plugin has written index.html into the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      if (!bundle['index.html']) return;
      const files: Record<string, string> = {};
      for (const module of [...FIRST_SCREEN_MODULES, ...Object.values(HOME_VARIANT_MODULES)]) {
        const id = path.join(root, 'src', 'app', module);
        const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.moduleIds.includes(id));
        if (!chunk) throw new Error(`no file holds ${module}`);
        files[module] = chunk.fileName;
      }
      this.emitFile({ type: 'asset', fileName: SCREEN_FILES_MANIFEST, source: JSON.stringify(files, null, 2) });
    },
  };
}

/**
 * How the app's code is cut into files. Each file costs a phone one more request, and on a slow
 * connection (150 ms a round trip, six at a time) a screen made of thirty small shared files waits
 * for them in turns. So what the app's first chunk needs statically goes into that chunk, and each of
 * the most visited screens gets one file with its own code and whatever it needs that the files
 * before it do not have (the home page's with its phone panels). A later one loads an earlier one's
 * file for what they share. The other screens pull in much more (the dashboard, the seller's wizard):
 * Vite splits them as usual. Measured in tests/bench/RESULTS.md ("Fifth round").
 */
const SCREEN_FILES: ReadonlyArray<readonly [ScreenModule, ...string[]]> = [
  ['search/HomePage.tsx', HOME_VARIANT_MODULES.mobile],
  ['search/BrowsePage.tsx'],
  ['vehicle/VehicleDetailPage.tsx'],
];

function codeSplitting(): Rolldown.CodeSplittingOptions {
  const inFile = (modules: readonly string[]) => (id: string) => {
    const file = id.split(path.sep).join('/');
    return modules.some((module) => file.endsWith(`/src/app/${module}`));
  };
  const screens = SCREEN_FILES.map((modules, index) => ({
    name: path.basename(modules[0], '.tsx'),
    test: inFile(modules),
    priority: SCREEN_FILES.length - index,
  }));
  return { groups: [{ name: 'index', tags: ['$initial'], priority: SCREEN_FILES.length + 1 }, ...screens] };
}

// The app lives in src/app (its index.html too); the build goes to dist/, which the server serves.
export default defineConfig({
  root: 'src/app',
  publicDir: path.join(root, 'public'),
  plugins: [
    react(),
    homePage(),
    screenFilesManifest(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: path.join(root, 'sw'),
      filename: 'service-worker.ts',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,webp,png,ico,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  worker: { format: 'es' },
  // The manifest tells the server which files each screen needs (src/server/screenPreloads.ts).
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: codeSplitting() } },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' } },
  test: {
    root,
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts', 'workers/**/*.test.ts'],
    exclude: ['tests/e2e/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
