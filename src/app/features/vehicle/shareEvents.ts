import { api } from '@/data/api';

/** Counts a share of a listing for its seller's leads (POST /api/vehicles/{id}/events); offline, the share simply goes uncounted. */
export function recordShare(vehicleId: string): void {
  api.post(`vehicles/${vehicleId}/events`, { json: { kind: 'share' } }).catch((err: unknown) => console.warn('share not counted', err));
}
