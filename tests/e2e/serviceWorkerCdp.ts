import type { CDPSession } from 'playwright-core';

/**
 * The id DevTools gives the app's service worker registration (for `ServiceWorker.dispatchSyncEvent`
 * and `ServiceWorker.deliverPushMessage`), heard once the session enables the ServiceWorker domain.
 */
export async function registrationIdOf(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const r = e.registrations.find((x) => x.scopeURL.startsWith(origin) && !x.isDeleted);
      if (r) resolve(r.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}
