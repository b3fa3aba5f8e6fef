import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ANDROID_PHONE, hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi } from './sellers';

requireChromiumInCi();

// A dealer's monthly plan (issue 38) as the dealer meets it: the dashboard's 'Monthly plan' card
// subscribes with the sandbox card, then says until when the plan is paid, and its invoice downloads
// as a PDF (fetched with the session's token). At 360 px and 1280 px the card fits the screen.
describe.skipIf(!hasChromium)("a dealer's monthly plan in Chromium", () => {
  const app = appInBrowser();

  const planCard = (page: Page) => page.getByRole('region', { name: 'Monthly plan' });
  const pageFits = async (page: Page) => {
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
  };

  it('subscribes with the sandbox card, shows the paid-until date and downloads the invoice', async () => {
    const api = sellerApi(app.server.url);
    const dealer = await api.signup('Rufaro Dube', { dealer: 'Msasa Motors' });

    await app.inContext(ANDROID_PHONE, async (context) => {
      await signedIn(context, dealer);
      const page = await app.open(context, '/dashboard');
      const card = planCard(page);
      await card.waitFor({ timeout: 20_000 });
      await card.getByText('Dealers: unlimited listings for $99/month.', { exact: false }).waitFor();
      await card.getByText('Not subscribed: each listing waits for its own fee.').waitFor();
      await card.getByText('No invoices yet.').waitFor();
      await card.scrollIntoViewIfNeeded();
      await pageFits(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-dashboard-plan-subscribe.png') });

      await card.getByRole('button', { name: 'Subscribe by card ($99/month)' }).click();
      const paid = card.getByText(/^Paid until \d{1,2} \w+ \d{4}$/);
      await paid.waitFor({ timeout: 20_000 });
      await card.getByText(/^Renews by card on \d{1,2} \w+ \d{4}\.$/).waitFor();
      const invoice = card.getByRole('listitem').filter({ hasText: 'MK-' });
      await invoice.waitFor();
      expect(await invoice.innerText()).toMatch(/MK-\d{6} · \$99/);
      await card.scrollIntoViewIfNeeded();
      await pageFits(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-dashboard-plan.png') });

      const number = /MK-\d{6}/.exec(await invoice.innerText())![0];
      const [download] = await Promise.all([page.waitForEvent('download'), invoice.getByRole('button', { name: `Download invoice ${number} as PDF` }).click()]);
      expect(download.suggestedFilename()).toBe(`${number}.pdf`);
      const saved = await download.path();
      expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    await app.inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await signedIn(context, dealer);
      const page = await app.open(context, '/dashboard');
      const card = planCard(page);
      await card.getByText(/^Paid until \d{1,2} \w+ \d{4}$/).waitFor({ timeout: 20_000 });
      await card.scrollIntoViewIfNeeded();
      await pageFits(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-dashboard-plan.png') });
    });
  });

  it('pays a month with EcoCash (the sandbox PIN) and is told when the next one is due', async () => {
    const api = sellerApi(app.server.url);
    const dealer = await api.signup('Tatenda Ncube', { dealer: 'Bulawayo Motors' });
    await app.inContext(ANDROID_PHONE, async (context) => {
      await signedIn(context, dealer);
      const page = await app.open(context, '/dashboard');
      const card = planCard(page);
      await card.waitFor({ timeout: 20_000 });
      await card.getByText('Mobile money (EcoCash)').click();
      await card.getByRole('textbox', { name: 'EcoCash phone number' }).fill('0771234567');
      await card.getByRole('button', { name: 'Pay $99 for one month' }).click();
      await card.getByText('Approve the payment on your phone.').waitFor();
      await card.getByRole('button', { name: 'Approve (PIN 1234)' }).click();
      await card.getByText(/^Paid until \d{1,2} \w+ \d{4}$/).waitFor({ timeout: 20_000 });
      await card.getByText(/^Next payment due \d{1,2} \w+ \d{4}, with EcoCash\./).waitFor();
      await card.getByRole('listitem').filter({ hasText: 'EcoCash' }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await pageFits(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-dashboard-plan-ecocash.png') });
    });
  });
});
