import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { currentRevision } from '@/server/repositories/vehicles/writes';
import { hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { randomUUID } from 'node:crypto';
import { BOOST_TEXTS as B, boostsLeftText, PLAN_CHOICE_TEXTS } from '@/domain/payments/boosts';
import { PAYMENT_MESSAGES } from '@/domain/core/messages';
import { listingBody } from '../support/listingBody';

requireChromiumInCi();

// A boost (issue 38) lifts a listing to the top of newest-first results, with 'Boosted' on its card and
// its page: the home page's list and the listing page, at a phone's width and a desktop's.

describe.skipIf(!hasChromium)('a boosted listing in Chromium', () => {
  const app = appInBrowser({ signupLimit: 20 });
  const { inContext, open } = app;

  /** The public cars newest first, as the API answers. */
  const newestCars = async (): Promise<Vehicle[]> => (await (await fetch(`${app.server.url}/api/vehicles?vehicle_type=car&sort=newest&limit=500`)).json()) as Vehicle[];

  /** Boosts a listing as the server does (its end in whole seconds, a new revision), and waits until searches see it. */
  async function boost(id: string): Promise<void> {
    const { db, publicIndex } = app.server.app.ctx;
    await db.execute(sql`update vehicles set boosted_until = date_trunc('second', now()) + interval '24 hours', revision = nextval('listing_revision_seq') where id = ${id}`);
    const head = await currentRevision(db);
    await expect.poll(async () => (await publicIndex.refresh(), publicIndex.appliedRevision), { timeout: 10_000 }).toBeGreaterThanOrEqual(head);
  }

  /** The cards of the home page's list, once it shows them. */
  async function homeCards(page: Page) {
    const cards = page.locator('a[href^="/car/"]:visible');
    await cards.first().waitFor({ timeout: 30_000 });
    return cards;
  }

  it("puts the boosted listing first on the home page with 'Boosted' on its card and page, at 360 and 1280 px", async () => {
    const before = await newestCars();
    expect(before.length).toBeGreaterThan(6);
    expect(before.some((v) => v.boosted_until)).toBe(false);
    // The oldest car, far from the first page.
    const oldest = before.at(-1)!;
    await boost(oldest.id);
    const after = await newestCars();
    expect(after[0]!.id).toBe(oldest.id);
    expect(after.slice(1).map((v) => v.id)).toEqual(before.slice(0, -1).map((v) => v.id));

    for (const [width, height] of [
      [360, 780],
      [1280, 900],
    ] as const) {
      await inContext({ viewport: { width, height } }, async (context) => {
        const page = await open(context, '/');
        const cards = await homeCards(page);
        await expect.poll(() => cards.first().getAttribute('href'), { timeout: 30_000 }).toBe(`/car/${oldest.id}`);
        const first = cards.first();
        await first.getByText(B.badge, { exact: true }).waitFor();
        // Only the boosted listing says so; the next card is the newest listing, as before the boost.
        await expect(page.getByTestId('boosted-badge').count()).resolves.toBe(1);
        await expect(cards.nth(1).getAttribute('href')).resolves.toBe(`/car/${before[0]!.id}`);
        await first.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENSHOTS, `boosted-home-${width}.png`) });

        await first.click();
        await page.waitForURL(`**/car/${oldest.id}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByTestId('boosted-badge').first().waitFor();
        await expect(page.getByTestId('boosted-badge').getAttribute('title')).resolves.toBe(B.boosted);
        await page.getByTestId('boosted-badge').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENSHOTS, `boosted-listing-${width}.png`) });
      });
    }
  });

  it('a seller buys Premium for a listing on the payment screen, then boosts it from the dashboard', async () => {
    const signup = await fetch(`${app.server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rudo Chikore', email: `rudo-${randomUUID()}@example.co.zw`, phone: '+263 77 123 4567', location: 'Harare, Zimbabwe', password: 'kombi-123', user_type: 'private' }),
    });
    expect(signup.status).toBe(201);
    const auth = (await signup.json()) as { access_token: string; user: { id: string; name: string } };
    const created = await fetch(`${app.server.url}/api/vehicles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.access_token}` },
      body: JSON.stringify(listingBody({ make: 'Nissan', model: 'Hardbody', subscription_plan: 'standard' })),
    });
    expect(created.status).toBe(201);
    const listing = (await created.json()) as Vehicle;

    await inContext({ viewport: { width: 360, height: 780 } }, async (context) => {
      await signedIn(context, { token: auth.access_token, user: auth.user });
      const page = await open(context, `/pay/${listing.id}`, PLAN_CHOICE_TEXTS.label);
      await expect(page.locator('[data-listing-fee]').textContent()).resolves.toBe('$1');
      await page.locator('[data-plan-choice="premium"]').click();
      await expect.poll(() => page.locator('[data-listing-fee]').textContent()).toBe('$15');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'plan-choice-360.png'), fullPage: true });
      await page.getByRole('button', { name: 'Pay $15' }).click();
      // The request is made for Premium: the choice is locked to it until the payment is over.
      await page.getByRole('button', { name: 'Approve (PIN 1234)' }).waitFor();
      await expect(page.locator('[data-plan-choice="fee"]').isDisabled()).resolves.toBe(true);
      await expect(page.locator('[data-listing-fee]').textContent()).resolves.toBe('$15');
      await page.getByRole('button', { name: 'Approve (PIN 1234)' }).click();
      await page.getByText(PAYMENT_MESSAGES.completed).waitFor();
      await page.waitForURL('**/dashboard', { timeout: 30_000 });

      const row = page.locator(`[data-listing-id="${listing.id}"]`);
      await row.getByText('Premium plan').waitFor({ timeout: 30_000 });
      await row.getByText(boostsLeftText('premium', 2)).waitFor();
      await row.getByRole('button', { name: B.button }).click();
      await row.getByText(boostsLeftText('premium', 1)).waitFor({ timeout: 30_000 });
      await row.getByTestId('boosted-badge').waitFor();
      await expect(row.getByRole('button', { name: B.button }).count()).resolves.toBe(0);
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'plan-boost-dashboard-360.png') });
    });
    // On a desktop too, the dashboard shows the boost.
    await inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await signedIn(context, { token: auth.access_token, user: auth.user });
      const page = await open(context, '/dashboard');
      const row = page.locator(`[data-listing-id="${listing.id}"]`);
      await row.getByTestId('boosted-badge').waitFor({ timeout: 30_000 });
      await row.getByText(boostsLeftText('premium', 1)).waitFor();
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'plan-boost-dashboard-1280.png') });
      // Its payment screen now offers only plans: the listing is live.
      const pay = await open(context, `/pay/${listing.id}`, PLAN_CHOICE_TEXTS.livePlan);
      await expect(pay.locator('[data-plan-choice="fee"]').isDisabled()).resolves.toBe(true);
      await expect(pay.locator('[data-listing-fee]').count()).resolves.toBe(0);
      await pay.screenshot({ path: path.join(SCREENSHOTS, 'plan-choice-live-1280.png'), fullPage: true });
      await pay.locator('[data-plan-choice="standard"]').click();
      await expect.poll(() => pay.locator('[data-listing-fee]').textContent()).toBe('$10');
      await pay.getByRole('button', { name: 'Pay $10' }).waitFor();
    });
    // The server says the same: Premium, boosted for 24 hours, first among the newest.
    const [first] = await newestCars();
    expect(first).toMatchObject({ id: listing.id, advertising_plan: 'premium' });
    expect(Date.parse(first!.boosted_until!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });
});
