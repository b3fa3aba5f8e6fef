import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { idbAll } from './deviceDb';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { hasChromium } from './browser';

// "Sign out on all devices" (issue 15, item 4): chosen on one device, every other device signed in to
// the account is signed out at its next call that needs the account, and no device keeps the token
// for the service worker's background replay.

requireChromiumInCi();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

describe.skipIf(!hasChromium)('sign out on all devices in Chromium', () => {
  const app = appInBrowser();

  async function account(): Promise<{ email: string; password: string; session: () => Promise<{ token: string; user: unknown }> }> {
    const email = `everywhere-${randomUUID()}@example.co.zw`;
    const password = 'kombi-123';
    const body = { name: 'Rudo Everywhere', email, phone: '+263 77 300 4000', location: 'Gweru, Zimbabwe', password, user_type: 'private' };
    const res = await fetch(`${app.server.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(201);
    // Each device signs in on its own: a token of its own.
    const session = async () => {
      const login = await fetch(`${app.server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      expect(login.status).toBe(200);
      const { access_token, user } = (await login.json()) as { access_token: string; user: unknown };
      return { token: access_token, user };
    };
    return { email, password, session };
  }

  const savedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.authToken);
  /** The session the service worker would replay the outbox with, once the page has handed it over. */
  const replayToken = async (page: Page) => (await idbAll<{ key: string; token?: string }>(page, 'meta')).find((r) => r.key === 'replayAuth')?.token ?? null;

  async function dashboard(context: BrowserContext): Promise<Page> {
    const page = await app.open(context, '/dashboard');
    await page.getByRole('heading', { name: 'My Car Listings' }).waitFor({ timeout: 30_000 });
    return page;
  }

  it('chosen in the account menu on one device, the other device is signed out at its next call', async () => {
    const a = await account();
    await app.inContext({ viewport: PHONE }, async (other) => {
      await signedIn(other, await a.session());
      const otherPage = await dashboard(other);
      await expect.poll(() => replayToken(otherPage), { timeout: 15_000 }).not.toBeNull();

      await app.inContext({ viewport: DESKTOP }, async (laptop) => {
        await signedIn(laptop, await a.session());
        const page = await dashboard(laptop);
        await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
        await page.getByRole('menuitem', { name: 'Sign out on all devices' }).click();
        const confirm = page.getByRole('dialog', { name: 'Sign out on all devices?' });
        await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
        // This device: signed out, told so in the sign-in dialog.
        const dialog = page.getByRole('dialog');
        await dialog.locator('[data-notice="success"]').filter({ hasText: 'You have been signed out on all devices.' }).waitFor();
        expect(await savedToken(page)).toBeNull();
        await expect.poll(() => replayToken(page)).toBeNull();
      });

      // The other device still shows its screen; its next call that needs the account is refused.
      expect(await savedToken(otherPage)).not.toBeNull();
      await otherPage.reload();
      const dialog = otherPage.getByRole('dialog');
      await dialog.locator('[data-notice="error"]').filter({ hasText: 'Your session has expired. Please sign in again.' }).waitFor({ timeout: 30_000 });
      expect(await savedToken(otherPage)).toBeNull();
      await expect.poll(() => replayToken(otherPage)).toBeNull();

      // Signing in again there works.
      const form = dialog.getByRole('form', { name: 'Sign In' });
      await form.getByLabel('Email Address').fill(a.email);
      await form.getByLabel(/^Password/).fill(a.password);
      await form.getByRole('button', { name: 'Sign In' }).click();
      await otherPage.getByRole('heading', { name: 'Rudo Everywhere' }).waitFor({ timeout: 30_000 });
    });
  });

  it('is in the mobile menu too', async () => {
    const a = await account();
    await app.inContext({ viewport: PHONE }, async (phone) => {
      await signedIn(phone, await a.session());
      const page = await dashboard(phone);
      await page.getByRole('banner').getByRole('button', { name: 'Toggle navigation' }).click();
      await page.getByRole('button', { name: 'Sign out on all devices' }).click();
      await page.getByRole('dialog', { name: 'Sign out on all devices?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
      await page.getByRole('dialog').locator('[data-notice="success"]').waitFor();
      expect(await savedToken(page)).toBeNull();
    });
  });
});
