import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi } from './sellers';
import { listingBody } from '../support/listingBody';

requireChromiumInCi();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

// The seller's performance screen (issue 38, 'numbers that sell cars') as a dealer meets it: a buyer reveals the
// phone number, taps Call and WhatsApp on one listing; the dealer's dashboard says a listing needs attention and
// leads to /dashboard/performance, which counts those taps for that listing, names the listing without photos under
// 'Needs attention', changes window, downloads the table as CSV built on the device, and opens offline from the copy
// kept there, saying so.
describe.skipIf(!hasChromium)("the seller's performance screen in Chromium", () => {
  const app = appInBrowser();

  /** The text of a table cell: the row of the listing `title`, the column headed `heading`. */
  async function cell(page: Page, title: string, heading: string): Promise<string> {
    const headings = (await page.locator('table thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim());
    const column = headings.indexOf(heading);
    expect(column, heading).toBeGreaterThanOrEqual(0);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
    return (await row.getByRole('cell').nth(column).innerText()).trim();
  }

  async function csvOf(page: Page): Promise<{ name: string; lines: string[][] }> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    // No cell of these listings holds a comma or a quote, so a plain split reads them.
    return {
      name: download.suggestedFilename(),
      lines: text
        .trimEnd()
        .split('\r\n')
        .map((l) => l.split(',')),
    };
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `performance-${name}.png`), fullPage: true });

  /** The buyer's taps on Call and WhatsApp: the WhatsApp tab and the phone's dialler stay out of the test. */
  async function buyerTaps(context: BrowserContext, vehicleId: string): Promise<void> {
    await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
    const page = await app.open(context, `/car/${vehicleId}`, 'Seller Information');
    const sellerInformation = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Seller Information' }) });
    await sellerInformation.getByRole('button', { name: 'Show phone number' }).click();
    const counted = (kind: string) => page.waitForResponse((r) => r.url().endsWith(`/api/vehicles/${vehicleId}/events`) && r.request().postDataJSON()?.kind === kind);
    const call = page.getByRole('link', { name: 'Call Seller' });
    await call.waitFor();
    // The dialler is not the test's: the tap's count is.
    await call.evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
    await Promise.all([counted('call'), call.click()]);
    const [tab] = await Promise.all([context.waitForEvent('page'), counted('whatsapp'), page.getByRole('link', { name: 'WhatsApp Seller' }).click()]);
    await tab.close();
  }

  it('counts calls and WhatsApp taps per listing, names what needs attention, exports CSV and opens offline', async () => {
    const api = sellerApi(app.server.url);
    const dealer = await api.signup('Rufaro Dube', { dealer: 'Msasa Motors' });
    // One from the dealer's stock system, by its stock number (Stock API), its fee paid.
    const put = await api.call('PUT', '/api/dealer/stock/MSA-0142', dealer.token, listingBody({ make: 'Toyota', model: 'Aqua', variant: null, year: 2015, price: 7400, images: ['/samples/a.jpg'] }));
    expect(put.status, await put.clone().text()).toBe(201);
    const aqua = (await put.json()) as { id: string };
    const intent = await api.call('POST', '/api/payments/create-intent', dealer.token, { vehicle_id: aqua.id, payment_method: 'card' });
    const { payment_intent_id } = (await intent.json()) as { payment_intent_id: string };
    expect((await api.call('POST', `/api/payments/confirm/${payment_intent_id}`, dealer.token, {})).status).toBe(200);
    await api.publish(dealer, { make: 'Honda', model: 'Fit', variant: null, year: 2013, price: 5200, images: [] });
    const buyer = await api.signup('Tapiwa Buyer');

    await app.inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, buyer);
      await buyerTaps(context, aqua.id);
    });

    await app.inContext({ viewport: DESKTOP }, async (context) => {
      await signedIn(context, dealer);
      const dashboard = await app.open(context, '/dashboard', 'My Car Listings');
      const entry = dashboard.getByRole('region', { name: 'Performance' });
      await entry.getByText('1 listing needs attention').waitFor({ timeout: 20_000 });
      await shot(dashboard, 'dashboard-entry');
      await entry.getByRole('link', { name: 'See performance' }).click();
      await dashboard.waitForURL('**/dashboard/performance');
      const page = dashboard;

      // The listing the buyer called about: the reveal, the call and the WhatsApp tap, each in its column.
      await page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: '2015 Toyota Aqua' }) })
        .waitFor({ timeout: 20_000 });
      await expect.poll(() => cell(page, '2015 Toyota Aqua', 'Calls'), { timeout: 20_000 }).toBe('1');
      expect(await cell(page, '2015 Toyota Aqua', 'WhatsApp taps')).toBe('1');
      expect(await cell(page, '2015 Toyota Aqua', 'Contact requests')).toBe('1');
      expect(await cell(page, '2015 Toyota Aqua', 'Leads')).toBe('3');
      expect(await cell(page, '2013 Honda Fit', 'Leads')).toBe('0');
      await page.getByRole('row').filter({ hasText: 'MSA-0142' }).getByRole('link', { name: '2015 Toyota Aqua' }).waitFor();
      expect(await page.getByRole('group', { name: 'Live listings' }).innerText()).toMatch(/^2\s/);
      expect(await page.getByRole('group', { name: 'Leads' }).innerText()).toMatch(/^3\s/);

      // Needs attention: the listing without photos, with its reason and a way to its page.
      const attention = page.locator('section[aria-labelledby="attention-heading"]');
      const fit = attention.getByRole('article', { name: '2013 Honda Fit' });
      await fit.getByText(/^No photos/).waitFor();
      expect(await attention.getByRole('article', { name: '2015 Toyota Aqua' }).count()).toBe(0);
      expect(await fit.getByRole('link', { name: 'View 2013 Honda Fit' }).getAttribute('href')).toMatch(/^\/car\//);
      // Edit opens the listing wizard on the listing, as on the dashboard.
      await fit.getByRole('button', { name: 'Edit 2013 Honda Fit' }).click();
      const wizard = page.getByRole('dialog');
      await wizard.waitFor({ timeout: 20_000 });
      await page.keyboard.press('Escape');
      await wizard.waitFor({ state: 'detached' });

      // Sorted by leads, highest first; by days on market from its heading.
      const titles = () => page.locator('tbody tr a').allInnerTexts();
      expect(await titles()).toEqual(['2015 Toyota Aqua', '2013 Honda Fit']);
      await page.getByRole('button', { name: 'Leads', exact: true }).click();
      expect(await titles()).toEqual(['2013 Honda Fit', '2015 Toyota Aqua']);
      await page.getByRole('button', { name: 'Leads', exact: true }).click();
      await shot(page, 'desktop');

      // Another window: the same taps (all today), and the CSV says which window it counts.
      await page.getByText('Last 7 days', { exact: true }).click();
      const csv = await csvOf(page);
      expect(csv.name).toMatch(/^motokari-performance-\d{4}-\d{2}-\d{2}-last-7-days\.csv$/);
      expect(csv.lines[0]).toEqual([
        'Stock number',
        'Listing',
        'Status',
        'Price (USD)',
        'Days on market',
        'Price verdict',
        'Views (last 7 days)',
        'Contact requests (last 7 days)',
        'Calls (last 7 days)',
        'WhatsApp taps (last 7 days)',
        'Messages (last 7 days)',
        'Favourites (last 7 days)',
        'Leads (last 7 days)',
        'Needs attention',
      ]);
      const row = csv.lines.find((cells) => cells[1] === '2015 Toyota Aqua')!;
      expect(row).toBeDefined();
      expect(row[0]).toBe('MSA-0142');
      expect([row[2], row[3], row[4], row[7], row[8], row[9], row[10], row[11], row[12], row[13]]).toEqual(['Active', '7400', '0', '1', '1', '1', '0', '0', '3', '']);
      expect(csv.lines.find((cells) => cells[1] === '2013 Honda Fit')?.[13]).toMatch(/^No photos/);

      // A phone: a card per listing, its leads by kind.
      await page.setViewportSize(PHONE);
      // A fresh look at phone width, as a phone opens it (the window picker redrawn at its size).
      await page.reload();
      const card = page.locator('section[aria-labelledby="per-listing-heading"]').getByRole('article', { name: '2015 Toyota Aqua' });
      await card.getByText('Calls 1').waitFor();
      await card.getByText('WhatsApp taps 1').waitFor();
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.page).toBeLessThanOrEqual(widths.screen);
      await shot(page, 'phone');

      // Offline, on a later visit: the numbers kept on the device, and the note that says so.
      await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
      await context.setOffline(true);
      await page.reload();
      await page.getByText(/^Offline: numbers as loaded today at \d\d:\d\d\.$/).waitFor({ timeout: 20_000 });
      await card.getByText('Calls 1').waitFor();
      await page.locator('section[aria-labelledby="attention-heading"]').getByRole('article', { name: '2013 Honda Fit' }).waitFor();
      const offlineCsv = await csvOf(page);
      expect(offlineCsv.lines.find((cells) => cells[1] === '2015 Toyota Aqua')?.[8]).toBe('1');
      await shot(page, 'phone-offline');
      await context.setOffline(false);
    });
  });

  /** The invitation's token from the newest mail the outbox mailer wrote to an address (quoted-printable). */
  function invitationToken(email: string): string {
    const outbox = path.join(app.server.dataDir, 'outbox');
    const newest = readdirSync(outbox)
      .filter((f) => f.endsWith(`-${email}.eml`))
      .sort()
      .at(-1);
    const text = newest
      ? readFileSync(path.join(outbox, newest), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=')
      : '';
    const m = /\/join\/([A-Za-z0-9_-]{10,})/.exec(text);
    if (!m) throw new Error(`no invitation mailed to ${email}`);
    return m[1]!;
  }

  it("shows a dealer's staff member the dealer's numbers, and a private seller their own", async () => {
    const api = sellerApi(app.server.url);
    const dealer = await api.signup('Nyasha Dube', { dealer: 'Borrowdale Autos' });
    await api.publish(dealer, { make: 'Nissan', model: 'X-Trail', variant: null, year: 2017, price: 14_500, images: ['/samples/a.jpg'] });
    const staffEmail = `staff-${Date.now().toString(36)}@example.co.zw`;
    const staff = await api.signup('Kuda Staff', { email: staffEmail });
    await api.publish(staff, { make: 'Mazda', model: 'Demio', variant: null, year: 2012, price: 4100 });
    expect((await api.call('POST', '/api/dealer/invites', dealer.token, { email: staffEmail })).status).toBe(201);
    expect((await api.call('POST', '/api/team/join', staff.token, { token: invitationToken(staffEmail) })).status).toBe(200);
    const seller = await api.signup('Chipo Private');
    await api.publish(seller, { make: 'Toyota', model: 'Vitz', variant: null, year: 2011, price: 3900, images: ['/samples/a.jpg'] });

    await app.inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, staff);
      const page = await app.open(context, '/dashboard/performance');
      const listings = page.locator('section[aria-labelledby="per-listing-heading"]');
      await listings.getByRole('article', { name: '2017 Nissan X-Trail' }).waitFor({ timeout: 20_000 });
      expect(await listings.getByRole('article', { name: '2012 Mazda Demio' }).count()).toBe(0);
    });

    await app.inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, seller);
      const page = await app.open(context, '/dashboard/performance');
      await page.locator('section[aria-labelledby="per-listing-heading"]').getByRole('article', { name: '2011 Toyota Vitz' }).waitFor({ timeout: 20_000 });
      await page.getByText('Nothing needs attention: every live listing has photos, a fair price and recent leads.').waitFor();
    });
  });

  it('asks a signed-out visitor to sign in', async () => {
    await app.inContext({ viewport: PHONE }, async (context) => {
      const page = await app.open(context, '/dashboard/performance', 'Sign In Required');
      await page.getByRole('button', { name: 'Sign In to Continue' }).waitFor();
    });
  });
});
