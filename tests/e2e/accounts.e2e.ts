import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, beforeAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import type { Vehicle } from '@/domain/listing/vehicle';
import { users, vehicles } from '@/server/db/schema';
import { hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';

requireChromiumInCi();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${++seq}@example.co.zw`;

describe.skipIf(!hasChromium)('accounts in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open } = app;
  let sample: Vehicle;
  /** The sample's phone, read from the database: public answers do not carry it. */
  let samplePhone: string;

  beforeAll(async () => {
    const cars = (await (await fetch(`${app.server.url}/api/vehicles?vehicle_type=car&limit=100`)).json()) as Vehicle[];
    const rows = await app.server.app.ctx.db.select({ id: vehicles.id, phone: vehicles.sellerPhone }).from(vehicles);
    const phones = new Map(rows.map((r) => [r.id, r.phone]));
    sample = cars.find((v) => v.seller_type === 'private' && phones.get(v.id))!;
    samplePhone = phones.get(sample.id)!;
  });

  /** An account made through the API, for tests that are not about signing up. */
  async function account(name: string, password = 'kombi-123'): Promise<{ email: string; password: string; name: string }> {
    const email = uniqueEmail('buyer');
    const res = await fetch(`${app.server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, email, phone: '+263 77 100 2000', location: 'Harare, Zimbabwe', password, user_type: 'private' }),
    });
    expect(res.status).toBe(201);
    return { email, password, name };
  }

  /** The reset code in the newest mail the outbox mailer wrote to an address. */
  function latestCode(email: string): string {
    const outbox = path.join(app.server.dataDir, 'outbox');
    const mails = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((f) => f.endsWith(`-${email}.eml`))
          .sort()
      : [];
    const newest = mails[mails.length - 1];
    const m = newest ? /code is (\d{6})/.exec(readFileSync(path.join(outbox, newest), 'utf8')) : null;
    if (!m) throw new Error(`no reset code mailed to ${email}`);
    return m[1]!;
  }

  const dialog = (page: Page) => page.getByRole('dialog');
  const form = (page: Page, name: string) => dialog(page).getByRole('form', { name });
  const header = (page: Page) => page.getByRole('banner');
  const notice = (page: Page, kind: 'success' | 'error') => dialog(page).locator(`[data-notice="${kind}"]`);

  async function signInThroughDialog(page: Page, email: string, password: string): Promise<void> {
    const f = form(page, 'Sign In');
    await f.getByLabel('Email Address').fill(email);
    await f.getByLabel(/^Password/).fill(password);
    await f.getByRole('button', { name: 'Sign In' }).click();
  }

  async function signOutFromMenu(page: Page): Promise<void> {
    await header(page).getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out', exact: true }).click();
    await header(page).getByRole('button', { name: 'Sign In' }).waitFor();
  }

  async function shot(page: Page, name: string, target?: Locator): Promise<void> {
    await page.waitForTimeout(500); // the modal's and the radio's transitions
    await (target ?? page).screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  }

  it('signs up in three steps, signs out and in again, resets the password, and keeps the session over a reload', async () => {
    await inContext({ viewport: DESKTOP }, async (context) => {
      const page = await open(context, '/', 'Start Your Search');
      const email = uniqueEmail('seller');
      await header(page).getByRole('button', { name: 'Sign Up' }).click();
      await dialog(page).getByText('Welcome to Motokari').waitFor();
      await dialog(page).getByText('Sign in to manage your listings or create an account to start selling').waitFor();
      expect(await dialog(page).getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');

      // Step 1: Personal Information. The browser's required check holds Next back.
      await dialog(page).getByText('Step 1 of 3').waitFor();
      const personal = form(page, 'Personal Information');
      await expect(personal.getByLabel('Phone Number').getAttribute('placeholder')).resolves.toMatch(/^\+263/);
      await expect(personal.getByLabel('Location').getAttribute('placeholder')).resolves.toBe('City, Country');
      await personal.getByRole('button', { name: 'Next' }).click();
      await dialog(page).getByText('Step 1 of 3').waitFor();
      await personal.getByLabel('Full Name').fill('Tendai Moyo');
      await personal.getByLabel('Email Address').fill(email);
      await personal.getByLabel('Phone Number').fill('+263 77 123 4567');
      await personal.getByLabel('Location').fill('Mutare, Zimbabwe');
      await personal.getByRole('button', { name: 'Next' }).click();

      // Step 2: Account Security, with one show/hide toggle for both fields.
      const security = form(page, 'Account Security');
      await security.getByLabel('Create Password').fill('kombi-123');
      await security.getByLabel('Confirm Password').fill('kombi-124');
      expect(await security.getByLabel('Confirm Password').getAttribute('type')).toBe('password');
      await security.getByRole('button', { name: 'Show or hide passwords' }).first().click();
      expect(await security.getByLabel('Confirm Password').getAttribute('type')).toBe('text');
      await security.getByRole('button', { name: 'Next' }).click();

      // Step 3: the seller type, private by default. The mismatch is caught before the call.
      const sellerType = form(page, 'Choose Your Seller Type');
      await expect(sellerType.getByRole('radio', { name: /Private Seller/ }).getAttribute('aria-checked')).resolves.toBe('true');
      await sellerType.getByRole('button', { name: 'Create Account' }).click();
      await notice(page, 'error').getByText('Passwords do not match').waitFor();
      await dialog(page).getByText('Step 2 of 3').waitFor();
      await security.getByLabel('Confirm Password').fill('kombi-123');
      await security.getByRole('button', { name: 'Next' }).click();
      await sellerType.getByRole('button', { name: 'Create Account' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      await header(page).getByText('Welcome, Tendai Moyo').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('authToken'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userData')))!)).toMatchObject({ email, name: 'Tendai Moyo', user_type: 'private' });

      await header(page).getByRole('button', { name: 'Account' }).click();
      for (const item of ['My Profile', 'My Listings', 'Sign out on all devices', 'Sign Out']) await page.getByRole('menuitem', { name: item, exact: true }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Admin Panel' }).count()).toBe(0);
      await shot(page, 'desktop-account-menu');
      await page.getByRole('menuitem', { name: 'Sign Out', exact: true }).click();
      await header(page).getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('userData')])).toEqual([null, null]);

      // Signing in: the server's detail first, then the right password.
      await header(page).getByRole('button', { name: 'Sign In' }).click();
      await signInThroughDialog(page, email, 'wrong-password');
      await notice(page, 'error').getByText('Invalid credentials').waitFor();
      await signInThroughDialog(page, email, 'kombi-123');
      await dialog(page).waitFor({ state: 'detached' });
      await header(page).getByText('Welcome, Tendai Moyo').waitFor();
      await signOutFromMenu(page);

      // Password reset: email, the mailed code, a new password, then signing in with it.
      await header(page).getByRole('button', { name: 'Sign In' }).click();
      await form(page, 'Sign In').getByLabel('Email Address').fill(email);
      await dialog(page).getByRole('button', { name: 'Forgot Password?' }).click();
      const resetEmail = form(page, 'Reset Password');
      await expect(resetEmail.getByLabel('Email Address').inputValue()).resolves.toBe(email);
      await resetEmail.getByRole('button', { name: 'Send Reset Code' }).click();
      await notice(page, 'success').getByText('Reset code sent to your email').waitFor();
      const codeForm = form(page, 'Enter Reset Code');
      const code = latestCode(email);
      await codeForm.getByLabel('6-digit code').fill(`${code}99`);
      await expect(codeForm.getByLabel('6-digit code').inputValue()).resolves.toBe(code);
      await codeForm.getByRole('button', { name: 'Verify Code' }).click();
      await notice(page, 'success').getByText('Code verified successfully').waitFor();
      const newPassword = form(page, 'Create New Password');
      await newPassword.getByLabel(/^New Password/).fill('matatu-456');
      await newPassword.getByLabel('Confirm New Password').fill('matatu-456');
      await newPassword.getByRole('button', { name: 'Reset Password' }).click();
      await notice(page, 'success').getByText('Password reset successfully! You can now sign in with your new password.').waitFor();
      await expect(form(page, 'Sign In').getByLabel('Email Address').inputValue()).resolves.toBe(email);
      await signInThroughDialog(page, email, 'matatu-456');
      await dialog(page).waitFor({ state: 'detached' });
      await header(page).getByText('Welcome, Tendai Moyo').waitFor();

      await page.reload();
      await header(page).getByText('Welcome, Tendai Moyo').waitFor({ timeout: 20_000 });
    });
  });

  it('asks visitors to sign in to contact a seller, then shows Call Seller and WhatsApp Seller with the number asked for', async () => {
    const buyer = await account('Chipo Dube');
    await inContext({ viewport: DESKTOP }, async (context) => {
      const page = await open(context, `/car/${sample.id}`, 'Vehicle Details');
      await page.getByRole('button', { name: 'Sign In to Buy' }).waitFor();
      expect(await page.getByText('Call Seller').count()).toBe(0);
      await page.getByRole('button', { name: 'Sign In to Contact Seller' }).click();
      await dialog(page).getByText('Buyer Account').waitFor();
      await dialog(page).getByText('Sign in or create an account to proceed with your purchase').waitFor();
      await signInThroughDialog(page, buyer.email, buyer.password);
      await dialog(page).waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(`/car/${sample.id}`);
      await page.getByRole('button', { name: 'Call Seller' }).waitFor();
      // The listing carries no number: asking for it once makes both buttons links to it.
      await page.getByRole('button', { name: 'Show phone number' }).click();
      const call = page.getByRole('link', { name: 'Call Seller' });
      await expect(call.getAttribute('href')).resolves.toBe(`tel:${samplePhone.replace(/[^\d+]/g, '')}`);
      const whatsApp = await page.getByRole('link', { name: 'WhatsApp Seller' }).getAttribute('href');
      expect(whatsApp).toMatch(/^https:\/\/wa\.me\/263\d+\?text=/);
      expect(decodeURIComponent(whatsApp!.split('text=')[1]!)).toContain(`/car/${sample.id}`);
      expect(await page.getByText('Sign In to Contact Seller').count()).toBe(0);
      await shot(page, 'desktop-car-signed-in');
      await page.reload();
      await page.getByRole('link', { name: 'Call Seller' }).waitFor({ timeout: 20_000 });
    });
  });

  it('marks administrators in the bar, the dropdown and the mobile menu', async () => {
    const admin = await account('Farai Admin');
    await app.server.app.ctx.db.update(users).set({ userType: 'admin' }).where(eq(users.email, admin.email));
    await inContext({ viewport: DESKTOP }, async (context) => {
      const page = await open(context, '/', 'Start Your Search');
      // The dropdown's code arrives late: a tap on Account before it has must still open the menu.
      await page.route(/\/assets\/AccountMenu-[\w-]+\.js$/, async (route) => {
        await new Promise((done) => setTimeout(done, 1500));
        await route.continue();
      });
      await header(page).getByRole('button', { name: 'Sign In' }).click();
      await signInThroughDialog(page, admin.email, admin.password);
      await header(page).getByText('(Admin)').waitFor();
      await header(page).getByRole('link', { name: 'Admin', exact: true }).waitFor();
      await header(page).getByRole('button', { name: 'Account' }).click();
      await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
      expect(new URL(page.url()).pathname).toBe('/admin');
      await page.setViewportSize(PHONE);
      await page.goto(`${app.server.url}/faq`);
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.getByText('Welcome, Farai Admin').waitFor();
      await menu.getByText('Administrator').waitFor();
      await shot(page, 'mobile-account-menu');
      await menu.getByRole('button', { name: 'Sign Out', exact: true }).click();
      await menu.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign In' }).waitFor();
    });
  });

  for (const [label, viewport] of [
    ['mobile', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the dialog's screens at ${viewport.width} px, and switching tabs starts the flows over`, async () => {
      await inContext({ viewport }, async (context) => {
        const page = await open(context, '/dashboard', 'Sign In Required');
        await page.getByRole('button', { name: 'Sign In to Continue' }).click();
        await form(page, 'Sign In').waitFor();
        await shot(page, `${label}-auth-signin`);

        await form(page, 'Sign In').getByLabel('Email Address').fill('nobody@example.co.zw');
        await form(page, 'Sign In')
          .getByLabel(/^Password/)
          .fill('not-it');
        await form(page, 'Sign In').getByRole('button', { name: 'Sign In' }).click();
        await notice(page, 'error').waitFor();
        await shot(page, `${label}-auth-signin-error`);

        await dialog(page).getByRole('tab', { name: 'Sign Up' }).click();
        expect(await notice(page, 'error').count()).toBe(0);
        await dialog(page).getByText('Step 1 of 3').waitFor();
        await shot(page, `${label}-auth-signup-step1`);
        const personal = form(page, 'Personal Information');
        await personal.getByLabel('Full Name').fill('Nyasha Ncube');
        await personal.getByLabel('Email Address').fill(uniqueEmail('tabs'));
        await personal.getByLabel('Phone Number').fill('0772 000 111');
        await personal.getByLabel('Location').fill('Bulawayo, Zimbabwe');
        await personal.getByRole('button', { name: 'Next' }).click();
        await form(page, 'Account Security').getByLabel('Create Password').fill('abcdef');
        await form(page, 'Account Security').getByLabel('Confirm Password').fill('abcdef');
        await form(page, 'Account Security').getByRole('button', { name: 'Next' }).click();
        await form(page, 'Choose Your Seller Type')
          .getByRole('radio', { name: /Professional Dealer/ })
          .click();
        await form(page, 'Choose Your Seller Type').getByLabel('Business Name').waitFor();
        await shot(page, `${label}-auth-signup-step3`);

        await dialog(page).getByRole('tab', { name: 'Sign In' }).click();
        await dialog(page).getByRole('button', { name: 'Forgot Password?' }).click();
        await form(page, 'Reset Password').waitFor();
        await shot(page, `${label}-auth-reset`);
        await dialog(page).getByRole('tab', { name: 'Sign Up' }).click();
        await dialog(page).getByText('Step 1 of 3').waitFor();
        // The typed values stay; only the step starts over.
        await expect(form(page, 'Personal Information').getByLabel('Full Name').inputValue()).resolves.toBe('Nyasha Ncube');
        await dialog(page).getByRole('tab', { name: 'Sign In' }).click();
        await form(page, 'Sign In').waitFor();
        expect(await form(page, 'Reset Password').count()).toBe(0);
      });
    });
  }
});
