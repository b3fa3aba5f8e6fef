import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ChatMessage, Conversation } from '@/domain/core/wire';
import type { Vehicle } from '@/domain/listing/vehicle';
import { idbAll } from './deviceDb';
import { ANDROID_PHONE, hasChromium, SCREENSHOTS } from './browser';
import { appInBrowser, requireChromiumInCi, signedIn } from './appInBrowser';
import { sellerApi, type Seller } from './sellers';

requireChromiumInCi();

// Photos in a message (issue 37): a buyer in a yard with no signal takes photos of their trade-in,
// they are shrunk on the phone, shown at once, wait in the outbox before the message and go with it,
// each once, when the connection returns; the seller sees them, as thumbnails that open the photo.
describe.skipIf(!hasChromium)('photos in a message in Chromium', () => {
  const app = appInBrowser({ signupLimit: 20 });
  let api: ReturnType<typeof sellerApi>;
  let seller: Seller;
  let buyer: Seller;
  let listing: Vehicle;
  const photos: Buffer[] = [];

  beforeAll(async () => {
    api = sellerApi(app.server.url);
    seller = await api.signup('Tendai Seller');
    buyer = await api.signup('Rudo Buyer');
    listing = await api.publish(seller, { make: 'Toyota', model: 'Hilux', year: 2016, price: 23500 });
    // A large photo as a phone's camera takes it, and smaller ones.
    photos.push(
      await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 30, g: 90, b: 160 } } })
        .jpeg()
        .toBuffer(),
    );
    for (const r of [200, 60, 120, 240])
      photos.push(
        await sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g: 40, b: 40 } } })
          .png()
          .toBuffer(),
      );
  });

  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };
  const bubble = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });
  const file = (i: number) => ({ name: `photo-${i}.${i === 0 ? 'jpg' : 'png'}`, mimeType: i === 0 ? 'image/jpeg' : 'image/png', buffer: photos[i]! });
  /** Whether every image in the locator has loaded (a decoded picture, not a broken one). */
  const allLoaded = (images: Locator) => images.evaluateAll((els) => els.length > 0 && els.every((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0));

  const serverMessages = async (who: Seller): Promise<ChatMessage[]> => {
    const list = (await (await api.call('GET', '/api/conversations', who.token)).json()) as Conversation[];
    const mine = list.filter((c) => c.listing_id === listing.id);
    if (!mine.length) return [];
    const res = await api.call('GET', `/api/conversations/${mine[0]!.id}/messages`, who.token);
    return ((await res.json()) as { messages: ChatMessage[] }).messages;
  };

  it('are taken offline, shown at once, sent once with the message when the connection returns, and the seller sees them', async () => {
    const TEXT = 'Photos of my trade-in, a 2012 Fit';
    await app.inContext(ANDROID_PHONE, async (context) => {
      await signedIn(context, buyer);
      const page = await app.open(context, `/listing/${listing.id}/message`);
      await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active && navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
      const understood = page.getByRole('button', { name: 'I understand' });
      if (await understood.isVisible()) await understood.click();
      await page.getByRole('textbox', { name: 'Write a message' }).waitFor({ timeout: 20_000 });

      await context.setOffline(true);
      // Five chosen: four are taken, and the person is told why not the fifth.
      await page.getByTestId('message-photo-input').setInputFiles([0, 1, 2, 3, 4].map(file));
      await page.getByText('Maximum 4 images allowed. Please remove some images first.').waitFor({ timeout: 20_000 });
      const chosen = page.getByTestId('composer-photos').locator('img');
      await expect.poll(() => chosen.count(), { timeout: 30_000 }).toBe(4);
      expect(await page.getByRole('button', { name: 'Add photos' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Remove photo 4' }).click();
      await page.getByRole('button', { name: 'Remove photo 3' }).click();
      await expect.poll(() => chosen.count()).toBe(2);
      // Room again: the refusal is gone.
      expect(await page.getByText('Maximum 4 images allowed. Please remove some images first.').count()).toBe(0);
      await page.getByRole('textbox', { name: 'Write a message' }).fill(TEXT);
      await shot(page, 'mobile-message-photos-composer');
      await page.getByRole('button', { name: 'Send' }).click();

      // Waiting on the phone, its photos shown from the device; the box is empty again.
      const mine = bubble(page, TEXT);
      await mine.waitFor({ timeout: 20_000 });
      await expect.poll(() => mine.getAttribute('data-state'), { timeout: 20_000 }).toBe('waiting');
      await expect.poll(() => allLoaded(mine.getByTestId('message-photos').locator('img')), { timeout: 20_000 }).toBe(true);
      expect(await mine.getByTestId('message-photos').locator('img').count()).toBe(2);
      expect(await page.getByTestId('composer-photos').count()).toBe(0);
      // The photos wait before the message, shrunk on the phone (the 2400 px photo is 1600 px now).
      const queued = await idbAll<{ kind: string; state: string; seq: number }>(page, 'outbox');
      expect(queued.sort((a, b) => a.seq - b.seq).map((i) => [i.kind, i.state])).toEqual([
        ['upload', 'waiting'],
        ['upload', 'waiting'],
        ['message', 'waiting'],
      ]);
      const side = await page.evaluate(async () => {
        const rows = await new Promise<{ kind: string; photo?: { blob: Blob } }[]>((resolve, reject) => {
          const open = indexedDB.open('motokari');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction('outbox').objectStore('outbox').getAll();
            req.onsuccess = () => {
              open.result.close();
              resolve(req.result as { kind: string; photo?: { blob: Blob } }[]);
            };
            req.onerror = () => reject(req.error);
          };
        });
        const bitmaps = await Promise.all(rows.filter((r) => r.kind === 'upload').map((r) => createImageBitmap(r.photo!.blob)));
        return bitmaps.map((b) => Math.max(b.width, b.height));
      });
      expect(side.sort((a, b) => a - b)).toEqual([640, 1600]);
      await shot(page, 'mobile-message-photos-waiting');
      expect(await serverMessages(buyer)).toEqual([]);

      // The connection returns: the page sends the photos, then the message, each once.
      await context.setOffline(false);
      await expect.poll(async () => (await serverMessages(buyer)).map((m) => [m.text, m.images.length]), { timeout: 30_000 }).toEqual([[TEXT, 2]]);
      await expect.poll(() => mine.getAttribute('data-state'), { timeout: 20_000 }).toBe('sent');
      // Now shown from the server: thumbnails that open the full photo.
      const links = mine.getByRole('link', { name: /^Open photo/ });
      await expect.poll(() => links.count(), { timeout: 20_000 }).toBe(2);
      await expect.poll(() => allLoaded(mine.locator('img')), { timeout: 20_000 }).toBe(true);
      await expect.poll(async () => (await idbAll(page, 'outbox')).length, { timeout: 20_000 }).toBe(0);

      // Photos with no words go too.
      await page.getByTestId('message-photo-input').setInputFiles([file(1)]);
      await expect.poll(() => chosen.count(), { timeout: 30_000 }).toBe(1);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect
        .poll(async () => (await serverMessages(buyer)).map((m) => [m.text, m.images.length]), { timeout: 30_000 })
        .toEqual([
          [TEXT, 2],
          ['', 1],
        ]);
    });

    const sent = await serverMessages(buyer);
    expect(sent[0]!.images.every((url) => url.endsWith('-full.webp'))).toBe(true);

    await app.inContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await signedIn(context, seller);
      const page = await app.open(context, '/messages');
      const row = page.getByRole('link').filter({ hasText: 'Rudo Buyer' });
      await row.waitFor({ timeout: 20_000 });
      // The list names the last message's photo, as it has no words.
      await row.getByText('Photo', { exact: true }).waitFor({ timeout: 20_000 });
      await row.click();
      await page.waitForURL('**/messages/*');
      const theirs = bubble(page, TEXT);
      await theirs.waitFor({ timeout: 20_000 });
      expect(await theirs.getAttribute('data-mine')).toBe('false');
      const links = theirs.getByRole('link', { name: /^Open photo/ });
      expect(await links.count()).toBe(2);
      expect((await links.evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).pathname))).sort()).toEqual(sent[0]!.images.map((u) => new URL(u, app.server.url).pathname).sort());
      // The bubble loads the thumbnails, not the full photos.
      const srcs = await theirs.locator('img').evaluateAll((els) => els.map((e) => (e as HTMLImageElement).src));
      expect(srcs.every((s) => s.endsWith('-thumb.webp'))).toBe(true);
      await expect.poll(() => allLoaded(theirs.locator('img')), { timeout: 20_000 }).toBe(true);
      await shot(page, 'desktop-message-photos');
    });
  });
});
