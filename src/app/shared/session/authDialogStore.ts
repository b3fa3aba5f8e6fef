import { proxy } from 'valtio';
import type { AuthAudience, AuthTab } from '@/domain/account/authDialogTexts';

export interface AuthNotice {
  kind: 'success' | 'error';
  text: string;
}

interface AuthDialogState {
  opened: boolean;
  tab: AuthTab;
  audience: AuthAudience;
  /** A message to show as the dialog opens, e.g. that the session has expired. */
  notice: AuthNotice | null;
  /** Counts openings, so each one starts from a fresh dialog. */
  openings: number;
}

export const authDialogStore = proxy<AuthDialogState>({ opened: false, tab: 'signin', audience: 'seller', notice: null, openings: 0 });

/** Opens the one auth dialog from any screen; the screen underneath stays as it is. */
export const authDialog = {
  open(tab: AuthTab = 'signin', options: { audience?: AuthAudience; notice?: AuthNotice } = {}): void {
    authDialogStore.tab = tab;
    authDialogStore.audience = options.audience ?? 'seller';
    authDialogStore.notice = options.notice ?? null;
    authDialogStore.openings += 1;
    authDialogStore.opened = true;
  },
  close(): void {
    authDialogStore.opened = false;
  },
};

/** The "Sign out on all devices" confirmation, opened from the account menu (the dropdown or the mobile menu). */
export const signOutEverywhereStore = proxy({ opened: false, openings: 0 });

export const signOutEverywhereDialog = {
  open(): void {
    signOutEverywhereStore.openings += 1;
    signOutEverywhereStore.opened = true;
  },
  close(): void {
    signOutEverywhereStore.opened = false;
  },
};
