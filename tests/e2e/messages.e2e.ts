import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { SAFETY_TIPS } from '@/domain/messages/safetyTips';
import { SCAM_WARNING } from '@/domain/messages/scamRules';
import { ANDROID_PHONE, hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi, type Seller } from './sellers';

requireChromiumInCi();

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PASSWORD = 'kombi-123';

interface ConversationAnswer {
  id: string;
  listing_id: string;
  unread: number;
  blocked: boolean;
  reported: boolean;
}

// Messages between a buyer and a seller (issue 37) as the two of them meet them, each in a browser of
// their own, both screens open at once: nothing is reloaded to see the other's message arrive.
describe.skipIf(!hasChromium)('messages between buyer and seller in Chromium', () => {
  const app = appInBrowser({ signupLimit: 20 });
  let api: ReturnType<typeof sellerApi>;
  let seller: Seller;
  let buyer: Seller;
  let listing: Vehicle;

  beforeAll(async () => {
    api = sellerApi(app.server.url);
    seller = await api.signup('Tendai Seller');
    buyer = await api.signup('Rudo Buyer');
    listing = await api.publish(seller, { make: 'Toyota', model: 'Hilux', year: 2016, price: 23500 });
  });

  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(400); // transitions (menus, modals) settle before the picture
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };
  const bubbles = (page: Page) => page.getByTestId('message');
  const bubble = (page: Page, text: string) => bubbles(page).filter({ hasText: text });
  const conversationsOf = async (who: Seller): Promise<ConversationAnswer[]> => {
    const res = await api.call('GET', '/api/conversations', who.token);
    expect(res.status).toBe(200);
    return (await res.json()) as ConversationAnswer[];
  };
  const send = async (page: Page, text: string) => {
    await page.getByRole('textbox', { name: 'Write a message' }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await bubble(page, text).waitFor({ timeout: 20_000 });
  };
  const unreadInMenu = async (page: Page) => {
    await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
    const item = page.getByRole('menuitem', { name: /^Messages/ });
    await item.waitFor();
    return item;
  };

  async function buyerSignsInAndWrites(context: BrowserContext, text: string): Promise<Page> {
    // Signed out, 'Message seller' asks the visitor to sign in, as the other contact buttons do.
    const page = await app.open(context, `/car/${listing.id}`, 'Seller Information');
    await page.getByRole('button', { name: 'Message seller' }).click();
    const form = page.getByRole('dialog').getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email Address').fill(buyer.user.email as string);
    await form.getByLabel(/^Password/).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByRole('link', { name: 'Message seller' }).scrollIntoViewIfNeeded();
    await shot(page, 'mobile-listing-message-seller');
    await page.getByRole('link', { name: 'Message seller' }).click();
    await page.waitForURL(`**/listing/${listing.id}/message`);

    // The safety tips, before the person's first message.
    const tips = page.getByTestId('safety-tips');
    await tips.waitFor({ timeout: 20_000 });
    expect(await tips.innerText()).toContain(SAFETY_TIPS.title);
    await shot(page, 'mobile-message-seller-first');
    await send(page, text);
    await expect.poll(() => tips.count()).toBe(0);
    await expect.poll(() => bubble(page, text).getAttribute('data-state'), { timeout: 30_000 }).toMatch(/^(sent|read)$/);
    return page;
  }

  it('a buyer writes from the listing, the seller sees it live with the unread count, both read and reply live, tips once', async () => {
    const first = 'Hello, is the Hilux still available? I could see it on Saturday morning.';
    const reply = 'Yes it is. Come to Gweru on Saturday, any time after 9.';
    await app.inContext(DESKTOP, async (sellerContext) => {
      await signedIn(sellerContext, seller);
      const sellerPage = await app.open(sellerContext, '/messages', 'No messages yet');
      await shot(sellerPage, 'desktop-messages-empty');

      await app.inContext(ANDROID_PHONE, async (buyerContext) => {
        const buyerPage = await buyerSignsInAndWrites(buyerContext, first);

        // The seller's open list shows it without a reload, with its unread count, and so does the menu.
        const row = sellerPage.getByTestId('conversation-row');
        await row.waitFor({ timeout: 20_000 });
        expect(await row.innerText()).toContain('Rudo Buyer');
        expect(await row.innerText()).toContain(first);
        await expect.poll(() => row.getByTestId('conversation-unread').innerText(), { timeout: 20_000 }).toBe('1');
        const menuItem = await unreadInMenu(sellerPage);
        await expect.poll(() => menuItem.getByTestId('unread-messages').innerText(), { timeout: 20_000 }).toBe('1');
        await shot(sellerPage, 'desktop-messages-list-unread');
        await sellerPage.keyboard.press('Escape');

        // The seller opens it: the buyer's message shows 'Read' live.
        await row.click();
        await bubble(sellerPage, first).waitFor();
        await expect.poll(() => bubble(buyerPage, first).getAttribute('data-state'), { timeout: 20_000 }).toBe('read');
        expect(await bubble(buyerPage, first).getByTestId('message-state').innerText()).toBe('Read');

        // The seller's first message has the tips too; the reply reaches the buyer live.
        await sellerPage.getByTestId('safety-tips').waitFor();
        await send(sellerPage, reply);
        await bubble(buyerPage, reply).waitFor({ timeout: 20_000 });
        await shot(sellerPage, 'desktop-conversation');
        await shot(buyerPage, 'mobile-conversation');

        // Tips once: not again for either of them.
        await buyerPage.reload();
        await bubble(buyerPage, reply).waitFor({ timeout: 20_000 });
        expect(await buyerPage.getByTestId('safety-tips').count()).toBe(0);
        await buyerPage.goto(`${app.server.url}/messages`);
        await buyerPage.getByTestId('conversation-row').waitFor({ timeout: 20_000 });
        await shot(buyerPage, 'mobile-messages-list');
      });
    });
    // Read by the seller, the conversation has nothing unread for them.
    const [c] = await conversationsOf(seller);
    expect(c?.unread).toBe(0);
  });

  it('a message asking for a deposit shows its reader the warning, reported in one tap; blocking stops messages both ways', async () => {
    const [conversation] = await conversationsOf(buyer);
    expect(conversation).toBeDefined();
    const id = conversation!.id;
    const scam = 'To hold the car for you, send a deposit of US$200 by EcoCash today. Others are interested.';
    const posted = await api.call('POST', `/api/conversations/${id}/messages`, seller.token, { id: randomUUID(), text: scam });
    expect(posted.status).toBe(201);
    expect(((await posted.json()) as { warning: string | null }).warning).toBe(SCAM_WARNING);

    await app.inContext(ANDROID_PHONE, async (context) => {
      await signedIn(context, buyer);
      const page = await app.open(context, `/messages/${id}`);
      const flagged = bubble(page, scam);
      await flagged.waitFor({ timeout: 20_000 });
      const warning = flagged.getByTestId('message-warning');
      expect(await warning.innerText()).toContain(SCAM_WARNING);
      await shot(page, 'mobile-conversation-scam-warning');
      await warning.getByRole('button', { name: 'Report this message' }).click();
      await warning.getByText('Reported').waitFor({ timeout: 20_000 });
      await expect.poll(async () => (await conversationsOf(buyer))[0]?.reported, { timeout: 20_000 }).toBe(true);

      // Block from the conversation's menu: the composer goes, and neither can write any more.
      await page.getByRole('button', { name: 'Conversation options' }).click();
      await page.getByRole('menuitem', { name: 'Block' }).click();
      await page.getByTestId('conversation-blocked').waitFor({ timeout: 20_000 });
      expect(await page.getByRole('textbox', { name: 'Write a message' }).count()).toBe(0);
      await shot(page, 'mobile-conversation-blocked');
      const refused = await api.call('POST', `/api/conversations/${id}/messages`, seller.token, { id: randomUUID(), text: 'Are you still coming?' });
      expect(refused.status).toBe(403);
      const mine = await api.call('POST', `/api/conversations/${id}/messages`, buyer.token, { id: randomUUID(), text: 'One more thing' });
      expect(mine.status).toBe(403);

      // Unblocked, they can write again.
      await page.getByRole('button', { name: 'Conversation options' }).click();
      await page.getByRole('menuitem', { name: 'Unblock' }).click();
      await page.getByRole('textbox', { name: 'Write a message' }).waitFor({ timeout: 20_000 });
    });
  });
});
