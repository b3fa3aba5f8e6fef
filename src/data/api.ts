import ky from 'ky';
import type { Vehicle } from '../domain/vehicle';

let authToken: () => string | null = () => null;
let unauthorized: (() => void) | null = null;

/** The app says where the signed-in user's token is; src/data cannot import the app's session store. */
export function setAuthTokenProvider(provider: () => string | null): void {
  authToken = provider;
}

/** Called when an authenticated call answers 401: the token has expired or its user is gone. */
export function onUnauthorized(handler: () => void): void {
  unauthorized = handler;
}

/**
 * The API client. No timeout by default (spec section 7); callers pass a signal when they need one.
 * After sign-in every call carries the bearer token (spec section 7).
 */
export const api = ky.create({
  prefixUrl: '/api',
  timeout: false,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = authToken();
        if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        if (response.status !== 401) return;
        const sent = request.headers.get('Authorization');
        // Only a 401 for the token still in use ends the session: a late answer to a request sent
        // with an earlier token must not sign out the user who has signed in since.
        const token = authToken();
        if (sent && token && sent === `Bearer ${token}`) unauthorized?.();
      },
    ],
  },
});

export interface AppConfig {
  product_name: string;
  support_email: string;
  payments: {
    card: { provider: string; mode: string; publishable_key: string | null } | null;
    mobile_money: { provider: string; mode: string };
    sandbox_pins: { approve: string; decline: string } | null;
  };
  push_public_key: string | null;
}

export interface SyncPage {
  upserts: Vehicle[];
  tombstones: string[];
  revision: number;
  has_more: boolean;
}

export const fetchConfig = () => api.get('config').json<AppConfig>();
export const fetchSyncPage = (since: number, limit: number, signal?: AbortSignal) =>
  api.get('sync/vehicles', { searchParams: { since, limit }, ...(signal && { signal }) }).json<SyncPage>();
export const fetchVehicle = (id: string, signal?: AbortSignal) => api.get(`cars/${id}`, signal ? { signal } : {}).json<Vehicle>();
