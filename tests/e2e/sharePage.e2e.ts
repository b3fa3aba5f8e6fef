import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME, startupText } from '@/domain/core/constants';
import type { Vehicle } from '@/domain/listing/vehicle';
import { ANDROID_PHONE, hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const TITLE = '2019 Toyota Hilux 2.8GD-6 – $38,000 – Borrowdale, Harare | Motokari';

/** Runs in the page before anything else: adds up its layout shifts (CLS) and notes whether the startup spinner ever shows. */
function watchTheTakeover(spinnerText: string): void {
  const w = window as unknown as { __cls: number; __spinner: boolean };
  w.__cls = 0;
  w.__spinner = false;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver(() => {
    if (document.body?.textContent?.includes(spinnerText)) w.__spinner = true;
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

// A listing's page as a link opens it: the server's page shows the listing before any script, and
// the app takes it over without a spinner between, without moving what is on screen, and names the
// tab as the server did.
describe.skipIf(!hasChromium)("a shared listing's page in Chromium", () => {
  const app = appInBrowser();
  const { inContext } = app;
  let listing: Vehicle;

  beforeAll(async () => {
    const api = sellerApi(app.server.url);
    const seller = await api.signup('Farai Dube');
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    listing = await api.publish(seller, { images: [`data:image/jpeg;base64,${photo.toString('base64')}`] });
  });

  it('shows the listing with no script at all: title, price, facts and photo, in a page named for it', async () => {
    for (const [name, options] of [
      ['360', ANDROID_PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await inContext({ ...options, javaScriptEnabled: false }, async (context) => {
        const page = await context.newPage();
        const res = await page.goto(`${app.server.url}/car/${listing.id}`);
        expect(res!.status()).toBe(200);
        expect(await page.title()).toBe(TITLE);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('2019 Toyota Hilux 2.8GD-6');
        expect(await page.getByText('$38,000', { exact: true }).isVisible()).toBe(true);
        expect(await page.getByText('85,000 km').isVisible()).toBe(true);
        const photo = page.getByRole('img', { name: '2019 Toyota Hilux 2.8GD-6' });
        await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        expect(await page.getByText(startupText(PRODUCT_NAME)).count()).toBe(0);
        await page.screenshot({ path: path.join(SCREENSHOTS, `share-page-no-script-${name}.png`), fullPage: true });
      });
    }
  });

  it('is taken over by the app with no spinner and no layout shift, and the tab keeps the name as the person moves on', async () => {
    for (const [name, options] of [
      ['360', ANDROID_PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await inContext(options, async (context) => {
        await context.addInitScript(watchTheTakeover, startupText(PRODUCT_NAME));
        const page = await context.newPage();
        await page.goto(`${app.server.url}/car/${listing.id}`);
        // The app's own screen: its details card and contact buttons are not in the server's page.
        await page.getByRole('heading', { name: 'Vehicle Details' }).waitFor({ timeout: 20_000 });
        await page.getByRole('button', { name: 'Sign In to Contact Seller' }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const { cls, spinner } = await page.evaluate(() => {
          const w = window as unknown as { __cls: number; __spinner: boolean };
          return { cls: w.__cls, spinner: w.__spinner };
        });
        expect(spinner).toBe(false);
        expect(cls).toBeLessThan(0.05);
        expect(await page.title()).toBe(TITLE);
        await page.screenshot({ path: path.join(SCREENSHOTS, `share-page-app-${name}.png`) });

        await page.getByRole('link', { name: 'Browse Cars' }).first().click();
        await expect.poll(() => page.title()).toBe('Cars for sale in Zimbabwe | Motokari');
        await page.goBack();
        await expect.poll(() => page.title()).toBe(TITLE);
        await page.goto(`${app.server.url}/faq`);
        await expect.poll(() => page.title()).toBe('Frequently asked questions | Motokari');
      });
    }
  });

  it("answers a removed listing's link 404 with 'Car not found', not indexed", async () => {
    await inContext(ANDROID_PHONE, async (context) => {
      const page = await context.newPage();
      const res = await page.goto(`${app.server.url}/car/4c0e1f9a-8a3a-4b0e-9d1a-2f3e4d5c6b7a`);
      expect(res!.status()).toBe(404);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      await page.getByRole('heading', { name: 'Car not found' }).waitFor({ timeout: 20_000 });
      expect(await page.title()).toBe('Car not found | Motokari');
    });
  });
});
