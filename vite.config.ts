/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

// The app lives in src/app (its index.html too); the build goes to dist/, which the server serves.
export default defineConfig({
  root: 'src/app',
  publicDir: path.join(root, 'public'),
  build: { outDir: path.join(root, 'dist'), emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' } },
  test: {
    root,
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts', 'workers/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
