import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';
import { deviceHolds } from './deviceDb';
import { sellerApi } from './sellers';
import { PRICE_BAND_TEXT } from '@/domain/search/priceVerdict';
import type { Vehicle } from '@/domain/listing/vehicle';

requireChromiumInCi();

// The price verdict (issue 20): a coloured badge on the result card and on the listing page, the why
// under it there; offline, the cards and a listing never opened are judged by the device from its copy.
describe.skipIf(!hasChromium)('the price verdict in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open } = app;

  const card = (page: Page, id: string) => page.locator(`a[href="/car/${id}"]`);

  it('shows a card\u2019s and a listing\u2019s verdict with its why, online and offline', async () => {
    const sellers = sellerApi(app.server.url);
    const seller = await sellers.signup('Rudo Motors');
    const market = { make: 'Tata', model: 'Xenon', variant: null, year: 2017, mileage: 120_000 };
    const fair: Vehicle[] = [];
    for (const price of [9_500, 10_000, 10_000, 10_500, 11_000]) fair.push(await sellers.publish(seller, { ...market, price }));
    const cheap = await sellers.publish(seller, { ...market, price: 6_500 });
    const verdictOf = async (id: string) => ((await (await fetch(`${app.server.url}/api/vehicles/${id}`)).json()) as Vehicle).price_verdict!;
    const great = await verdictOf(cheap.id);
    expect(great).toMatchObject({ band: 'great', why: '$3,500 below 5 similar Xenons', comparables: 5, typical_price: 10_000 });
    const usual = await verdictOf(fair[1]!.id);
    expect(usual.band).toBe('fair');

    await inContext({ viewport: { width: 360, height: 780 } }, async (context) => {
      const page = await open(context, `/car/${cheap.id}`);
      const verdict = page.getByTestId('price-verdict');
      await verdict.getByText('Great price', { exact: true }).waitFor({ timeout: 20_000 });
      await verdict.getByText(great.why, { exact: true }).waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });

      await page.goto(`${app.server.url}/cars?make=Tata&model=Xenon`);
      await page.getByText('6 cars found', { exact: true }).waitFor({ timeout: 20_000 });
      await card(page, cheap.id).getByText('Great price', { exact: true }).waitFor({ timeout: 20_000 });
      await card(page, fair[1]!.id).getByText(PRICE_BAND_TEXT[usual.band], { exact: true }).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-price-verdict-cards.png') });
      await expect.poll(() => deviceHolds(page, fair[4]!.id), { timeout: 30_000 }).toBe(true);

      // Offline the device answers the search and judges each card from the summaries it holds.
      await context.setOffline(true);
      await page.goto(`${app.server.url}/cars?make=Tata&model=Xenon`);
      await page.getByText('6 cars found', { exact: true }).waitFor({ timeout: 20_000 });
      await card(page, cheap.id).getByText('Great price', { exact: true }).waitFor({ timeout: 20_000 });
      for (const v of fair)
        await card(page, v.id)
          .getByText(PRICE_BAND_TEXT[(await verdictOf(v.id)).band], { exact: true })
          .waitFor();
      expect(await page.locator('[data-price-band]').count()).toBe(6);
      // A listing never opened here: its page is the device's summary, judged on the device, with the why.
      await page.goto(`${app.server.url}/car/${fair[4]!.id}`);
      const judged = await verdictOf(fair[4]!.id);
      await page.getByTestId('price-verdict').getByText(judged.why, { exact: true }).waitFor({ timeout: 20_000 });
      await page.getByTestId('price-verdict').getByText(PRICE_BAND_TEXT[judged.band], { exact: true }).waitFor();
      await page.getByTestId('price-verdict').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-offline-price-verdict-listing.png') });
    });
  });
});
