import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { PAYMENT_TEXTS } from '@/domain/payments/payments';
import { payments } from '@/server/db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/fakeStripe';
import { listingBody } from '../support/listingBody';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { hasChromium } from './browser';

// Card payment through Stripe, as when the server has Stripe keys: the server talks to a local fake of
// Stripe's API (tests/fakes/fakeStripe.ts), and the page loads a stand-in for Stripe.js in place of
// js.stripe.com (no internet here). The stand-in does what Stripe.js does for our code: it mounts a
// card field, and confirmCardPayment settles the intent at "Stripe" (the fake) or returns the
// decline's message. Our code around it is the real one: the panel, the create-intent request, the
// server's confirm that checks the intent with Stripe, and the publication.

requireChromiumInCi();

/** Stripe.js as our code uses it. `__stripeConfirm` is the test's hand on the fake Stripe. */
const FAKE_STRIPE_JS = `
window.Stripe = function (key) {
  if (!/^pk_test_/.test(key)) throw new Error('bad publishable key ' + key);
  return {
    elements: function () {
      return {
        create: function () {
          var input;
          return {
            mount: function (el) { input = document.createElement('input'); input.setAttribute('aria-label', 'Card number'); el.appendChild(input); },
            on: function () {},
            update: function () {},
            destroy: function () { if (input) input.remove(); },
          };
        },
      };
    },
    confirmCardPayment: function (secret, data) {
      return window.__stripeConfirm(secret, data.payment_method.billing_details.name);
    },
  };
};`;

interface Auth {
  token: string;
  user: { id: string };
}

describe.skipIf(!hasChromium)('card payment through Stripe in Chromium', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake?.close());
  const app = appInBrowser({ env: () => ({ STRIPE_SECRET_KEY: 'sk_test_motokari', STRIPE_PUBLISHABLE_KEY: 'pk_test_motokari', STRIPE_API_BASE: fake.url }) });

  async function sellerWithListing(): Promise<{ auth: Auth; listing: Vehicle }> {
    const post = (url: string, body: unknown, token?: string) =>
      fetch(app.server.url + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: JSON.stringify(body) });
    const signup = await post('/api/auth/signup', {
      name: 'Farai Mutasa',
      email: `farai-${randomUUID()}@example.co.zw`,
      phone: '0773000222',
      location: 'Bulawayo',
      password: 'kombi-123',
      user_type: 'private',
    });
    expect(signup.status).toBe(201);
    const { access_token, user } = (await signup.json()) as { access_token: string; user: { id: string } };
    const created = await post('/api/vehicles', listingBody({ subscription_plan: 'standard' }), access_token);
    expect(created.status).toBe(201);
    return { auth: { token: access_token, user }, listing: (await created.json()) as Vehicle };
  }

  /** The pay page with Stripe.js answered by the stand-in, whose confirm settles or declines the intent at the fake Stripe. */
  async function stripePage(context: BrowserContext, auth: Auth, listing: Vehicle): Promise<Page> {
    await context.route('https://js.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }));
    await context.exposeFunction('__stripeConfirm', (secret: string, name: string) => {
      const intent = [...fake.intents.values()].find((i) => i.client_secret === secret);
      if (!intent) return { error: { message: 'No such payment_intent' } };
      if (/decline/i.test(name)) {
        fake.fail(intent.id, 'Your card was declined.');
        return { error: { message: 'Your card was declined.', payment_intent: { status: 'requires_payment_method' } } };
      }
      fake.succeed(intent.id);
      return { paymentIntent: { id: intent.id, status: 'succeeded' } };
    });
    await signedIn(context, auth);
    const page = await app.open(context, `/pay/${listing.id}`, '2019 Toyota Hilux');
    await page.getByText(PAYMENT_TEXTS.methods.card, { exact: true }).click();
    await page.getByLabel('Card number').waitFor();
    return page;
  }

  const paymentRows = (vehicleId: string) => app.server.app.ctx.db.select().from(payments).where(eq(payments.vehicleId, vehicleId));
  const published = async (id: string) => (await fetch(`${app.server.url}/api/cars/${id}`)).status === 200;

  it("mounts Stripe's card field, confirms with Stripe, and the server publishes the listing once Stripe says it succeeded", async () => {
    const { auth, listing } = await sellerWithListing();
    await app.inContext({ viewport: { width: 360, height: 780 } }, async (context) => {
      const page = await stripePage(context, auth, listing);
      expect(await page.getByText(PAYMENT_TEXTS.sandboxCard).count()).toBe(0);
      await page.getByLabel(PAYMENT_TEXTS.cardholderLabel).fill('Farai Mutasa');
      await page.getByRole('button', { name: 'Pay $1' }).click();
      await page.getByText(LISTING_MESSAGES.paid).waitFor({ timeout: 20_000 });
    });
    expect(await published(listing.id)).toBe(true);
    expect((await paymentRows(listing.id)).map((r) => [r.method, r.status])).toEqual([['card', 'succeeded']]);
  });

  it("shows Stripe's decline message inline and leaves the listing unpublished, payable again", async () => {
    const { auth, listing } = await sellerWithListing();
    await app.inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      const page = await stripePage(context, auth, listing);
      await page.getByLabel(PAYMENT_TEXTS.cardholderLabel).fill('Decline Me');
      await page.getByRole('button', { name: 'Pay $1' }).click();
      await page.getByText('Your card was declined.').first().waitFor({ timeout: 20_000 });
      expect(await published(listing.id)).toBe(false);

      await page.getByLabel(PAYMENT_TEXTS.cardholderLabel).fill('Farai Mutasa');
      await page.getByRole('button', { name: /Pay/ }).first().click();
      await page.getByText(LISTING_MESSAGES.paid).waitFor({ timeout: 20_000 });
    });
    expect(await published(listing.id)).toBe(true);
  });
});
