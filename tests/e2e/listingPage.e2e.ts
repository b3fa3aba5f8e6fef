import { rmSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CITIES, PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { haversineKm, roundKm } from '@/domain/geo/geo';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import type { Vehicle } from '@/domain/listing/vehicle';
import { ANDROID_PHONE, hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi, type Seller } from './sellers';
import { photoDataUrl } from '../support/photos';

requireChromiumInCi();

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const city = (name: string) => CITIES.find((c) => c.name === name)!;

// A listing's page (spec 2.7) as its buyers and its owner meet it.
describe.skipIf(!hasChromium)("a listing's page in Chromium", () => {
  const app = appInBrowser();
  const { inContext, open } = app;
  let api: ReturnType<typeof sellerApi>;
  let owner: Seller;
  /** Published by `owner` in Borrowdale, Harare: the known coordinates of Harare. */
  let harare: Vehicle;

  beforeAll(async () => {
    api = sellerApi(app.server.url);
    owner = await api.signup('Tendai Moyo');
    harare = await api.publish(owner);
  });

  /** A buyer's account in a town, signed up through the API as the app does (sign-up sends Harare's coordinates). */
  async function buyerIn(location: string): Promise<Seller> {
    const res = await api.call('POST', '/api/auth/signup', null, {
      name: 'Rudo Ncube',
      email: `buyer-${randomUUID()}@example.co.zw`,
      phone: '+263 77 555 0101',
      location,
      password: 'kombi-123',
      user_type: 'private',
      latitude: city('Harare').latitude,
      longitude: city('Harare').longitude,
    });
    expect(res.status).toBe(201);
    const { access_token, user } = (await res.json()) as { access_token: string; user: Seller['user'] };
    return { token: access_token, user };
  }

  const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;
  /** The price panel: from the price to the button to contact the seller (an anonymous buyer's). */
  async function pricePanel(page: Page) {
    const price = (await page.getByText('$38,000', { exact: true }).boundingBox())!;
    const contact = (await page.getByRole('button', { name: 'Sign In to Contact Seller' }).boundingBox())!;
    return { x: price.x, y: price.y, bottom: contact.y + contact.height };
  }

  it("measures a signed-in buyer's distance from their account's town until they share their position", async () => {
    const buyer = await buyerIn('Bulawayo');
    // No geolocation permission: the device's position is never shared.
    await inContext(ANDROID_PHONE, async (context) => {
      await signedIn(context, buyer);
      const page = await open(context, `/car/${harare.id}`, 'Seller Information');
      const km = roundKm(haversineKm(city('Bulawayo'), city('Harare')));
      expect(km).toBeGreaterThan(300);
      await page.getByText(`${km} km from your location (Bulawayo, from your account, until you share yours)`).waitFor();
    });
    // Signed out, the spec's default location stands.
    await inContext(ANDROID_PHONE, async (context) => {
      const page = await open(context, `/car/${harare.id}`, 'Seller Information');
      await page.getByText('0 km from your location (Harare, until you share yours)').waitFor();
    });
  });

  it('shows the fallback image for a photo that fails to load, also when the page is opened directly and reloaded', async () => {
    const listing = await api.publish(owner, { images: [await photoDataUrl('#a33'), await photoDataUrl('#3a3')] });
    // Both photos go missing from the store after publication (a storage fault, say).
    for (const url of listing.images) {
      const hash = path.basename(url).replace(/-full\.webp$/, '');
      for (const rendition of ['full', 'thumb', 'small']) rmSync(path.join(app.server.dataDir, 'media', `${hash}-${rendition}.webp`), { force: true });
    }
    const main = (page: Page) => page.getByRole('img', { name: /^2019 Toyota Hilux 2\.8GD-6, photo 1 of 2$/ });
    const shows = (page: Page) => main(page).evaluate((img: HTMLImageElement) => ({ placeholder: new URL(img.currentSrc || img.src).pathname, drawn: img.complete && img.naturalWidth > 0 }));
    await inContext(DESKTOP, async (context) => {
      const page = await open(context, `/car/${listing.id}`, 'Vehicle Details');
      await expect.poll(() => shows(page), { timeout: 10_000 }).toEqual({ placeholder: PLACEHOLDER_IMAGE, drawn: true });
      for (let i = 0; i < 2; i++) {
        await page.reload();
        await page.getByText('Vehicle Details').waitFor();
        await expect.poll(() => shows(page), { timeout: 10_000 }).toEqual({ placeholder: PLACEHOLDER_IMAGE, drawn: true });
      }
      // The next photo fails too, and falls back the same way.
      await page.getByRole('button', { name: 'Next photo' }).click();
      const second = page.getByRole('img', { name: /photo 2 of 2$/ });
      await expect
        .poll(() => second.evaluate((img: HTMLImageElement) => new URL(img.currentSrc || img.src).pathname + (img.naturalWidth > 0 ? ' drawn' : '')), { timeout: 10_000 })
        .toBe(`${PLACEHOLDER_IMAGE} drawn`);
    });
  });

  it("gives the owner a delete control that asks the spec's question, deletes, and returns to /cars", async () => {
    const listing = await api.publish(owner, { make: 'Honda', model: 'Fit', variant: null, car_category: 'hatchback' });
    // Another signed-in user sees no delete control.
    const buyer = await buyerIn('Harare');
    await inContext(DESKTOP, async (context) => {
      await signedIn(context, buyer);
      const page = await open(context, `/car/${listing.id}`, 'Seller Information');
      await page.getByText('Share Listing').waitFor();
      expect(await page.getByRole('button', { name: 'Delete listing' }).count()).toBe(0);
    });

    await inContext(DESKTOP, async (context) => {
      await signedIn(context, owner);
      const page = await open(context, `/car/${listing.id}`, 'Seller Information');
      await page.getByRole('button', { name: 'Delete listing' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete listing' });
      await dialog.getByText(LISTING_MESSAGES.deleteConfirm).waitFor();
      await page.waitForTimeout(300); // the dialog's transition
      await page.screenshot({ path: path.join(SCREENSHOTS, 'listing-owner-delete-1280.png') });
      // Cancel keeps it.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await api.call('GET', `/api/cars/${listing.id}`, null)).status).toBe(200);

      await page.getByRole('button', { name: 'Delete listing' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.waitForURL(/\/cars$/);
      await page.getByText(/cars found$/).waitFor();
      expect((await api.call('GET', `/api/cars/${listing.id}`, null)).status).toBe(404);
      // Back does not lead to the listing just deleted.
      expect(new URL(page.url()).pathname).toBe('/cars');
    });
  });

  it('on a phone puts the price and the contact buttons right after the gallery; on a desktop beside it', async () => {
    await inContext(ANDROID_PHONE, async (context) => {
      const page = await open(context, `/car/${harare.id}`, 'Seller Information');
      const gallery = await box(page, 'img[alt$="photo 1 of 1"]');
      const price = await pricePanel(page);
      const details = await box(page, 'h2:text-is("Vehicle Details")');
      expect(price.y).toBeGreaterThanOrEqual(gallery.y + gallery.height);
      expect(price.y - (gallery.y + gallery.height)).toBeLessThan(80);
      expect(price.y).toBeLessThan(details.y);
      // The price and the contact buttons are on the first screen or just below it.
      expect(price.bottom).toBeLessThan(ANDROID_PHONE.viewport.height * 1.25);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'listing-price-panel-360.png'), fullPage: true });
    });
    await inContext(DESKTOP, async (context) => {
      const page = await open(context, `/car/${harare.id}`, 'Seller Information');
      const gallery = await box(page, 'img[alt$="photo 1 of 1"]');
      const price = await pricePanel(page);
      expect(price.x).toBeGreaterThan(gallery.x + gallery.width);
      expect(Math.abs(price.y - gallery.y)).toBeLessThan(80);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'listing-price-panel-1280.png'), fullPage: true });
    });
  });
});
