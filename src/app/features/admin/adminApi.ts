import type { ZigRate } from '@/domain/payments/zig';
import { HTTPError } from 'ky';
import { api } from '@/data/api';
import { totalCount } from '@/data/totalCount';
import { RESET_DATABASE_PHRASE } from '@/domain/core/constants';
import type { AdminReportGroup, AdminStats, AdminUser, MessageAnswer } from '@/domain/core/wire';
import type { Vehicle } from '@/domain/listing/vehicle';

// The admin calls of spec section 7. The server checks the admin role on each; the screen's own
// check is only so that non-admins see the access-denied view instead of failed calls.

// getRandomValues, unlike randomUUID, also works on plain-http pages (a phone testing over the LAN).
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * One Idempotency-Key per thing being deleted, kept for the page's life: pressing Delete again
 * after an answer was lost gets the first answer back instead of 'not found'.
 */
const deleteKeys = new Map<string, string>();
const deleteKey = (what: string) => {
  let key = deleteKeys.get(what);
  if (!key) deleteKeys.set(what, (key = newKey()));
  return key;
};

export const fetchStats = (signal?: AbortSignal) => api.get('admin/stats', signal ? { signal } : {}).json<AdminStats>();
export const fetchUsers = (signal?: AbortSignal) => api.get('admin/users', signal ? { signal } : {}).json<AdminUser[]>();

/** The newest `limit` listings, drafts included, and how many there are in all (X-Total-Count). */
export async function fetchVehicles(limit: number, signal?: AbortSignal): Promise<{ items: Vehicle[]; total: number }> {
  const res = await api.get('admin/vehicles', { searchParams: { limit }, ...(signal && { signal }) });
  const items = await res.json<Vehicle[]>();
  return { items, total: totalCount(res, items.length) };
}

export const deleteUser = (id: string) => api.delete(`admin/user/${id}`, { headers: { 'Idempotency-Key': deleteKey(`user:${id}`) } }).json<MessageAnswer>();
export const deleteVehicle = (id: string) => api.delete(`admin/vehicle/${id}`, { headers: { 'Idempotency-Key': deleteKey(`vehicle:${id}`) } }).json<MessageAnswer>();

/** Open reports grouped by listing (issue 20), and an admin's dismissal of one listing's reports. */
export const fetchReports = (signal?: AbortSignal) => api.get('admin/reports', signal ? { signal } : {}).json<AdminReportGroup[]>();
export const dismissReports = (vehicleId: string) => api.post(`admin/reports/${vehicleId}/dismiss`, { headers: { 'Idempotency-Key': newKey() } }).json<MessageAnswer>();

/** The server wants the typed phrase in the body as well, so a stray call cannot wipe the data. */
export const resetDatabase = () => api.post('admin/reset-database', { json: { confirm: RESET_DATABASE_PHRASE } }).json<MessageAnswer>();

/** The server's `detail` when it sent one as text. */
export async function serverDetail(err: unknown): Promise<string | null> {
  if (!(err instanceof HTTPError)) return null;
  try {
    const body: unknown = await err.response.clone().json();
    const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
    return typeof detail === 'string' ? detail : null;
  } catch {
    return null;
  }
}

/** A 403 from an admin call: the server no longer counts this user as an administrator. */
export const isForbidden = (err: unknown): boolean => err instanceof HTTPError && err.response.status === 403;

/** An administrator's decision on a dealer's business details (issue 20's verified dealers). */
export const decideDealer = (id: string, decision: 'verify' | 'reject') => api.post(`admin/users/${id}/${decision}`, { json: {} }).json<AdminUser>();

/** An administrator closes a conversation's report (issue 37): it leaves the Reports tab. */
export const dismissConversationReport = (conversationId: string) =>
  api.post(`admin/reports/conversations/${conversationId}/dismiss`, { headers: { 'Idempotency-Key': newKey() } }).json<MessageAnswer>();

/** PUT /api/admin/zig-rate (issue 39): the rate buyers who chose ZiG see prices at. */
export const saveZigRate = (rate: number) => api.put('admin/zig-rate', { json: { rate }, headers: { 'Idempotency-Key': newKey() } }).json<ZigRate>();
