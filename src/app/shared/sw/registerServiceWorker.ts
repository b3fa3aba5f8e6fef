import { proxy } from 'valtio';
import { firstResultsOrAfter } from '../sync/syncStore';

const FIRST_RESULTS_WAIT_MS = 5000;
import { APP_CODE_CACHE, APP_CODE_MESSAGES, isAppCode } from '@/domain/content/dataSaver';
import { mayPrefetchCode } from '../sync/dataSaver';
import { loadPrefs } from '../sync/dataPrefs';

/** Set when a new version has been installed and waits; the app offers to reload instead of swapping code under the user. */
export const updateStore = proxy({ waiting: false, apply: () => {} });

/**
 * Keeps the app's code this page loaded before the service worker controlled it (a first visit that
 * opens the seller's wizard, say), in the cache the service worker answers that code from: the first
 * visit precaches only the buyer's screens, and this code must open offline too. Read from the
 * browser's HTTP cache, where the page's own requests left it: nothing is downloaded again.
 */
async function keepLoadedCode(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const loaded = performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name))
    .filter((url) => isAppCode(url, location.origin));
  const cache = await caches.open(APP_CODE_CACHE);
  for (const url of loaded) {
    if (await caches.match(url.href)) continue;
    await cache.add(url.href).catch((err: unknown) => console.warn('app code not kept for offline use', url.pathname, err));
  }
}

/**
 * Once the service worker runs: on an unmetered connection with Save-Data off (mayPrefetchCode), it
 * fetches the code of the screens not opened yet, so they open offline too.
 */
async function cacheLaterCode(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  await loadPrefs();
  if (mayPrefetchCode()) registration.active?.postMessage({ type: APP_CODE_MESSAGES.cacheLater });
}

/**
 * Registers the service worker once the page has loaded (as workbox-window would wait anyway), and
 * loads workbox-window only then: it is not part of the first screen.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = async () => {
    await keepLoadedCode().catch((err: unknown) => console.warn('app code not kept for offline use', err));
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/service-worker.js');
    wb.addEventListener('waiting', () => {
      updateStore.waiting = true;
      updateStore.apply = () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      };
    });
    // Code loaded while the first version installs, before it controls the page, is kept when it does.
    wb.addEventListener('controlling', () => void keepLoadedCode().catch(() => undefined));
    await wb.register({ immediate: true });
    await cacheLaterCode();
  };
  // On a first visit the service worker's install downloads the app's code for offline use: it waits
  // until the first screen has its results (or a few seconds), so on a slow line it does not compete
  // with them. A returning visit's update check is small and waits the same.
  const start = () =>
    firstResultsOrAfter(FIRST_RESULTS_WAIT_MS)
      .then(register)
      .catch((err: unknown) => console.warn('service worker not registered', err));
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}
