import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { idbAll, idbPut, queuedChain } from './deviceDb';
import { appInBrowser, requireChromiumInCi } from './appInBrowser';
import { registrationIdOf } from './serviceWorkerCdp';
import { hasChromium } from './browser';
import { OUTBOX_SYNC_TAG } from '@/data/outboxSync';
import type { Vehicle } from '@/domain/listing/vehicle';

// The service worker's half of the offline write path: with no page of the app signed in (so the page
// cannot be the one sending), a background-sync event makes the service worker send a queued chain
// (listing create, then its mobile-money payment request) with the session it was handed in
// IndexedDB. A second sync event sends nothing twice; after sign-out (no session kept) it sends nothing.
// And the page's own half: a signed-in page hands over its session and sends a waiting queue on start.

requireChromiumInCi();

describe.skipIf(!hasChromium)('outbox replay by the service worker (Background Sync)', () => {
  const app = appInBrowser();

  async function account(): Promise<{ token: string; userId: string }> {
    const res = await fetch(`${app.server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Rudo Chikwanha',
        email: `rudo-${randomUUID()}@example.co.zw`,
        phone: '0772000111',
        location: 'Mutare',
        password: 'kombi-123',
        user_type: 'private',
      }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { access_token: string; user: { id: string } };
    return { token: body.access_token, userId: body.user.id };
  }

  async function myListings(token: string, userId: string): Promise<Vehicle[]> {
    const res = await fetch(`${app.server.url}/api/vehicles?seller_id=${userId}&limit=100`, { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as Vehicle[];
  }

  /** A page of the app's origin that runs none of the app (a static file), so only the service worker sends. */
  async function quietPage(context: BrowserContext): Promise<Page> {
    const page = await app.open(context, '/about', 'About');
    // The app opened the device database and the service worker took control.
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
    await page.goto(`${app.server.url}/placeholder-vehicle.svg`);
    return page;
  }

  /** Dispatches the outbox's background-sync event to the origin's service worker, as the browser does when a connection returns. */
  async function dispatchSync(cdp: CDPSession, registrationId: string): Promise<void> {
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: app.server.url, registrationId, tag: OUTBOX_SYNC_TAG, lastChance: false });
  }

  const LISTING = {
    vehicle_type: 'car',
    make: 'Toyota',
    model: 'Hilux',
    variant: null,
    year: 2016,
    price: 18500,
    mileage: 142000,
    fuel_type: 'diesel',
    transmission: 'manual',
    condition: 'used',
    color: 'White',
    description: 'Queued in a yard with no signal.',
    features: [],
    featured: false,
    subscription_plan: 'standard',
    seller_phone: '0772000111',
    seller_location: 'Mutare',
    region: 'Manicaland',
  };

  const chain = (listingId: string, ownerId: string) => queuedChain(listingId, ownerId, { listing: LISTING, ecocashMsisdn: '0772000111' });

  it('sends a queued listing and its payment request once, with no page of the app sending', async () => {
    const { token, userId } = await account();
    await app.inContext({}, async (context) => {
      const page = await quietPage(context);
      const cdp = await context.newCDPSession(page);
      const registrationId = await registrationIdOf(cdp, app.server.url);
      const listingId = randomUUID();
      await idbPut(page, 'meta', [{ key: 'replayAuth', token, userId }]);
      await idbPut(page, 'outbox', chain(listingId, userId));

      await dispatchSync(cdp, registrationId);
      await expect.poll(async () => (await idbAll<{ state: string }>(page, 'outbox')).map((i) => i.state), { timeout: 20_000 }).toEqual(['done', 'done']);

      const items = await idbAll<{ kind: string; result: { id?: string; transactionId?: string | null } | null }>(page, 'outbox');
      expect(items.find((i) => i.kind === 'create')?.result?.id).toBe(listingId);
      expect(items.find((i) => i.kind === 'payment')?.result?.transactionId).toBeTruthy();
      expect((await myListings(token, userId)).map((v) => v.id)).toEqual([listingId]);

      // Another sync (the browser retrying, a second device event) has nothing left to send.
      await idbPut(
        page,
        'outbox',
        (await idbAll<Record<string, unknown>>(page, 'outbox')).map((i) => ({ ...i, state: 'waiting' })),
      );
      await dispatchSync(cdp, registrationId);
      await expect.poll(async () => (await idbAll<{ state: string }>(page, 'outbox')).map((i) => i.state), { timeout: 20_000 }).toEqual(['done', 'done']);
      expect((await myListings(token, userId)).map((v) => v.id)).toEqual([listingId]);
    });
  });

  it('a signed-in page hands its session to the service worker and sends a waiting queue on start', async () => {
    const { token, userId } = await account();
    const me = (await (await fetch(`${app.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>;
    await app.inContext({}, async (context) => {
      const page = await quietPage(context);
      const listingId = randomUUID();
      await idbPut(page, 'outbox', chain(listingId, userId));
      await page.evaluate(
        ({ token, me }) => {
          localStorage.setItem('authToken', token);
          localStorage.setItem('userData', JSON.stringify(me));
        },
        { token, me },
      );
      await page.goto(`${app.server.url}/about`);
      await expect.poll(async () => (await idbAll<{ state: string }>(page, 'outbox')).map((i) => i.state), { timeout: 20_000 }).toEqual(['done', 'done']);
      expect((await myListings(token, userId)).map((v) => v.id)).toEqual([listingId]);
      expect(await idbAll(page, 'meta')).toContainEqual({ key: 'replayAuth', token, userId });
    });
  });

  it('sends nothing while no session is handed over (signed out), and the queue waits intact', async () => {
    const { token, userId } = await account();
    await app.inContext({}, async (context) => {
      const page = await quietPage(context);
      const cdp = await context.newCDPSession(page);
      const registrationId = await registrationIdOf(cdp, app.server.url);
      await idbPut(page, 'outbox', chain(randomUUID(), userId));
      await dispatchSync(cdp, registrationId);
      // The sync event's work is done once the worker has read that no session is kept; give it a moment to have sent anything it would.
      await page.waitForTimeout(1500);
      expect((await idbAll<{ state: string }>(page, 'outbox')).map((i) => i.state)).toEqual(['waiting', 'waiting']);
      expect(await myListings(token, userId)).toEqual([]);

      // The same queue goes once the session is handed over: it was held back for want of one, not lost.
      await idbPut(page, 'meta', [{ key: 'replayAuth', token, userId }]);
      await dispatchSync(cdp, registrationId);
      await expect.poll(async () => (await idbAll<{ state: string }>(page, 'outbox')).map((i) => i.state), { timeout: 20_000 }).toEqual(['done', 'done']);
      expect(await myListings(token, userId)).toHaveLength(1);
    });
  });
});
