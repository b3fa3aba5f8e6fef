import { describe, beforeAll, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { SEARCH_FIELD_TEXTS } from '@/domain/search/searchFieldTexts';
import { hasChromium } from './browser';
import { idbAll } from './deviceDb';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';

requireChromiumInCi();

// The make/model/variant selects read the reference catalogue kept on the device, and say when a
// model has no listing instead of letting the buyer search in vain (spec section 5).
describe.skipIf(!hasChromium)('the catalogue selects in Chromium', () => {
  const app = appInBrowser();
  let toyotaModels: Set<string>;

  beforeAll(async () => {
    const cars = (await (await fetch(`${app.server.url}/api/vehicles?vehicle_type=car&make=toyota&limit=500`)).json()) as Vehicle[];
    toyotaModels = new Set(cars.map((v) => v.model));
  });

  it('offers every catalogue model, variants of stocked models, and flags a model with no listing, offline too', async () => {
    const absent = ['Allion', 'Noah', 'Premio', 'Hiace', 'Aqua'].find((m) => !toyotaModels.has(m))!;
    const stocked = [...toyotaModels].find((m) => ['Hilux', 'Fortuner', 'Corolla', 'Land Cruiser'].includes(m))!;
    expect(absent).toBeDefined();
    expect(stocked).toBeDefined();
    await app.inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await app.open(context, '/cars', /cars found/);
      // Let the first sync (listings and catalogue) finish, then use the selects without a network.
      // A fixed pause raced the service worker's install on a slow machine (the reload went to the
      // network and failed): wait for what the offline reload needs instead.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
      await expect.poll(async () => (await idbAll(page, 'catalogue')).length, { timeout: 90_000 }).toBeGreaterThan(0);
      await context.setOffline(true);
      await page.reload();
      await page.getByText(/cars found/).waitFor();

      await page.getByRole('button', { name: 'Filter and Sort' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Make' }).click();
      expect(await dialog.getByPlaceholder(SEARCH_FIELD_TEXTS.selectMakeFirst).isDisabled()).toBe(true);
      expect(await dialog.getByPlaceholder(SEARCH_FIELD_TEXTS.selectModelFirst).isDisabled()).toBe(true);
      await dialog.getByPlaceholder('All makes').click();
      await page.getByRole('option', { name: 'Toyota', exact: true }).click();

      await dialog.getByPlaceholder('All models').click();
      await page.getByRole('option', { name: stocked, exact: true }).click();
      expect(await dialog.getByPlaceholder('All variants').isDisabled()).toBe(false);
      expect(await dialog.getByText(SEARCH_FIELD_TEXTS.notInInventory).count()).toBe(0);

      await dialog
        .getByPlaceholder('All models')
        .or(dialog.locator(`input[value="${stocked}"]`))
        .first()
        .click();
      await page.getByRole('option', { name: absent, exact: true }).click();
      expect(await dialog.getByPlaceholder(SEARCH_FIELD_TEXTS.modelUnavailable).isDisabled()).toBe(true);
      await dialog.getByText(SEARCH_FIELD_TEXTS.notInInventory).waitFor();
    });
  });
});
