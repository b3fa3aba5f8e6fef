import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ANDROID_PHONE, hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

/** GET /api/dealer/stock as the dealer's own software asks it: with an API key instead of a session. */
function readStock(page: Page, key: string): Promise<{ status: number; items: { id: string; status: string }[] }> {
  return page.evaluate(async (k) => {
    const res = await fetch('/api/dealer/stock', { headers: { Authorization: `Bearer ${k}` } });
    const body = res.ok ? ((await res.json()) as { items: { id: string; status: string }[] }) : { items: [] };
    return { status: res.status, items: body.items.map(({ id, status }) => ({ id, status })) };
  }, key);
}

// A dealer's Stock API (issue 38) as the dealer meets it: the dashboard's 'Stock API' makes a key that is
// shown once and reads the dealer's stock, revokes it (after asking) so it reads nothing more, and saves
// the webhook address, whose signing secret is shown once.
describe.skipIf(!hasChromium)("a dealer's Stock API in Chromium", () => {
  const app = appInBrowser();

  it('the dashboard makes an API key that reads the stock until it is revoked, and saves a webhook address', async () => {
    const api = sellerApi(app.server.url);
    const dealer = await api.signup('Rufaro Dube', { dealer: 'Msasa Motors' });
    const car = await api.publish(dealer, { make: 'Toyota', model: 'Aqua', year: 2015, price: 7400, images: ['/samples/a.jpg'] });

    await app.inContext(ANDROID_PHONE, async (context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
      await signedIn(context, dealer);
      const page = await app.open(context, '/dashboard');
      const card = page.getByRole('region', { name: 'Stock API' });
      await card.waitFor({ timeout: 20_000 });
      await card.getByText('No API keys yet.').waitFor();
      expect(await card.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api/docs');

      // A key, shown once: it reads the dealer's stock.
      await card.getByRole('textbox', { name: 'Key name' }).fill('Yard computer');
      await card.getByRole('radio', { name: 'Read stock' }).check();
      await card.getByRole('button', { name: 'Create key' }).click();
      const shown = card.getByRole('textbox', { name: 'New API key' });
      await shown.waitFor();
      const key = await shown.inputValue();
      expect(key.startsWith('mk_')).toBe(true);
      await card.getByRole('button', { name: 'Copy: New API key' }).click();
      await card.getByRole('button', { name: 'Copied: New API key' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await shown.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-dashboard-stock-api-key.png') });
      expect(await readStock(page, key)).toEqual({ status: 200, items: [{ id: car.id, status: 'live' }] });

      // 'Done' hides the key for good; its row says what it may do.
      await card.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'detached' });
      expect(await page.getByText(key).count()).toBe(0);
      const row = card.getByRole('listitem').filter({ hasText: 'Yard computer' });
      await row.waitFor();
      expect(await row.innerText()).toMatch(/Read stock[\s\S]*(Never used|Last used \d{1,2} \w{3} \d{4})/);

      // Revoked after asking: the key reads nothing more.
      await row.getByRole('button', { name: 'Revoke: Yard computer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke: Yard computer' });
      await dialog.getByText('Revoke this key? Software using it will stop working at once.').waitFor();
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Key revoked').waitFor();
      await card.getByText('No API keys yet.').waitFor();
      expect((await readStock(page, key)).status).toBe(401);

      // The webhook's address, saved: its signing secret is shown once.
      await card.getByRole('textbox', { name: 'Webhook address' }).fill('https://dms.example.com/motokari');
      await card.getByRole('button', { name: 'Save address' }).click();
      const secret = card.getByRole('textbox', { name: 'Signing secret (shown once)' });
      await secret.waitFor();
      expect((await secret.inputValue()).length).toBeGreaterThanOrEqual(16);
      await card.getByRole('button', { name: 'Remove' }).waitFor();
      await page.getByText('Webhook address saved').waitFor();

      // The page keeps its width on a phone.
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.page).toBeLessThanOrEqual(widths.screen);
      // The webhook part, whole, for the screenshot: the toasts closed, the secret's box at the bottom.
      for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all()) await dismiss.click();
      await page.locator('[data-toast]').first().waitFor({ state: 'detached' });
      await card.getByRole('button', { name: 'Done' }).evaluate((el) => {
        el.scrollIntoView({ block: 'end' });
        window.scrollBy(0, 32);
      });
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-dashboard-stock-api.png') });
    });
  });
});
