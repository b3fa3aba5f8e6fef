// The check of a session saved on the device (spec section 4). It runs on every app start, so it
// is written without a validation library: the first screen then loads none (zod stays with the
// forms of the auth dialog, which load on demand).
import { USER_TYPES, type UserType } from '../core/constants';
import type { User } from './user';
import { BUSINESS_STATUSES, type BusinessStatus } from './businessStatus';
import { isLanguage } from '../i18n/languages';
import { parseStoredObject } from '../core/storedJson';

type Json = Record<string, unknown>;

function nullableText(o: Json, key: string): string | null | undefined {
  const v = o[key];
  if (v === null || v === undefined) return null;
  return typeof v === 'string' ? v : undefined;
}

function nullableNumber(o: Json, key: string): number | null | undefined {
  const v = o[key];
  if (v === null || v === undefined) return null;
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/**
 * The saved user, or null when it is missing, is not JSON or has the wrong shape: the fields the
 * app relies on must be there and of the right type (absent optional ones read as null, an
 * unreadable creation date as ''). isAdmin is derived from user_type (spec section 3) rather than
 * trusted from storage.
 */
export function parseStoredUser(raw: string | null): User | null {
  const o = parseStoredObject(raw);
  if (!o) return null;
  const { id, name, email, user_type } = o;
  if (typeof id !== 'string' || !id || typeof name !== 'string' || typeof email !== 'string') return null;
  if (typeof user_type !== 'string' || !(USER_TYPES as readonly string[]).includes(user_type)) return null;
  const phone = nullableText(o, 'phone');
  const location = nullableText(o, 'location');
  const region = nullableText(o, 'region');
  const area = nullableText(o, 'area');
  const business_name = nullableText(o, 'business_name');
  const latitude = nullableNumber(o, 'latitude');
  const longitude = nullableNumber(o, 'longitude');
  if (phone === undefined || location === undefined || region === undefined || area === undefined || business_name === undefined) return null;
  if (latitude === undefined || longitude === undefined) return null;
  const type = user_type as UserType;
  return {
    id,
    name,
    email,
    phone,
    location,
    region,
    area,
    latitude,
    longitude,
    user_type: type,
    business_name,
    // Kept by sessions saved since verified dealers (issue 20); an older one reads as not submitted.
    business_registration: nullableText(o, 'business_registration') ?? null,
    business_address: nullableText(o, 'business_address') ?? null,
    business_status: (BUSINESS_STATUSES as readonly unknown[]).includes(o.business_status) ? (o.business_status as BusinessStatus) : null,
    phone_verified: o.phone_verified === true,
    // Kept by sessions saved since messages (issue 37); an older one reads as the defaults.
    contact_preference: o.contact_preference === 'messages' ? 'messages' : 'phone',
    message_emails: o.message_emails !== false,
    // Kept since languages (issue 39); an older session reads as not chosen.
    language: isLanguage(o.language) ? o.language : null,
    created_at: typeof o.created_at === 'string' ? o.created_at : '',
    isAdmin: type === 'admin',
  };
}

/**
 * True when the token is a JWT whose `exp` has passed, so a stale session is dropped on start even
 * offline. A token that is not a readable JWT is left to the server to judge.
 */
export function tokenExpired(token: string, now: Date = new Date()): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const b64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '=')));
    const exp = typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && exp * 1000 <= now.getTime();
  } catch {
    return false;
  }
}
