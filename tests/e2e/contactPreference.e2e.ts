import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi, type Seller } from './sellers';
import { CONTACT_TEXTS } from '@/domain/account/contactTexts';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { CONTACT_CHOICE_TEXTS } from '@/domain/messages/contactChoice';

requireChromiumInCi();

const PHONE = { width: 360, height: 780 };

// How buyers reach a seller (issue 37): 'Phone and messages' (the default) or 'Messages only', chosen in
// the account (the dashboard) and per listing (the wizard's Contact Info step). 'Call Seller' and
// 'WhatsApp Seller' stay where the seller shows the phone; 'Message seller' is always there.
describe.skipIf(!hasChromium)('contact preference in Chromium', () => {
  const app = appInBrowser({ signupLimit: 20 });

  /** What a signed-in buyer is offered on a listing's page, once its price panel shows. */
  async function buyerSees(buyer: Seller, id: string): Promise<{ call: number; whatsApp: number; message: number; showPhone: number }> {
    let seen = { call: 0, whatsApp: 0, message: 0, showPhone: 0 };
    await app.inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, buyer);
      const page = await app.open(context, `/car/${id}`, 'Seller Information');
      await page.getByRole('link', { name: CONTACT_TEXTS.messageSeller }).first().waitFor({ timeout: 30_000 });
      const count = (name: string) => page.getByRole('button', { name }).or(page.getByRole('link', { name })).count();
      seen = {
        call: await count(CONTACT_TEXTS.call),
        whatsApp: await count(CONTACT_TEXTS.whatsApp),
        message: await count(CONTACT_TEXTS.messageSeller),
        showPhone: await count(CONTACT_TEXTS.showContact),
      };
    });
    return seen;
  }

  const preferenceOf = async (sellers: ReturnType<typeof sellerApi>, id: string) =>
    ((await (await sellers.call('GET', `/api/vehicles/${id}`, null)).json()) as { contact_preference?: string }).contact_preference;
  const choice = (page: Page, scope: string, label: string) => page.locator(`[data-testid="${scope}"]`).getByText(label, { exact: true });

  it('a seller who chooses messages only in the account offers no call or WhatsApp, only messages', async () => {
    const sellers = sellerApi(app.server.url);
    const seller = await sellers.signup('Rudo Messages');
    const listing = await sellers.publish(seller, { make: 'Toyota', model: 'Vitz', year: 2014 });
    const buyer = await sellers.signup('Tapiwa Buyer');

    expect(await buyerSees(buyer, listing.id)).toMatchObject({ call: 1, whatsApp: 1, message: 1 });

    await app.inContext({ viewport: PHONE }, async (context) => {
      await signedIn(context, seller);
      const page = await app.open(context, '/dashboard', CONTACT_CHOICE_TEXTS.title);
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/me/settings') && r.request().method() === 'PUT');
      await choice(page, 'contact-preference', 'Messages only').click();
      expect((await saved).status()).toBe(200);
      await page.getByText(CONTACT_CHOICE_TEXTS.saved).first().waitFor();
      // The emails about unread messages: on by default, turned off in the same card.
      const emails = page.getByRole('switch', { name: CONTACT_CHOICE_TEXTS.messageEmails });
      expect(await emails.isChecked()).toBe(true);
      const off = page.waitForResponse((r) => r.url().endsWith('/api/me/settings') && r.request().method() === 'PUT');
      await emails.click({ force: true });
      expect((await off).status()).toBe(200);
      await page.getByText(CONTACT_CHOICE_TEXTS.messageEmailsSaved).first().waitFor();
    });
    const me = (await (await sellers.call('GET', '/api/auth/me', seller.token)).json()) as { contact_preference: string; message_emails: boolean };
    expect(me.contact_preference).toBe('messages');
    expect(me.message_emails).toBe(false);
    expect(await preferenceOf(sellers, listing.id)).toBe('messages');

    expect(await buyerSees(buyer, listing.id)).toEqual({ call: 0, whatsApp: 0, message: 1, showPhone: 0 });
  });

  it('a seller chooses messages only for one listing in the wizard; the others keep the phone', async () => {
    const sellers = sellerApi(app.server.url);
    const seller = await sellers.signup('Farai Listing');
    const quiet = await sellers.publish(seller, { make: 'Honda', model: 'Fit', year: 2013 });
    const open = await sellers.publish(seller, { make: 'Nissan', model: 'Note', year: 2012 });
    const buyer = await sellers.signup('Chiedza Buyer');

    await app.inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await signedIn(context, seller);
      const page = await app.open(context, `/sell?edit=${quiet.id}`);
      const editor = page.getByRole('dialog', { name: 'Edit Listing' });
      await editor.getByText('Step 1 of 6').first().waitFor({ timeout: 30_000 });
      for (let i = 0; i < 3; i++) await editor.getByRole('button', { name: 'Next', exact: true }).click();
      await editor.getByRole('heading', { name: 'Contact Info' }).waitFor();
      await choice(page, 'listing-contact-preference', 'Messages only').click();
      for (let i = 0; i < 2; i++) await editor.getByRole('button', { name: 'Next', exact: true }).click();
      await editor.getByRole('heading', { name: 'Review', exact: true }).waitFor();
      await editor.getByText('Messages only', { exact: true }).waitFor();
      await editor.getByRole('button', { name: 'Save changes' }).click();
      await editor.getByText(LISTING_MESSAGES.changesSaved).waitFor();
    });
    expect(await preferenceOf(sellers, quiet.id)).toBe('messages');
    expect(await preferenceOf(sellers, open.id)).toBe('phone');

    expect(await buyerSees(buyer, quiet.id)).toEqual({ call: 0, whatsApp: 0, message: 1, showPhone: 0 });
    expect(await buyerSees(buyer, open.id)).toMatchObject({ call: 1, whatsApp: 1, message: 1 });
  });
});
