/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { Queue } from 'workbox-background-sync';
import { Mirror } from '@/data/mirror';
import { IN_PROGRESS_RETRY_MS } from '@/data/outbox/runner';
import { sendOutbox } from '@/data/outbox/send';
import { OUTBOX_SYNC_QUEUE } from '@/data/outboxSync';
import { forgetReplayAuth, readReplayAuth } from '@/data/replayAuth';
import './push';
import { cacheAppCodeOnUse } from './appCode';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell and the buyer's screens are precached (vite.config.ts chooses which files), so the
// app opens with no network after one visit; the rest of its code is cached on first use (appCode.ts). The
// first install takes control of the open page at once (there is no older version to disturb).
// The home page is its own copy of the shell, with the hero drawn in HTML (src/app/openingScreen.ts),
// as the server sends it: `/` is the app's only address ending in a slash.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: 'home.html', cleanURLs: false });
cacheAppCodeOnUse();
clientsClaim();
cleanupOutdatedCaches();

// Every client route is the shell; the API, photos and files are not.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/media\//, /\.[a-z0-9]+$/i] }));

// Photos never change under one name: cache-first, bounded in count and age so the phone's storage is not filled.
registerRoute(
  ({ url, request }) => request.destination === 'image' || url.pathname.startsWith('/media/') || url.pathname.startsWith('/samples/'),
  new CacheFirst({ cacheName: 'photos', plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })] }),
);

// API reads answer from the cache at once and refresh it in the background; the sync feed and writes always go to the network.
registerRoute(
  // Public reads only: a request that carries a sign-in token is someone's own data (and a 401 must
  // reach the app), so it always goes to the network. Nor a search (GET /api/vehicles): the app asks
  // the server only for what the device does not keep, and an old answer from a cache would show a
  // count that is no longer true (offline the app says those listings are not kept on this device).
  ({ url, request }) =>
    request.method === 'GET' && url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/sync/') && url.pathname !== '/api/vehicles' && !request.headers.has('authorization'),
  new StaleWhileRevalidate({
    cacheName: 'api-reads',
    plugins: [
      // A read the server marks no-store is not kept (a team invitation's preview: it works once, and names a person's address).
      { cacheWillUpdate: async ({ response }) => (response.status === 200 && !/no-store/i.test(response.headers.get('cache-control') ?? '') ? response : null) },
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 }),
    ],
  }),
);

// A new version waits until the user accepts it (the app's prompt sends this message).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The seller's outbox (drafts published offline: photo uploads, the listing, its payment request) is
// sent from here when a connection returns, even with no page open. The queue lives in IndexedDB,
// ordered and keyed (src/data/outbox/), so workbox-background-sync's Queue is used for its sync
// plumbing only: its sync event (or, in browsers without Background Sync, each start of this worker)
// sends the queue through the same sendOutbox (src/data/outbox/send.ts) the page's listings worker
// calls, under the same device lock (navigator.locks), so the page and this worker take turns. A
// request the server is still processing is asked again in a moment, here (the page's side waits with
// a timer of its own); a run that ends offline or backing off throws, so the browser schedules another sync.
const mirror = new Mirror();
/** How many times one sync event asks again in a moment before leaving the rest to the browser's next sync. */
const SOON_RETRIES = 5;
new Queue(OUTBOX_SYNC_QUEUE, {
  onSync: async () => {
    const auth = await readReplayAuth(mirror);
    if (!auth) return;
    let result = await sendOutbox(auth);
    for (let i = 0; i < SOON_RETRIES && result.outcome === 'waiting' && result.retryAt !== null && result.retryAt - Date.now() <= IN_PROGRESS_RETRY_MS; i++) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, result.retryAt! - Date.now())));
      result = await sendOutbox(auth);
    }
    // A refused token stays refused: the queue waits intact for the page, where the user signs in again.
    if (result.outcome === 'signInNeeded') await forgetReplayAuth(mirror, auth.token);
    if (result.outcome === 'offline' || result.outcome === 'waiting') throw new Error(`outbox not finished: ${result.outcome}`);
  },
});
