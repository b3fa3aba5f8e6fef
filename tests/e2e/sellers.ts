import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { listingBody } from '../support/listingBody';

// A private seller or a dealer on the real server, through its API, for end-to-end files that need listings of
// their own: an account, a listing, its fee paid through the sandbox card provider.

export interface Seller {
  token: string;
  user: Record<string, unknown> & { id: string };
}

export function sellerApi(baseUrl: string) {
  const call = (method: string, p: string, token: string | null, body?: unknown): Promise<Response> =>
    fetch(`${baseUrl}${p}`, {
      method,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  return {
    call,
    /** A private seller's account, or (`dealer`: the business's name) a dealer's in Harare; a fresh address unless `email` is given. */
    async signup(name: string, opts: { dealer?: string; email?: string } = {}): Promise<Seller> {
      const who = opts.dealer ? { location: 'Harare', user_type: 'dealer', business_name: opts.dealer } : { location: 'Gweru, Zimbabwe', user_type: 'private' };
      const body = { name, email: opts.email ?? `${opts.dealer ? 'dealer' : 'seller'}-${randomUUID()}@example.co.zw`, phone: '+263 77 300 4000', password: 'kombi-123', ...who };
      const res = await call('POST', '/api/auth/signup', null, body);
      expect(res.status).toBe(201);
      const { access_token, user } = (await res.json()) as { access_token: string; user: Seller['user'] };
      return { token: access_token, user };
    },
    /** A published listing: created from listingBody(over), then paid for. */
    async publish(seller: Seller, over: Record<string, unknown> = {}): Promise<Vehicle> {
      const created = await call('POST', '/api/vehicles', seller.token, listingBody(over));
      expect(created.status, await created.clone().text()).toBe(201);
      const listing = (await created.json()) as Vehicle;
      const intent = await call('POST', '/api/payments/create-intent', seller.token, { vehicle_id: listing.id, payment_method: 'card' });
      expect(intent.status).toBe(200);
      const { payment_intent_id } = (await intent.json()) as { payment_intent_id: string };
      expect((await call('POST', `/api/payments/confirm/${payment_intent_id}`, seller.token, {})).status).toBe(200);
      return listing;
    },
    /** The listing as its seller reads it: the seller's reading counts no view. */
    async asSeller(seller: Seller, id: string): Promise<Vehicle> {
      const res = await call('GET', `/api/cars/${id}`, seller.token);
      expect(res.status).toBe(200);
      return (await res.json()) as Vehicle;
    },
  };
}
