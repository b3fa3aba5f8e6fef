// Loaded with the first screen, so it is small: it decides when the notification prompt is due and keeps
// this device's push subscription with the signed-in account. The prompt and the push client load only
// when needed (dynamic imports).
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { STORAGE_KEYS } from '../../domain/constants';
import { parseDismissedAt } from '../../domain/consent';
import { NOTIFICATION_PROMPT_DELAY_MS, notificationPromptDue, type PromptPermission } from '../../domain/notificationPrompt';
import { session } from '../account/session';
import { promptsStore } from '../prompts/promptsStore';

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

/**
 * True from 10 s after load while the prompt is due (spec section 4). It never joins the cookie banner
 * or the install prompt on screen: while one of them is open it waits, and follows once it closes.
 */
export function useNotificationPromptDue(): boolean {
  const [timeUp, setTimeUp] = useState(false);
  const { banner, installOpen } = useSnapshot(promptsStore);
  useEffect(() => {
    const timer = setTimeout(() => setTimeUp(true), NOTIFICATION_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (due || !timeUp || banner !== 'closed' || installOpen) return;
    setDue(notificationPromptDue(currentPermission(), notificationDismissedAt(), Date.now()));
  }, [due, timeUp, banner, installOpen]);
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
