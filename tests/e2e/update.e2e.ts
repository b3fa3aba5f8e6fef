import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppIfStale, distDir } from '@/server/buildApp';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';

requireChromiumInCi();

// A new version of the app is deployed while a buyer has it open: the new service worker installs
// and waits, the app says so, and the new version takes over only when the buyer chooses Reload.
describe.skipIf(!hasChromium)('a new version of the app', () => {
  const deployed = mkdtempSync(path.join(tmpdir(), 'motokari-deployed-'));
  beforeAll(() => {
    buildAppIfStale();
    cpSync(distDir, deployed, { recursive: true });
  });
  afterAll(() => rmSync(deployed, { recursive: true, force: true }));
  const app = appInBrowser({ appDir: deployed });

  it("waits for the buyer: 'A new version of Motokari is available.', and Reload brings it in", async () => {
    await app.inContext({ viewport: { width: 360, height: 780 } }, async (context) => {
      const page = await app.open(context, '/', 'Start Your Search');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
      const notice = page.getByText('A new version of Motokari is available.');
      expect(await notice.count()).toBe(0);

      // Deploy: a changed service worker (served as is: its precompressed copies go).
      const sw = path.join(deployed, 'service-worker.js');
      appendFileSync(sw, '\n// the next version\n');
      rmSync(`${sw}.br`, { force: true });
      rmSync(`${sw}.gz`, { force: true });
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

      await notice.waitFor({ timeout: 30_000 });
      // Nothing swapped under the buyer: the old worker still controls the page, the new one waits.
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
      await page.getByText('Start Your Search').waitFor();
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      expect(await notice.count()).toBe(0);
    });
  });
});
