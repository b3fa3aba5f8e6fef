import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { PRICE_BAND_TEXT } from '@/domain/search/priceVerdict';
import type { FavouriteAnswer } from '@/domain/core/wire';
import { ANDROID_PHONE, hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { idbAll } from './deviceDb';
import { sellerApi, type Seller } from './sellers';

requireChromiumInCi();

const DESKTOP = { viewport: { width: 1280, height: 900 } };

// Favourites and Compare (issue 20) as a buyer meets them: a heart on a card and on a listing's page,
// signed out; the Saved screen and Compare offline; then merged into the account at sign-in and there
// on another browser signed in as the same person.
describe.skipIf(!hasChromium)('favourites and compare in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open } = app;
  let api: ReturnType<typeof sellerApi>;
  let seller: Seller;
  let buyer: Seller;
  let listings: Vehicle[];

  beforeAll(async () => {
    api = sellerApi(app.server.url);
    seller = await api.signup('Tendai Seller');
    buyer = await api.signup('Rudo Buyer');
    listings = [];
    for (const [make, model, price] of [
      ['Mazda', 'BT-50', 21000],
      ['Isuzu', 'D-Max', 24000],
      ['Nissan', 'Navara', 27000],
      ['Ford', 'Ranger', 31000],
      ['Honda', 'Fit', 6000],
    ] as const) {
      listings.push(await api.publish(seller, { make, model, variant: null, price, description: `${make} ${model}: one owner, kept in full on the device.` }));
    }
  });

  const heartOnCard = (page: Page, id: string) => page.locator(`a[href="/car/${id}"]`).locator('xpath=..').getByRole('button', { name: /^Save/ });
  const savedIds = async (page: Page) => page.locator('[data-testid="saved-listing"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));
  const accountIds = async () => {
    const res = await api.call('GET', '/api/favourites', buyer.token);
    expect(res.status).toBe(200);
    return ((await res.json()) as FavouriteAnswer[]).map((f) => f.vehicle_id).sort();
  };

  it('saves signed out, shows and compares offline, merges into the account at sign-in and shows on another device', async () => {
    const [bt50, dmax, navara, ranger, fit] = listings as [Vehicle, Vehicle, Vehicle, Vehicle, Vehicle];
    // Already in the account, saved on another device.
    expect((await api.call('PUT', `/api/favourites/${fit.id}`, buyer.token)).status).toBe(200);

    await inContext(ANDROID_PHONE, async (context) => {
      const page = await open(context, '/cars', /cars found/);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
      // A heart on a result card: pressed, it saves without opening the listing.
      const heart = heartOnCard(page, bt50.id);
      await heart.waitFor({ timeout: 20_000 });
      expect(await heart.getAttribute('aria-pressed')).toBe('false');
      expect(await heart.getAttribute('aria-label')).toBe('Save');
      await heart.click();
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
      expect(await heart.getAttribute('aria-label')).toBe('Saved');
      expect(new URL(page.url()).pathname).toBe('/cars');

      // And on a listing's page.
      for (const v of [dmax, navara, ranger]) {
        await page.goto(`${app.server.url}/car/${v.id}`);
        await page.getByText('Vehicle Details').waitFor();
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
      }
      // The listing page's details grid, field by field, which Compare must show in rows.
      await page.goto(`${app.server.url}/car/${bt50.id}`);
      await page.getByText('Vehicle Details').waitFor();
      const grid = await page.evaluate(() => {
        const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Vehicle Details')!;
        return [...heading.parentElement!.querySelector(':scope > div')!.children].map((cell) => [...cell.querySelectorAll('p')].map((p) => p.textContent));
      });
      expect(grid.length).toBeGreaterThan(10);

      await page.goto(`${app.server.url}/saved`);
      await page.getByRole('heading', { name: 'Saved', level: 1 }).waitFor();
      await expect.poll(() => savedIds(page)).toEqual([ranger.id, navara.id, dmax.id, bt50.id]);
      // Saved from a card (a summary), its full record is fetched and kept.
      await expect.poll(async () => (await idbAll<{ id: string }>(page, 'records')).map((r) => r.id).includes(bt50.id), { timeout: 20_000 }).toBe(true);
      // Opened once online, Compare's code is kept for offline use too.
      await page.goto(`${app.server.url}/compare?ids=${bt50.id},${dmax.id}`);
      await page.getByRole('table', { name: 'Compare' }).waitFor();

      await context.setOffline(true);
      // The listing saved from its card opens in full offline.
      await page.goto(`${app.server.url}/car/${bt50.id}`);
      await page.getByText(bt50.description!).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();

      await page.goto(`${app.server.url}/saved`);
      await expect.poll(() => savedIds(page)).toEqual([ranger.id, navara.id, dmax.id, bt50.id]);
      // Up to three are compared; a fourth is refused with a message.
      for (const v of [bt50, dmax, navara]) await page.getByRole('checkbox', { name: `Compare ${v.year} ${v.make} ${v.model}` }).check();
      const fourth = page.getByRole('checkbox', { name: `Compare ${ranger.year} ${ranger.make} ${ranger.model}` });
      await fourth.click();
      await page.getByRole('alert').getByText('You can compare up to 3 vehicles. Untick one to add another.').waitFor();
      expect(await fourth.isChecked()).toBe(false);
      await page.getByRole('button', { name: /^Compare \(3\)$/ }).click();
      const table = page.getByRole('table', { name: 'Compare' });
      await table.waitFor({ timeout: 20_000 });
      const row = async (label: string) =>
        await table
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
          .getByRole('cell')
          .allTextContents();
      expect(await row('Make')).toEqual(['Mazda', 'Isuzu', 'Nissan']);
      expect(await row('Price')).toEqual(['$21,000', '$24,000', '$27,000']);
      expect(await row('Mileage')).toEqual(['85,000 km', '85,000 km', '85,000 km']);
      // Each listing's price verdict as the server judges it (the device's agrees: priceVerdict.agreement.test.ts).
      const verdicts = await Promise.all([bt50, dmax, navara].map(async (v) => ((await (await fetch(`${app.server.url}/api/vehicles/${v.id}`)).json()) as Vehicle).price_verdict));
      const cells = await row('Price verdict');
      verdicts.forEach((verdict, i) => expect(cells[i]).toBe(verdict ? `${PRICE_BAND_TEXT[verdict.band]}${verdict.why}` : '—'));
      for (const [label, value] of grid) expect((await row(label!))[0], label!).toBe(value);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-compare-offline.png') });
      expect(await accountIds()).toEqual([fit.id]);

      // Signed in, back online: the device's favourites join the account's, and the account's show here.
      await context.setOffline(false);
      await signedIn(context, buyer);
      await page.goto(`${app.server.url}/saved`);
      await expect.poll(() => accountIds(), { timeout: 20_000 }).toEqual([bt50.id, dmax.id, navara.id, ranger.id, fit.id].sort());
      await expect.poll(async () => (await savedIds(page)).sort(), { timeout: 20_000 }).toEqual([bt50.id, dmax.id, navara.id, ranger.id, fit.id].sort());
    });

    // The seller lowers one price and takes another listing down.
    expect((await api.call('PUT', `/api/vehicles/${dmax.id}`, seller.token, { price: 22500 })).status).toBe(200);
    expect((await api.call('DELETE', `/api/vehicles/${navara.id}`, seller.token)).status).toBe(200);

    // Another browser, signed in as the same person: everything is there, with what changed since.
    await inContext(DESKTOP, async (context) => {
      await signedIn(context, buyer);
      const page = await open(context, '/saved');
      await expect.poll(async () => (await savedIds(page)).sort(), { timeout: 30_000 }).toEqual([bt50.id, dmax.id, navara.id, ranger.id, fit.id].sort());
      const saved = (id: string) => page.locator(`[data-testid="saved-listing"][data-id="${id}"]`);
      await saved(dmax.id).getByText('Price dropped $1,500').waitFor();
      await saved(dmax.id).getByText('$22,500').waitFor();
      await saved(navara.id).getByText('No longer available').first().waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-saved.png') });
      // Removed here, it leaves the account too.
      await saved(ranger.id).getByRole('button', { name: 'Saved', exact: true }).click();
      await expect.poll(() => accountIds(), { timeout: 20_000 }).toEqual([bt50.id, dmax.id, navara.id, fit.id].sort());
    });
  });
});
