import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { ANDROID_PHONE, hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

// The browse and home search screens against spec sections 2.5, 2.6, 4 and 9: filter state per
// category, a tile's category as a chip, the home page's variant, the browse options of section 9.
describe.skipIf(!hasChromium)('the search screens in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open, apiCount } = app;

  const found = (page: Page, n: number, noun: 'cars' | 'vehicles') => page.getByText(`${n.toLocaleString('en-US')} ${noun} found`, { exact: true }).waitFor({ timeout: 20_000 });

  /** Picks `option` in one of the Filter and Sort dialog's selects, opening its accordion section first. */
  async function pick(page: Page, section: string, label: string, option: string): Promise<void> {
    const dialog = page.getByRole('dialog');
    const control = dialog.getByRole('button', { name: section, exact: true });
    if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
    await dialog.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function filterAndSort(page: Page, choices: [section: string, label: string, option: string][]): Promise<void> {
    await page.getByRole('button', { name: 'Filter and Sort' }).click();
    for (const [section, label, option] of choices) await pick(page, section, label, option);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  }

  const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();
  const chip = (page: Page, label: string) => page.getByRole('button', { name: `Remove ${label}`, exact: true });

  it('keeps filter state per category on the /cars tabs (spec 2.6)', async () => {
    const cars = await apiCount({ vehicle_type: 'car' });
    const hybrids = await apiCount({ vehicle_type: 'car', fuel_type: 'hybrid' });
    const farming = await apiCount({ vehicle_type: 'farming' });
    const construction = await apiCount({ vehicle_type: 'construction' });
    const hiluxes = await apiCount({ vehicle_type: 'car', make: 'Toyota', model: 'Hilux' });
    expect(hybrids).toBeGreaterThan(0);
    expect(farming).toBeGreaterThan(0);
    expect(hiluxes).toBeGreaterThan(0);
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await open(context, '/cars');
      await found(page, cars, 'cars');
      await filterAndSort(page, [['Fuel', 'Fuel', 'Hybrid']]);
      await found(page, hybrids, 'cars');

      // Farming has its own filters: none yet, so all of its vehicles.
      await tab(page, 'Farming');
      await found(page, farming, 'vehicles');
      expect(await chip(page, 'Hybrid').count()).toBe(0);

      // Back on Cars, its Hybrid filter is still there, as a chip.
      await tab(page, 'Cars');
      await found(page, hybrids, 'cars');
      await chip(page, 'Hybrid').click();
      await found(page, cars, 'cars');

      await filterAndSort(page, [
        ['Make', 'Make', 'Toyota'],
        ['Make', 'Model', 'Hilux'],
      ]);
      await found(page, hiluxes, 'cars');
      await tab(page, 'Construction');
      await found(page, construction, 'vehicles');
      await page.getByRole('button', { name: 'Filter and Sort' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Make', exact: true }).click();
      expect(await dialog.getByRole('combobox', { name: 'Make', exact: true }).inputValue()).toBe('');
      await page.keyboard.press('Escape');
      await tab(page, 'Cars');
      await found(page, hiluxes, 'cars');
      await chip(page, 'Make: Toyota').waitFor();
      await chip(page, 'Model: Hilux').waitFor();
    });
  });

  it('shows a whole result card and the start of the next on the first screen of a 360 x 740 phone, under every control of spec 2.6', async () => {
    const cars = await apiCount({ vehicle_type: 'car' });
    await inContext({ ...ANDROID_PHONE, viewport: { width: 360, height: 740 } }, async (context) => {
      const page = await open(context, '/cars');
      // The app's screen, not results the page may draw before the app's code runs (they have no controls).
      await page.getByRole('button', { name: 'Filter and Sort' }).waitFor();
      await found(page, cars, 'cars');
      const cards = page.getByRole('main').locator('a[href^="/car/"]');
      await cards.nth(1).waitFor();
      const screen = await page.evaluate(() => window.innerHeight);
      const first = (await cards.nth(0).boundingBox())!;
      const second = (await cards.nth(1).boundingBox())!;
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-browse-first-screen.png') });
      expect(first.y + first.height).toBeLessThanOrEqual(screen);
      expect(second.y).toBeLessThan(screen);
      // Nothing of the header went to make room: each control is above the cards, and big enough to touch.
      const controls = [
        page.getByRole('button', { name: 'Back', exact: true }),
        page.getByRole('button', { name: 'Filter and Sort' }),
        page.getByRole('combobox', { name: 'Sort by' }),
        page.getByRole('tab', { name: 'Cars', exact: true }),
        page.getByRole('tab', { name: 'Construction', exact: true }),
        page.getByRole('tab', { name: 'Farming', exact: true }),
        page.getByRole('searchbox', { name: 'Search' }),
      ];
      for (const control of controls) {
        const box = (await control.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(first.y);
        expect(box.height).toBeGreaterThanOrEqual(40);
      }
      for (const text of [page.getByRole('heading', { level: 1, name: 'Browse cars' }), page.getByText(`${cars.toLocaleString('en-US')} cars found`, { exact: true })]) {
        const box = (await text.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(first.y);
      }
    });
    // A wide screen keeps its whole first row of cards on its first screen.
    await inContext({ viewport: { width: 1280, height: 800 } }, async (context) => {
      const page = await open(context, '/cars');
      await page.getByRole('button', { name: 'Filter and Sort' }).waitFor();
      await found(page, cars, 'cars');
      const cards = page.getByRole('main').locator('a[href^="/car/"]');
      await cards.nth(3).waitFor();
      const row = await Promise.all([0, 1, 2, 3].map(async (i) => (await cards.nth(i).boundingBox())!));
      expect(new Set(row.map((b) => b.y)).size).toBe(1);
      for (const box of row) expect(box.y + box.height).toBeLessThanOrEqual(800);
    });
  });

  it('shows a Browse-by-type category as a removable chip, kept with its own tab (spec 2.5, 2.6)', async () => {
    const excavators = await apiCount({ vehicle_type: 'construction', category: 'excavator' });
    const construction = await apiCount({ vehicle_type: 'construction' });
    const farming = await apiCount({ vehicle_type: 'farming' });
    expect(excavators).toBeGreaterThan(0);
    expect(excavators).toBeLessThan(construction);
    for (const [width, height, label] of [
      [360, 780, 'mobile'],
      [1280, 900, 'desktop'],
    ] as const) {
      await inContext({ viewport: { width, height } }, async (context) => {
        const page = await open(context, '/', 'Browse by type');
        await page.getByRole('link', { name: 'Excavator', exact: true }).click();
        await page.waitForURL(/\/construction\?construction_category=excavator$/);
        await found(page, excavators, 'vehicles');
        await chip(page, 'Excavator').waitFor();
        await page.screenshot({ path: path.join(SCREENSHOTS, `${label}-construction-excavator-chip.png`) });

        await tab(page, 'Farming');
        await found(page, farming, 'vehicles');
        expect(await chip(page, 'Excavator').count()).toBe(0);
        await tab(page, 'Construction');
        await found(page, excavators, 'vehicles');

        await chip(page, 'Excavator').click();
        await found(page, construction, 'vehicles');
        expect(new URL(page.url()).search).toBe('');
        await page.reload();
        await found(page, construction, 'vehicles');
        expect(await chip(page, 'Excavator').count()).toBe(0);
      });
    }
  });

  it('offers the browse options of spec 9: mileage up to 300,000+ km, engine CC covering 3,001 to 3,999', async () => {
    const sellers = sellerApi(app.server.url);
    const seller = await sellers.signup('Rudo Mileage');
    await sellers.publish(seller, { make: 'Toyota', model: 'Land Cruiser', year: 2004, mileage: 412_000 });
    const cars = await apiCount({ vehicle_type: 'car' });
    const farRun = await apiCount({ vehicle_type: 'car', min_mileage: '300000' });
    const upTo3000 = await apiCount({ vehicle_type: 'car', engine_cc: '3000' });
    const upTo4000 = await apiCount({ vehicle_type: 'car', engine_cc: '4000' });
    expect(farRun).toBeGreaterThan(0);
    // The sample cars of 3.2 L are in neither "up to 3,000 cc" nor "4,000 cc and more".
    expect(upTo4000).toBeGreaterThan(upTo3000);
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await open(context, '/cars');
      await found(page, cars, 'cars');
      await filterAndSort(page, [['Mileage', 'Mileage', '300,000+ km']]);
      await found(page, farRun, 'cars');
      await chip(page, '300,000+ km').click();
      await found(page, cars, 'cars');
      await filterAndSort(page, [['Engine CC', 'Engine CC', 'Up to 4,000 cc']]);
      await found(page, upTo4000, 'cars');
      await chip(page, 'Up to 4,000 cc').waitFor();
    });
    for (const [width, height, label] of [
      [360, 780, 'mobile'],
      [1280, 900, 'desktop'],
    ] as const) {
      await inContext({ viewport: { width, height } }, async (context) => {
        const page = await open(context, '/cars?min_mileage=300000&engine_cc=4000');
        await found(page, await apiCount({ vehicle_type: 'car', min_mileage: '300000', engine_cc: '4000' }), 'cars');
        await page.getByRole('button', { name: 'Filter and Sort' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Engine CC', exact: true }).click();
        await page.getByRole('dialog').getByRole('combobox', { name: 'Engine CC', exact: true }).waitFor();
        // The dialog and its accordion animate in; the picture is of where they settle.
        await page.waitForTimeout(600);
        await page.screenshot({ path: path.join(SCREENSHOTS, `${label}-browse-filter-dialog.png`) });
      });
    }
  });

  it('has a Variant select on the desktop home: it needs a model, and changing make resets model and variant (spec 4, 5)', async () => {
    const hiluxes = (await (await fetch(`${app.server.url}/api/vehicles?vehicle_type=car&make=Toyota&model=Hilux&limit=100`)).json()) as Vehicle[];
    const variant = hiluxes.find((v) => v.variant)!.variant!;
    const matching = await apiCount({ vehicle_type: 'car', make: 'Toyota', model: 'Hilux', variant });
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await open(context, '/', 'Start Your Search');
      const field = (name: string) => page.getByRole('combobox', { name, exact: true });
      const choose = async (name: string, option: string) => {
        await field(name).click();
        await page.getByRole('option', { name: option, exact: true }).click();
      };
      await field('Variant').waitFor();
      expect(await field('Variant').isDisabled()).toBe(true);
      expect(await field('Variant').getAttribute('placeholder')).toBe('Select model first');
      await choose('Make', 'Toyota');
      expect(await field('Variant').getAttribute('placeholder')).toBe('Select model first');
      await choose('Model', 'Hilux');
      expect(await field('Variant').isDisabled()).toBe(false);
      await choose('Variant', variant);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-home-variant.png') });
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('heading', { name: `${matching} cars found` }).waitFor({ timeout: 20_000 });
      await chip(page, `Variant: ${variant}`).waitFor();

      // A new make resets model and variant to all.
      await choose('Make', 'Nissan');
      expect(await field('Model').inputValue()).toBe('');
      expect(await field('Variant').inputValue()).toBe('');
      expect(await field('Variant').isDisabled()).toBe(true);
    });
  });
});
