/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { homeOpeningScreenHtml } from './src/app/openingScreen';

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

// The app lives in src/app (its index.html too); the build goes to dist/, which the server serves.
export default defineConfig({
  root: 'src/app',
  publicDir: path.join(root, 'public'),
  plugins: [
    react(),
    homePage(),
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
  build: { outDir: path.join(root, 'dist'), emptyOutDir: true, sourcemap: false, manifest: true },
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
