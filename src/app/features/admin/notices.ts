import { proxy } from 'valtio';
import { STORAGE_KEYS, TOAST_MS } from '../../../domain/constants';

// The admin alerts of spec section 8, shown as in-page notices instead of window.alert: they do not
// block the page, and they outlive the card or detail page whose listing was just deleted.

export type NoticeKind = 'success' | 'error';
export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
}

export const noticeStore = proxy<{ notices: Notice[] }>({ notices: [] });
let seq = 0;

export function dismissNotice(id: number): void {
  const i = noticeStore.notices.findIndex((n) => n.id === id);
  if (i >= 0) noticeStore.notices.splice(i, 1);
}

/** Successes go away after the toast time (spec section 9); errors stay until closed. */
export function notify(kind: NoticeKind, text: string): void {
  const id = ++seq;
  noticeStore.notices.push({ id, kind, text });
  if (kind === 'success') setTimeout(() => dismissNotice(id), TOAST_MS);
}

/** For a notice followed by a reload (the database reset): kept in session storage and shown once the page is back. */
export function notifyAfterReload(kind: NoticeKind, text: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.adminNotice, JSON.stringify({ kind, text }));
  } catch (err) {
    console.warn('admin notice not kept over the reload', err);
  }
}

export function showNoticeKeptOverReload(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(STORAGE_KEYS.adminNotice);
    sessionStorage.removeItem(STORAGE_KEYS.adminNotice);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const n = JSON.parse(raw) as Partial<Notice>;
    if ((n.kind === 'success' || n.kind === 'error') && typeof n.text === 'string') notify(n.kind, n.text);
  } catch {
    console.warn('kept admin notice could not be read');
  }
}
