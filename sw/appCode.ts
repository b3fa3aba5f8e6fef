/// <reference lib="webworker" />
import { getCacheKeyForURL } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import laterCode from 'virtual:app-code-later';
import { APP_CODE_CACHE, APP_CODE_MESSAGES, isAppCode } from '@/domain/content/dataSaver';

declare const self: ServiceWorkerGlobalScope;

// The app's code that a first visit does not precache (vite.config.ts: the seller's, admin and content
// screens) is kept once used: each built file never changes under its name, so it is answered from the
// cache first. What the page loaded before this worker controlled it, the page put in the same cache
// (src/app/sw/registerServiceWorker.ts). On an unmetered connection with Save-Data off, the page asks
// for the rest in the background (the page knows the person's Save data choice; this worker does not).

const codeStrategy = new CacheFirst({
  cacheName: APP_CODE_CACHE,
  // Hashed names pile up across versions: the oldest go first.
  plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
});

/** The code not precached and not cached yet, fetched one file at a time so it never competes with the page. */
async function cacheLaterCode(event: ExtendableEvent): Promise<void> {
  const cache = await caches.open(APP_CODE_CACHE);
  for (const url of laterCode) {
    if (await cache.match(url)) continue;
    try {
      await codeStrategy.handle({ event, request: new Request(url) });
    } catch {
      return; // offline or the server is unreachable: the next visit asks again
    }
  }
}

/** Registers the route and the handlers; after the precache's route, which answers the precached files. */
export function cacheAppCodeOnUse(): void {
  registerRoute(({ url }) => isAppCode(url, self.location.origin), codeStrategy);
  self.addEventListener('message', (event) => {
    // The page asks only on an unmetered connection with Save-Data off (its mayPrefetchCode).
    if ((event.data as { type?: string } | null)?.type !== APP_CODE_MESSAGES.cacheLater) return;
    event.waitUntil(cacheLaterCode(event));
  });
  // The page keeps what it loaded before this worker took over, the precached files too: drop those copies.
  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches.open(APP_CODE_CACHE).then(async (cache) => {
        for (const request of await cache.keys()) if (getCacheKeyForURL(request.url)) await cache.delete(request);
      }),
    );
  });
}
