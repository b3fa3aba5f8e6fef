import { proxy } from 'valtio';
import { TOAST_MS } from '../../../domain/constants';

// The dashboard's toasts (spec 2.9 and 9): green for a success, red for an error, each gone after
// TOAST_MS. A toast first turns invisible (its exit transition plays), then leaves the list.

export type ToastKind = 'success' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  visible: boolean;
}

export const toastStore = proxy<{ toasts: Toast[] }>({ toasts: [] });
let seq = 0;

export function hideToast(id: number): void {
  const t = toastStore.toasts.find((x) => x.id === id);
  if (t) t.visible = false;
}

/** Called once a hidden toast's exit transition has ended. */
export function removeToast(id: number): void {
  const i = toastStore.toasts.findIndex((x) => x.id === id);
  if (i >= 0) toastStore.toasts.splice(i, 1);
}

export function toast(kind: ToastKind, text: string): void {
  const id = ++seq;
  toastStore.toasts.push({ id, kind, text, visible: true });
  setTimeout(() => hideToast(id), TOAST_MS);
  // In case no exit transition runs (the toast was never painted, or the page was hidden meanwhile).
  setTimeout(() => removeToast(id), TOAST_MS + 1000);
}
