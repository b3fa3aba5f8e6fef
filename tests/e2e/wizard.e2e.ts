import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { LISTING_MESSAGES, PAYMENT_MESSAGES } from '@/domain/core/messages';
import { PAYMENT_TEXTS } from '@/domain/payments/payments';
import { payments, users, vehicles } from '@/server/db/schema';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';
import { hasChromium, SCREENSHOTS } from './browser';
import { sellerApi } from './sellers';

// The seller's listing wizard at /sell: eight steps with their checks, photos shrunk on the device,
// the draft kept over a reload, and a listing created exactly once, online and from offline.

requireChromiumInCi();

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

interface Account {
  token: string;
  user: { id: string; email: string; phone: string };
}

describe.skipIf(!hasChromium)('listing wizard in Chromium', () => {
  // Each test signs up its own sellers: more than the 5 sign-ups a minute one address may make.
  const app = appInBrowser({ signupLimit: 20 });
  let bigPhoto: Buffer;
  let smallPhoto: Buffer;

  beforeAll(async () => {
    // A phone-camera-sized photo (to be shrunk) and a small one.
    const stripes = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1800"><rect width="2400" height="1800" fill="#0b6e4f"/><rect y="600" width="2400" height="600" fill="#ffc01a"/><circle cx="1200" cy="900" r="500" fill="#e6f7f0"/></svg>`,
    );
    bigPhoto = await sharp(stripes).png().toBuffer();
    smallPhoto = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .png()
      .toBuffer();
  });

  async function account(): Promise<Account> {
    const res = await fetch(`${app.server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rudo Chikwanha', email: `rudo-${randomUUID()}@example.co.zw`, phone: '0772000111', location: 'Mutare, Zimbabwe', password: 'kombi-123', user_type: 'private' }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { access_token: string; user: Account['user'] };
    return { token: body.access_token, user: body.user };
  }

  async function myListings(a: Account): Promise<Vehicle[]> {
    const res = await fetch(`${app.server.url}/api/vehicles?seller_id=${a.user.id}&limit=100`, { headers: { authorization: `Bearer ${a.token}` } });
    return (await res.json()) as Vehicle[];
  }

  /** Opens /sell signed in as the account (the session as src/app/shared/session/session.ts keeps it). */
  async function openSell(context: BrowserContext, a: Account): Promise<Page> {
    const page = await app.open(context, '/about', 'About');
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('userData', JSON.stringify(user));
    }, a);
    await page.goto(`${app.server.url}/sell`);
    await wizard(page).getByText('Step 1 of 8').first().waitFor();
    return page;
  }

  const wizard = (page: Page) => page.getByRole('dialog', { name: 'Create Listing' });
  const heading = (page: Page, name: string) => wizard(page).getByRole('heading', { name, exact: true });
  const button = (page: Page, name: string) => wizard(page).getByRole('button', { name, exact: true });
  // A required field's label ends with Mantine's asterisk.
  const field = (page: Page, name: string) => wizard(page).getByLabel(new RegExp(`^${name.replace(/[()]/g, '\\$&')}\\s*\\*?$`));

  async function choose(page: Page, label: string, option: string): Promise<void> {
    await field(page, label).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function shot(page: Page, name: string, target?: Locator): Promise<void> {
    await page.waitForTimeout(400); // the modal's transitions
    await (target ?? page).screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  }

  async function fillVehicle(page: Page): Promise<void> {
    await choose(page, 'Make', 'Toyota');
    await choose(page, 'Model', 'Hilux');
    await choose(page, 'Variant', '2.8GD-6');
    await field(page, 'Year').fill('2019');
    await choose(page, 'Fuel Type', 'Diesel');
    await choose(page, 'Transmission', 'Manual');
    await field(page, 'Mileage (km)').fill('84000');
    await field(page, 'Colour').fill('White');
  }

  async function fillToPhotos(page: Page): Promise<void> {
    await fillVehicle(page);
    await button(page, 'Next').click();
    await wizard(page).getByRole('radio', { name: 'Standard plan' }).click();
    await button(page, 'Next').click();
    await field(page, 'Price (USD)').fill('32500');
    await button(page, 'Next').click();
    await button(page, 'Next').click();
    await heading(page, 'Photos').waitFor();
  }

  /** The draft photos stored on the device, decoded: what would be uploaded. */
  function storedPhotos(page: Page): Promise<{ type: string; width: number; height: number; size: number }[]> {
    return page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open('motokari');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction('draftPhotos').objectStore('draftPhotos').getAll();
            req.onsuccess = async () => {
              open.result.close();
              const rows = req.result as { blob: Blob }[];
              resolve(
                await Promise.all(
                  rows.map(async ({ blob }) => {
                    const bitmap = await createImageBitmap(blob);
                    return { type: blob.type, width: bitmap.width, height: bitmap.height, size: blob.size };
                  }),
                ),
              );
            };
            req.onerror = () => reject(req.error);
          };
        }),
    );
  }

  it('walks the 8 steps with their checks, keeps the draft over a reload, and creates the listing once with its 2 photos', async () => {
    const a = await account();
    await app.inContext({ viewport: PHONE }, async (context) => {
      const page = await openSell(context, a);
      const draftId = new URL(page.url()).searchParams.get('draft');
      expect(draftId).toMatch(/^[0-9a-f-]{36}$/);
      await shot(page, 'wizard-step1-360');

      // Step 1: Next names what is missing; the first step's way out is Cancel.
      await button(page, 'Cancel').waitFor();
      await button(page, 'Next').click();
      await wizard(page).getByRole('alert').getByText('Please complete: Make, Model, Year, Fuel Type, Transmission, Mileage, Colour').waitFor();
      await wizard(page).getByText('Colour is required').waitFor();

      // Mileage takes digits only; a new make clears model and variant.
      await field(page, 'Mileage (km)').pressSequentially('8a4.0');
      expect(await field(page, 'Mileage (km)').inputValue()).toBe('840');
      await fillVehicle(page);
      await choose(page, 'Make', 'Nissan');
      expect(await field(page, 'Model').inputValue()).toBe('');
      expect(await field(page, 'Variant').inputValue()).toBe('');
      await choose(page, 'Make', 'Toyota');
      await choose(page, 'Model', 'Hilux');
      await field(page, 'Year').fill('1989');
      await button(page, 'Next').click();
      await wizard(page)
        .getByText(`Year must be between 1990 and ${new Date().getFullYear() + 1}`)
        .waitFor();
      await field(page, 'Year').fill('2019');
      await button(page, 'Next').click();

      // Step 2: a plan is required.
      await heading(page, 'Subscription').waitFor();
      await button(page, 'Next').click();
      await wizard(page).getByText('Please complete: Plan').waitFor();
      await shot(page, 'wizard-plan-360');
      await wizard(page).getByRole('radio', { name: 'Standard plan' }).click();
      await button(page, 'Next').click();

      // Step 3: a price.
      await heading(page, 'Ad Details').waitFor();
      await button(page, 'Next').click();
      await wizard(page).getByText('Please complete: Price').waitFor();
      await field(page, 'Price (USD)').fill('32500');
      await wizard(page).getByText('Tow Bar', { exact: true }).click();
      expect(await wizard(page).getByRole('checkbox', { name: 'Tow Bar' }).isChecked()).toBe(true);
      await field(page, 'Description').fill('One owner, full service history.');
      await shot(page, 'wizard-ad-360');
      // What is typed is kept as it is typed: a reload moments later loses nothing.
      await page.waitForTimeout(700);
      await page.reload();
      await heading(page, 'Ad Details').waitFor();
      expect(await field(page, 'Description').inputValue()).toBe('One owner, full service history.');
      expect(await field(page, 'Price (USD)').inputValue()).toBe('$32,500');
      expect(await wizard(page).getByRole('checkbox', { name: 'Tow Bar' }).isChecked()).toBe(true);
      await button(page, 'Next').click();

      // Step 4: the contact fields come from the account.
      await heading(page, 'Contact Info').waitFor();
      expect(await field(page, 'Contact Email').inputValue()).toBe(a.user.email);
      expect(await field(page, 'Contact Phone').inputValue()).toBe('0772000111');
      // The region is the one the account's town lies in: a Mutare seller's listing is not 'Mutare, Harare'.
      expect(await field(page, 'Region').inputValue()).toBe('Manicaland');
      expect(await field(page, 'Area').inputValue()).toBe('Mutare');
      await shot(page, 'wizard-step4-360');
      await button(page, 'Next').click();

      // Step 5: two photos and a file that is not one.
      await heading(page, 'Photos').waitFor();
      await page.locator('input[type=file]').setInputFiles([
        { name: 'front.png', mimeType: 'image/png', buffer: bigPhoto },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
        { name: 'side.png', mimeType: 'image/png', buffer: smallPhoto },
      ]);
      await wizard(page).getByText('notes.txt: Not a valid image file').waitFor();
      await wizard(page).getByText('2 of 8 photos').waitFor();
      await wizard(page).getByText('Main photo', { exact: true }).waitFor();
      const stored = await storedPhotos(page);
      expect(stored).toHaveLength(2);
      // Shrunk on the device: the 2400 x 1800 photo is stored at 1600 px on its longest side.
      expect(stored.map((p) => Math.max(p.width, p.height)).sort()).toEqual([1600, 640]);
      await button(page, 'Make photo 2 the main photo').click();
      await wizard(page)
        .getByRole('img', { name: /^Main photo: side/ })
        .waitFor();
      await shot(page, 'wizard-photos-360');

      // A reload brings back the same draft: its step, its fields and its photos.
      await page.waitForTimeout(600);
      await page.reload();
      await heading(page, 'Photos').waitFor();
      expect(new URL(page.url()).searchParams.get('draft')).toBe(draftId);
      await wizard(page).getByText('2 of 8 photos').waitFor();
      await wizard(page)
        .getByRole('img', { name: /^Main photo: side/ })
        .waitFor();
      await button(page, 'Next').click();

      // Step 6: everything, as entered.
      await heading(page, 'Review').waitFor();
      for (const text of ['Toyota', 'Hilux', '2019', 'Diesel', 'Manual', '84,000 km', 'White', '$32,500', 'Tow Bar', 'Manicaland', 'Mutare', a.user.email]) {
        await wizard(page).getByText(text, { exact: true }).first().waitFor();
      }
      await shot(page, 'wizard-review-360');
      await button(page, 'Next').click();

      // Step 7: the summary; not an admin, so no feature switch.
      await heading(page, 'Verify').waitFor();
      expect(await wizard(page).getByText('ADMIN ONLY').count()).toBe(0);
      await shot(page, 'wizard-verify-360');
      await button(page, 'Create listing').click();

      // Step 8: created, to be paid.
      await heading(page, 'Payment').waitFor({ timeout: 30_000 });
      await wizard(page).getByText('Your listing has been created.', { exact: false }).waitFor();
      await shot(page, 'wizard-payment-360');

      const mine = await myListings(a);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ id: draftId, make: 'Toyota', model: 'Hilux', year: 2019, price: 32500, mileage: 84000, color: 'White', fuel_type: 'diesel', is_published: false });
      expect(mine[0]!.images).toHaveLength(2);
      expect(mine[0]!.location).toBe('Mutare, Manicaland');

      await button(page, 'Close').click();
      await page.waitForURL(/\/dashboard$/);
      expect(await myListings(a)).toHaveLength(1);
    });
  });

  it('pays by EcoCash at step 8: the listing is published with its 2 photos, found in search and on the dashboard, and another user can neither edit nor delete it', async () => {
    const a = await account();
    const other = await account();
    await app.inContext({ viewport: PHONE }, async (context) => {
      const page = await openSell(context, a);
      await fillToPhotos(page);
      await page.locator('input[type=file]').setInputFiles([
        { name: 'front.png', mimeType: 'image/png', buffer: bigPhoto },
        { name: 'side.png', mimeType: 'image/png', buffer: smallPhoto },
      ]);
      await wizard(page).getByText('2 of 8 photos').waitFor();
      await button(page, 'Next').click();
      await heading(page, 'Review').waitFor();
      await button(page, 'Next').click();
      await heading(page, 'Verify').waitFor();
      await button(page, 'Create listing').click();
      await heading(page, 'Payment').waitFor({ timeout: 30_000 });
      await button(page, 'Pay $1').click();
      await page.getByRole('button', { name: 'Approve (PIN 1234)' }).click();
      await page.getByText('Payment completed successfully!').waitFor({ timeout: 20_000 });
      await page.getByText(LISTING_MESSAGES.paid).waitFor({ timeout: 20_000 });

      const mine = await myListings(a);
      expect(mine).toHaveLength(1);
      const listing = mine[0]!;
      expect(listing).toMatchObject({ make: 'Toyota', model: 'Hilux', is_published: true });
      expect(listing.images).toHaveLength(2);

      // Buyers find it (the device's copy syncs on start), and the seller sees it live on the dashboard.
      await page.goto(`${app.server.url}/cars?make=Toyota&model=Hilux&sort=newest`);
      await page.locator(`a[href="/car/${listing.id}"]`).first().waitFor({ timeout: 30_000 });
      await page.goto(`${app.server.url}/dashboard`);
      // Listed among the active ones (the default view), with its 7 days.
      const card = page.locator('section[aria-labelledby="my-listings-heading"]').getByRole('article', { name: '2019 Toyota Hilux' });
      await card.getByText('7 days left').waitFor({ timeout: 20_000 });
    });

    // The server, not the screen, decides who may change it.
    const id = (await myListings(a))[0]!.id;
    for (const method of ['PUT', 'DELETE']) {
      const res = await fetch(`${app.server.url}/api/cars/${id}`, {
        method,
        headers: { authorization: `Bearer ${other.token}`, ...(method === 'PUT' && { 'content-type': 'application/json' }) },
        ...(method === 'PUT' && { body: JSON.stringify({ price: 1 }) }),
      });
      expect(res.status, method).toBe(403);
    }
    expect((await myListings(a)).map((v) => [v.id, v.price])).toEqual([[id, 32500]]);
  });

  it('with no connection: photos, Create listing and Pay are queued, survive a reload, and go out once when the connection returns (listing, photos and one payment)', async () => {
    const a = await account();
    // No connection to the API: its requests fail as they do offline. (Chromium's offline emulation
    // does not reach a service worker's own requests, so the service worker is left out here; the
    // shell still loads, as the service worker would serve it.)
    await app.inContext({ viewport: DESKTOP, serviceWorkers: 'block' }, async (context) => {
      const page = await openSell(context, a);
      const draftId = new URL(page.url()).searchParams.get('draft')!;
      await shot(page, 'wizard-step1-1280');
      await fillToPhotos(page);
      const offline = (route: import('playwright-core').Route) => route.abort('internetdisconnected');
      await context.route('**/api/**', offline);
      await page.locator('input[type=file]').setInputFiles([
        { name: 'front.png', mimeType: 'image/png', buffer: bigPhoto },
        { name: 'side.png', mimeType: 'image/png', buffer: smallPhoto },
      ]);
      await wizard(page).getByText('2 of 8 photos').waitFor();
      await shot(page, 'wizard-photos-1280');
      await button(page, 'Next').click();
      await button(page, 'Next').click();
      await heading(page, 'Verify').waitFor();

      await button(page, 'Create listing').click();
      await heading(page, 'Payment').waitFor({ timeout: 30_000 });
      await wizard(page).getByText(LISTING_MESSAGES.queuedForPayment).waitFor();
      await button(page, 'Pay $1').click();
      await page.getByText(PAYMENT_TEXTS.queuedOfflineTitle).waitFor();
      await shot(page, 'wizard-queued-1280');

      await page.reload();
      await heading(page, 'Payment').waitFor();
      await page.getByText(PAYMENT_TEXTS.queuedOfflineTitle).waitFor();
      expect(await myListings(a)).toHaveLength(0);

      // The connection returns: the browser says so, and the queue goes out, photos first.
      await context.unroute('**/api/**', offline);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.getByText(PAYMENT_MESSAGES.initiated).waitFor({ timeout: 30_000 });
      const [listing] = await myListings(a);
      expect(listing).toMatchObject({ id: draftId, make: 'Toyota', model: 'Hilux' });
      expect(listing!.images).toHaveLength(2);
      await page.getByRole('button', { name: 'Approve (PIN 1234)' }).click();
      await page.getByText('Payment completed successfully!').waitFor({ timeout: 20_000 });

      // Nothing is sent twice: later runs (another reconnect, a reload) find nothing left to do.
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.reload();
      await page.waitForTimeout(1000);
      const after = await myListings(a);
      expect(after.map((v) => [v.id, v.is_published, v.images.length])).toEqual([[draftId, true, 2]]);
      const paid = await app.server.app.ctx.db.select().from(payments).where(eq(payments.vehicleId, draftId));
      expect(paid).toHaveLength(1);
      expect(paid[0]!.status).toBe('succeeded');
    });
  });

  it('edits a listing in 6 steps, saving to the server, and keeps the changes when there is no connection', async () => {
    const a = await account();
    const created = await fetch(`${app.server.url}/api/vehicles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
      body: JSON.stringify({
        make: 'Honda',
        model: 'Fit',
        year: 2014,
        price: 6500,
        mileage: 120000,
        fuel_type: 'petrol',
        transmission: 'automatic',
        color: 'Blue',
        region: 'Harare',
        location: 'Avondale, Harare',
        subscription_plan: 'standard',
      }),
    });
    expect(created.status).toBe(201);
    const listing = (await created.json()) as Vehicle;
    await app.inContext({ viewport: DESKTOP }, async (context) => {
      const page = await openSell(context, a);
      await page.goto(`${app.server.url}/sell?edit=${listing.id}`);
      const editor = page.getByRole('dialog', { name: 'Edit Listing' });
      await editor.getByText('Step 1 of 6').first().waitFor();
      const input = (name: string) => editor.getByLabel(new RegExp(`^${name.replace(/[()]/g, '\\$&')}\\s*\\*?$`));
      expect(await input('Make').inputValue()).toBe('Honda');
      expect(await input('Mileage (km)').inputValue()).toBe('120000');
      await input('Colour').fill('Silver');
      for (let i = 0; i < 5; i++) await editor.getByRole('button', { name: 'Next', exact: true }).click();
      await editor.getByRole('heading', { name: 'Review', exact: true }).waitFor();
      expect(await editor.getByText('Area', { exact: true }).count()).toBe(1);
      await editor.getByText('Avondale', { exact: true }).waitFor();
      expect(await editor.getByRole('button', { name: 'Create listing' }).count()).toBe(0);

      // No connection: the seller is told, and nothing typed is lost.
      const offline = (route: import('playwright-core').Route) => route.abort('internetdisconnected');
      await context.route('**/api/cars/**', offline);
      await editor.getByRole('button', { name: 'Save changes' }).click();
      await editor.getByRole('alert').getByText(LISTING_MESSAGES.editNeedsConnection).waitFor();
      await editor.getByText('Silver', { exact: true }).waitFor();
      await shot(page, 'wizard-edit-offline-1280');
      await context.unroute('**/api/cars/**', offline);

      await editor.getByRole('button', { name: 'Save changes' }).click();
      await editor.getByText(LISTING_MESSAGES.changesSaved).waitFor();
      const after = (await (await fetch(`${app.server.url}/api/cars/${listing.id}`, { headers: { authorization: `Bearer ${a.token}` } })).json()) as Vehicle;
      expect(after).toMatchObject({ id: listing.id, color: 'Silver', make: 'Honda', mileage: 120000, location: 'Avondale, Harare' });
      await editor.getByRole('button', { name: 'Done' }).click();
      await page.waitForURL(/\/dashboard$/);
    });
  });

  it.each([
    ['construction', 'Caterpillar', '320 Excavator', 'excavator'],
    ['farming', 'Massey Ferguson', '375', 'tractor'],
  ] as const)("asks a %s listing's engine power (HP) and operating hours, shows them at Review and saves a change buyers then filter on", async (type, make, model, category) => {
    const a = await account();
    const created = await fetch(`${app.server.url}/api/vehicles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
      body: JSON.stringify({
        vehicle_type: type,
        make,
        model,
        category,
        year: 2012,
        price: 68000,
        mileage: 9000,
        fuel_type: 'diesel',
        transmission: 'automatic',
        color: 'Yellow',
        region: 'Harare',
        location: 'Msasa, Harare',
        subscription_plan: 'standard',
        engine_power_hp: 148,
      }),
    });
    expect(created.status).toBe(201);
    const listing = (await created.json()) as Vehicle;
    // Paid for, so the listing is public and the search answers with it.
    const { call } = sellerApi(app.server.url);
    const intent = await call('POST', '/api/payments/create-intent', a.token, { vehicle_id: listing.id, payment_method: 'card' });
    expect(intent.status).toBe(200);
    const { payment_intent_id } = (await intent.json()) as { payment_intent_id: string };
    expect((await call('POST', `/api/payments/confirm/${payment_intent_id}`, a.token, {})).status).toBe(200);
    const foundWithin = async (maxHours: number): Promise<boolean> => {
      const res = await call('GET', `/api/vehicles?${new URLSearchParams({ vehicle_type: type, max_hours: String(maxHours), seller_id: a.user.id })}`, null);
      expect(res.status).toBe(200);
      return ((await res.json()) as Vehicle[]).some((v) => v.id === listing.id);
    };
    expect(await foundWithin(1_000_000)).toBe(false);
    await app.inContext({ viewport: DESKTOP }, async (context) => {
      const page = await openSell(context, a);
      await page.goto(`${app.server.url}/sell?edit=${listing.id}`);
      const editor = page.getByRole('dialog', { name: 'Edit Listing' });
      await editor.getByText('Step 1 of 6').first().waitFor();
      const power = editor.getByLabel('Engine power (HP)', { exact: true });
      expect(await power.inputValue()).toBe('148');
      await power.fill('0');
      const hours = editor.getByLabel('Operating hours', { exact: true });
      expect(await hours.inputValue()).toBe('');
      await hours.fill('2,000,000');
      await editor.getByRole('button', { name: 'Next', exact: true }).click();
      await editor.getByText('Engine power must be a whole number of HP from 1 to 5000').waitFor();
      await editor.getByText('Operating hours must be at most 1,000,000').waitFor();
      await power.fill('410');
      await hours.fill('1,200');
      for (let i = 0; i < 5; i++) await editor.getByRole('button', { name: 'Next', exact: true }).click();
      await editor.getByRole('heading', { name: 'Review', exact: true }).waitFor();
      await editor.getByText('410 HP', { exact: true }).waitFor();
      await editor.getByText('1,200 hrs', { exact: true }).waitFor();
      await editor.getByRole('button', { name: 'Save changes' }).click();
      await editor.getByText(LISTING_MESSAGES.changesSaved).waitFor();
      const after = (await (await fetch(`${app.server.url}/api/cars/${listing.id}`, { headers: { authorization: `Bearer ${a.token}` } })).json()) as Vehicle;
      expect(after).toMatchObject({ id: listing.id, vehicle_type: type, is_published: true, engine_power_hp: 410, operating_hours: 1200, mileage: 9000 });
    });
    expect(await foundWithin(1500)).toBe(true);
    expect(await foundWithin(1000)).toBe(false);
  });

  /** A listing of the account's, created through the API (a draft until paid). */
  async function apiListing(a: Account, fields: Record<string, unknown> = {}): Promise<Vehicle> {
    const res = await fetch(`${app.server.url}/api/vehicles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
      body: JSON.stringify({
        make: 'Honda',
        model: 'Fit',
        year: 2014,
        price: 6500,
        mileage: 120000,
        fuel_type: 'petrol',
        transmission: 'automatic',
        color: 'Blue',
        subscription_plan: 'standard',
        ...fields,
      }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Vehicle;
  }

  async function toVerify(page: Page): Promise<void> {
    await fillToPhotos(page);
    await button(page, 'Next').click();
    await button(page, 'Next').click();
    await heading(page, 'Verify').waitFor();
  }

  it("offers a seller with an active listing the free path, which publishes at once until that listing's expiry", async () => {
    const a = await account();
    const paid = await apiListing(a);
    const expires = new Date(Date.now() + 5 * 86_400_000);
    await app.server.app.ctx.db.update(vehicles).set({ isPublished: true, publishedAt: new Date(), expiresAt: expires }).where(eq(vehicles.id, paid.id));
    await app.inContext({ viewport: PHONE }, async (context) => {
      const page = await openSell(context, a);
      const draftId = new URL(page.url()).searchParams.get('draft');
      await toVerify(page);
      await wizard(page).getByText('You can list this vehicle for free').waitFor();
      await shot(page, 'wizard-free-360');
      await button(page, 'Publish for free').click();
      const date = expires.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Harare' });
      await wizard(page).getByText(LISTING_MESSAGES.freeListed(date)).waitFor({ timeout: 30_000 });
      const mine = await myListings(a);
      expect(mine).toHaveLength(2);
      expect(mine.find((v) => v.id === draftId)).toMatchObject({ is_published: true, is_free_update: true, expires_at: expires.toISOString() });
      await button(page, 'Done').click();
      await page.waitForURL(/\/dashboard$/);
    });
  });

  it('shows administrators the ADMIN ONLY feature switch, and the listing is created featured', async () => {
    const a = await account();
    await app.server.app.ctx.db.update(users).set({ userType: 'admin' }).where(eq(users.id, a.user.id));
    const login = await fetch(`${app.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: a.user.email, password: 'kombi-123' }),
    });
    const admin = (await login.json()) as { access_token: string; user: Account['user'] };
    const adminAccount = { token: admin.access_token, user: admin.user };
    await app.inContext({ viewport: DESKTOP }, async (context) => {
      const page = await openSell(context, adminAccount);
      const draftId = new URL(page.url()).searchParams.get('draft');
      await toVerify(page);
      await wizard(page).getByText('ADMIN ONLY', { exact: true }).waitFor();
      await wizard(page).getByRole('checkbox', { name: 'Feature this Listing' }).check();
      await shot(page, 'wizard-verify-admin-1280');
      await button(page, 'Create listing').click();
      await heading(page, 'Payment').waitFor({ timeout: 30_000 });
      const mine = await myListings(adminAccount);
      expect(mine.find((v) => v.id === draftId)).toMatchObject({ featured: true });
    });
  });
});
