import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { LISTING_MESSAGES, PAYMENT_MESSAGES } from '@/domain/core/messages';
import { msisdnFormIssue, PAYMENT_TEXTS } from '@/domain/payments/payments';
import type { Vehicle } from '@/domain/listing/vehicle';
import { payments } from '@/server/db/schema';
import { listingBody } from '../support/listingBody';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { hasChromium, SCREENSHOTS } from './browser';
import { idbAll } from './deviceDb';

// Paying a listing's fee in Chromium on /pay/{id} (the dashboard's 'Pay now'): EcoCash with the
// sandbox PINs, the sandbox card, a payment made offline that is sent once when the connection
// returns, and the 'Payment System Error' screen when no card provider is configured.

requireChromiumInCi();

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

interface Auth {
  token: string;
  user: { id: string; name: string };
}

describe.skipIf(!hasChromium)('paying for a listing in Chromium', () => {
  const app = appInBrowser({ signupLimit: 20 });

  async function call<T>(method: string, url: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(app.server.url + url, {
      method,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  async function seller(): Promise<Auth> {
    const res = await call<{ access_token: string; user: Auth['user'] }>('POST', '/api/auth/signup', null, {
      name: 'Nyasha Dube',
      email: `nyasha-${randomUUID()}@example.co.zw`,
      phone: '+263 77 123 4567',
      location: 'Harare, Zimbabwe',
      password: 'kombi-123',
      user_type: 'private',
    });
    expect(res.status).toBe(201);
    return { token: res.body.access_token, user: res.body.user };
  }

  /** An unpaid listing (a draft on the server), created through the API. */
  async function unpaidListing(auth: Auth): Promise<Vehicle> {
    const res = await call<Vehicle>('POST', '/api/vehicles', auth.token, listingBody({ subscription_plan: 'standard' }));
    expect(res.status).toBe(201);
    expect(res.body.is_published).toBe(false);
    return res.body;
  }

  const published = async (id: string) => (await call<Vehicle>('GET', `/api/cars/${id}`, null)).status === 200;
  const paymentRows = (vehicleId: string) => app.server.app.ctx.db.select().from(payments).where(eq(payments.vehicleId, vehicleId));

  async function payPage(context: BrowserContext, listing: Vehicle): Promise<Page> {
    const page = await app.open(context, `/pay/${listing.id}`, '2019 Toyota Hilux');
    await page.getByRole('form', { name: PAYMENT_TEXTS.title }).waitFor();
    return page;
  }

  async function shot(page: Page, name: string): Promise<void> {
    await page.waitForTimeout(300); // transitions
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  const payButton = (page: Page) => page.getByRole('button', { name: 'Pay $1' });

  it('EcoCash in the sandbox: the approve PIN publishes the listing and returns to the dashboard', async () => {
    const auth = await seller();
    const listing = await unpaidListing(auth);
    await app.inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, auth);
      const page = await payPage(context, listing);
      expect(await page.locator('[data-listing-fee]').textContent()).toBe('$1');
      // The number comes from the account, in the local form EcoCash expects.
      const phone = page.getByLabel(PAYMENT_TEXTS.phoneLabel);
      expect(await phone.inputValue()).toBe('0771234567');
      await shot(page, 'pay-ecocash-360');

      // The spec's local check: digits only.
      await phone.fill('077 123 4567');
      await payButton(page).click();
      await page.getByText(PAYMENT_MESSAGES.phoneDigitsOnly).waitFor();
      await phone.fill('0771234567');
      await payButton(page).click();

      await page.getByText(PAYMENT_MESSAGES.initiated).waitFor();
      await page.getByText(PAYMENT_TEXTS.sandboxBadge).waitFor();
      await shot(page, 'pay-ecocash-pin-360');
      await page.getByRole('button', { name: 'Approve (PIN 1234)' }).click();
      await page.getByText(PAYMENT_TEXTS.processing, { exact: true }).waitFor();
      await page.getByText(PAYMENT_MESSAGES.completed).waitFor();
      await shot(page, 'pay-ecocash-done-360');
      await page.waitForURL('**/dashboard', { timeout: 10_000 });
    });
    expect(await published(listing.id)).toBe(true);
    expect((await paymentRows(listing.id)).map((r) => r.status)).toEqual(['succeeded']);
  });

  it("EcoCash: the empty phone field's placeholder cannot be taken for a number, also when the field is red", async () => {
    const auth = await seller();
    const listing = await unpaidListing(auth);
    await app.inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, auth);
      const page = await payPage(context, listing);
      const phone = page.getByLabel(PAYMENT_TEXTS.phoneLabel);
      await phone.fill('');
      await payButton(page).click();
      await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
      const placeholder = (await phone.getAttribute('placeholder')) ?? '';
      // A pattern, not a number: the field itself would refuse it, and no phone number hides in its digits.
      expect(placeholder).not.toBe('');
      expect(msisdnFormIssue(placeholder)).not.toBeNull();
      expect(placeholder.replace(/\D/g, '')).not.toMatch(/^0\d{9}$/);
      expect(await phone.inputValue()).toBe('');
      await shot(page, 'pay-ecocash-empty-360');
    });
  });

  it('EcoCash in the sandbox: the decline PIN fails, and Try again starts a new payment', async () => {
    const auth = await seller();
    const listing = await unpaidListing(auth);
    await app.inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, auth);
      const page = await payPage(context, listing);
      await payButton(page).click();
      await page.getByRole('button', { name: 'Decline (PIN 0000)' }).click();
      await page.getByText(PAYMENT_MESSAGES.failed).waitFor();
      await page.getByText('Payment declined: insufficient funds (sandbox)').waitFor();
      await shot(page, 'pay-ecocash-declined-1280');
      expect(await published(listing.id)).toBe(false);

      await page.getByRole('button', { name: PAYMENT_TEXTS.tryAgain }).click();
      await payButton(page).click();
      await page.getByRole('button', { name: 'Approve (PIN 1234)' }).click();
      await page.getByText(PAYMENT_MESSAGES.completed).waitFor();
    });
    expect(await published(listing.id)).toBe(true);
    expect((await paymentRows(listing.id)).map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('the sandbox card: the cardholder name is required, then the payment publishes the listing', async () => {
    const auth = await seller();
    const listing = await unpaidListing(auth);
    await app.inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, auth);
      const page = await payPage(context, listing);
      await page.getByText(PAYMENT_TEXTS.methods.card, { exact: true }).click();
      await page.getByText(PAYMENT_TEXTS.sandboxCard).waitFor();
      const name = page.getByLabel(PAYMENT_TEXTS.cardholderLabel);
      await name.fill('  ');
      await payButton(page).click();
      await page.getByText(PAYMENT_TEXTS.cardholderRequired).waitFor();
      await name.fill('Nyasha Dube');
      await shot(page, 'pay-card-1280');
      await payButton(page).click();
      await page.getByText(LISTING_MESSAGES.paid).waitFor();
      await page.waitForURL('**/dashboard', { timeout: 10_000 });
    });
    expect(await published(listing.id)).toBe(true);
    expect((await paymentRows(listing.id)).map((r) => [r.method, r.status])).toEqual([['card', 'succeeded']]);
  });

  it('offline, Pay queues the request and says so; back online it is sent once and the PIN step follows', async () => {
    const auth = await seller();
    const listing = await unpaidListing(auth);
    await app.inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, auth);
      const page = await payPage(context, listing);
      await context.setOffline(true);
      await payButton(page).click();
      await page.getByText(PAYMENT_TEXTS.queuedOfflineTitle).waitFor();
      await page.getByText(PAYMENT_TEXTS.queuedOffline).waitFor();
      await shot(page, 'pay-ecocash-offline-360');
      expect(await paymentRows(listing.id)).toHaveLength(0);

      await context.setOffline(false);
      await page.getByText(PAYMENT_MESSAGES.initiated).waitFor({ timeout: 20_000 });
      // The page and the service worker may both have sent it: the Idempotency-Key made it one.
      await page.waitForTimeout(1000);
      expect(await paymentRows(listing.id)).toHaveLength(1);
      await page.getByRole('button', { name: 'Approve (PIN 1234)' }).click();
      await page.getByText(PAYMENT_MESSAGES.completed).waitFor();
    });
    expect(await published(listing.id)).toBe(true);
    expect((await paymentRows(listing.id)).map((r) => r.status)).toEqual(['succeeded']);
  });

  it('a card payment queued offline and sent after the page was closed is finished on /pay/{id}, also after a reload', async () => {
    const auth = await seller();
    const listing = await unpaidListing(auth);
    await app.inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, auth);
      const first = await payPage(context, listing);
      await first.getByText(PAYMENT_TEXTS.methods.card, { exact: true }).click();
      await first.getByLabel(PAYMENT_TEXTS.cardholderLabel).fill('Nyasha Dube');
      await context.setOffline(true);
      await payButton(first).click();
      await first.getByText(PAYMENT_TEXTS.cardQueuedOffline).waitFor();
      // The seller closes the page; the connection returns; the request is sent (by the service worker or the next page).
      await first.close();
      await context.setOffline(false);
      const page = await payPage(context, listing);
      await expect.poll(async () => (await idbAll<{ kind: string; state: string }>(page, 'outbox')).find((i) => i.kind === 'payment')?.state, { timeout: 30_000 }).toBe('done');
      expect((await paymentRows(listing.id)).map((r) => [r.method, r.status])).toEqual([['card', 'pending']]);

      // The screen says what is left to do, and Pay finishes it, also after a reload.
      await page.reload();
      await page.getByText(PAYMENT_TEXTS.cardReady).waitFor({ timeout: 20_000 });
      expect(await page.getByLabel(PAYMENT_TEXTS.cardholderLabel).inputValue()).toBe('Nyasha Dube');
      await shot(page, 'pay-card-resume-1280');
      await payButton(page).click();
      await page.getByText(LISTING_MESSAGES.paid).waitFor({ timeout: 20_000 });
      await page.waitForURL('**/dashboard', { timeout: 10_000 });
    });
    expect(await published(listing.id)).toBe(true);
    expect((await paymentRows(listing.id)).map((r) => [r.method, r.status])).toEqual([['card', 'succeeded']]);
  });

  it("the seller's own listing shows in Buy's search as soon as its payment went through, without a reload", async () => {
    const auth = await seller();
    const listing = await unpaidListing(auth);
    await app.inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, auth);
      const page = await payPage(context, listing);
      // The device has synced its listings (without this one, not yet published).
      await page.waitForFunction(() => document.body.innerText.includes('Listings updated'), undefined, { timeout: 20_000 });
      await page.getByText(PAYMENT_TEXTS.methods.card, { exact: true }).click();
      await page.getByLabel(PAYMENT_TEXTS.cardholderLabel).fill('Nyasha Dube');
      await payButton(page).click();
      await page.getByText(LISTING_MESSAGES.paid).waitFor();
      await page.waitForURL('**/dashboard', { timeout: 10_000 });
      // Buy -> Filter and Sort -> its make, in the app (no reload): the device's search has it.
      await page.getByRole('link', { name: 'Browse All Cars' }).first().click();
      await page.getByText(/cars found/).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Filter and Sort' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Make' }).click();
      await dialog.getByPlaceholder('All makes').click();
      await page.getByRole('option', { name: 'Toyota', exact: true }).click();
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.locator(`a[href="/car/${listing.id}"]`).first().waitFor({ timeout: 10_000 });
    });
  });

  it('with no card provider configured, Card shows the Payment System Error screen with Contact Support', async () => {
    const auth = await seller();
    const listing = await unpaidListing(auth);
    // Requests the service worker makes cannot be intercepted: keep it out of this context.
    await app.inContext({ viewport: PHONE, serviceWorkers: 'block' }, async (context) => {
      await signedIn(context, auth);
      await context.route('**/api/config', async (route) => {
        const res = await route.fetch();
        const config = (await res.json()) as { payments: Record<string, unknown> };
        await route.fulfill({ response: res, json: { ...config, payments: { ...config.payments, card: null } } });
      });
      const page = await payPage(context, listing);
      await page.getByText(PAYMENT_TEXTS.methods.card, { exact: true }).click();
      await page.getByText(PAYMENT_MESSAGES.systemError).waitFor();
      const support = page.getByRole('link', { name: PAYMENT_TEXTS.contactSupport });
      expect(await support.getAttribute('href')).toMatch(/^mailto:.+@/);
      await shot(page, 'pay-card-system-error-360');
      expect(await payButton(page).count()).toBe(0);
    });
  });
});
