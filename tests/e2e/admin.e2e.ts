import path from 'node:path';
import { describe, beforeAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AdminStats, AdminUser } from '@/domain/core/wire';
import type { User } from '@/domain/account/user';
import type { Vehicle } from '@/domain/listing/vehicle';
import { hasChromium, SCREENSHOTS } from './browser';
import { listingBody } from '../support/listingBody';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';

requireChromiumInCi();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };
const ADMIN = { email: 'admin@motokari.test', password: 'admin-password-1' };
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${++seq}@example.co.zw`;

interface Auth {
  token: string;
  user: User;
}

describe.skipIf(!hasChromium)('the admin screen in Chromium', () => {
  const app = appInBrowser({ admin: ADMIN });
  const { inContext, open } = app;
  let admin: Auth;

  async function call<T>(method: string, url: string, token?: string, body?: unknown): Promise<{ status: number; body: T; headers: Headers }> {
    const res = await fetch(app.server.url + url, {
      method,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
  }

  async function login(email: string, password: string): Promise<Auth> {
    const res = await call<{ access_token: string; user: User }>('POST', '/api/auth/login', undefined, { email, password });
    expect(res.status).toBe(200);
    return { token: res.body.access_token, user: res.body.user };
  }

  async function signup(name: string): Promise<Auth> {
    const body = { name, email: uniqueEmail('seller'), phone: '+263 77 100 2000', location: 'Harare, Zimbabwe', password: 'kombi-123', user_type: 'private' };
    const res = await call<{ access_token: string; user: User }>('POST', '/api/auth/signup', undefined, body);
    expect(res.status).toBe(201);
    return { token: res.body.access_token, user: res.body.user };
  }

  async function createListing(token: string, over: Record<string, unknown>): Promise<Vehicle> {
    const body = listingBody(over);
    const res = await call<Vehicle>('POST', '/api/vehicles', token, body);
    expect(res.status).toBe(201);
    return res.body;
  }

  const stats = async () => (await call<AdminStats>('GET', '/api/admin/stats', admin.token)).body;
  const adminVehicles = async (limit: number) => call<Vehicle[]>('GET', `/api/admin/vehicles?limit=${limit}`, admin.token);
  const details = (v: Pick<Vehicle, 'year' | 'make' | 'model'>) => `${v.year} ${v.make} ${v.model}`;

  const main = (page: Page) => page.getByRole('main');
  const notice = (page: Page, text: string) => page.locator('[data-notice]').filter({ hasText: text });
  const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
  const tile = (page: Page, label: string) => main(page).getByRole('region', { name: label, exact: true });
  const confirmPanel = (page: Page) => page.getByRole('group', { name: 'Delete this listing?' });

  /**
   * A full-page shot resizes the viewport for a moment, which can remount what depends on media
   * queries; `{ fullPage: false }` keeps an open confirm panel open.
   */
  async function shot(page: Page, name: string, target?: Locator, { fullPage = !target } = {}): Promise<void> {
    await page.waitForTimeout(400); // tab and modal transitions
    await (target ?? page).screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
  }

  async function expectTiles(page: Page, expected: AdminStats): Promise<void> {
    const labels: [keyof AdminStats, string][] = [
      ['total_users', 'Total users'],
      ['dealers', 'Dealers'],
      ['private_sellers', 'Private sellers'],
      ['total_vehicles', 'Total vehicles'],
      ['featured_vehicles', 'Featured vehicles'],
      ['cars', 'Cars'],
      ['construction', 'Construction'],
      ['farming', 'Farming'],
    ];
    for (const [key, label] of labels) {
      await tile(page, label).getByText(expected[key].toLocaleString('en-US'), { exact: true }).waitFor();
    }
  }

  beforeAll(async () => {
    admin = await login(ADMIN.email, ADMIN.password);
    expect(admin.user.user_type).toBe('admin');
  });

  it('shows the access-denied screen to visitors and to signed-in non-admins, with no admin controls anywhere', async () => {
    await inContext({ viewport: PHONE }, async (context) => {
      const page = await open(context, '/admin', 'You need admin privileges to access this page.');
      await main(page).getByRole('button', { name: 'Sign In' }).waitFor();
      await shot(page, 'admin-denied-phone');
    });
    const seller = await signup('Rudo Chikwanha');
    await inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, seller);
      const page = await open(context, '/admin', 'You need admin privileges to access this page.');
      await page.getByRole('banner').getByText('Welcome, Rudo Chikwanha').waitFor();
      expect(await main(page).getByRole('button', { name: 'Sign In' }).count()).toBe(0);
      expect(await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
      expect(await page.getByRole('tab').count()).toBe(0);

      await page.goto(`${app.server.url}/cars`);
      await main(page).locator('a[href^="/car/"]').first().waitFor();
      expect(await page.getByRole('button', { name: /^Delete listing/ }).count()).toBe(0);
    });
  });

  it('shows the overview statistics to the admin, reached from the Admin Panel menu item', async () => {
    await inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, admin);
      const page = await open(context, '/', 'Start Your Search');
      const header = page.getByRole('banner');
      await header.getByText('(Admin)').waitFor();
      await header.getByRole('link', { name: 'Admin', exact: true }).waitFor();
      await header.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
      await page.waitForURL(/\/admin$/);
      await main(page).getByRole('heading', { name: 'Admin Panel' }).waitFor();
      expect(await tab(page, 'Overview').getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('tab').allTextContents()).toEqual([
        expect.stringMatching(/^Overview/),
        expect.stringMatching(/^Users/),
        expect.stringMatching(/^Vehicles/),
        expect.stringMatching(/^Database/),
        expect.stringMatching(/^Reports/),
      ]);
      const expected = await stats();
      expect(expected.total_vehicles).toBeGreaterThan(20);
      await expectTiles(page, expected);
      await shot(page, 'admin-overview-desktop');
    });
    await inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, admin);
      const page = await open(context, '/admin', 'Total vehicles');
      await expectTiles(page, await stats());
      await shot(page, 'admin-overview-phone');
    });
  });

  it('deletes a non-admin user and their listings after the confirm; the list and the statistics update; admins get no delete button', async () => {
    const victim = await signup('Farai Mutasa');
    await createListing(victim.token, { make: 'Nissan', model: 'Navara' });
    await createListing(victim.token, { make: 'Isuzu', model: 'D-Max' });
    const before = await stats();

    // No service worker between the page and page.route, which intercepts the failing call.
    await inContext({ viewport: DESKTOP, serviceWorkers: 'block' }, async (context) => {
      await signedIn(context, admin);
      const page = await open(context, '/admin', 'Total users');
      await tab(page, 'Users').click();
      const victimRow = main(page).getByRole('row').filter({ hasText: victim.user.email });
      await victimRow.waitFor();
      const adminRow = main(page).getByRole('row').filter({ hasText: ADMIN.email });
      await adminRow.getByText('Admin', { exact: true }).waitFor();
      expect(await adminRow.getByRole('button').count()).toBe(0);
      await shot(page, 'admin-users-desktop');

      // A failed call: the spec's alert, and the user is still listed.
      await page.route('**/api/admin/user/*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }), { times: 1 });
      await victimRow.getByRole('button', { name: 'Delete Farai Mutasa' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Are you sure you want to delete this user and all their vehicles?').waitFor();
      await dialog.getByRole('button', { name: 'Delete user' }).click();
      await notice(page, 'Error deleting user').waitFor();
      await victimRow.waitFor();
      await notice(page, 'Error deleting user').getByRole('button', { name: 'Dismiss' }).click();

      // Cancel keeps the user.
      await victimRow.getByRole('button', { name: 'Delete Farai Mutasa' }).click();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await victimRow.count()).toBe(1);

      await victimRow.getByRole('button', { name: 'Delete Farai Mutasa' }).click();
      await dialog.getByText('Are you sure you want to delete this user and all their vehicles?').waitFor();
      await shot(page, 'admin-user-confirm-desktop');
      await dialog.getByRole('button', { name: 'Delete user' }).click();
      await notice(page, 'User deleted successfully').waitFor();
      await victimRow.waitFor({ state: 'detached' });
      await main(page)
        .getByText(`${before.total_users - 1} users`)
        .waitFor();

      await tab(page, 'Overview').click();
      await tile(page, 'Total users')
        .getByText(String(before.total_users - 1), { exact: true })
        .waitFor();
      await tile(page, 'Total vehicles')
        .getByText(String(before.total_vehicles - 2), { exact: true })
        .waitFor();
    });
    const users = (await call<AdminUser[]>('GET', '/api/admin/users', admin.token)).body;
    expect(users.map((u) => u.id)).not.toContain(victim.user.id);

    await inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, admin);
      const page = await open(context, '/admin', 'Total users');
      await tab(page, 'Users').click();
      const adminCard = main(page).getByRole('listitem').filter({ hasText: ADMIN.email });
      await adminCard.waitFor();
      expect(await adminCard.getByRole('button').count()).toBe(0);
      await shot(page, 'admin-users-phone');
    });
  });

  it('lists the first 20 listings in a 500 px scroll area and deletes one through the confirm panel; a failure shows the server detail', async () => {
    const first = (await adminVehicles(2)).body;
    const total = Number((await adminVehicles(1)).headers.get('x-total-count'));
    expect(total).toBeGreaterThan(20);
    const [target, gone] = first as [Vehicle, Vehicle];

    await inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, admin);
      const page = await open(context, '/admin', 'Total users');
      await tab(page, 'Vehicles').click();
      const table = main(page).getByRole('table', { name: 'Vehicles' });
      await table.locator('tbody tr').first().waitFor();
      expect(await table.locator('tbody tr').count()).toBe(20);
      await main(page).getByText(`Showing the newest 20 of ${total} listings`).waitFor();
      const scroll = main(page).getByTestId('admin-vehicles-scroll');
      expect((await scroll.boundingBox())?.height).toBe(500);
      const viewport = scroll.locator('.mantine-ScrollArea-viewport');
      const [scrollHeight, clientHeight] = await viewport.evaluate((el) => [el.scrollHeight, el.clientHeight]);
      expect(clientHeight).toBeLessThanOrEqual(500);
      expect(scrollHeight).toBeGreaterThan(clientHeight);

      const row = (v: Vehicle) => table.locator('tr', { has: page.locator(`a[href="/car/${v.id}"]`) });
      // Cancel closes the panel and keeps the listing.
      await row(gone)
        .getByRole('button', { name: /^Delete listing/ })
        .click();
      await confirmPanel(page).getByText(details(gone)).waitFor();
      await confirmPanel(page).getByRole('button', { name: 'Cancel' }).click();
      await confirmPanel(page).waitFor({ state: 'detached' });
      await row(gone)
        .getByRole('button', { name: /^Delete listing/ })
        .waitFor();

      await row(target)
        .getByRole('button', { name: /^Delete listing/ })
        .click();
      await confirmPanel(page).getByText(details(target)).waitFor();
      await shot(page, 'admin-vehicles-desktop', undefined, { fullPage: false });
      await confirmPanel(page).getByRole('button', { name: 'Delete listing' }).click();
      await notice(page, `Vehicle ${details(target)} has been deleted successfully.`).waitFor();
      await row(target).waitFor({ state: 'detached' });
      expect((await call('GET', `/api/cars/${target.id}`, admin.token)).status).toBe(404);
      await main(page)
        .getByText(`Showing the newest 19 of ${total - 1} listings`)
        .waitFor();

      // Deleted elsewhere meanwhile: the server's detail follows the spec's prefix.
      expect((await call('DELETE', `/api/admin/vehicle/${gone.id}`, admin.token)).status).toBe(200);
      await row(gone)
        .getByRole('button', { name: /^Delete listing/ })
        .click();
      await confirmPanel(page).getByRole('button', { name: 'Delete listing' }).click();
      await notice(page, 'Failed to delete vehicle: Car not found').waitFor();
      await row(gone)
        .getByRole('button', { name: /^Delete listing/ })
        .waitFor();
    });

    await inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, admin);
      const page = await open(context, '/admin', 'Total users');
      await tab(page, 'Vehicles').click();
      const list = main(page).getByRole('list', { name: 'Vehicles' });
      await list.getByRole('listitem').first().waitFor();
      expect(await list.getByRole('listitem').count()).toBe(20);
      expect((await main(page).getByTestId('admin-vehicles-scroll').boundingBox())?.height).toBe(500);
      await list
        .getByRole('listitem')
        .first()
        .getByRole('button', { name: /^Delete listing/ })
        .click();
      await confirmPanel(page).waitFor();
      await shot(page, 'admin-vehicles-phone', undefined, { fullPage: false });
    });
  });

  it('deletes a listing from its result card and from its detail page', async () => {
    await inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, admin);
      const page = await open(context, '/cars', /cars found/);
      const count = async () =>
        Number(
          (await main(page)
            .getByText(/^[\d,]+ cars found$/)
            .textContent())!.replace(/\D/g, ''),
        );
      const cars = await count();
      const firstLink = main(page).locator('a[href^="/car/"]').first();
      const id = (await firstLink.getAttribute('href'))!.split('/').pop()!;
      const vehicle = (await call<Vehicle>('GET', `/api/cars/${id}`)).body;
      const card = main(page).locator(`a[href="/car/${id}"]`).locator('xpath=../..'); // the card, its heart beside it, then the admin's controls
      await card.getByRole('button', { name: `Delete listing ${details(vehicle)}` }).click();
      await confirmPanel(page).getByText(details(vehicle)).waitFor();
      await shot(page, 'admin-card-confirm-desktop', card);
      await confirmPanel(page).getByRole('button', { name: 'Delete listing' }).click();
      await notice(page, `Vehicle ${details(vehicle)} has been deleted successfully.`).waitFor();
      expect(page.url()).toBe(`${app.server.url}/cars`);
      await main(page).locator(`a[href="/car/${id}"]`).waitFor({ state: 'detached' });
      // The device's mirror drops it too, so the count follows.
      await main(page)
        .getByText(`${(cars - 1).toLocaleString('en-US')} cars found`)
        .waitFor();
      expect((await call('GET', `/api/cars/${id}`)).status).toBe(404);

      const next = (await call<Vehicle[]>('GET', '/api/vehicles?vehicle_type=car&limit=1')).body[0]!;
      await page.goto(`${app.server.url}/car/${next.id}`);
      const panel = main(page).getByRole('heading', { name: 'Administrator' }).locator('xpath=..');
      await panel.getByRole('button', { name: 'Delete listing' }).click();
      await confirmPanel(page).getByText(details(next)).waitFor();
      await shot(page, 'admin-detail-confirm-desktop', panel);
      await confirmPanel(page).getByRole('button', { name: 'Delete listing' }).click();
      await page.waitForURL(/\/cars$/);
      await notice(page, `Vehicle ${details(next)} has been deleted successfully.`).waitFor();
      expect((await call('GET', `/api/cars/${next.id}`)).status).toBe(404);
      await main(page).locator(`a[href="/car/${next.id}"]`).waitFor({ state: 'detached' });
    });
  });

  it('refuses a database reset for any other phrase, reports a failure, and resets for DELETE ALL DATA', async () => {
    const before = await stats();
    await inContext({ viewport: DESKTOP, serviceWorkers: 'block' }, async (context) => {
      await signedIn(context, admin);
      const page = await open(context, '/admin', 'Total users');
      await tab(page, 'Database').click();
      const form = main(page).getByRole('form', { name: 'Reset database' });
      const input = form.getByLabel('Type DELETE ALL DATA to confirm');
      const button = form.getByRole('button', { name: 'Reset database' });
      let resets = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/admin/reset-database')) resets++;
      });
      for (const typed of ['delete all data', 'DELETE ALL DATA ', ' DELETE ALL DATA', 'DELETE ALL', 'yes']) {
        await input.fill(typed);
        expect(await button.isDisabled(), typed).toBe(true);
        await input.press('Enter');
      }
      await page.waitForTimeout(300);
      expect(resets).toBe(0);
      expect(await stats()).toEqual(before);
      await shot(page, 'admin-database-desktop');

      await page.route('**/api/admin/reset-database', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }), { times: 1 });
      await input.fill('DELETE ALL DATA');
      await button.click();
      await notice(page, 'Error resetting database').waitFor();
      expect(await stats()).toEqual(before);

      const mine = await createListing(admin.token, { make: 'Mazda', model: 'BT-50' });
      const reloaded = page.waitForEvent('load');
      await button.click();
      await reloaded;
      await notice(page, 'Database reset successfully').waitFor();
      expect(await tab(page, 'Overview').getAttribute('aria-selected')).toBe('true');
      await shot(page, 'admin-after-reset-desktop');

      // Everything users made is gone; the app, starting on an empty site, asks for the sample data
      // again (spec section 4), so buyers see the samples rather than an empty marketplace.
      expect((await call('GET', `/api/cars/${mine.id}`, admin.token)).status).toBe(404);
      await expect.poll(async () => (await stats()).total_vehicles, { timeout: 20_000 }).toBeGreaterThan(0);
      await page.goto(`${app.server.url}/cars`);
      await main(page)
        .getByText(/^[1-9][\d,]* cars? found$/)
        .first()
        .waitFor({ timeout: 20_000 });
    });
    await inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, admin);
      const page = await open(context, '/admin', 'Total users');
      await tab(page, 'Database').click();
      await main(page).getByLabel('Type DELETE ALL DATA to confirm').fill('DELETE ALL');
      await shot(page, 'admin-database-phone');
    });
  });
});
