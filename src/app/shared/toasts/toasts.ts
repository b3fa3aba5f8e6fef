import { proxy } from 'valtio';
import { STORAGE_KEYS, TOAST_MS } from '@/domain/core/constants';

// The app's toasts (spec 2.9, 8 and 9), in one store, green for a success and red for an error,
// shown in one of two places:
// - 'page': the dashboard's and the payment page's corner (Toasts.tsx). Each is gone after TOAST_MS:
//   it first turns invisible (its exit transition plays), then leaves the list.
// - 'admin': the admin alerts of spec section 8 under the top bar (features/admin/AdminNotices.tsx),
//   in-page instead of window.alert: they do not block the page, and they outlive the card or detail
//   page whose listing was just deleted. Successes go after TOAST_MS; errors stay until closed.

export type ToastKind = 'success' | 'error';
export type ToastPlace = 'page' | 'admin';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  place: ToastPlace;
  visible: boolean;
}

export const toastStore = proxy<{ toasts: Toast[] }>({ toasts: [] });
let seq = 0;

export function hideToast(id: number): void {
  const t = toastStore.toasts.find((x) => x.id === id);
  if (t) t.visible = false;
}

/** Called once a hidden toast's exit transition has ended, or when an admin alert is closed. */
export function removeToast(id: number): void {
  const i = toastStore.toasts.findIndex((x) => x.id === id);
  if (i >= 0) toastStore.toasts.splice(i, 1);
}

function push(kind: ToastKind, text: string, place: ToastPlace): number {
  const id = ++seq;
  toastStore.toasts.push({ id, kind, text, place, visible: true });
  return id;
}

/** A toast in the page's corner. */
export function toast(kind: ToastKind, text: string): void {
  const id = push(kind, text, 'page');
  setTimeout(() => hideToast(id), TOAST_MS);
  // In case no exit transition runs (the toast was never painted, or the page was hidden meanwhile).
  setTimeout(() => removeToast(id), TOAST_MS + 1000);
}

/** An admin alert: successes go away after the toast time (spec section 9); errors stay until closed. */
export function notify(kind: ToastKind, text: string): void {
  const id = push(kind, text, 'admin');
  if (kind === 'success') setTimeout(() => removeToast(id), TOAST_MS);
}

/** For an admin alert followed by a reload (the database reset): kept in session storage and shown once the page is back. */
export function notifyAfterReload(kind: ToastKind, text: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.adminNotice, JSON.stringify({ kind, text }));
  } catch (err) {
    console.warn('admin notice not kept over the reload', err);
  }
}

export function showNoticeKeptOverReload(): void {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(STORAGE_KEYS.adminNotice);
    sessionStorage.removeItem(STORAGE_KEYS.adminNotice);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const n = JSON.parse(raw) as Partial<Pick<Toast, 'kind' | 'text'>>;
    if ((n.kind === 'success' || n.kind === 'error') && typeof n.text === 'string') notify(n.kind, n.text);
  } catch {
    console.warn('kept admin notice could not be read');
  }
}
