import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTACT_TEXTS } from '@/domain/account/contactTexts';
import { DASHBOARD_TEXTS } from '@/domain/listing/dashboard';
import { titleOf } from '@/domain/listing/display';
import { priceDropText } from '@/domain/listing/leads';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import type { Vehicle } from '@/domain/listing/vehicle';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { hasChromium, SCREENSHOTS } from './browser';
import { sellerApi } from './sellers';

// Issue 20 for sellers in Chromium against the real server: marking a listing sold from the dashboard
// (it shows Sold there, leaves /cars, and its page says Sold), a price edited down showing 'Price
// dropped' on the listing's page, and the leads chart on the dashboard, online and offline.

requireChromiumInCi();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

describe.skipIf(!hasChromium)('seller lifecycle in Chromium', () => {
  const app = appInBrowser();
  const sellers = () => sellerApi(app.server.url);
  const row = (page: Page, title: string) => page.locator('section[aria-labelledby="my-listings-heading"]').getByRole('article', { name: title });
  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, `lifecycle-${name}.png`), fullPage: true });
  };

  it('a seller marks a listing sold from the dashboard: it shows Sold there, buyers no longer find it on /cars, and its page says Sold', async () => {
    const api = sellers();
    const seller = await api.signup('Rudo Sold');
    const v = await api.publish(seller, { make: 'Toyota', model: 'Hilux', variant: null, year: 2016 });
    const title = titleOf(v);
    const search = `/cars?make=Toyota&model=Hilux&sort=newest`;
    await app.inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, seller);
      const page = await app.open(context, search);
      await page.locator(`a[href="/car/${v.id}"]`).first().waitFor({ timeout: 30_000 });

      await page.goto(`${app.server.url}/dashboard`);
      const listed = row(page, title);
      await listed.waitFor({ timeout: 20_000 });
      await listed.getByRole('button', { name: `${DASHBOARD_TEXTS.markSold} ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: DASHBOARD_TEXTS.markSoldTitle });
      await dialog.getByText(DASHBOARD_TEXTS.markSoldConfirm).waitFor();
      await dialog.getByRole('button', { name: DASHBOARD_TEXTS.markSold }).click();
      await page.getByText(DASHBOARD_TEXTS.markedSold).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      // Out of the active listings, in Sold with its badge, and offered no payment.
      await listed.waitFor({ state: 'detached' });
      // The toast covers the top right of the page (the list's switches) for its few seconds; click once it has gone.
      await page.getByText(DASHBOARD_TEXTS.markedSold).waitFor({ state: 'hidden' });
      await page.getByRole('switch', { name: DASHBOARD_TEXTS.sold }).check({ force: true });
      await listed.locator('[data-status="Sold"]').waitFor();
      expect(await listed.getByRole('link', { name: new RegExp(`^(${DASHBOARD_TEXTS.relist}|${DASHBOARD_TEXTS.payNow})`) }).count()).toBe(0);
      expect(await listed.getByRole('button', { name: `${DASHBOARD_TEXTS.markSold} ${title}` }).count()).toBe(0);
      await shot(page, 'dashboard-sold');

      const answer = (await (await api.call('GET', `/api/vehicles/${v.id}`, null)).json()) as Vehicle;
      expect(answer.sold_at).toEqual(expect.any(String));

      // Gone from the buyers' search on this device (its copy dropped it) and on the server.
      await page.goto(`${app.server.url}${search}`);
      await page
        .getByText(/cars? found/)
        .first()
        .waitFor({ timeout: 20_000 });
      await expect.poll(() => page.locator(`a[href="/car/${v.id}"]`).count(), { timeout: 20_000 }).toBe(0);
      const found = (await (await api.call('GET', '/api/cars?make=Toyota&model=Hilux', null)).json()) as Vehicle[];
      expect(found.map((f) => f.id)).not.toContain(v.id);
    });

    // A buyer opening an old link sees the listing under a Sold banner, with no way to contact the seller.
    await app.inContext({ viewport: PHONE }, async (context) => {
      const page = await app.open(context, `/car/${v.id}`);
      await page.getByTestId('sold-banner').waitFor({ timeout: 20_000 });
      await page.getByRole('heading', { name: title }).first().waitFor();
      expect(await page.getByText(/This vehicle was sold on \d+ \w+ \d{4}\. It no longer appears in search\./).count()).toBe(1);
      expect(await page.getByRole('button', { name: CONTACT_TEXTS.signInToContact }).count()).toBe(0);
      expect(await page.getByText('Share Listing').count()).toBe(0);
      await shot(page, 'listing-sold-360');
    });
  });

  it('the seller marks a listing sold from its own page, which then says Sold and offers no Share and no second Mark as sold', async () => {
    const api = sellers();
    const seller = await api.signup('Tariro Page');
    const v = await api.publish(seller, { make: 'Honda', model: 'Fit', variant: null, year: 2014, car_category: 'hatchback' });
    await app.inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, seller);
      const page = await app.open(context, `/car/${v.id}`, 'Seller Information');
      await page.getByRole('button', { name: DASHBOARD_TEXTS.markSold }).click();
      const dialog = page.getByRole('dialog', { name: DASHBOARD_TEXTS.markSoldTitle });
      await dialog.getByRole('button', { name: DASHBOARD_TEXTS.markSold }).click();
      await page.getByTestId('sold-banner').waitFor({ timeout: 20_000 });
      // Once the confirmation has closed, nothing offers to sell it again.
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByRole('button', { name: DASHBOARD_TEXTS.markSold }).count()).toBe(0);
      expect(await page.getByText('Share Listing').count()).toBe(0);
    });
    const sold = (await (await api.call('GET', `/api/vehicles/${v.id}`, null)).json()) as Vehicle;
    expect(sold.sold_at).toEqual(expect.any(String));
  });

  it("a price edited down shows 'Price dropped $X on <date>' on the listing's page", async () => {
    const api = sellers();
    const seller = await api.signup('Tendai Price');
    const v = await api.publish(seller, { make: 'Nissan', model: 'Navara', variant: null, year: 2018, price: 20000 });
    await app.inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, seller);
      const page = await app.open(context, '/dashboard', 'My Car Listings');
      await page.goto(`${app.server.url}/sell?edit=${v.id}`);
      const editor = page.getByRole('dialog', { name: 'Edit Listing' });
      await editor.getByText('Step 1 of 6').first().waitFor({ timeout: 20_000 });
      const price = editor.getByLabel(/^Price \(USD\)\s*\*?$/);
      const next = editor.getByRole('button', { name: 'Next', exact: true });
      while (!(await price.isVisible())) await next.click();
      await price.fill('19500');
      const save = editor.getByRole('button', { name: 'Save changes' });
      while (!(await save.isVisible())) await next.click();
      await save.click();
      await editor.getByText(LISTING_MESSAGES.changesSaved).waitFor({ timeout: 20_000 });
    });
    const after = await api.asSeller(seller, v.id);
    expect(after.price).toBe(19500);
    expect(after.price_drop?.amount).toBe(500);
    await app.inContext({ viewport: PHONE }, async (context) => {
      const page = await app.open(context, `/car/${v.id}`);
      const drop = page.getByTestId('price-drop');
      await drop.waitFor({ timeout: 20_000 });
      expect(await drop.innerText()).toBe(priceDropText(after.price_drop!));
      expect(await drop.innerText()).toMatch(/^Price dropped \$500 on \d{1,2} \w{3} \d{4}$/);
      await shot(page, 'listing-price-drop-360');
    });
  });

  it('the dashboard shows each listing its leads over 7 and 30 days as a chart, and still shows them offline', async () => {
    const api = sellers();
    const seller = await api.signup('Chipo Leads');
    const v = await api.publish(seller, { make: 'Mazda', model: 'Demio', variant: null, year: 2013 });
    const title = titleOf(v);
    const buyer = await api.signup('Farai Buyer');
    for (let i = 0; i < 3; i++) expect((await api.call('GET', `/api/cars/${v.id}`, null)).status).toBe(200);
    expect((await api.call('GET', `/api/vehicles/${v.id}/contact`, buyer.token)).status).toBe(200);
    expect((await api.call('POST', `/api/vehicles/${v.id}/events`, null, { kind: 'share' })).status).toBe(204);

    const count = (page: Page, kind: string, days: number) => row(page, title).locator(`[data-kind="${kind}"] [data-days="${days}"]`).innerText();
    await app.inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, seller);
      const page = await app.open(context, '/dashboard', 'My Car Listings');
      await row(page, title).getByTestId('leads').waitFor({ timeout: 20_000 });
      expect(await count(page, 'view', 7)).toBe('3');
      expect(await count(page, 'view', 30)).toBe('3');
      expect(await count(page, 'contact', 7)).toBe('1');
      expect(await count(page, 'share', 30)).toBe('1');
      expect(await count(page, 'favourite', 30)).toBe('0');
      expect(
        await row(page, title)
          .getByRole('img', { name: /per day over the last 30 days/ })
          .count(),
      ).toBe(1);
      await shot(page, 'dashboard-leads-360');

      await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
      await context.setOffline(true);
      await page.reload();
      await page.getByText(/You're offline: these are your listings as of/).waitFor({ timeout: 20_000 });
      await row(page, title).getByTestId('leads').waitFor();
      expect(await count(page, 'view', 7)).toBe('3');
      expect(await count(page, 'share', 30)).toBe('1');
      await context.setOffline(false);
    });
  });
});
