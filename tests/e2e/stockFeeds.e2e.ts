import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANDROID_PHONE, hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

// A dealer's stock feeds (issue 38) as the dealer meets them: the dashboard's 'Your stock feeds' gives
// the two addresses to paste into Facebook and Google, with a copy button, and each address answers the
// dealer's cars.
describe.skipIf(!hasChromium)("a dealer's stock feeds in Chromium", () => {
  const app = appInBrowser();

  it("the dashboard shows the feed addresses with a copy button, and each answers the dealer's cars", async () => {
    const api = sellerApi(app.server.url);
    const dealer = await api.signup('Rufaro Dube', { dealer: 'Msasa Motors' });
    const car = await api.publish(dealer, { make: 'Toyota', model: 'Aqua', year: 2015, price: 7400, images: ['/samples/a.jpg'] });

    await app.inContext(ANDROID_PHONE, async (context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
      await signedIn(context, dealer);
      const page = await app.open(context, '/dashboard');
      const card = page.getByRole('region', { name: 'Your stock feeds' });
      await card.waitFor({ timeout: 20_000 });
      const facebook = card.getByRole('textbox', { name: 'Facebook catalogue (Commerce Manager, data feed)' });
      const google = card.getByRole('textbox', { name: 'Google Merchant Center (scheduled fetch)' });
      expect(await facebook.inputValue()).toBe(`${app.server.url}/api/feeds/facebook/dealers/${dealer.user.id}/vehicles.csv`);
      expect(await google.inputValue()).toBe(`${app.server.url}/api/feeds/google/dealers/${dealer.user.id}/vehicles.tsv`);
      await card.getByRole('button', { name: 'Copy: Facebook catalogue (Commerce Manager, data feed)' }).click();
      await card.getByRole('button', { name: 'Copied: Facebook catalogue (Commerce Manager, data feed)' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await facebook.inputValue());
      // The page keeps its width on a phone.
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.page).toBeLessThanOrEqual(widths.screen);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-dashboard-stock-feeds.png') });
      // What the tools fetch: the dealer's car, a line each.
      for (const url of [await facebook.inputValue(), await google.inputValue()]) {
        const text = await page.evaluate(async (u) => (await fetch(u)).text(), url);
        expect(text.trim().split('\n')).toHaveLength(2);
        expect(text).toContain(car.id);
      }
    });
  });
});
