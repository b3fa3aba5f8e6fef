import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { User } from '@/domain/account/user';
import { listingBody } from '../support/listingBody';
import { users } from '@/server/db/schema';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

// Verified dealers (issue 20): a dealer submits business details from the dashboard, an administrator
// verifies them in the admin screen's Users tab, and the 'Verified dealer' badge shows on /dealers, on
// the dealer's page and on result cards, where buyers filter on it.
describe.skipIf(!hasChromium)('verified dealers in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open, apiCount } = app;

  const found = (page: Page, n: number) => page.getByText(`${n.toLocaleString('en-US')} cars found`, { exact: true }).waitFor({ timeout: 20_000 });

  it('a dealer submits details, an admin verifies them, and the badge shows on /dealers, the dealer page and the cards', async () => {
    const { call } = sellerApi(app.server.url);
    const signup = await call('POST', '/api/auth/signup', null, {
      name: 'Nyasha Moyo',
      email: `dealer-${randomUUID()}@example.co.zw`,
      phone: '+263 77 300 4000',
      location: 'Harare',
      password: 'kombi-123',
      user_type: 'dealer',
      business_name: 'Graniteside Motors',
    });
    expect(signup.status).toBe(201);
    const dealer = (await signup.json()) as { access_token: string; user: User };
    const created = await call('POST', '/api/vehicles', dealer.access_token, listingBody({ make: 'Toyota', model: 'Land Cruiser', subscription_plan: 'premium' }));
    expect(created.status, await created.clone().text()).toBe(201);
    const listing = (await created.json()) as { id: string };
    const intent = await call('POST', '/api/payments/create-intent', dealer.access_token, { vehicle_id: listing.id, payment_method: 'card' });
    const { payment_intent_id } = (await intent.json()) as { payment_intent_id: string };
    expect((await call('POST', `/api/payments/confirm/${payment_intent_id}`, dealer.access_token, {})).status).toBe(200);
    expect(await apiCount({ vehicle_type: 'car', verified_dealer: 'true' })).toBe(0);

    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await signedIn(context, { token: dealer.access_token, user: dealer.user });
      const page = await open(context, '/dashboard');
      const card = page.getByRole('region', { name: 'Business verification' });
      await card.waitFor({ timeout: 20_000 });
      expect(await card.getByLabel('Business name').inputValue()).toBe('Graniteside Motors');
      await card.getByLabel('Registration number').fill('ZW-7781/2015');
      await card.getByLabel('Business address').fill('14 Kelvin Road North, Graniteside, Harare');
      await card.getByRole('button', { name: 'Submit for verification' }).click();
      await card.getByText('Waiting for review', { exact: true }).waitFor();
    });

    // An administrator: an account made one in the database, as ADMIN_EMAIL does at start.
    const adminSignup = await call('POST', '/api/auth/signup', null, {
      name: 'Site Admin',
      email: `admin-${randomUUID()}@example.co.zw`,
      phone: '+263 77 100 2000',
      location: 'Harare',
      password: 'admin-pass-1',
      user_type: 'private',
    });
    const adminToken = ((await adminSignup.json()) as { access_token: string }).access_token;
    const adminId = ((await (await call('GET', '/api/auth/me', adminToken)).json()) as User).id;
    await app.server.app.ctx.db.update(users).set({ userType: 'admin' }).where(eq(users.id, adminId));
    const admin = { access_token: adminToken, user: (await (await call('GET', '/api/auth/me', adminToken)).json()) as User };
    expect(admin.user.isAdmin).toBe(true);
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await signedIn(context, { token: admin.access_token, user: admin.user });
      const page = await open(context, '/admin');
      await page.getByRole('tab', { name: /^Users/ }).click();
      const pending = page.getByRole('region', { name: /^Dealers awaiting verification/ });
      const entry = pending.getByRole('listitem', { name: 'Graniteside Motors' });
      await entry.getByText('Registration number: ZW-7781/2015').waitFor({ timeout: 20_000 });
      await entry.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Dealer verified').first().waitFor();
      await pending.waitFor({ state: 'detached' });
    });
    const verified = await apiCount({ vehicle_type: 'car', verified_dealer: 'true' });
    expect(verified).toBe(1);
    const all = await apiCount({ vehicle_type: 'car' });

    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await open(context, '/dealers');
      const dealerCard = page.locator('.mantine-Card-root', { hasText: 'Graniteside Motors' });
      await dealerCard.getByText('Verified dealer', { exact: true }).waitFor({ timeout: 20_000 });
      await dealerCard.getByRole('link', { name: 'View inventory' }).click();
      await page.getByRole('heading', { name: 'Graniteside Motors', level: 1 }).waitFor({ timeout: 20_000 });
      await page.getByText('Verified dealer', { exact: true }).first().waitFor();

      await page.goto(`${app.server.url}/cars`);
      await found(page, all);
      await page.getByRole('button', { name: 'Filter and Sort' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Papers and dealer', exact: true }).click();
      await dialog.getByRole('checkbox', { name: 'Verified dealers only' }).check();
      await page.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await found(page, verified);
      await page.getByRole('button', { name: 'Remove Verified dealers', exact: true }).waitFor();
      await page.locator(`a[href="/car/${listing.id}"]`).getByText('Verified dealer', { exact: true }).waitFor();
    });
  });
});
