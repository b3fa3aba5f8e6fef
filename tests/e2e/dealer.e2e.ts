import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';

requireChromiumInCi();

describe.skipIf(!hasChromium)('the dealer inventory page in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open, apiCount } = app;

  /** Opens /dealers and follows a dealer's "View inventory"; returns the page and the dealer's id. */
  async function openDealer(context: BrowserContext, name: string): Promise<{ page: Page; dealerId: string }> {
    const page = await open(context, '/dealers');
    await page.locator('.mantine-Card-root', { hasText: name }).getByRole('link', { name: 'View inventory' }).click();
    await page.waitForURL(/\/dealer\/[^/]+\/inventory$/);
    const dealerId = new URL(page.url()).pathname.split('/')[2]!;
    return { page, dealerId };
  }

  async function choose(page: Page, label: string, option: string): Promise<void> {
    await page.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Waits for the results heading to read `text`. */
  const heading = (page: Page, text: string) => page.getByRole('heading', { level: 2, name: text, exact: true }).waitFor();

  /** The results heading of filtered results. */
  const matching = (n: number) => `${n === 1 ? '1 car matches' : `${n} cars match`} your filters`;
  /** The form's Submit button, which reads the live count of the chosen make and model. */
  const submit = (page: Page, n: number) => page.getByRole('button', { name: `Show ${n} ${n === 1 ? 'car' : 'cars'}`, exact: true });

  it("filters a dealer's cars on Submit, offers its own makes, counts make and model live, and says when a model is not in stock", async () => {
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const { page, dealerId } = await openDealer(context, 'Harare Motor World');
      const cars = await apiCount({ seller_id: dealerId, vehicle_type: 'car' });
      const all = await apiCount({ seller_id: dealerId });
      expect(cars).toBeGreaterThan(1);

      await page.getByRole('heading', { level: 1, name: 'Harare Motor World' }).waitFor();
      await page.getByText(`${all} vehicles in stock`).waitFor();
      await heading(page, `${cars} cars in stock`);
      expect(await page.locator('a[href^="/car/"]').count()).toBe(cars);

      // The Make list is the dealer's own makes, not the whole catalogue.
      const stock = (await (await fetch(`${app.server.url}/api/vehicles?seller_id=${dealerId}&vehicle_type=car&limit=500`)).json()) as { make: string }[];
      const makes = [...new Set(stock.map((v) => v.make))].sort((x, y) => x.localeCompare(y));
      await page.getByRole('combobox', { name: 'Make', exact: true }).click();
      await page.getByRole('option', { name: makes[0], exact: true }).waitFor();
      expect(await page.getByRole('listbox').getByRole('option').allTextContents()).toEqual(makes);
      await page.keyboard.press('Escape');

      // The variant waits for a make and a model.
      const variant = page.getByRole('combobox', { name: 'Variant', exact: true });
      expect(await variant.isDisabled()).toBe(true);
      expect(await variant.getAttribute('placeholder')).toBe('Select model first');
      expect(await page.getByRole('combobox', { name: 'Model', exact: true }).getAttribute('placeholder')).toBe('Select make first');

      // A make changes the button's live count at once; the results and chips change on Submit.
      const toyotas = await apiCount({ seller_id: dealerId, vehicle_type: 'car', make: 'Toyota' });
      expect(toyotas).toBeGreaterThan(0);
      expect(toyotas).toBeLessThan(cars);
      await choose(page, 'Make', 'Toyota');
      await submit(page, toyotas).waitFor();
      await heading(page, `${cars} cars in stock`);
      expect(await page.getByText('Make: Toyota').count()).toBe(0);
      await submit(page, toyotas).click();
      await heading(page, matching(toyotas));
      await page.getByText('Make: Toyota').waitFor();
      expect(await page.locator('a[href^="/car/"]').count()).toBe(toyotas);
      expect(await variant.isDisabled()).toBe(true);

      // A model of the catalogue that this dealer does not stock.
      await choose(page, 'Model', 'Corolla');
      await page.getByText('⚠️ This model is not available in our dealer inventory').waitFor();
      expect(await variant.isDisabled()).toBe(true);
      expect(await variant.getAttribute('placeholder')).toBe('Model unavailable in inventory');
      await submit(page, 0).click();
      await page.getByText('No vehicles found').waitFor();
      await page.getByText('Try adjusting your search filters').waitFor();

      // A model it does stock enables the variant.
      const hiluxes = await apiCount({ seller_id: dealerId, vehicle_type: 'car', make: 'Toyota', model: 'Hilux' });
      await choose(page, 'Model', 'Hilux');
      expect(await variant.isDisabled()).toBe(false);
      expect(await page.getByText('⚠️ This model is not available in our dealer inventory').count()).toBe(0);
      await submit(page, hiluxes).click();
      await heading(page, matching(hiluxes));

      // More filters: fuel and engine, then price and years, then region and distance. The live count
      // stays that of make and model; Submit applies the fuel too.
      await page.getByRole('button', { name: 'Show more filters' }).click();
      const petrolHiluxes = await apiCount({ seller_id: dealerId, vehicle_type: 'car', make: 'Toyota', model: 'Hilux', fuel_type: 'petrol' });
      expect(petrolHiluxes).toBeLessThan(hiluxes);
      await choose(page, 'Fuel Type', 'Petrol');
      await submit(page, hiluxes).click();
      await heading(page, matching(petrolHiluxes));
      await page.getByRole('button', { name: 'Show more filters' }).click();
      await page.getByRole('slider', { name: 'Maximum Price' }).waitFor();
      await page.getByRole('button', { name: 'Show more filters' }).click();
      await page.getByRole('combobox', { name: 'Region', exact: true }).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-dealer-inventory-filters.png'), fullPage: true });
      await page.getByRole('button', { name: 'Hide All Filters' }).click();
      expect(await page.getByRole('combobox', { name: 'Fuel Type', exact: true }).count()).toBe(0);

      // Removing the make chip clears make, model and variant at once; the fuel stays.
      const petrols = await apiCount({ seller_id: dealerId, vehicle_type: 'car', fuel_type: 'petrol' });
      await page.getByRole('button', { name: 'Remove Make: Toyota' }).click();
      await heading(page, matching(petrols));
      expect(await page.getByText('Make: Toyota').count()).toBe(0);
      expect(await page.getByText('Model: Hilux').count()).toBe(0);
      await submit(page, cars).waitFor();
      await page.getByRole('button', { name: 'Reset' }).click();
      await heading(page, `${cars} cars in stock`);

      // A card opens the listing.
      const first = page.locator('a[href^="/car/"]').first();
      const href = (await first.getAttribute('href'))!;
      await first.click();
      await page.waitForURL(`**${href}`);
      await page.getByText('Vehicle Details').waitFor();
    });
  });

  it("shows the construction tab's own vehicles, unfiltered", async () => {
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const { page, dealerId } = await openDealer(context, 'Midlands Motors & Plant');
      const cars = await apiCount({ seller_id: dealerId, vehicle_type: 'car' });
      const construction = await apiCount({ seller_id: dealerId, vehicle_type: 'construction' });
      expect(construction).toBeGreaterThan(0);
      await heading(page, `${cars} cars in stock`);
      // A car filter set on the cars tab does not apply to construction (spec section 5).
      await choose(page, 'Make', 'Toyota');
      await page.getByRole('button', { name: /^Show \d+ cars?$/ }).click();
      await page.getByText('Make: Toyota').waitFor();
      await page.getByRole('tab', { name: /Construction/ }).click();
      await heading(page, `${construction} construction vehicles in stock`);
      expect(await page.locator('a[href^="/car/"]').count()).toBe(construction);
      expect(await page.getByRole('combobox', { name: 'Make', exact: true }).count()).toBe(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-dealer-inventory-construction.png') });
      // The cars tab keeps its own filters.
      await page.getByRole('tab', { name: /Cars/ }).click();
      await page.getByText('Make: Toyota').waitFor();
    });
  });

  it('opens on the first tab with stock when a dealer has no cars', async () => {
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const { page, dealerId } = await openDealer(context, 'Mashwest Agri-Mech');
      const farming = await apiCount({ seller_id: dealerId, vehicle_type: 'farming' });
      await heading(page, `${farming} farming vehicles in stock`);
      expect(await page.getByRole('tab', { name: /Farming/ }).getAttribute('aria-selected')).toBe('true');
    });
  });

  it("holds the cards' size with skeletons while the first results load", async () => {
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      // The worker answers in milliseconds; to see the skeletons, hold its searches (Comlink calls
      // posted to the worker) until the test lets them through.
      await context.addInitScript(() => {
        const w = window as unknown as { holdSearches: boolean; releaseSearches(): void };
        const post = Worker.prototype.postMessage;
        const held: (() => void)[] = [];
        w.holdSearches = false;
        w.releaseSearches = () => {
          w.holdSearches = false;
          for (const send of held.splice(0)) send();
        };
        Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
          const msg = args[0] as { type?: string; path?: string[] } | null;
          if (w.holdSearches && msg?.type === 'APPLY' && (msg.path?.[0] === 'search' || msg.path?.[0] === 'dealers')) held.push(() => post.apply(this, args));
          else post.apply(this, args);
        } as Worker['postMessage'];
      });
      const hold = (page: Page) => page.evaluate(() => ((window as unknown as { holdSearches: boolean }).holdSearches = true));
      const release = (page: Page) => page.evaluate(() => (window as unknown as { releaseSearches(): void }).releaseSearches());
      // Each card's own height: a grid row stretches its cards to the tallest (e.g. specs on two lines).
      const boxes = (page: Page, selector: string) =>
        page.locator(selector).evaluateAll((els) =>
          els.map((e) => {
            const el = e as HTMLElement;
            el.style.alignSelf = 'start';
            const r = el.getBoundingClientRect();
            el.style.alignSelf = '';
            return { x: r.x, y: r.y + window.scrollY, width: r.width, height: Math.round(r.height) };
          }),
        );

      const page = await open(context, '/');
      await page.getByText('Start Your Search').waitFor();

      // Dealers.
      await hold(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dealers' }).click();
      const dealerSkeletons = await (async () => {
        await page.getByTestId('dealer-card-skeleton').first().waitFor();
        return boxes(page, '[data-testid="dealer-card-skeleton"]');
      })();
      await release(page);
      await page.getByText('vehicles in stock').first().waitFor();
      const dealerCards = await boxes(page, '.mantine-Card-root');
      expect(dealerCards[0]).toMatchObject({ x: dealerSkeletons[0]!.x, y: dealerSkeletons[0]!.y, width: dealerSkeletons[0]!.width });
      expect(dealerCards.map((c) => c.height)).toContain(dealerSkeletons[0]!.height);

      // A dealer's inventory.
      await hold(page);
      await page.locator('.mantine-Card-root', { hasText: 'Harare Motor World' }).getByRole('link', { name: 'View inventory' }).click();
      await page.getByText('Loading dealer vehicles...').waitFor();
      await page.getByTestId('vehicle-card-skeleton').first().waitFor();
      const skeletons = await boxes(page, '[data-testid="vehicle-card-skeleton"]');
      expect(skeletons).toHaveLength(8);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-dealer-inventory-loading.png'), fullPage: true });
      await release(page);
      await page.getByRole('heading', { level: 2, name: /cars in stock/ }).waitFor();
      const cards = await boxes(page, 'a[href^="/car/"]');
      expect(cards[0]).toMatchObject({ x: skeletons[0]!.x, y: skeletons[0]!.y, width: skeletons[0]!.width });
      // As high as a card whose specs fit on one line (most of them).
      expect(cards.map((c) => c.height)).toContain(skeletons[0]!.height);

      // Browse cars, for the first time on this device: the home page's answer, kept for the browse
      // screen's next start (openingAnswer.ts), is forgotten, so the screen has nothing to start from.
      await hold(page);
      await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.browseOpening);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Buy' }).click();
      await page.getByText('Searching for cars...').waitFor();
      await page.getByTestId('vehicle-card-skeleton').first().waitFor();
      const browseSkeletons = await boxes(page, '[data-testid="vehicle-card-skeleton"]');
      await release(page);
      await page.getByText(/cars found/).waitFor();
      const browseCards = await boxes(page, 'a[href^="/car/"]');
      expect(browseCards[0]).toMatchObject({ x: browseSkeletons[0]!.x, y: browseSkeletons[0]!.y, width: browseSkeletons[0]!.width });
      expect(browseCards.map((c) => c.height)).toContain(browseSkeletons[0]!.height);
    });
  });

  it('looks right at 360 px and at 1280 px', async () => {
    for (const [width, height, label] of [
      [360, 780, 'mobile'],
      [1280, 900, 'desktop'],
    ] as const) {
      await inContext({ viewport: { width, height } }, async (context) => {
        const { page } = await openDealer(context, 'Harare Motor World');
        await page.getByText(/cars in stock/).waitFor();
        await page.screenshot({ path: path.join(SCREENSHOTS, `${label}-dealer-inventory.png`) });
        if (label === 'mobile') {
          // "Show N cars" scrolls the results heading to just below the fixed navigation.
          await page.getByRole('button', { name: /^Show \d+ cars$/ }).click();
          await page.waitForFunction(() => window.scrollY > 300);
          await page.waitForTimeout(800);
          const top = await page.getByRole('heading', { level: 2, name: /cars in stock/ }).evaluate((el) => el.getBoundingClientRect().top);
          expect(top).toBeGreaterThanOrEqual(96);
          expect(top).toBeLessThan(200);
          await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-dealer-inventory-results.png') });
        }
        await choose(page, 'Make', 'Toyota');
        await choose(page, 'Model', 'Corolla');
        await page.getByText('⚠️ This model is not available in our dealer inventory').waitFor();
        await page.getByRole('button', { name: 'Show more filters' }).click();
        await page.screenshot({ path: path.join(SCREENSHOTS, `${label}-dealer-inventory-unavailable.png`), fullPage: true });
        // Nothing sticks out sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }
  });
});
