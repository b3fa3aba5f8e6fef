import path from 'node:path';
import { describe, beforeAll, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';
import { deviceHolds } from './deviceDb';
import { SUMMARY_ONLY_NOTE } from '@/domain/search/summary';
import { DEFAULT_LOCATION } from '@/domain/core/constants';
import { sellerApi } from './sellers';

requireChromiumInCi();

describe.skipIf(!hasChromium)('the buyer app in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open } = app;
  let sample: Vehicle;
  let dealerListing: Vehicle;

  beforeAll(async () => {
    const res = await fetch(`${app.server.url}/api/vehicles?vehicle_type=car&limit=100`);
    const cars = (await res.json()) as Vehicle[];
    sample = cars.find((v) => v.seller_type === 'private')!;
    dealerListing = cars.find((v) => v.seller_type === 'dealer')!;
  });

  const ROUTES: [string, string | RegExp][] = [
    ['/', 'Start Your Search'],
    ['/cars', /cars found/],
    ['/construction', /vehicles found/],
    ['/farming', /vehicles found/],
    ['/featured', 'Become a Prime Member'],
    ['/dealers', 'vehicles in stock'],
    ['/about', 'View All Dealers'],
    ['/buying-guide', /buying/i],
    ['/selling-guide', 'List Your Vehicle'],
    ['/faq', 'Still Have Questions?'],
    ['/terms-and-conditions', 'Last Updated October 8, 2025'],
    ['/privacy-policy', /privacy/i],
    ['/cookie-policy', /cookie/i],
    ['/advertising-prices', 'Select This Plan'],
    ['/dashboard', 'Sign In Required'],
  ];

  it('renders every public route with its key text, at 360 px and at 1280 px', async () => {
    for (const [width, height, label] of [
      [360, 780, 'mobile'],
      [1280, 900, 'desktop'],
    ] as const) {
      await inContext({ viewport: { width, height } }, async (context) => {
        const routes: [string, string | RegExp][] = [...ROUTES, [`/car/${dealerListing.id}`, 'Vehicle Details'], [`/dealer/${dealerListing.seller_id}/inventory`, /vehicles/]];
        for (const [route, text] of routes) {
          const page = await open(context, route);
          await page.getByText(text).first().waitFor({ timeout: 20_000 });
          const name =
            route === '/'
              ? 'home'
              : route
                  .slice(1)
                  .replace(/[/]/g, '_')
                  .replace(/[0-9a-f-]{36}/g, 'id');
          await page.screenshot({ path: path.join(SCREENSHOTS, `${label}-${name}.png`), fullPage: route === '/' });
          await page.close();
        }
      });
    }
  });

  it('filters and sorts /cars in the worker, agreeing with the API', async () => {
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await open(context, '/cars');
      const api = (await fetch(`${app.server.url}/api/vehicles?vehicle_type=car&make=Toyota&limit=1`)).headers.get('x-total-count')!;
      await page.getByText(/cars found/).waitFor();
      await page.getByRole('button', { name: 'Filter and Sort' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Make' }).click();
      await dialog.getByPlaceholder('All makes').click();
      await page.getByRole('option', { name: 'Toyota', exact: true }).click();
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText(`${api} cars found`).waitFor();
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
      await page.waitForTimeout(300);
      const prices = await page.locator('a[href^="/car/"] >> text=/^\\$[0-9,]+$/').allTextContents();
      const numbers = prices.map((p) => Number(p.replace(/[$,]/g, '')));
      expect(numbers.length).toBeGreaterThan(1);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    });
  });

  it('shows a listing with its details, gates contact for visitors, and copies its link', async () => {
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
      const page = await open(context, `/car/${sample.id}`);
      await page.getByText('Vehicle Details').waitFor();
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(sample.model);
      await page.getByText('PRIVATE SELLER').first().waitFor();
      await page.getByText('Sign In to Contact Seller').waitFor();
      await page.getByText('Sign In to Buy').waitFor();
      expect(await page.getByText('Call Seller').count()).toBe(0);
      await page.getByText('km from your location').waitFor();
      await page.getByRole('button', { name: 'Copy Link' }).click();
      await page.getByText('Link copied to clipboard!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.server.url}/car/${sample.id}`);
      const missing = await open(context, '/car/00000000-0000-4000-8000-000000000000');
      await missing.getByText("The car you're looking for doesn't exist or has been removed.").waitFor();
    });
  });

  it("on a first visit shows the server's results while the listings are still coming to the device", async () => {
    const total = await app.apiCount({ vehicle_type: 'car' });
    await inContext({ viewport: { width: 360, height: 780 } }, async (context) => {
      // The first sync is held back: the device has no listings until the test lets it through.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await context.route('**/api/sync/summary**', async (route) => {
        await held;
        await route.continue();
      });
      const page = await open(context, '/cars', `${total.toLocaleString('en-US')} cars found`);
      const cards = page.getByRole('main').locator('a[href^="/car/"]');
      await expect.poll(() => cards.count()).toBeGreaterThan(0);
      // The device's download starts once the first results are in, and is still on its way.
      await page.getByText('Updating listings...').waitFor({ timeout: 20_000 });
      const shown = await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      // Then the device's listings answer the same search, with the same cards.
      release();
      await page.getByText(/^Listings updated/).waitFor({ timeout: 20_000 });
      await page.getByText(`${total.toLocaleString('en-US')} cars found`).waitFor();
      await expect.poll(() => cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(shown);
    });
  });

  it("shows More from the dealer on a first visit, once the dealer's listings reach the device", async () => {
    const stock = (await (await fetch(`${app.server.url}/api/vehicles?seller_id=${dealerListing.seller_id}&limit=500`)).json()) as Vehicle[];
    expect(stock.length).toBeGreaterThan(1);
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await open(context, `/car/${dealerListing.id}`);
      await page.getByRole('heading', { name: `More from ${dealerListing.seller_name}` }).waitFor();
      await page.getByText(`${stock.length} vehicles in stock`).waitFor({ timeout: 20_000 });
      const cards = page.getByRole('main').locator('a[href^="/car/"]');
      await expect.poll(async () => cards.count(), { timeout: 20_000 }).toBe(Math.min(4, stock.length - 1));
    });
  });

  it('counts one view for a visit to a listing, however many syncs happen while it is open', async () => {
    const sellers = sellerApi(app.server.url);
    const seller = await sellers.signup('Tendai Views');
    const listing = await sellers.publish(seller, { make: 'Nissan', model: 'NP200', year: 2016 });
    expect((await sellers.asSeller(seller, listing.id)).views).toBe(0);
    await inContext({ viewport: { width: 360, height: 780 } }, async (context) => {
      const page = await open(context, `/car/${listing.id}`);
      await page.getByText('Vehicle Details').waitFor();
      await page.getByText(/^Listings updated/).waitFor();
      // Another listing is published, and a reconnect brings it to the device while the page is open.
      const second = await sellers.publish(seller, { make: 'Mazda', model: 'BT-50', year: 2018 });
      await context.setOffline(true);
      await context.setOffline(false);
      await expect.poll(async () => await deviceHolds(page, second.id), { timeout: 20_000 }).toBe(true);
      // Time for a request the sync might have set off to reach the server.
      await page.waitForTimeout(1500);
      await page.getByText('Vehicle Details').waitFor();
    });
    expect((await sellers.asSeller(seller, listing.id)).views).toBe(1);
  });

  it('after one visit, opens, browses and filters with no network', async () => {
    await inContext({ viewport: { width: 360, height: 780 } }, async (context) => {
      const page = await open(context, '/');
      await page.getByText('Start Your Search').waitFor();
      // The service worker has installed and controls the page once the shell is precached.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
      await page.goto(`${app.server.url}/cars`);
      await page.getByText(/cars found/).waitFor();
      await page.goto(`${app.server.url}/car/${sample.id}`);
      await page.getByText('Vehicle Details').waitFor();
      // The device's summary of the listings is in before the connection goes.
      await expect.poll(() => deviceHolds(page, dealerListing.id), { timeout: 30_000 }).toBe(true);

      await context.setOffline(true);
      for (const [route, text] of [
        ['/', 'Start Your Search'],
        ['/cars', /cars found/],
        [`/car/${sample.id}`, 'Vehicle Details'],
      ] as const) {
        await page.goto(app.server.url + route);
        await page.getByText(text).first().waitFor({ timeout: 20_000 });
      }
      await page.getByText('You are offline.', { exact: false }).waitFor();
      // The listing opened once is kept in full: its description shows offline.
      await page.goto(`${app.server.url}/car/${sample.id}`);
      await page.getByText(sample.description!.slice(0, 40), { exact: false }).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('note').count()).toBe(0);
      // One never opened shows what the device's summary holds, and says the rest shows online.
      await page.goto(`${app.server.url}/car/${dealerListing.id}`);
      await page.getByText(SUMMARY_ONLY_NOTE).waitFor({ timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(dealerListing.model);
      await page.goto(`${app.server.url}/cars?car_category=pickup`);
      const local = (await fetch(`${app.server.url}/api/vehicles?vehicle_type=car&car_category=pickup&limit=1`)).headers.get('x-total-count')!;
      await page.getByText(`${local} cars found`).waitFor({ timeout: 20_000 });
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-offline-pickups.png') });
      // Nearest first, offline: the device ranks the cars as the server does for the same place.
      await page.goto(`${app.server.url}/cars`);
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Nearest first' });
      const near = new URLSearchParams({ vehicle_type: 'car', sort: 'distance', limit: '4', buyer_lat: String(DEFAULT_LOCATION.latitude), buyer_lon: String(DEFAULT_LOCATION.longitude) });
      const nearest = ((await (await fetch(`${app.server.url}/api/vehicles?${near}`)).json()) as Vehicle[]).map((v) => `/car/${v.id}`);
      const cards = page.getByRole('main').locator('a[href^="/car/"]');
      await expect.poll(async () => (await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).slice(0, 4), { timeout: 20_000 }).toEqual(nearest);
    });
  });
});
