import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { ChatMessage, Conversation } from '@/domain/core/wire';
import type { Vehicle } from '@/domain/listing/vehicle';
import { OUTBOX_SYNC_TAG } from '@/data/outboxSync';
import { startFakePushService, type FakeDevice, type FakePushService } from '../fakes/fakePushService';
import { idbAll } from './deviceDb';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { registrationIdOf } from './serviceWorkerCdp';
import { hasChromium } from './browser';
import { sellerApi, type Seller } from './sellers';

requireChromiumInCi();

// Issue 37's promise for a yard with no signal: a signed-in buyer writes to a listing's seller offline,
// sees the message waiting on the phone, closes the page, and once the connection returns the service
// worker (Background Sync, no page of the app open) delivers it exactly once; the seller, in a browser of
// their own, sees it once in Messages, and a push reached the seller's subscribed device.
describe.skipIf(!hasChromium)('a message written offline in Chromium', () => {
  let push: FakePushService;
  const app = appInBrowser({ signupLimit: 20, config: { pushAllowHttp: true } });
  let api: ReturnType<typeof sellerApi>;
  let seller: Seller;
  let buyer: Seller;
  let listing: Vehicle;
  let sellerPhone: FakeDevice;

  beforeAll(async () => {
    push = await startFakePushService();
    api = sellerApi(app.server.url);
    seller = await api.signup('Tendai Seller');
    buyer = await api.signup('Rudo Buyer');
    listing = await api.publish(seller, { make: 'Toyota', model: 'Hilux', year: 2016, price: 23500 });
    // The seller's phone is subscribed to pushes (the browser's half is in push.e2e.ts).
    sellerPhone = push.device();
    expect((await api.call('POST', '/api/push/subscriptions', seller.token, sellerPhone.subscription)).status).toBe(201);
  });
  afterAll(async () => {
    await push?.close();
  });

  const TEXT = 'Hello, is the Hilux still available? I can come on Saturday.';

  const bubble = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

  const serverMessages = async (who: Seller): Promise<ChatMessage[]> => {
    const list = (await (await api.call('GET', '/api/conversations', who.token)).json()) as Conversation[];
    const mine = list.filter((c) => c.listing_id === listing.id);
    if (mine.length === 0) return [];
    expect(mine).toHaveLength(1);
    const res = await api.call('GET', `/api/conversations/${mine[0]!.id}/messages`, who.token);
    return ((await res.json()) as { messages: ChatMessage[] }).messages;
  };

  async function buyerWritesOfflineAndLeaves(context: BrowserContext): Promise<void> {
    await signedIn(context, buyer);
    const page = await app.open(context, `/car/${listing.id}`, 'Seller Information');
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
    await page.getByRole('link', { name: 'Message seller' }).click();
    await page.waitForURL(`**/listing/${listing.id}/message`);
    const box = page.getByRole('textbox', { name: 'Write a message' });
    await box.waitFor({ timeout: 20_000 });

    // No signal in the yard.
    await context.setOffline(true);
    await box.fill(TEXT);
    await page.getByRole('button', { name: 'Send' }).click();
    const mine = bubble(page, TEXT);
    await mine.waitFor({ timeout: 20_000 });
    await expect.poll(() => mine.getAttribute('data-state'), { timeout: 20_000 }).toBe('waiting');
    await expect.poll(() => mine.getByTestId('message-state').innerText()).toBe('Waiting for a connection');
    // It waits on the device, and the page asked the service worker for a Background Sync.
    await expect
      .poll(async () => (await idbAll<{ kind: string; state: string; message?: { text: string } }>(page, 'outbox')).map((i) => [i.kind, i.state, i.message?.text]))
      .toEqual([['message', 'waiting', TEXT]]);
    await expect
      .poll(() => page.evaluate(async () => ((await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }).sync.getTags()), { timeout: 20_000 })
      .toContain(OUTBOX_SYNC_TAG);
    expect(await serverMessages(buyer)).toEqual([]);

    // A page of the origin that runs none of the app, to hear the service worker; the app's page closes.
    const quiet = await context.newPage();
    await quiet.goto(`${app.server.url}/placeholder-vehicle.svg`).catch(() => undefined);
    const cdp = await context.newCDPSession(quiet);
    const registrationId = await registrationIdOf(cdp, app.server.url);
    await page.close();

    // The connection returns: the browser fires the outbox's sync event, and the service worker sends it.
    await context.setOffline(false);
    await quiet.goto(`${app.server.url}/placeholder-vehicle.svg`);
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: app.server.url, registrationId, tag: OUTBOX_SYNC_TAG, lastChance: false });
    await expect.poll(async () => (await serverMessages(buyer)).map((m) => m.text), { timeout: 30_000 }).toEqual([TEXT]);
    await expect.poll(async () => (await idbAll<{ state: string }>(quiet, 'outbox')).map((i) => i.state), { timeout: 20_000 }).toEqual(['done']);
    // A second sync event (the browser retrying) sends nothing twice.
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: app.server.url, registrationId, tag: OUTBOX_SYNC_TAG, lastChance: false });
    await quiet.waitForTimeout(1000);
    expect((await serverMessages(buyer)).map((m) => m.text)).toEqual([TEXT]);
  }

  it('is delivered once by the service worker after the page was closed; the seller sees it once, with a push', async () => {
    await app.inContext({ viewport: { width: 390, height: 844 } }, buyerWritesOfflineAndLeaves);

    // The seller was not connected: a push reached their phone.
    await expect.poll(() => push.pushesFor(sellerPhone).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(push.pushesFor(sellerPhone)).toHaveLength(1);

    await app.inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await signedIn(context, seller);
      const page = await app.open(context, '/messages');
      const row = page.getByRole('link').filter({ hasText: 'Rudo Buyer' });
      await row.waitFor({ timeout: 20_000 });
      expect(await row.count()).toBe(1);
      await row.click();
      await page.waitForURL('**/messages/*');
      await bubble(page, TEXT).waitFor({ timeout: 20_000 });
      expect(await bubble(page, TEXT).count()).toBe(1);
      expect(await bubble(page, TEXT).getAttribute('data-mine')).toBe('false');
    });

    // Back on the buyer's phone, the message shows read: the seller has opened it.
    await app.inContext({ viewport: { width: 390, height: 844 } }, async (context) => {
      await signedIn(context, buyer);
      const page = await app.open(context, `/listing/${listing.id}/message`);
      const mine = bubble(page, TEXT);
      await mine.waitFor({ timeout: 20_000 });
      await expect.poll(() => mine.getAttribute('data-state'), { timeout: 20_000 }).toBe('read');
      expect(await mine.count()).toBe(1);
    });
  });
});
