import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import type { Page } from 'playwright-core';
import type { User } from '../../src/domain/user';
import type { Vehicle } from '../../src/domain/vehicle';
import { REPORT_TEXTS } from '../../src/domain/reports';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi, type Seller } from './sellers';

requireChromiumInCi();

const DESKTOP = { width: 1280, height: 900 };

describe.skipIf(!hasChromium)('reporting a listing in Chromium', () => {
  const app = appInBrowser();
  const { inContext, open } = app;
  const api = () => sellerApi(app.server.url);

  const report = async (buyer: Seller, id: string, reason: string) => (await api().call('POST', `/api/vehicles/${id}/reports`, buyer.token, { reason })).status;
  const publicIds = async () => ((await (await api().call('GET', '/api/vehicles?limit=500', null)).json()) as Vehicle[]).map((v) => v.id);
  const dialog = (page: Page) => page.getByRole('dialog', { name: REPORT_TEXTS.title });

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
    });

    // An administrator: an account made one in the database, then signed in again (as ADMIN_EMAIL's would be).
    const reviewer = await api().signup('Admin Reviewer');
    await app.server.app.ctx.db.update(users).set({ userType: 'admin' }).where(eq(users.id, reviewer.user.id));
    const login = await api().call('POST', '/api/auth/login', null, { email: reviewer.user.email, password: 'kombi-123' });
    expect(login.status).toBe(200);
    const admin = (await login.json()) as { access_token: string; user: User };
    expect(admin.user.user_type).toBe('admin');
    await inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, { token: admin.access_token, user: admin.user });
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
});
