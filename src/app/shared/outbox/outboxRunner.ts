import { proxy, subscribe } from 'valtio';
import type { ProcessResult } from '@/data/outbox/runner';
import { OUTBOX_SYNC_TAG } from '@/data/outboxSync';
import { SESSION_EXPIRED } from '@/domain/account/sessionMessages';
import { listingsWorker } from '../sync/searchClient';
import { syncNow } from '../sync/syncStore';
import { session, signOut } from '../session/session';
import { authDialog } from '../session/authDialogStore';

// The page's side of the outbox: it sends the queue (in the search worker, which owns the device's
// database) on start, on sign-in, when the connection returns, after each publish, and when a backoff
// ends; and it asks the service worker for a background sync so the queue is sent even if the page
// is closed first. Where the browser has no Background Sync API the page's own triggers do the job.

export const outboxRunner = proxy({
  /** A run is in progress. */
  running: false,
  /** The last run's result (null before the first). */
  last: null as ProcessResult | null,
});

let retryTimer: ReturnType<typeof setTimeout> | null = null;
let pending: Promise<ProcessResult | null> | null = null;

/** Sends what is queued now; joins a run already in progress. Resolves null when nobody is signed in. */
export function kickOutbox(): Promise<ProcessResult | null> {
  const token = session.token;
  const userId = session.user?.id;
  if (!token || !userId) return Promise.resolve(null);
  pending ??= (async () => {
    outboxRunner.running = true;
    try {
      const result = await listingsWorker.replayOutbox(token, userId);
      outboxRunner.last = result;
      afterRun(result, token);
      return result;
    } catch (err) {
      console.warn('outbox not sent', err);
      return null;
    } finally {
      outboxRunner.running = false;
      pending = null;
    }
  })();
  return pending;
}

function afterRun(result: ProcessResult, token: string): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  // Listings were created (a free one published) from this device: its copy and search follow at once.
  if (result.completed > 0) void syncNow();
  switch (result.outcome) {
    case 'waiting':
      if (result.retryAt !== null) retryTimer = setTimeout(() => void kickOutbox(), Math.max(1000, result.retryAt - Date.now()));
      void requestBackgroundReplay();
      break;
    case 'offline':
      void requestBackgroundReplay();
      break;
    case 'signInNeeded':
      // The token was refused: the same as any other 401 for the token in use. The queue waits intact.
      if (session.token === token) {
        signOut();
        authDialog.open('signin', { notice: { kind: 'error', text: SESSION_EXPIRED } });
      }
      break;
    case 'empty':
      break;
  }
}

/** Asks the service worker to send the outbox once a connection is back, even with no page open. */
export async function requestBackgroundReplay(): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator)) return false;
    const registration = (await navigator.serviceWorker.getRegistration()) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    if (!registration?.sync) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch (err) {
    console.warn('background sync not registered; the page sends the outbox when it is open', err);
    return false;
  }
}

let started = false;

/** Keeps the service worker's copy of the session current and sends the outbox whenever it may go. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  let lastToken: string | null | undefined;
  const onSession = () => {
    if (session.token === lastToken) return;
    lastToken = session.token;
    const auth = session.token && session.user ? { token: session.token, userId: session.user.id } : null;
    void listingsWorker.setReplayAuth(auth).catch((err: unknown) => console.warn('session not handed to the service worker', err));
    if (auth) void kickOutbox();
  };
  subscribe(session, onSession);
  onSession();
  window.addEventListener('online', () => void kickOutbox());
}
