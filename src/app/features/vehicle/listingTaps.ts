import { api } from '@/data/api';

/**
 * Counts a buyer's share of a listing, or tap on Call or WhatsApp, for its seller's leads (POST /api/vehicles/{id}/events).
 * Offline the tap goes uncounted: the call or the chat itself does not wait for it.
 */
export function recordListingTap(vehicleId: string, kind: 'share' | 'call' | 'whatsapp'): void {
  api.post(`vehicles/${vehicleId}/events`, { json: { kind } }).catch((err: unknown) => console.warn(`${kind} not counted`, err));
}
