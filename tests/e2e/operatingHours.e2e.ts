import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

// Equipment search (issue 20): kilometres mean little for a tractor, so the farming tab filters on
// operating hours and on spec 9's engine-power bands, answered by the device, offline too.
describe.skipIf(!hasChromium)('farming equipment by operating hours and engine power in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open, apiCount } = app;

  const found = (page: Page, n: number) => page.getByText(`${n.toLocaleString('en-US')} vehicles found`, { exact: true }).waitFor({ timeout: 20_000 });
  const chip = (page: Page, label: string) => page.getByRole('button', { name: `Remove ${label}`, exact: true });

  async function choose(page: Page, section: string, option: string): Promise<void> {
    await page.getByRole('button', { name: 'Filter and Sort' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: section, exact: true }).click();
    await dialog.getByRole('combobox', { name: section, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('limits /farming by operating hours and engine power, with chips, offline too', async () => {
    const sellers = sellerApi(app.server.url);
    const seller = await sellers.signup('Chipo Farm Supplies');
    await sellers.publish(seller, {
      vehicle_type: 'farming',
      make: 'Massey Ferguson',
      model: '375',
      variant: null,
      car_category: null,
      category: 'tractor',
      mileage: null,
      operating_hours: 1500,
      engine_power_hp: 75,
    });
    const all = await apiCount({ vehicle_type: 'farming' });
    const lowHours = await apiCount({ vehicle_type: 'farming', max_hours: '2500' });
    const fewest = await apiCount({ vehicle_type: 'farming', max_hours: '1000' });
    const small = await apiCount({ vehicle_type: 'farming', engine_power: '50-100' });
    expect(lowHours).toBeGreaterThan(1);
    expect(lowHours).toBeLessThan(all);
    expect(fewest).toBeGreaterThan(0);
    expect(fewest).toBeLessThan(lowHours);
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThan(all);

    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await open(context, '/farming');
      await found(page, all);
      await page.getByText(/^Listings updated/).waitFor({ timeout: 20_000 });

      await page.getByRole('button', { name: 'Filter and Sort' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Operating hours', exact: true }).click();
      await dialog.getByRole('combobox', { name: 'Operating hours', exact: true }).click();
      expect(await page.getByRole('option', { name: / hrs$/ }).allTextContents()).toEqual([
        'Up to 1,000 hrs',
        'Up to 2,500 hrs',
        'Up to 5,000 hrs',
        'Up to 7,500 hrs',
        'Up to 10,000 hrs',
        'Up to 15,000 hrs',
        'Up to 20,000 hrs',
        '20,000+ hrs',
      ]);
      await page.getByRole('option', { name: 'Up to 2,500 hrs', exact: true }).click();
      await page.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await found(page, lowHours);

      await chip(page, 'Up to 2,500 hrs').click();
      await found(page, all);

      // The device holds every listing with its hours and horsepower: offline, it answers alone.
      await context.setOffline(true);
      await choose(page, 'Operating hours', 'Up to 1,000 hrs');
      await found(page, fewest);
      await chip(page, 'Up to 1,000 hrs').click();
      await found(page, all);
      await choose(page, 'Engine power', '50-100 HP');
      await found(page, small);
      await chip(page, '50-100 HP').waitFor();

      // Hours are an equipment filter: the Cars tab's dialog has no such section, and the farming tab keeps its own.
      await page.getByRole('tab', { name: 'Cars', exact: true }).click();
      await page.getByText(/cars found$/).waitFor({ timeout: 20_000 });
      expect(await chip(page, '50-100 HP').count()).toBe(0);
      await page.getByRole('button', { name: 'Filter and Sort' }).click();
      await dialog.getByRole('button', { name: 'Price', exact: true }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Operating hours', exact: true }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('tab', { name: 'Farming', exact: true }).click();
      await found(page, small);
      await chip(page, '50-100 HP').waitFor();
    });
  });
});
