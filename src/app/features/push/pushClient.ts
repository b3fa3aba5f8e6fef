import { api } from '@/data/api';
import { fetchConfig } from '@/data/config';
import { CONFIRMATION_NOTIFICATION, NOTIFICATION_ICON } from '@/domain/account/notifications';
import { session } from '@/app/shared/session/session';
import { t } from '@/app/shared/i18n/language';

/** The service worker is registered at start; where it never is (the development server), stop waiting. */
const WORKER_WAIT_MS = 10_000;

class PushUnavailableError extends Error {
  override name = 'PushUnavailableError';
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  if (!('serviceWorker' in navigator) || typeof PushManager === 'undefined') throw new PushUnavailableError('this browser has no push support');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushUnavailableError('no service worker')), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

/**
 * The browser's push subscription for the server's current VAPID key: the existing one, or a new one
 * (after dropping the old when the server's key has changed, as a subscription is bound to its key).
 */
async function ensureSubscription(): Promise<PushSubscription> {
  const registration = await workerRegistration();
  const { push_public_key } = await fetchConfig();
  if (!push_public_key) throw new PushUnavailableError('the server has no push key');
  const key = keyBytes(push_public_key);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    if (sameKey(existing.options.applicationServerKey, key)) return existing;
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/**
 * Subscribes this device and hands the subscription to the server for the signed-in account. Answers
 * false when nobody is signed in: the subscription is then sent at sign-in (pushGate.ts).
 */
export async function registerPush(): Promise<boolean> {
  const subscription = await ensureSubscription();
  if (!session.token) return false;
  await api.post('push/subscriptions', { json: subscription.toJSON() });
  return true;
}

/** After sign-out: the server forgets the device for that account (with its last token) and the browser drops it. */
export async function unregisterPush(previousToken: string): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api
    .delete('push/subscriptions', { json: { endpoint: subscription.endpoint }, headers: { Authorization: `Bearer ${previousToken}` } })
    .catch((err: unknown) => console.warn('push subscription not removed from the server', err));
  await subscription.unsubscribe();
}

/** The confirmation of spec section 4, shown by the service worker as every notification is. */
export async function showConfirmation(): Promise<void> {
  const registration = await workerRegistration();
  const { tag, url } = CONFIRMATION_NOTIFICATION;
  const [title, body] = [t(CONFIRMATION_NOTIFICATION.title), t(CONFIRMATION_NOTIFICATION.body)];
  await registration.showNotification(title, { body, icon: NOTIFICATION_ICON, badge: NOTIFICATION_ICON, ...(tag && { tag }), data: { url } });
}

export type EnableOutcome = 'unsupported' | 'denied' | 'dismissed' | 'on' | 'onSignedOut' | 'failed';

/**
 * Asks the browser for permission and, once granted, registers push and shows the confirmation
 * (spec section 4). 'failed': allowed, but the push service could not be reached (offline, blocked).
 */
export async function enableNotifications(): Promise<EnableOutcome> {
  if (typeof Notification === 'undefined') return 'unsupported';
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch (err) {
    console.warn('notification permission not asked', err);
    permission = 'default';
  }
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  try {
    const sent = await registerPush();
    await showConfirmation();
    return sent ? 'on' : 'onSignedOut';
  } catch (err) {
    console.warn('push not registered', err);
    return 'failed';
  }
}
