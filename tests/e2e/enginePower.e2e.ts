import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

// Spec section 9: 'Construction engine power bands 50-100 HP up to 401+ HP', as a filter of the
// construction screen, answered by the device (its copy of the listings carries the horsepower).
describe.skipIf(!hasChromium)('construction engine power in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open, apiCount } = app;

  const found = (page: Page, n: number) => page.getByText(`${n.toLocaleString('en-US')} vehicles found`, { exact: true }).waitFor({ timeout: 20_000 });
  const chip = (page: Page, label: string) => page.getByRole('button', { name: `Remove ${label}`, exact: true });
  /** The ids of the listing cards on the screen. */
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

  it('filters /construction by an engine-power band, offline too, with a removable chip', async () => {
    const sellers = sellerApi(app.server.url);
    const seller = await sellers.signup('Farai Cranes');
    const crane = await sellers.publish(seller, {
      vehicle_type: 'construction',
      make: 'Liebherr',
      model: 'LTM Mobile Crane',
      variant: 'LTM 1100-5.2',
      car_category: null,
      category: 'crane',
      engine_power_hp: 536,
    });
    const all = await apiCount({ vehicle_type: 'construction' });
    const biggest = await apiIds({ vehicle_type: 'construction', engine_power: '401+' });
    const middle = await apiIds({ vehicle_type: 'construction', engine_power: '201-300' });
    expect(biggest).toContain(crane.id);
    expect(biggest.length).toBeGreaterThan(1);
    expect(middle.length).toBeGreaterThan(0);
    expect(biggest.length + middle.length).toBeLessThan(all);

    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await open(context, '/construction');
      await found(page, all);
      await page.getByText(/^Listings updated/).waitFor({ timeout: 20_000 });

      await page.getByRole('button', { name: 'Filter and Sort' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Engine power', exact: true }).click();
      await dialog.getByRole('combobox', { name: 'Engine power', exact: true }).click();
      expect(await page.getByRole('option', { name: / HP$/ }).allTextContents()).toEqual(['50-100 HP', '101-200 HP', '201-300 HP', '301-400 HP', '401+ HP']);
      await page.getByRole('option', { name: '401+ HP', exact: true }).click();
      await page.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await found(page, biggest.length);
      expect(await cardIds(page)).toEqual(biggest);

      await chip(page, '401+ HP').click();
      await found(page, all);
      expect(await chip(page, '401+ HP').count()).toBe(0);

      // The device holds every listing and their horsepower: offline, it answers alone.
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Filter and Sort' }).click();
      await dialog.getByRole('button', { name: 'Engine power', exact: true }).click();
      await dialog.getByRole('combobox', { name: 'Engine power', exact: true }).click();
      await page.getByRole('option', { name: '201-300 HP', exact: true }).click();
      await page.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await found(page, middle.length);
      expect(await cardIds(page)).toEqual(middle);
      await chip(page, '201-300 HP').waitFor();

      // Engine power is a construction filter: the Cars tab's dialog has no such section.
      await page.getByRole('tab', { name: 'Cars', exact: true }).click();
      await page.getByText(/cars found$/).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Filter and Sort' }).click();
      await dialog.getByRole('button', { name: 'Price', exact: true }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Engine power', exact: true }).count()).toBe(0);
      await page.keyboard.press('Escape');

      // The listing's page states its horsepower.
      await context.setOffline(false);
      await page.goto(`${app.server.url}/car/${crane.id}`);
      await page.getByText('Vehicle Details').waitFor({ timeout: 20_000 });
      await page.getByText('536 HP', { exact: true }).waitFor();
    });
  });
});
