// Loaded with the first screen, so it is small: it decides when the notification prompt is due and keeps
// this device's push subscription with the signed-in account. The prompt and the push client load only
// when needed (dynamic imports).
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { parseDismissedAt } from '@/domain/account/consent';
import { NOTIFICATION_PROMPT_DELAY_MS, notificationPromptDue, type PromptPermission } from './notificationPrompt';
import { session } from '@/app/shared/session/session';
import { promptsStore } from '@/app/shared/prompts/promptsStore';

export function currentPermission(): PromptPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function notificationDismissedAt(): number | null {
  try {
    return parseDismissedAt(storage()?.getItem(STORAGE_KEYS.notificationPromptDismissedAt) ?? null);
  } catch {
    return null;
  }
}

/** "Not now", the close button, or a browser dialog left unanswered: the prompt stays away for 14 days. */
export function rememberNotificationDismissal(now = Date.now()): void {
  try {
    storage()?.setItem(STORAGE_KEYS.notificationPromptDismissedAt, String(now));
  } catch (err) {
    console.warn('notification prompt dismissal not saved on this device', err);
  }
}

/** Form fields: one with the focus is being filled in. */
const FIELD = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/**
 * Whether the user is busy with something the notification prompt must not open over: a modal dialog
 * (sign-up and sign-in, the listing wizard, Filter and Sort, a confirmation, the cookie banner) or a
 * form field with the focus. The prompt's own card is neither.
 */
export function pageBusy(doc: Document = document): boolean {
  if (doc.querySelector('[aria-modal="true"], dialog[open]')) return true;
  const focused = doc.activeElement;
  return focused instanceof HTMLElement && focused.matches(FIELD) && !focused.closest('[data-notification-prompt]');
}

/** How often a waiting prompt looks again whether a dialog has closed. */
const BUSY_CHECK_MS = 400;

/**
 * pageBusy(), kept current while `watching`: at once when the focus moves, and every 400 ms for dialogs
 * opening and closing. False while not watching.
 */
export function usePageBusy(watching: boolean): boolean {
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!watching) {
      setBusy(false);
      return;
    }
    // focusout fires before the focus lands elsewhere: the check waits for it to land.
    const check = () => setTimeout(() => setBusy(pageBusy()), 0);
    check();
    const timer = setInterval(() => setBusy(pageBusy()), BUSY_CHECK_MS);
    document.addEventListener('focusin', check);
    document.addEventListener('focusout', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('focusin', check);
      document.removeEventListener('focusout', check);
    };
  }, [watching]);
  return busy;
}

/**
 * True from 10 s after load while the prompt is due (spec section 4). It never joins the cookie banner
 * or the install prompt on screen: while one of them is open it waits, and follows once it closes. It
 * waits the same way while a dialog is open or a form is being filled in (pageBusy).
 */
export function useNotificationPromptDue(): boolean {
  const [timeUp, setTimeUp] = useState(false);
  const { banner, installOpen } = useSnapshot(promptsStore);
  useEffect(() => {
    const timer = setTimeout(() => setTimeUp(true), NOTIFICATION_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const [due, setDue] = useState(false);
  const busy = usePageBusy(timeUp && !due);
  useEffect(() => {
    if (due || !timeUp || banner !== 'closed' || installOpen || busy || pageBusy()) return;
    setDue(notificationPromptDue(currentPermission(), notificationDismissedAt(), Date.now()));
  }, [due, timeUp, banner, installOpen, busy]);
  return due;
}

/**
 * Where notifications are allowed, the device's subscription follows the account: sent to the server
 * when someone signs in (and once per visit, a while after load, in case the browser renewed it), and
 * dropped when they sign out, so the next person on a shared phone does not get their messages.
 */
export function useKeepPushSubscription(): void {
  const { token } = useSnapshot(session);
  const previous = useRef<string | null>(null);
  const first = useRef(true);
  useEffect(() => {
    const before = previous.current;
    previous.current = token;
    const onStart = first.current;
    first.current = false;
    if (currentPermission() !== 'granted') return;
    if (token) {
      const timer = setTimeout(
        () => void import('./pushClient').then((m) => m.registerPush()).catch((err: unknown) => console.warn('push subscription not sent', err)),
        onStart ? NOTIFICATION_PROMPT_DELAY_MS : 0,
      );
      return () => clearTimeout(timer);
    }
    if (before) void import('./pushClient').then((m) => m.unregisterPush(before)).catch((err: unknown) => console.warn('push subscription not dropped', err));
    return undefined;
  }, [token]);
}
