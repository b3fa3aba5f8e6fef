import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

// Search by words (issue 20): one box on /cars, typed into, shows only the matching cards, puts the
// words in the address and a chip, and answers from the device's copy offline.
describe.skipIf(!hasChromium)('search by words in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open, apiCount } = app;

  const found = (page: Page, n: number) => page.getByText(`${n.toLocaleString('en-US')} cars found`, { exact: true }).waitFor({ timeout: 20_000 });
  const cards = (page: Page) => page.locator('a[href^="/car/"]');

  /** Types words into the box and presses Enter; `pauses` types slowly enough for searches to run between the letters. */
  async function typeWords(page: Page, words: string, pauses = false): Promise<void> {
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('');
    await box.pressSequentially(words, pauses ? { delay: 500 } : {});
    expect(await box.inputValue()).toBe(words);
    await box.press('Enter');
  }

  it('types "hilux harare" on /cars and sees only matching cards; offline the device still answers', async () => {
    const sellers = sellerApi(app.server.url);
    const seller = await sellers.signup('Kudzai Mapfumo');
    await sellers.publish(seller, { make: 'Toyota', model: 'Hilux', variant: '2.8GD-6', location: 'Borrowdale, Harare', description: 'Canopy, tow bar and zebrawood trim.' });
    const all = await apiCount({ vehicle_type: 'car' });
    const hiluxHarare = await apiCount({ vehicle_type: 'car', q: 'hilux harare' });
    const mapfumo = await apiCount({ vehicle_type: 'car', q: 'mapfumu' });
    expect(hiluxHarare).toBeGreaterThan(0);
    expect(hiluxHarare).toBeLessThan(all);
    expect(mapfumo).toBe(1);

    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await open(context, '/cars');
      await found(page, all);
      await page.getByText(/^Listings updated/).waitFor({ timeout: 20_000 });

      // Searched while typing: the answers to the first letters do not undo the letters typed since.
      await typeWords(page, 'hilux harare', true);
      await found(page, hiluxHarare);
      await page.getByRole('button', { name: 'Remove \u201chilux harare\u201d', exact: true }).waitFor();
      expect(new URL(page.url()).searchParams.get('q')).toBe('hilux harare');
      const shown = cards(page);
      await shown.first().waitFor();
      for (const card of await shown.all()) {
        const text = (await card.innerText()).toLowerCase();
        expect(text).toContain('hilux');
        expect(text).toContain('harare');
      }

      // A word of a description only: the device, which holds no descriptions, finds nothing and asks the server.
      await typeWords(page, 'zebrawood');
      await found(page, 1);
      expect(await cards(page).first().innerText()).toContain('Kudzai Mapfumo');

      // The device holds every car's summary: offline, it answers alone, typos and all.
      await context.setOffline(true);
      await typeWords(page, 'mapfumu');
      await found(page, 1);
      expect(await cards(page).first().innerText()).toContain('Kudzai Mapfumo');
      await typeWords(page, 'zebrawood');
      await found(page, 0);
      await page.getByText('No cars found', { exact: true }).waitFor();

      // Removing the chip clears the words and the box.
      await typeWords(page, 'hilux harare');
      await found(page, hiluxHarare);
      await page.getByRole('button', { name: 'Remove \u201chilux harare\u201d', exact: true }).click();
      await found(page, all);
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
      expect(new URL(page.url()).searchParams.get('q')).toBeNull();
    });
  });

  it("searches from the home page's box, and within a dealer's stock on the dealer page", async () => {
    const hilux = await apiCount({ vehicle_type: 'car', q: 'hilux' });
    expect(hilux).toBeGreaterThan(0);
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await open(context, '/');
      await typeWords(page, 'hilux');
      await page.waitForURL(/\/cars\?q=hilux$/);
      await found(page, hilux);

      await page.goto(`${app.server.url}/dealers`);
      await page.locator('.mantine-Card-root', { hasText: 'Harare Motor World' }).getByRole('link', { name: 'View inventory' }).click();
      await page.waitForURL(/\/dealer\/[^/]+\/inventory$/);
      const dealerId = new URL(page.url()).pathname.split('/')[2]!;
      const toyotas = await apiCount({ seller_id: dealerId, vehicle_type: 'car', q: 'toyota' });
      const cars = await apiCount({ seller_id: dealerId, vehicle_type: 'car' });
      expect(toyotas).toBeGreaterThan(0);
      expect(toyotas).toBeLessThan(cars);
      await typeWords(page, 'toyota');
      await page.getByRole('heading', { level: 2, name: `${toyotas === 1 ? '1 car matches' : `${toyotas} cars match`} your filters`, exact: true }).waitFor();
      for (const card of await cards(page).all()) expect((await card.innerText()).toLowerCase()).toContain('toyota');
    });
  });
});
