import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DASHBOARD_TEXTS, memberSinceText, queuedPaymentText } from '@/domain/listing/dashboard';
import type { Vehicle } from '@/domain/listing/vehicle';
import { idbPut, queuedChain } from './deviceDb';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { hasChromium, SCREENSHOTS } from './browser';

// The member dashboard (spec 2.9) against the real server: the sign-in gate, the stat tiles with real
// counts and views, the History toggle, deleting a listing (and a refused delete), the publishing queue
// with a chain the server refuses (Retry once it may pass, Discard), drafts on the device, the toasts,
// and an offline visit.

requireChromiumInCi();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

interface Member {
  token: string;
  user: Record<string, unknown> & { id: string; created_at: string };
  email: string;
  password: string;
}

describe.skipIf(!hasChromium)('member dashboard in Chromium', () => {
  const app = appInBrowser();
  const url = (p: string) => `${app.server.url}${p}`;

  async function call(method: string, p: string, token: string | null, body?: unknown): Promise<Response> {
    return fetch(url(p), {
      method,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  }

  async function member(name: string): Promise<Member> {
    const email = `dash-${randomUUID()}@example.co.zw`;
    const password = 'kombi-123';
    const res = await call('POST', '/api/auth/signup', null, { name, email, phone: '+263 77 300 4000', location: 'Gweru, Zimbabwe', password, user_type: 'private' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { access_token: string; user: Member['user'] };
    return { token: body.access_token, user: body.user, email, password };
  }

  const listing = (over: Record<string, unknown>) => ({
    vehicle_type: 'car',
    fuel_type: 'petrol',
    transmission: 'manual',
    condition: 'used',
    mileage: 90000,
    price: 9500,
    color: 'Silver',
    description: 'Serviced, one owner.',
    features: [],
    location: 'Mkoba, Gweru',
    ...over,
  });

  async function createListing(m: Member, over: Record<string, unknown>): Promise<Vehicle> {
    const res = await call('POST', '/api/vehicles', m.token, listing(over));
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Vehicle;
  }

  /** Pays a listing through the sandbox card provider, as tests/server/payments.test.ts does. */
  async function pay(m: Member, id: string): Promise<void> {
    const intent = await call('POST', '/api/payments/create-intent', m.token, { vehicle_id: id, payment_method: 'card' });
    expect(intent.status).toBe(200);
    const { payment_intent_id } = (await intent.json()) as { payment_intent_id: string };
    expect((await call('POST', `/api/payments/confirm/${payment_intent_id}`, m.token, {})).status).toBe(200);
  }

  const tileText = async (page: Page, label: string) => (await page.getByRole('group', { name: label }).innerText()).replace(/\s+/g, ' ').trim();
  const row = (page: Page, title: string) => page.locator('section[aria-labelledby="my-listings-heading"]').getByRole('article', { name: title });
  const queueRow = (page: Page, title: string) => page.locator('section[aria-labelledby="queue-heading"]').getByRole('article', { name: title });
  const toast = (page: Page, kind: 'success' | 'error') => page.locator(`[data-toast="${kind}"]`);

  async function shot(page: Page, name: string): Promise<void> {
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SCREENSHOTS, `dashboard-${name}.png`), fullPage: true });
  }

  it('asks a signed-out visitor to sign in, opens the dialog on the sign-in tab, then shows the dashboard', async () => {
    const m = await member('Tendai Gate');
    await app.inContext({ viewport: PHONE }, async (context) => {
      const page = await app.open(context, '/dashboard', 'Sign In Required');
      await shot(page, 'phone-gate');
      await page.getByRole('button', { name: 'Sign In to Continue' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
      const form = dialog.getByRole('form', { name: 'Sign In' });
      await form.getByLabel('Email Address').fill(m.email);
      await form.getByLabel(/^Password/).fill(m.password);
      await form.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: 'My Car Listings' }).waitFor();
      await page.getByRole('heading', { name: 'Tendai Gate' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await page.getByText('No active listings').waitFor();

      // Edit Profile: name and primary email read-only; Save sends nothing and only closes, and what
      // was typed is there again on reopening (this visit only).
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const profile = page.getByRole('dialog');
      expect(await profile.getByLabel('Full Name').getAttribute('readonly')).not.toBeNull();
      expect(await profile.getByLabel('Email Address').inputValue()).toBe(m.email);
      expect(await profile.getByLabel('Email Address').getAttribute('readonly')).not.toBeNull();
      await profile.getByLabel('Secondary Email').fill('tendai.other@example.co.zw');
      await shot(page, 'phone-edit-profile');
      const writes: string[] = [];
      page.on('request', (r) => {
        if (r.method() !== 'GET') writes.push(`${r.method()} ${r.url()}`);
      });
      await profile.getByRole('button', { name: 'Save' }).click();
      await profile.waitFor({ state: 'detached' });
      expect(writes).toEqual([]);
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      expect(await page.getByRole('dialog').getByLabel('Secondary Email').inputValue()).toBe('tendai.other@example.co.zw');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      // The Become a Prime Member target is the same screen.
      await page.goto(url('/member-dashboard'));
      await page.getByRole('heading', { name: 'My Car Listings' }).waitFor({ timeout: 20_000 });
    });
  });

  it('shows real counts and views, History, delete, the publishing queue, drafts and toasts', async () => {
    const m = await member('Rudo Chikore');
    const unpaid = await createListing(m, { make: 'Honda', model: 'Fit', year: 2012 });
    const paid = await createListing(m, { make: 'Toyota', model: 'Corolla', year: 2015 });
    const freeId = randomUUID();
    const featuredId = randomUUID();

    await app.inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, m);
      const page = await app.open(context, '/dashboard', 'My Car Listings');

      // Two chains the server refuses: a free listing while nothing paid is active, and a featured one.
      await idbPut(page, 'outbox', [
        ...queuedChain(freeId, m.user.id, { freeListing: true, listing: listing({ make: 'Nissan', model: 'Note', year: 2014 }) }),
        ...queuedChain(featuredId, m.user.id, { listing: listing({ make: 'Mazda', model: 'Axela', year: 2016, featured: true }) }),
      ]);
      const draftId = randomUUID();
      const savedAt = Date.now() - 5 * 60_000;
      await idbPut(page, 'drafts', [{ id: draftId, createdAt: savedAt, updatedAt: savedAt, step: 1, fields: { make: 'Isuzu', model: 'D-Max', year: '2018' }, photoIds: [] }]);
      await page.reload();

      const free = queueRow(page, '2014 Nissan Note');
      await free.getByText('Failed: You are not eligible for a free listing').waitFor({ timeout: 20_000 });
      await queueRow(page, '2016 Mazda Axela').getByText('Failed: Only administrators can feature a listing').waitFor();
      expect(await free.getByText('0 of 1 step').count()).toBe(1);

      // Paying one listing makes the member eligible; another client views it twice.
      await pay(m, paid.id);
      for (let i = 0; i < 2; i++) expect((await call('GET', `/api/cars/${paid.id}`, null)).status).toBe(200);

      // Retry: the refused create goes again, passes, shows in My Car Listings, and leaves the queue.
      await free.getByRole('button', { name: 'Retry 2014 Nissan Note' }).click();
      await toast(page, 'success').getByText('2014 Nissan Note has been sent and is in My Car Listings.').waitFor({ timeout: 20_000 });
      await row(page, '2014 Nissan Note').waitFor();
      await free.waitFor({ state: 'detached' });
      const sent = (await (await call('GET', `/api/vehicles/${freeId}`, m.token)).json()) as Vehicle;
      expect(sent).toMatchObject({ id: freeId, is_published: true, is_free_update: true });

      // Stat tiles: the real active count (paid + free) and the real views; Member Since from the account.
      await expect.poll(() => tileText(page, 'Active Listings')).toBe('2 Active Listings');
      expect(await tileText(page, 'Total Views')).toBe('2 Total Views');
      expect(await tileText(page, 'Member Since')).toBe(`${memberSinceText(m.user.created_at)} Member Since`);

      // Active by default: the unpaid listing waits under History, with Pay now.
      expect(await row(page, '2012 Honda Fit').count()).toBe(0);
      await page.getByText('1 listing is waiting for payment.').waitFor();
      await row(page, '2015 Toyota Corolla').getByText('7 days left').waitFor();
      await page.getByRole('switch', { name: 'History' }).check({ force: true });
      const pending = row(page, '2012 Honda Fit');
      await pending.getByText('Pending', { exact: true }).waitFor();
      await row(page, '2015 Toyota Corolla').getByText('Active', { exact: true }).waitFor();
      expect(await pending.getByRole('link', { name: 'Pay now 2012 Honda Fit' }).getAttribute('href')).toBe(`/pay/${unpaid.id}`);
      expect(await row(page, '2015 Toyota Corolla').getByRole('link', { name: 'View 2015 Toyota Corolla' }).getAttribute('href')).toBe(`/car/${paid.id}`);

      // The device's draft, with its last saved time.
      const drafts = page.locator('section[aria-labelledby="drafts-heading"]');
      await drafts
        .getByRole('article', { name: '2018 Isuzu D-Max' })
        .getByText(/^Saved \d+ min ago$/)
        .waitFor();
      await shot(page, 'desktop-dashboard');
      await page.setViewportSize(PHONE);
      await shot(page, 'phone-dashboard');
      await page.setViewportSize(DESKTOP);

      // Create Listing, Edit and Continue open the listing wizard (a dialog) for a new listing, the listing, the draft.
      const wizard = page.getByRole('dialog');
      for (const open of [
        page.getByRole('button', { name: 'Create Listing' }).first(),
        row(page, '2015 Toyota Corolla').getByRole('button', { name: 'Edit 2015 Toyota Corolla' }),
        drafts.getByRole('button', { name: 'Continue 2018 Isuzu D-Max' }),
      ]) {
        await open.click();
        await wizard.waitFor({ timeout: 20_000 });
        await page.keyboard.press('Escape');
        await wizard.waitFor({ state: 'detached' });
      }

      // Discard, confirmed: the refused chain leaves the queue and nothing reached the server.
      await queueRow(page, '2016 Mazda Axela').getByRole('button', { name: 'Discard 2016 Mazda Axela' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Discard', exact: true }).click();
      await queueRow(page, '2016 Mazda Axela').waitFor({ state: 'detached' });
      expect((await call('GET', `/api/vehicles/${featuredId}`, m.token)).status).toBe(404);

      // Delete, confirmed: the listing goes, the API agrees, and the green toast goes after 3 s.
      await pending.getByRole('button', { name: 'Delete 2012 Honda Fit' }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText('Are you sure you want to delete this car listing?').waitFor();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      const deleted = toast(page, 'success').getByText('Your listing has been deleted.');
      await deleted.waitFor();
      await pending.waitFor({ state: 'detached' });
      expect((await call('GET', `/api/vehicles/${unpaid.id}`, m.token)).status).toBe(404);
      await deleted.waitFor({ state: 'detached', timeout: 10_000 });

      // A delete the server fails: the spec's red toast, the listing stays, and the toast goes too.
      await page.route(`**/api/cars/${paid.id}`, (route) =>
        route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }) : route.continue(),
      );
      await row(page, '2015 Toyota Corolla').getByRole('button', { name: 'Delete 2015 Toyota Corolla' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
      const failed = toast(page, 'error').getByText('Error deleting car. Please try again.');
      await failed.waitFor();
      await shot(page, 'desktop-delete-error');
      expect(await row(page, '2015 Toyota Corolla').count()).toBe(1);
      await failed.waitFor({ state: 'detached', timeout: 10_000 });
      await page.unroute(`**/api/cars/${paid.id}`);

      // Deleting the draft, confirmed, removes it from the device.
      await drafts.getByRole('button', { name: 'Delete 2018 Isuzu D-Max' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await drafts.getByRole('article', { name: '2018 Isuzu D-Max' }).waitFor({ state: 'detached' });
    });
  });

  it('keeps the plan chosen on the advertising prices page until it is cleared', async () => {
    const m = await member('Farai Plan');
    await app.inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, m);
      const page = await app.open(context, '/advertising-prices', 'Select This Plan');
      await page.getByRole('button', { name: 'Select This Plan (Premium)' }).click();
      const banner = page.getByRole('region', { name: 'Selected advertising plan' });
      await banner.getByText('Premium').waitFor({ timeout: 20_000 });
      await banner.getByText('$15').waitFor();
      await page.getByText('Private sellers: your first listing is free, then $5 per additional listing.').waitFor();
      expect(await page.getByRole('link', { name: /See advertising prices/ }).getAttribute('href')).toBe('/advertising-prices');
      await shot(page, 'phone-plan-banner');
      await banner.getByRole('button', { name: 'Clear selected plan' }).click();
      await banner.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => sessionStorage.getItem('selectedAdvertisingPlan'))).toBeNull();
    });
  });

  it('shows the listings last loaded, drafts and the queue when the member is offline', async () => {
    const m = await member('Chipo Offline');
    const v = await createListing(m, { make: 'Toyota', model: 'Vitz', year: 2011 });
    await pay(m, v.id);
    await app.inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, m);
      const page = await app.open(context, '/dashboard', 'My Car Listings');
      await row(page, '2011 Toyota Vitz').waitFor({ timeout: 20_000 });
      await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
      const draftId = randomUUID();
      await idbPut(page, 'drafts', [{ id: draftId, createdAt: Date.now(), updatedAt: Date.now(), step: 2, fields: { make: 'Ford', model: 'Ranger', year: '2020' }, photoIds: [] }]);
      await idbPut(page, 'outbox', queuedChain(randomUUID(), m.user.id, { listing: listing({ make: 'Honda', model: 'Fit', year: 2013 }) }));

      await context.setOffline(true);
      await page.reload();
      await page.getByText(/You're offline: these are your listings as of today at/).waitFor({ timeout: 20_000 });
      await row(page, '2011 Toyota Vitz').waitFor();
      expect(await row(page, '2011 Toyota Vitz').getByRole('button', { name: 'Delete 2011 Toyota Vitz' }).isDisabled()).toBe(true);
      await page.getByRole('article', { name: '2020 Ford Ranger' }).waitFor();
      await queueRow(page, '2013 Honda Fit').getByText('Waiting for network').waitFor();
      await shot(page, 'phone-offline');
      await context.setOffline(false);
      // Back online: the queued listing is sent, and waits in My Car Listings for its fee.
      await queueRow(page, '2013 Honda Fit').waitFor({ state: 'detached', timeout: 20_000 });
      await page.getByText('1 listing is waiting for payment.').waitFor({ timeout: 20_000 });
    });
  });

  it('says which queued listing waits for which payment and what happens next, in plain words, until it is published', async () => {
    const m = await member('Tariro Queue');
    await app.inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, m);
      const page = await app.open(context, '/dashboard', 'My Car Listings');
      await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
      const listingId = randomUUID();
      // Published offline with EcoCash chosen: the listing, then its payment request, queued on the device.
      await idbPut(page, 'outbox', queuedChain(listingId, m.user.id, { listing: listing({ make: 'Toyota', model: 'Corolla', year: 2012 }), ecocashMsisdn: '0773004000' }));
      await context.setOffline(true);
      await page.reload();
      const line = queueRow(page, '2012 Toyota Corolla');
      await line.getByText(queuedPaymentText('2012 Toyota Corolla', '$1', 'ecocash', 'queued')).waitFor({ timeout: 20_000 });
      await line.getByText('Waiting for network').waitFor();

      // Back online: the listing and the payment request go; the line says what the seller does next, and so does the toast.
      await context.setOffline(false);
      await line.getByText(queuedPaymentText('2012 Toyota Corolla', '$1', 'ecocash', 'approve')).waitFor({ timeout: 30_000 });
      await toast(page, 'success').getByText(DASHBOARD_TEXTS.chainAwaitingPayment('2012 Toyota Corolla')).waitFor();
      await shot(page, 'queue-payment-waiting');
      expect(await page.locator('body').innerText()).not.toMatch(/Idempotency|Error \d{3}|\b(409|422|500)\b/);

      await line.getByRole('link', { name: `${DASHBOARD_TEXTS.finishPayment} 2012 Toyota Corolla` }).click();
      await page.getByRole('button', { name: 'Approve (PIN 1234)' }).click();
      await page.getByText('Payment completed successfully!').waitFor({ timeout: 20_000 });
      await page.waitForURL('**/dashboard', { timeout: 10_000 });
      await row(page, '2012 Toyota Corolla').getByText('7 days left').waitFor({ timeout: 20_000 });
      await line.waitFor({ state: 'detached', timeout: 20_000 });
    });
  });
});
