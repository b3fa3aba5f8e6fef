import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@/server/db/schema';
import type { Page } from 'playwright-core';
import type { User } from '@/domain/account/user';
import type { Vehicle } from '@/domain/listing/vehicle';
import { REPORT_TEXTS } from '@/domain/listing/reports';
import path from 'node:path';
import { hasChromium, SCREENSHOTS } from './browser';
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

  it('a reported conversation shows in the Reports tab with its messages, the reported one marked, and the admin dismisses it', async () => {
    const seller = await api().signup('Deposit Seller');
    const listing = await api().publish(seller, { make: 'Toyota', model: 'Aqua', year: 2014, price: 4200 });
    const buyer = await api().signup('Careful Buyer');
    const started = await api().call('POST', '/api/conversations', buyer.token, { listing_id: listing.id, text: 'Hello, is the Aqua still available?' });
    expect(started.status).toBe(201);
    const { conversation } = (await started.json()) as { conversation: { id: string } };
    const demand = 'Yes. Send a deposit of $200 by EcoCash today to hold it for you.';
    const reply = await api().call('POST', `/api/conversations/${conversation.id}/messages`, seller.token, { id: crypto.randomUUID(), text: demand });
    expect(reply.status).toBe(201);
    const replied = (await reply.json()) as { id: string };
    const reported = await api().call('POST', `/api/conversations/${conversation.id}/report`, buyer.token, { reason: 'Asked for a deposit before I saw the car', message_id: replied.id });
    expect(reported.status).toBe(200);

    const admin = await administrator();
    for (const viewport of [PHONE, DESKTOP]) {
      await inContext({ viewport }, async (context) => {
        await signedIn(context, admin);
        const page = await open(context, '/admin', 'Overview');
        await page.getByRole('tab', { name: /^Reports/ }).click();
        const entry = page.getByRole('article', { name: `Reported conversation about 2014 Toyota Aqua` });
        await entry.waitFor();
        await entry.getByText('Between Careful Buyer (buyer) and Deposit Seller (seller)').waitFor();
        await entry.getByText(/^Reported by Careful Buyer on /).waitFor();
        await entry.getByText('Asked for a deposit before I saw the car').waitFor();
        const messages = entry.getByTestId('reported-message');
        expect(await messages.allInnerTexts()).toEqual([expect.stringContaining('Hello, is the Aqua still available?'), expect.stringContaining(demand)]);
        expect(await messages.evaluateAll((els) => els.map((e) => e.getAttribute('data-reported')))).toEqual(['false', 'true']);
        await messages.nth(1).getByText('Reported message').waitFor();
        await messages.nth(1).getByText('Flagged by the scam rules').waitFor();
        const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
        expect(widths.page).toBeLessThanOrEqual(widths.screen);
        await page.screenshot({ path: path.join(SCREENSHOTS, `admin-reported-conversation-${viewport.width}.png`), fullPage: true });
        if (viewport === DESKTOP) {
          await entry.getByRole('button', { name: 'Dismiss report' }).click();
          await entry.waitFor({ state: 'detached' });
        }
      });
    }
    const open_ = (await (await api().call('GET', '/api/admin/reports', admin.token)).json()) as { conversation?: { id: string } | null }[];
    expect(open_.some((g) => g.conversation?.id === conversation.id)).toBe(false);
  });
});
