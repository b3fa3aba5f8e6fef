import { proxy, useSnapshot } from 'valtio';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { SESSION_EXPIRED } from '@/domain/account/sessionMessages';
import type { User } from '@/domain/account/user';
import { displayName } from '@/domain/account/displayName';
import { parseStoredUser, tokenExpired } from '@/domain/account/storedSession';
import { onUnauthorized, setAuthTokenProvider } from '@/data/apiAuth';
import { authDialog } from './authDialogStore';

/** The part of Web Storage the session uses, so tests can pass a stand-in for localStorage. */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface SessionState {
  token: string | null;
  user: User | null;
  /** True while the saved session is read on start (spec section 4). */
  restoring: boolean;
}

export const session = proxy<SessionState>({ token: null, user: null, restoring: true });

function browserStorage(): SessionStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be switched off (some private modes): the session then lasts for the page only.
    return null;
  }
}

function clearSaved(storage: SessionStorage | null): void {
  try {
    storage?.removeItem(STORAGE_KEYS.authToken);
    storage?.removeItem(STORAGE_KEYS.userData);
  } catch (err) {
    console.warn('saved session not cleared', err);
  }
}

/**
 * The session saved under authToken and userData, or null. Anything unusable (user data that is not
 * JSON or not a user, a token without a user or the reverse, an expired token) is removed.
 */
export function readSavedSession(storage: SessionStorage | null, now: Date = new Date()): { token: string; user: User } | null {
  if (!storage) return null;
  let token: string | null;
  let raw: string | null;
  try {
    token = storage.getItem(STORAGE_KEYS.authToken);
    raw = storage.getItem(STORAGE_KEYS.userData);
  } catch {
    return null;
  }
  if (token === null && raw === null) return null;
  const user = parseStoredUser(raw);
  if (!token || !user || tokenExpired(token, now)) {
    if (raw !== null && !user) console.warn('saved user data could not be read; signed out');
    clearSaved(storage);
    return null;
  }
  return { token, user };
}

export function restoreSession(storage: SessionStorage | null = browserStorage(), now: Date = new Date()): void {
  session.restoring = true;
  const saved = readSavedSession(storage, now);
  session.token = saved?.token ?? null;
  session.user = saved?.user ?? null;
  session.restoring = false;
}

export function signIn(token: string, user: User, storage: SessionStorage | null = browserStorage()): void {
  session.token = token;
  session.user = { ...user, isAdmin: user.user_type === 'admin' };
  try {
    storage?.setItem(STORAGE_KEYS.authToken, token);
    storage?.setItem(STORAGE_KEYS.userData, JSON.stringify(session.user));
  } catch (err) {
    console.warn('session not saved on this device', err);
  }
}

export function signOut(storage: SessionStorage | null = browserStorage()): void {
  session.token = null;
  session.user = null;
  clearSaved(storage);
}

export const isAdminUser = (user: Pick<User, 'user_type'> | null | undefined): boolean => user?.user_type === 'admin';

/** The signed-in user as the screens need it; re-renders when the session changes. */
export function useSession() {
  const snap = useSnapshot(session);
  const user = snap.token ? (snap.user as User | null) : null;
  return { user, signedIn: user !== null, isAdmin: isAdminUser(user), name: displayName(user), restoring: snap.restoring };
}

setAuthTokenProvider(() => session.token);
// An expired or revoked token: sign out, and offer to sign in again over whatever the user was doing.
onUnauthorized(() => {
  signOut();
  authDialog.open('signin', { notice: { kind: 'error', text: SESSION_EXPIRED } });
});

if (typeof window !== 'undefined') {
  restoreSession();
  // Signing in or out in another tab applies here too.
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === STORAGE_KEYS.authToken || e.key === STORAGE_KEYS.userData) restoreSession();
  });
}
