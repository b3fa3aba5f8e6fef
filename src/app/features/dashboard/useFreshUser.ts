import { useEffect } from 'react';
import { api } from '@/data/api';
import type { User } from '@/domain/account/user';
import { session, signIn } from '@/app/shared/session/session';

const USER_FIELDS = [
  'name',
  'email',
  'phone',
  'location',
  'region',
  'area',
  'user_type',
  'business_name',
  'business_registration',
  'business_address',
  'business_status',
  'phone_verified',
  'created_at',
] as const;

/**
 * Keeps the saved session's user current (GET /api/auth/me): the profile card and Member Since show
 * what the server holds, and an offline visit later shows it too.
 */
export function useFreshUser(user: User, online: boolean) {
  useEffect(() => {
    if (!online) return;
    const token = session.token;
    const controller = new AbortController();
    api
      .get('auth/me', { signal: controller.signal })
      .json<User>()
      .then((fresh) => {
        const current = session.user;
        if (!token || session.token !== token || !current || fresh.id !== current.id) return;
        if (USER_FIELDS.every((k) => current[k] === fresh[k])) return;
        signIn(token, fresh);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) console.warn('profile not refreshed; showing the saved one', err);
      });
    return () => controller.abort();
  }, [user.id, online]);
}
