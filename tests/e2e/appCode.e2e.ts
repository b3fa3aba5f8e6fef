import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { distDir } from '@/server/buildApp';
import { SCREEN_FILES_MANIFEST } from '@/server/screenPreloads';
import { APP_CODE_CACHE } from '@/domain/content/dataSaver';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

const PHONE = { width: 360, height: 780 };

/** The build's own record of which file starts from which module (Vite's manifest, keyed by the path under src/app). */
function builtFiles(): Record<string, { file: string; imports?: string[] }> {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
}

/** A connection the browser calls Wi-Fi (or mobile data), with Save-Data as given, as the Network Information API reports one. */
function connection({ type, saveData }: { type: string; saveData: boolean }) {
  Object.defineProperty(navigator, 'connection', { configurable: true, value: Object.assign(new EventTarget(), { type, saveData, effectiveType: '4g', downlink: 10 }) });
}

/** The built files a module's chunk loads before it runs (its static imports, followed), its own first. */
function closureOf(files: Record<string, { file: string; imports?: string[] }>, module: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !files[key]) return;
    seen.add(key);
    for (const dep of files[key].imports ?? []) visit(dep);
  };
  visit(module);
  return [...seen].map((key) => files[key]!.file);
}

async function serviceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active && navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
}

/** Whether the service worker's cache of code used (not precached) holds a file. */
function kept(page: Page, file: string): Promise<boolean> {
  return page.evaluate(async ({ name, url }) => !!(await (await caches.open(name)).match(url)), { name: APP_CODE_CACHE, url: `/${file}` });
}

// A first visit precaches the buyer's screens only; the seller's, admin and content screens' code is
// kept when first used, or fetched in the background on an unmetered connection with Save-Data off.
describe.skipIf(!hasChromium)("the app's code on the device, in Chromium", () => {
  const app = appInBrowser();
  const sellers = () => sellerApi(app.server.url);
  /** The files the service worker precaches, from its own list. */
  const precachedFiles = async () => new Set([...(await (await fetch(`${app.server.url}/service-worker.js`)).text()).matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!));

  it("precaches the buyer's screens and the search worker, and no seller, admin or content screen", async () => {
    const sw = await (await fetch(`${app.server.url}/service-worker.js`)).text();
    const precached = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!));
    const files = builtFiles();
    const later = Object.entries(files).filter(([module]) => /^features\/(wizard|dashboard|payments|admin|pages)\//.test(module));
    expect(later.map(([module]) => module)).toEqual(
      expect.arrayContaining([
        'features/wizard/SellPage.tsx',
        'features/dashboard/DashboardPage.tsx',
        'features/payments/PayListingPage.tsx',
        'features/admin/AdminPage.tsx',
        'features/pages/AboutPage.tsx',
      ]),
    );
    for (const [module, { file }] of later) expect(precached.has(file), `${module} (${file})`).toBe(false);
    // The buyer's screens by the names the domain gives them (src/domain/content/screens.ts): the home
    // page, a browse screen, a listing's page, the dealers and the featured listings.
    const { screens } = JSON.parse(readFileSync(path.join(distDir, SCREEN_FILES_MANIFEST), 'utf8')) as { screens: Record<string, string> };
    for (const screen of ['home', 'browse', 'listing', 'dealers', 'featured']) {
      expect(precached.has(screens[screen]!), screen).toBe(true);
    }
    expect([...precached].some((url) => /^assets\/listings\.worker-[\w-]+\.js$/.test(url))).toBe(true);
    expect(precached.has('index.html') && precached.has('home.html')).toBe(true);
  });

  it('a seller who opened the wizard once online opens it again offline', async () => {
    const seller = await sellers().signup('Farai Offline');
    await app.inContext({ viewport: PHONE }, async (context: BrowserContext) => {
      await signedIn(context, seller);
      // The wizard is the first screen of this visit: its code loads before the service worker runs.
      const page = await app.open(context, '/sell');
      const step = page.getByRole('dialog', { name: 'Create Listing' }).getByText('Step 1 of 8').first();
      await step.waitFor({ timeout: 30_000 });
      await serviceWorkerControls(page);
      const wizardFile = builtFiles()['features/wizard/SellPage.tsx']!.file;
      await expect.poll(() => kept(page, wizardFile), { timeout: 20_000 }).toBe(true);

      await context.setOffline(true);
      await page.reload();
      await step.waitFor({ timeout: 20_000 });
      await context.setOffline(false);
    });
  });

  it('on Wi-Fi with Save-Data off, fetches the screens not opened yet in the background; then the wizard opens offline', async () => {
    const seller = await sellers().signup('Tendai Wifi');
    await app.inContext({ viewport: PHONE }, async (context) => {
      await context.addInitScript(connection, { type: 'wifi', saveData: false });
      await signedIn(context, seller);
      const page = await app.open(context, '/', 'Start Your Search');
      await serviceWorkerControls(page);
      const files = builtFiles();
      for (const module of ['features/wizard/SellPage.tsx', 'features/admin/AdminPage.tsx', 'features/pages/AboutPage.tsx']) {
        await expect.poll(() => kept(page, files[module]!.file), { timeout: 30_000, message: module }).toBe(true);
      }
      // Every file of the wizard's screen, not only its own: on a busy machine the background fetch may
      // still be on its way through the rest when the three above are in.
      const precached = await precachedFiles();
      for (const file of closureOf(files, 'features/wizard/SellPage.tsx').filter((f) => !precached.has(f))) {
        await expect.poll(() => kept(page, file), { timeout: 30_000, message: file }).toBe(true);
      }
      await context.setOffline(true);
      await page.goto(`${app.server.url}/sell`);
      await page.getByRole('dialog', { name: 'Create Listing' }).getByText('Step 1 of 8').first().waitFor({ timeout: 20_000 });
      await context.setOffline(false);
    });
  });

  for (const [what, type, saveData] of [
    ['on mobile data', 'cellular', false],
    ['under Save-Data', 'wifi', true],
  ] as const) {
    it(`${what}, downloads no code the visit did not use`, async () => {
      await app.inContext({ viewport: PHONE }, async (context) => {
        await context.addInitScript(connection, { type, saveData });
        const asked: string[] = [];
        context.on('request', (r) => {
          if (new URL(r.url()).pathname.startsWith('/assets/')) asked.push(new URL(r.url()).pathname.slice(1));
        });
        const page = await app.open(context, '/', 'Start Your Search');
        await serviceWorkerControls(page);
        await page.waitForLoadState('networkidle');
        const files = builtFiles();
        for (const module of ['features/wizard/SellPage.tsx', 'features/admin/AdminPage.tsx', 'features/dashboard/DashboardPage.tsx', 'features/pages/AboutPage.tsx']) {
          expect(asked, module).not.toContain(files[module]!.file);
          expect(await kept(page, files[module]!.file), module).toBe(false);
        }
      });
    });
  }
});
