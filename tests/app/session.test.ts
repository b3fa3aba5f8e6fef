import { describe, expect, it, vi } from 'vitest';
import { readSavedSession, restoreSession, session, signIn, signOut, type SessionStorage } from '@/app/shared/session/session';
import { authDialogStore } from '@/app/shared/session/authDialogStore';
import { api } from '@/data/api';
import type { User } from '@/domain/account/user';

/** localStorage as a Map, so the tests see exactly what the session keeps on the device. */
function memoryStorage(entries: Record<string, string> = {}): SessionStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}

const NOW = new Date('2026-03-01T10:00:00Z');
const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** A JWT-shaped token expiring `seconds` after NOW (the signature is not checked on the device). */
const token = (seconds: number) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: 'u1', exp: NOW.getTime() / 1000 + seconds })}.sig`;

const USER: User = {
  id: '6f1c1a52-9d7e-4c1b-9a57-0d8f5c1e2b3a',
  name: 'Rudo Chikore',
  email: 'rudo@example.co.zw',
  phone: '+263 71 555 0101',
  location: 'Avondale, Harare',
  region: null,
  area: null,
  latitude: -17.8252,
  longitude: 31.0335,
  user_type: 'private',
  business_name: null,
  business_registration: null,
  business_address: null,
  business_status: null,
  phone_verified: false,
  contact_preference: 'phone',
  message_emails: true,
  language: null,
  created_at: '2026-02-01T08:00:00.000Z',
  isAdmin: false,
};

describe('the saved session', () => {
  it('is restored when the token and the user data are valid', () => {
    const t = token(3600);
    const storage = memoryStorage({ authToken: t, userData: JSON.stringify(USER) });
    restoreSession(storage, NOW);
    expect(session.token).toBe(t);
    expect(session.user).toEqual(USER);
    expect(session.restoring).toBe(false);
    expect(storage.map.size).toBe(2);
  });

  it('derives isAdmin from user_type rather than trusting the saved flag', () => {
    const storage = memoryStorage({ authToken: token(3600), userData: JSON.stringify({ ...USER, isAdmin: true }) });
    expect(readSavedSession(storage, NOW)?.user.isAdmin).toBe(false);
    const admin = memoryStorage({ authToken: token(3600), userData: JSON.stringify({ ...USER, user_type: 'admin', isAdmin: false }) });
    expect(readSavedSession(admin, NOW)?.user.isAdmin).toBe(true);
  });

  it('accepts saved users that lack optional fields, filling them with null', () => {
    const { phone: _p, region: _r, area: _a, latitude: _la, longitude: _lo, business_name: _b, ...bare } = USER;
    const storage = memoryStorage({ authToken: token(3600), userData: JSON.stringify(bare) });
    expect(readSavedSession(storage, NOW)?.user).toMatchObject({ phone: null, latitude: null, business_name: null, name: 'Rudo Chikore' });
  });

  it.each([
    ['user data that is not JSON', '{"id": "u1", "name": '],
    ['user data that is JSON but not an object', '"Rudo"'],
    ['a user without an id', JSON.stringify({ ...USER, id: '' })],
    ['a user with an unknown user type', JSON.stringify({ ...USER, user_type: 'superuser' })],
    ['a user whose email is not text', JSON.stringify({ ...USER, email: 42 })],
    ['null', 'null'],
    ['a list', JSON.stringify([USER])],
    ['a user whose phone is a number', JSON.stringify({ ...USER, phone: 263771234567 })],
    ['a user whose latitude is text', JSON.stringify({ ...USER, latitude: '-17.8' })],
  ])('is discarded, and removed from the device, for %s', (_label, userData) => {
    const storage = memoryStorage({ authToken: token(3600), userData });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Start from a signed-in state so the test shows that restoring signs out.
    signIn(token(3600), USER, memoryStorage());
    restoreSession(storage, NOW);
    expect(session.token).toBeNull();
    expect(session.user).toBeNull();
    expect(storage.map.size).toBe(0);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('is discarded when the token is missing, empty or expired', () => {
    const cases: Record<string, string>[] = [{ userData: JSON.stringify(USER) }, { authToken: '', userData: JSON.stringify(USER) }, { authToken: token(-1), userData: JSON.stringify(USER) }];
    for (const entries of cases) {
      const storage = memoryStorage(entries);
      expect(readSavedSession(storage, NOW)).toBeNull();
      expect(storage.map.size).toBe(0);
    }
  });

  it('keeps a token that is not a JWT for the server to judge', () => {
    const storage = memoryStorage({ authToken: 'opaque-token', userData: JSON.stringify(USER) });
    expect(readSavedSession(storage, NOW)?.token).toBe('opaque-token');
  });

  it('is empty, without errors, when nothing is saved or storage is unavailable', () => {
    expect(readSavedSession(memoryStorage(), NOW)).toBeNull();
    expect(readSavedSession(null, NOW)).toBeNull();
    const throwing: SessionStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(readSavedSession(throwing, NOW)).toBeNull();
  });
});

describe('signing in and out', () => {
  it('saves the token under authToken and the user under userData, and signing out removes both', () => {
    const storage = memoryStorage({ selectedAdvertisingPlan: '{}' });
    const t = token(3600);
    signIn(t, USER, storage);
    expect(storage.map.get('authToken')).toBe(t);
    expect(JSON.parse(storage.map.get('userData')!)).toEqual(USER);
    expect(readSavedSession(storage, NOW)).toEqual({ token: t, user: USER });
    signOut(storage);
    expect(session.user).toBeNull();
    expect(session.token).toBeNull();
    expect([...storage.map.keys()]).toEqual(['selectedAdvertisingPlan']);
  });

  it('still signs in for the page when the device refuses to save', () => {
    const full: SessionStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signIn('t', USER, full);
    expect(session.user?.email).toBe(USER.email);
    warn.mockRestore();
    signOut(memoryStorage());
  });
});

describe('the API client with a session', () => {
  /** Runs one call against a stub fetch answering `status`, and returns the headers it sent. */
  async function call(status: number): Promise<Headers> {
    let sent = new Headers();
    const fetchStub = vi.fn(async (req: Request) => {
      sent = req.headers;
      return new Response(JSON.stringify({ detail: 'x' }), { status, headers: { 'content-type': 'application/json' } });
    });
    await api
      .get('admin/stats', { prefixUrl: 'http://localhost/api', fetch: fetchStub as unknown as typeof fetch })
      .json()
      .catch(() => null);
    return sent;
  }

  it('sends the bearer token once signed in, and none when signed out', async () => {
    signIn('tok-1', USER, memoryStorage());
    expect((await call(200)).get('Authorization')).toBe('Bearer tok-1');
    signOut(memoryStorage());
    expect((await call(200)).get('Authorization')).toBeNull();
  });

  it('signs out and opens the sign-in dialog with the expiry message when an authenticated call answers 401', async () => {
    authDialogStore.opened = false;
    signIn('tok-2', USER, memoryStorage());
    await call(401);
    expect(session.user).toBeNull();
    expect(authDialogStore).toMatchObject({ opened: true, tab: 'signin', notice: { kind: 'error', text: 'Your session has expired. Please sign in again.' } });
  });

  it('leaves signed-out visitors alone on a 401 (a wrong password is not an expired session)', async () => {
    authDialogStore.opened = false;
    signOut(memoryStorage());
    await call(401);
    expect(authDialogStore.opened).toBe(false);
  });
});
