import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

// The colour filter, added through the table of attribute filters alone (src/domain/search/fields.ts,
// README "Adding a search filter"): offered by the Filter and Sort dialog, answered by the server and,
// offline, by the device's copy of the listings, with a removable chip.
describe.skipIf(!hasChromium)('the colour filter in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open, apiCount } = app;

  const found = (page: Page, n: number) => page.getByText(`${n.toLocaleString('en-US')} cars found`, { exact: true }).waitFor({ timeout: 20_000 });
  const chip = (page: Page, label: string) => page.getByRole('button', { name: `Remove ${label}`, exact: true });
  const cardIds = async (page: Page) =>
    (
      await page
        .getByRole('main')
        .locator('a[href^="/car/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    )
      .map((h) => h!.slice('/car/'.length))
      .sort();

  async function apiIds(query: Record<string, string>): Promise<string[]> {
    const res = await fetch(`${app.server.url}/api/vehicles?${new URLSearchParams({ ...query, limit: '500' })}`);
    return ((await res.json()) as Vehicle[]).map((v) => v.id).sort();
  }

  async function chooseColour(page: Page, colour: string): Promise<void> {
    await page.getByRole('button', { name: 'Filter and Sort' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Colour', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Colour', exact: true }).click();
    await page.getByRole('option', { name: colour, exact: true }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('filters /cars by colour family, online and offline, with a removable chip', async () => {
    const sellers = sellerApi(app.server.url);
    const seller = await sellers.signup('Rudo Motors');
    const mazda = await sellers.publish(seller, { make: 'Mazda', model: 'CX-5', color: 'Soul Red Crystal' });
    const all = await apiCount({ vehicle_type: 'car' });
    const red = await apiIds({ vehicle_type: 'car', color: 'red' });
    const white = await apiIds({ vehicle_type: 'car', color: 'white' });
    expect(red).toContain(mazda.id);
    expect(white.length).toBeGreaterThan(0);
    expect(red.length + white.length).toBeLessThan(all);

    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await open(context, '/cars');
      await found(page, all);
      await page.getByText(/^Listings updated/).waitFor({ timeout: 20_000 });

      await chooseColour(page, 'Red');
      await found(page, red.length);
      expect(await cardIds(page)).toEqual(red);
      await chip(page, 'Red').click();
      await found(page, all);

      // The device's copy holds every listing's colour: offline, it answers alone.
      await context.setOffline(true);
      await chooseColour(page, 'White');
      await found(page, white.length);
      expect(await cardIds(page)).toEqual(white);
      await chip(page, 'White').waitFor();
    });
  });
});
