import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@/server/db/schema';
import type { Page } from 'playwright-core';
import type { User } from '@/domain/account/user';
import type { Vehicle } from '@/domain/listing/vehicle';
import { REPORT_TEXTS } from '@/domain/listing/reports';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi, type Seller } from './sellers';

requireChromiumInCi();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

describe.skipIf(!hasChromium)('reporting a listing in Chromium', () => {
  const app = appInBrowser({ signupLimit: 50 });
  const { inContext, open } = app;
  const api = () => sellerApi(app.server.url);

  const report = async (buyer: Seller, id: string, reason: string) => (await api().call('POST', `/api/vehicles/${id}/reports`, buyer.token, { reason })).status;
  const publicIds = async () => ((await (await api().call('GET', '/api/vehicles?limit=500', null)).json()) as Vehicle[]).map((v) => v.id);
  const dialog = (page: Page) => page.getByRole('dialog', { name: REPORT_TEXTS.title });

  /** An administrator: an account made one in the database, then signed in again (as ADMIN_EMAIL's would be). */
  async function administrator(): Promise<{ token: string; user: User }> {
    const reviewer = await api().signup('Admin Reviewer');
    await app.server.app.ctx.db.update(users).set({ userType: 'admin' }).where(eq(users.id, reviewer.user.id));
    const login = await api().call('POST', '/api/auth/login', null, { email: reviewer.user.email, password: 'kombi-123' });
    expect(login.status).toBe(200);
    const { access_token, user } = (await login.json()) as { access_token: string; user: User };
    expect(user.user_type).toBe('admin');
    return { token: access_token, user };
  }

  it('a buyer reports a listing from its page; three people hide it, its seller sees why, and an admin dismisses the reports in the Reports tab', async () => {
    const seller = await api().signup('Chipo Seller');
    const listing = await api().publish(seller, { make: 'Mazda', model: 'Demio', year: 2013, price: 2100 });
    const buyer = await api().signup('Nyasha Buyer');

    await inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, buyer);
      const page = await open(context, `/car/${listing.id}`, '2013 Mazda Demio');
      await page.getByRole('button', { name: REPORT_TEXTS.link }).click();
      await dialog(page).getByRole('radio', { name: 'Already sold' }).check();
      await dialog(page).getByLabel(REPORT_TEXTS.noteLabel).fill('Sold to my cousin last week, the seller said so on the phone');
      await dialog(page).getByRole('button', { name: REPORT_TEXTS.send }).click();
      await page.getByRole('status').filter({ hasText: REPORT_TEXTS.sent }).waitFor();
      await dialog(page).waitFor({ state: 'hidden' });
      // A second report from the same person is refused, and the dialog says why.
      await page.getByRole('button', { name: REPORT_TEXTS.link }).click();
      await dialog(page).getByRole('radio', { name: 'Duplicate' }).check();
      await dialog(page).getByRole('button', { name: REPORT_TEXTS.send }).click();
      await dialog(page).getByRole('alert').filter({ hasText: REPORT_TEXTS.alreadyReported }).waitFor();
    });

    expect(await report(await api().signup('Second Reporter'), listing.id, 'scam')).toBe(201);
    expect(await publicIds()).toContain(listing.id);
    expect(await report(await api().signup('Third Reporter'), listing.id, 'wrong_details')).toBe(201);
    expect(await publicIds()).not.toContain(listing.id);

    await inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, seller);
      const page = await open(context, '/dashboard', '2013 Mazda Demio');
      await page
        .getByRole('article', { name: /2013 Mazda Demio/ })
        .getByText(REPORT_TEXTS.hiddenPendingReview)
        .waitFor();
      const own = await open(context, `/car/${listing.id}`, REPORT_TEXTS.hiddenText);
      await own.getByRole('alert').filter({ hasText: REPORT_TEXTS.hiddenPendingReview }).waitFor();
    });

    const admin = await administrator();
    await inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, admin);
      const page = await open(context, '/admin', 'Overview');
      await page.getByRole('tab', { name: /^Reports/ }).click();
      const group = page.getByRole('article', { name: /2013 Mazda Demio/ });
      await group.getByText('3 reports').waitFor();
      await group.getByText(REPORT_TEXTS.hiddenPendingReview).waitFor();
      await group.getByText('Sold to my cousin last week, the seller said so on the phone').waitFor();
      for (const reason of ['Already sold', 'Scam or too good to be true', 'Wrong details']) await group.getByText(reason, { exact: true }).waitFor();
      await group.getByRole('button', { name: REPORT_TEXTS.dismiss }).click();
      await group.waitFor({ state: 'detached' });
      await page.getByText(REPORT_TEXTS.none).waitFor();
    });
    expect(await publicIds()).toContain(listing.id);
  });

  it('on a phone the five tabs keep the page its width, and the admin removes a reported listing from the Reports tab', async () => {
    const seller = await api().signup('Fit Seller');
    const listing = await api().publish(seller, { make: 'Honda', model: 'Fit', year: 2009, price: 3900 });
    expect(await report(await api().signup('Fit Reporter'), listing.id, 'scam')).toBe(201);
    const admin = await administrator();
    await inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, admin);
      const page = await open(context, '/admin', 'Overview');
      // The tabs scroll within their strip when they do not fit; the page itself never scrolls sideways.
      const widths = await page.getByRole('tablist').evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.page).toBeLessThanOrEqual(widths.screen);
      await page.getByRole('tab', { name: /^Reports/ }).click();
      const group = page.getByRole('article', { name: /2009 Honda Fit/ });
      await group.getByText('1 report').waitFor();
      await group.getByRole('button', { name: REPORT_TEXTS.removeListing }).click();
      await group.getByRole('group', { name: 'Delete this listing?' }).getByRole('button', { name: 'Delete listing' }).click();
      await group.waitFor({ state: 'detached' });
    });
    expect((await api().call('GET', `/api/vehicles/${listing.id}`, null)).status).toBe(404);
  });
});
