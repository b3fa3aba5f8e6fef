/// <reference lib="webworker" />
import { PRODUCT_NAME } from '@/domain/core/constants';
import { NOTIFICATION_ICON, parsePushPayload, type PushPayload } from '@/domain/account/notifications';

declare const self: ServiceWorkerGlobalScope;

// A push from the server (src/server/push/notifier.ts) is shown as a notification; a tap opens the
// screen it names in a window of the app, reusing an open one where there is one. Imported once by
// service-worker.ts.

function payloadOf(event: PushEvent): unknown {
  try {
    return event.data?.json() ?? null;
  } catch {
    // Not JSON: not one of ours, but a push must still show something (userVisibleOnly).
    return { title: PRODUCT_NAME, body: event.data?.text() ?? '' };
  }
}

/**
 * Whether the person is reading the conversation a push names, in a focused window of the app: the
 * live channel has shown them the message already. The browser lets a push show nothing while the
 * site has focus.
 */
async function readingNow(url: string): Promise<boolean> {
  if (!url.startsWith('/messages/')) return false;
  const windows = await self.clients.matchAll({ type: 'window' });
  return windows.some((w) => w.focused && w.visibilityState === 'visible' && new URL(w.url).pathname === url);
}

self.addEventListener('push', (event) => {
  // Every push shows a notification (the subscription promised userVisibleOnly), ours or not, but a
  // message for the conversation the person has open in front of them.
  const payload: PushPayload = parsePushPayload(payloadOf(event)) ?? { title: PRODUCT_NAME, body: '', url: '/' };
  event.waitUntil(
    (async () => {
      if (await readingNow(payload.url)) return;
      await self.registration.showNotification(payload.title, {
        body: payload.body,
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_ICON,
        data: { url: payload.url },
        ...(payload.tag && { tag: payload.tag }),
      });
    })(),
  );
});

async function openScreen(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    // Brought forward first, while the tap still allows it; a page that cannot be focused is still navigated.
    await open.focus().catch((err: unknown) => console.warn('open window not focused', err));
    if (open.url === url) return;
    try {
      // navigate() needs a page this worker controls; for any other it fails, and a new window opens instead.
      if (await open.navigate(url)) return;
    } catch (err) {
      console.warn('open window not navigated', err);
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = parsePushPayload({ title: event.notification.title, url: (event.notification.data as { url?: unknown } | null)?.url })?.url ?? '/';
  event.waitUntil(openScreen(path));
});
