import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { SyncPage } from '@/data/api';
import { NOT_KEPT_OFFLINE } from '@/domain/search/scope';
import { SEARCH_FIELD_TEXTS } from '@/domain/search/searchFieldTexts';
import type { Vehicle } from '@/domain/listing/vehicle';
import { hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';

requireChromiumInCi();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

/**
 * A fast connection of a kind the browser does not name (as desktop Chromium reports it): on it the
 * hero plays its video unless Save-Data is on, and "only on Wi-Fi" waits for the person.
 */
const fastConnection = () => {
  Object.defineProperty(navigator, 'connection', { configurable: true, value: Object.assign(new EventTarget(), { saveData: false, effectiveType: '4g', downlink: 10 }) });
};

/** Once the page has loaded and the browser has been idle: when the hero would have started its video. */
async function pageSettled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 3000 })));
}

describe.skipIf(!hasChromium)('the "Data on this device" screen in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open } = app;

  /** How many public listings the server has: what a device keeping the whole country holds. */
  async function publicListings(): Promise<number> {
    const page = (await (await fetch(`${app.server.url}/api/sync/vehicles?since=0&limit=1000`)).json()) as SyncPage;
    expect(page.has_more).toBe(false);
    return page.upserts.length;
  }

  /** The cards' thumbnails (`/api/vehicles/{id}/thumb`) answered with a tiny picture; the requests are recorded. */
  async function apiThumbnails(context: BrowserContext): Promise<string[]> {
    const asked: string[] = [];
    await context.route(/\/api\/vehicles\/[^/]+\/thumb(\?.*)?$/, async (route) => {
      asked.push(new URL(route.request().url()).pathname + new URL(route.request().url()).search);
      await route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>' });
    });
    return asked;
  }

  it("opens from the 'Listings updated' line and says how many listings the device holds", async () => {
    const total = await publicListings();
    await inContext({ viewport: DESKTOP }, async (context) => {
      const page = await open(context, '/cars');
      const line = page.getByRole('link', { name: /^Listings updated / });
      await line.waitFor({ timeout: 30_000 });
      await line.click();
      await page.waitForURL('**/data');
      await page.getByRole('heading', { level: 1, name: 'Data on this device' }).waitFor();
      const held = page.getByRole('region', { name: 'On this device' });
      await held.getByText(`${total} listings`, { exact: true }).waitFor();
      await held
        .getByText(/ (KB|MB)$/)
        .first()
        .waitFor();
      // No location known (not shared, not signed in): "Near me" cannot be chosen, and says why.
      expect(await page.getByRole('radio', { name: 'Near me' }).isDisabled()).toBe(true);
      await page.getByText('We do not know where you are. Share your location, or sign in with your town, to choose this.').waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'data-1280.png'), fullPage: true });
    });
  });

  it('keeps "Cars" only, "Only on Wi-Fi" and "Save data" across a reload; then cards ask small thumbnails and the hero plays no video', async () => {
    // No service worker between the page and the routes that stand for the API's thumbnails.
    await inContext({ viewport: DESKTOP, serviceWorkers: 'block' }, async (context) => {
      await context.addInitScript(fastConnection);
      const asked = await apiThumbnails(context);
      const page = await open(context, '/data');
      await page.getByRole('link', { name: /^Listings updated / }).waitFor({ timeout: 30_000 });
      await page.getByRole('radio', { name: 'Some vehicle types' }).check();
      await page.getByRole('checkbox', { name: 'Cars' }).check();
      await page.getByRole('radio', { name: 'Only on Wi-Fi' }).check();
      await page.getByRole('switch', { name: 'Save data' }).check();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved. Updating the listings on this device.').waitFor();
      // Away and back within the app: the screen shows the choice just saved.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Buy' }).click();
      await page.waitForURL('**/cars');
      await page.getByRole('link', { name: /^Listings updated / }).click();
      await page.getByRole('radio', { name: 'Some vehicle types' }).waitFor();
      expect(await page.getByRole('radio', { name: 'Some vehicle types' }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: 'Only on Wi-Fi' }).isChecked()).toBe(true);

      // What the reloaded app asks of the sync feed (the listings or the catalogue).
      await page.getByRole('link', { name: /^Listings updated / }).waitFor({ timeout: 30_000 });
      const syncs: string[] = [];
      context.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/sync/')) syncs.push(r.url());
      });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Data on this device' }).waitFor();
      await page.getByRole('radio', { name: 'Some vehicle types' }).waitFor();
      expect(await page.getByRole('radio', { name: 'Some vehicle types' }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'Cars' }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'Construction' }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: 'Farming' }).isChecked()).toBe(false);
      expect(await page.getByRole('radio', { name: 'Only on Wi-Fi' }).isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name: 'Save data' }).isChecked()).toBe(true);
      // The browser does not say it is on Wi-Fi: no update by itself, the person updates.
      await page.getByText('Not on Wi-Fi: listings update only when you tap Update now.').waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'data-saved-1280.png'), fullPage: true });
      await page.waitForLoadState('networkidle');
      expect(syncs).toEqual([]);
      await page.getByRole('button', { name: 'Update now' }).click();
      await expect.poll(() => syncs.length).toBeGreaterThan(0);

      // Cards under Save-Data ask the API's small thumbnail.
      const cars = await open(context, '/cars');
      const cards = cars.getByRole('main').locator('a[href^="/car/"] img');
      await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => asked.length).toBeGreaterThan(0);
      expect(asked.every((u) => u.endsWith('/thumb?size=small'))).toBe(true);
      expect(await cards.first().getAttribute('src')).toMatch(/^\/api\/vehicles\/[^/]+\/thumb\?size=small$/);

      // The home page keeps its poster: no hero video is fetched on this fast connection.
      const videos: string[] = [];
      context.on('request', (r) => {
        if (/\.(webm|mp4)$/.test(new URL(r.url()).pathname)) videos.push(r.url());
      });
      const home = await open(context, '/');
      await home.locator('[data-hero]').waitFor();
      await pageSettled(home);
      expect(await home.locator('video').count()).toBe(0);
      expect(videos).toEqual([]);
    });
  });

  it("follows the browser's Save-Data: the switch says so and stays on, and cards ask small thumbnails", async () => {
    await inContext({ viewport: PHONE, serviceWorkers: 'block' }, async (context) => {
      await context.addInitScript(() => {
        Object.defineProperty(navigator, 'connection', { configurable: true, value: Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g', downlink: 10 }) });
      });
      const asked = await apiThumbnails(context);
      const page = await open(context, '/data');
      const saveData = page.getByRole('switch', { name: 'Save data' });
      await saveData.waitFor({ timeout: 30_000 });
      expect(await saveData.isChecked()).toBe(true);
      expect(await saveData.isDisabled()).toBe(true);
      await page.getByText('Your browser asks to save data, so this is on.', { exact: false }).waitFor();
      await page.getByRole('link', { name: /^Listings updated / }).waitFor({ timeout: 30_000 });
      const cars = await open(context, '/cars');
      await expect.poll(() => cars.getByRole('main').locator('a[href^="/car/"] img').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => asked.length).toBeGreaterThan(0);
      expect(asked.every((u) => u.endsWith('/thumb?size=small'))).toBe(true);
    });
  });

  it("keeps only the vehicle types chosen: offline their searches are the device's, another type says it is not kept here; online the server answers it", async () => {
    const cars = await app.apiCount({ vehicle_type: 'car' });
    const construction = await app.apiCount({ vehicle_type: 'construction' });
    expect(construction).toBeGreaterThan(0);
    // No service worker: its cache of listing reads would answer offline in the device's stead.
    await inContext({ viewport: DESKTOP, serviceWorkers: 'block' }, async (context) => {
      const page = await open(context, '/data');
      await page.getByRole('link', { name: /^Listings updated / }).waitFor({ timeout: 30_000 });
      await page.getByRole('radio', { name: 'Some vehicle types' }).check();
      await page.getByRole('checkbox', { name: 'Cars' }).check();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved. Updating the listings on this device.').waitFor();
      // The device drops what it kept and downloads the cars alone.
      await expect
        .poll(
          async () => {
            await page.reload();
            const held = page.getByRole('region', { name: 'On this device' });
            await held.getByText(/^[\d,]+ listings$/).waitFor();
            return held.getByText(`${cars} listings`, { exact: true }).count();
          },
          { timeout: 30_000 },
        )
        .toBe(1);
      // Online, a type the device does not keep is the server's answer.
      await page.goto(`${app.server.url}/construction`);
      await page.getByText(`${construction} vehicles found`, { exact: true }).waitFor({ timeout: 20_000 });
      // Nor is any of its models called missing from the inventory: the device does not hold them.
      const [machine] = (await (await fetch(`${app.server.url}/api/vehicles?vehicle_type=construction&limit=1`)).json()) as Vehicle[];
      await page.getByRole('button', { name: 'Filter and Sort' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Make' }).click();
      await dialog.getByPlaceholder('All makes').click();
      await page.getByRole('option', { name: machine!.make, exact: true }).click();
      await dialog.getByPlaceholder('All models').click();
      await page.getByRole('option', { name: machine!.model, exact: true }).click();
      expect(await dialog.getByPlaceholder(SEARCH_FIELD_TEXTS.modelUnavailable).count()).toBe(0);
      expect(await dialog.getByText(SEARCH_FIELD_TEXTS.notInInventory).count()).toBe(0);
      await page.keyboard.press('Escape');
      // A construction listing opened here is kept in full, though its type is not kept.
      await page.goto(`${app.server.url}/car/${machine!.id}`);
      await page.getByText('Vehicle Details').waitFor({ timeout: 20_000 });
      await page.goto(`${app.server.url}/construction`);
      await page.getByText(`${construction} vehicles found`, { exact: true }).waitFor({ timeout: 20_000 });
      await page.getByRole('tab', { name: 'Cars' }).click();
      await page.getByText(`${cars} cars found`, { exact: true }).waitFor({ timeout: 20_000 });
      // Offline: cars from the device; construction is not kept on this device, and it says so.
      await context.setOffline(true);
      await page.getByRole('tab', { name: 'Construction' }).click();
      await page.getByRole('heading', { name: NOT_KEPT_OFFLINE.title }).waitFor({ timeout: 20_000 });
      await page.getByText(NOT_KEPT_OFFLINE.body).waitFor();
      await page.getByRole('tab', { name: 'Cars' }).click();
      await page.getByText(`${cars} cars found`, { exact: true }).waitFor({ timeout: 20_000 });
      // The construction listing opened online still opens offline, in full.
      await page.evaluate((to) => {
        history.pushState({}, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, `/car/${machine!.id}`);
      await page.getByText('Vehicle Details').waitFor({ timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(machine!.model);
      expect(await page.getByRole('note').count()).toBe(0);
      await page.goBack();
      await page.getByRole('tab', { name: 'Construction' }).click();
      await page.getByRole('link', { name: NOT_KEPT_OFFLINE.link }).click();
      await page.getByRole('heading', { level: 1, name: 'Data on this device' }).waitFor();
      await context.setOffline(false);
    });
  });

  it('at 360 px: the choices fit, regions in one column', async () => {
    await inContext({ viewport: PHONE }, async (context) => {
      const page = await open(context, '/data');
      await page.getByRole('link', { name: /^Listings updated / }).waitFor({ timeout: 30_000 });
      await page.getByRole('radio', { name: 'Some regions' }).check();
      await page.getByRole('checkbox', { name: 'Matabeleland South' }).waitFor();
      // Nothing ticked yet: Save waits, and says why.
      expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
      await page.getByRole('status').filter({ hasText: 'Choose at least one region.' }).waitFor();
      await page.getByRole('checkbox', { name: 'Harare' }).check();
      expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(false);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'data-360.png'), fullPage: true });
    });
  });
});
