import ky from 'ky';
import type { SellerContact, Vehicle } from '../domain/listing/vehicle';
import { authToken, unauthorized } from './apiAuth';
import { changesListings, listingWritten } from './listingWrites';

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
        // This device changed a listing: its copy of the listings (and so its search) follows at once.
        if (changesListings(request.method, request.url, response.status)) listingWritten();
      },
      (request, _options, response) => {
        if (response.status !== 401) return;
        const sent = request.headers.get('Authorization');
        // Only a 401 for the token still in use ends the session: a late answer to a request sent
        // with an earlier token must not sign out the user who has signed in since.
        const token = authToken();
        if (sent && token && sent === `Bearer ${token}`) unauthorized();
      },
    ],
  },
});

/** A page of GET /api/sync/vehicles: its schema is the domain's (src/domain/core/wire.ts). */
export type { SyncPage } from '../domain/core/wire';

export const fetchVehicle = (id: string, signal?: AbortSignal) => api.get(`cars/${id}`, signal ? { signal } : {}).json<Vehicle>();

/** A listing's contact for the signed-in user (counted as a lead for its seller; rate-limited per user). */
export const fetchContact = (id: string) => api.get(`vehicles/${id}/contact`).json<SellerContact>();
