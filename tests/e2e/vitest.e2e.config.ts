import { defineConfig } from 'vitest/config';

// End-to-end tests in real Chromium against the real server; one file at a time (one browser, two cores).
export default defineConfig({
  resolve: { alias: { '@': new URL('../../src', import.meta.url).pathname } },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
