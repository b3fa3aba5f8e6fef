import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { deviceHolds, idbAll } from './deviceDb';
import { sellerApi } from './sellers';
import { CONTACT_TEXTS } from '@/domain/account/contactTexts';

requireChromiumInCi();

const PHONE = { width: 360, height: 780 };
// The number sellerApi's accounts sign up with, as the seller typed it.
const SELLER_PHONE = '+263 77 300 4000';

/** A dealer's account, signed up through the API with a business email of its own. */
async function dealerSignup(sellers: ReturnType<typeof sellerApi>, who: { name: string; business_name: string; email: string; phone: string; location: string }) {
  const signup = await sellers.call('POST', '/api/auth/signup', null, { ...who, password: 'kombi-123', user_type: 'dealer' });
  expect(signup.status).toBe(201);
  const { access_token, user } = (await signup.json()) as { access_token: string; user: { id: string } };
  return { token: access_token, user };
}

describe.skipIf(!hasChromium)('seller contact in Chromium', () => {
  // Seven accounts in the file: more than the five sign-ups a minute one address is allowed.
  const app = appInBrowser({ signupLimit: 20 });

  const sellerInformation = (page: Page) => page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Seller Information' }) });
  const tileText = async (page: Page, label: string) => (await page.getByRole('group', { name: label }).innerText()).replace(/\s+/g, ' ').trim();

  it('a signed-in buyer asks once for the phone, calls or messages with it, offline too; the seller counts a contact request', async () => {
    const sellers = sellerApi(app.server.url);
    const seller = await sellers.signup('Rudo Contact');
    const listing = await sellers.publish(seller, { make: 'Toyota', model: 'Vitz', year: 2014 });
    const buyer = await sellers.signup('Tapiwa Buyer');

    // The listing as anyone reads it carries no phone: it cannot be scraped.
    const open = await (await fetch(`${app.server.url}/api/cars/${listing.id}`)).text();
    expect(open).not.toContain('300 4000');

    await app.inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, buyer);
      const page = await app.open(context, `/car/${listing.id}`, 'Seller Information');
      // The shell is precached and the listing is on the device before the connection goes.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
      await expect.poll(async () => await deviceHolds(page, listing.id), { timeout: 30_000 }).toBe(true);

      const info = sellerInformation(page);
      expect(await info.getByText(SELLER_PHONE).count()).toBe(0);
      await info.getByRole('button', { name: 'Show phone number' }).click();
      const number = info.getByRole('link', { name: SELLER_PHONE });
      await number.waitFor();
      expect(await number.getAttribute('href')).toBe('tel:+263773004000');
      expect(await page.getByRole('link', { name: 'Call Seller' }).getAttribute('href')).toBe('tel:+263773004000');
      expect(await page.getByRole('link', { name: 'WhatsApp Seller' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/263773004000\?text=/);
      // A private seller's email is never shown.
      expect(await info.getByText(seller.user.email as string).count()).toBe(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-car-contact-revealed.png'), fullPage: true });

      // Offline, on a later visit: the contact revealed before is still there, from the device.
      await context.setOffline(true);
      await page.reload();
      await sellerInformation(page).getByRole('link', { name: SELLER_PHONE }).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('link', { name: 'Call Seller' }).getAttribute('href')).toBe('tel:+263773004000');
      await context.setOffline(false);
    });

    // Asked twice by the same buyer (again through the API): still one lead.
    expect((await sellers.call('GET', `/api/vehicles/${listing.id}/contact`, buyer.token)).status).toBe(200);

    await app.inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, seller);
      const page = await app.open(context, '/dashboard', 'My Car Listings');
      await expect.poll(() => tileText(page, 'Contact requests'), { timeout: 20_000 }).toBe('1 Contact requests');
      // Two tiles a row at 360 px: no value wraps onto a second line ('Nov 2026' did, three a row).
      for (const label of ['Active Listings', 'Total Views', 'Contact requests', 'Member Since']) {
        const lines = await page
          .getByRole('group', { name: label })
          .locator('p')
          .first()
          .evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
        expect(lines, label).toBe(1);
      }
      await page.getByRole('group', { name: 'Member Since' }).screenshot({ path: path.join(SCREENSHOTS, 'mobile-dashboard-member-since.png') });
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-dashboard-stat-tiles.png') });
    });
  });

  it("shows a dealer's phone and business email in Seller Information and More from {dealer} once asked", async () => {
    const sellers = sellerApi(app.server.url);
    const email = `dealer-${Date.now().toString(36)}@msasa-motors.co.zw`;
    const dealer = await dealerSignup(sellers, { name: 'Farai Moyo', business_name: 'Msasa Motors', email, phone: '+263 24 270 0000', location: 'Msasa, Harare' });
    const listing = await sellers.publish(dealer, { make: 'Ford', model: 'Ranger', year: 2019 });
    await sellers.publish(dealer, { make: 'Ford', model: 'Everest', year: 2020 });
    const buyer = await sellers.signup('Chiedza Buyer');

    await app.inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await signedIn(context, buyer);
      const page = await app.open(context, `/car/${listing.id}`, 'Seller Information');
      const more = page
        .locator('div')
        .filter({ has: page.getByRole('heading', { name: 'More from Msasa Motors' }) })
        .last();
      await more.waitFor();
      expect(await page.getByText('+263 24 270 0000').count()).toBe(0);
      await sellerInformation(page).getByRole('button', { name: 'Show phone number' }).click();
      for (const panel of [sellerInformation(page), more]) {
        expect(await panel.getByRole('link', { name: '+263 24 270 0000' }).getAttribute('href')).toBe('tel:+263242700000');
        expect(await panel.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
      }
      await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-car-dealer-contact.png'), fullPage: true });
    });
  });

  it('a sold listing offers a signed-in buyer no contact, not even one this device kept from before the sale, at 360 and 1280 px', async () => {
    const sellers = sellerApi(app.server.url);
    const email = `dealer-${Date.now().toString(36)}@borrowdale-autos.co.zw`;
    const phone = '+263 24 288 1000';
    const dealer = await dealerSignup(sellers, { name: 'Nyasha Dube', business_name: 'Borrowdale Autos', email, phone, location: 'Borrowdale, Harare' });
    const listing = await sellers.publish(dealer, { make: 'Toyota', model: 'Fortuner', year: 2018 });
    await sellers.publish(dealer, { make: 'Toyota', model: 'Prado', year: 2017 });
    const early = await sellers.signup('Kuda Early');
    const late = await sellers.signup('Rufaro Late');
    const more = (page: Page) =>
      page
        .locator('div')
        .filter({ has: page.getByRole('heading', { name: 'More from Borrowdale Autos' }) })
        .last();
    /** The page says Sold, and nothing on it offers (or shows) the seller's contact. */
    const offersNoContact = async (page: Page) => {
      await page.getByTestId('sold-banner').waitFor({ timeout: 20_000 });
      await more(page).waitFor();
      expect(await page.getByRole('button', { name: CONTACT_TEXTS.showContact }).count()).toBe(0);
      for (const name of [CONTACT_TEXTS.call, CONTACT_TEXTS.whatsApp, CONTACT_TEXTS.signInToContact, CONTACT_TEXTS.signInToBuy]) {
        expect(await page.getByRole('link', { name }).count(), name).toBe(0);
        expect(await page.getByRole('button', { name }).count(), name).toBe(0);
      }
      expect(await page.getByText(phone).count()).toBe(0);
      expect(await page.getByText(email).count()).toBe(0);
      // The site's own support address in the footer aside, no link calls, mails or messages anyone.
      expect(await page.locator('main a[href^="tel:"], main a[href^="mailto:"], main a[href^="https://wa.me/"]').count()).toBe(0);
    };

    await app.inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await signedIn(context, early);
      const page = await app.open(context, `/car/${listing.id}`, 'Seller Information');
      await sellerInformation(page).getByRole('button', { name: CONTACT_TEXTS.showContact }).click();
      await sellerInformation(page).getByRole('link', { name: phone }).waitFor();
      // Kept on this device before the sale: the sold page must not show it from there either.
      await expect.poll(async () => (await idbAll<{ vehicleId: string }>(page, 'contacts')).some((c) => c.vehicleId === listing.id), { timeout: 10_000 }).toBe(true);

      expect((await sellers.call('POST', `/api/vehicles/${listing.id}/sold`, dealer.token)).status).toBe(200);
      await page.reload();
      await offersNoContact(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-car-sold-no-contact.png'), fullPage: true });
    });

    await app.inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, late);
      const page = await app.open(context, `/car/${listing.id}`, 'Seller Information');
      await offersNoContact(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-car-sold-no-contact.png'), fullPage: true });
    });

    // Nor does the API give it to them: the listing is sold.
    const refused = await sellers.call('GET', `/api/vehicles/${listing.id}/contact`, late.token);
    expect(refused.status).toBe(410);
  });
});
