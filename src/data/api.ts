import ky from 'ky';
import type { Vehicle } from '../domain/vehicle';

/** The API client. No timeout by default (spec section 7); callers pass a signal when they need one. */
export const api = ky.create({ prefixUrl: '/api', timeout: false, retry: 0 });

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
