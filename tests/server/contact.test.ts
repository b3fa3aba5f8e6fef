import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { ENGINES, startServer, type TestServer } from './harness';

type Session = Awaited<ReturnType<TestServer['signup']>>;

const CONTACT_FIELDS = ['seller_phone', 'seller_email', 'dealer_phone', 'dealer_email'];
const PRIVATE_PHONE = '+263 71 555 0101';
const DEALER_PHONE = '+263 24 270 0000';

/** Every key anywhere in a JSON value, nested objects and arrays included. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;
  let seller: Session;
  let dealer: Session;
  let buyer: Session;
  let listing: Vehicle;
  let dealerListing: Vehicle;

  beforeAll(async () => {
    s = await startServer(engine, { seed: true, config: { rateLimits: { login: 1000, signup: 1000, reset: 1000, resetPerEmail: 1000, contact: 4 } } });
    seller = await s.signup({ name: 'Rudo Private', phone: PRIVATE_PHONE });
    dealer = await s.signup({ user_type: 'dealer', name: 'Farai Dealer', business_name: 'Msasa Motors', phone: DEALER_PHONE });
    buyer = await s.signup({ name: 'Tapiwa Buyer' });
    listing = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Corolla' })).id);
    dealerListing = await s.pay(dealer.token, (await s.draft(dealer.token, { make: 'Ford', model: 'Ranger' })).id);
    await s.pay(dealer.token, (await s.draft(dealer.token, { make: 'Ford', model: 'Everest' })).id);
  });
  afterAll(async () => {
    await s?.close();
  });

  const contact = (id: string, token?: string) => s.request({ method: 'GET', url: `/api/vehicles/${id}/contact`, token: token ?? null });
  const history = async (session: Session) => {
    const res = await s.request({ method: 'GET', url: `/api/users/${session.user.id}/listing-history`, token: session.token });
    expect(res.statusCode).toBe(200);
    return res.json() as (Vehicle & { contact_requests: number; seller_phone: string | null })[];
  };

  it('no public answer carries a phone number or an email, for visitors or signed-in buyers', async () => {
    const urls = [
      '/api/vehicles',
      '/api/cars',
      '/api/vehicles/featured',
      '/api/cars/featured',
      `/api/cars/${listing.id}`,
      `/api/vehicles/${dealerListing.id}`,
      `/api/vehicle/${dealerListing.id}/dealer-info`,
      `/api/vehicle/${listing.id}/dealer-info`,
      `/api/vehicles?seller_id=${dealer.user.id}`,
      '/api/sync/vehicles?since=0&limit=2000',
    ];
    for (const token of [null, buyer.token]) {
      for (const url of urls) {
        const res = await s.request({ method: 'GET', url, token });
        expect(res.statusCode, url).toBe(200);
        const keys = keysOf(res.json());
        // Listings are there (a private seller's dealer-info is only { is_dealer: false }).
        expect(keys.has('seller_id') || res.json().is_dealer === false, url).toBe(true);
        for (const field of CONTACT_FIELDS) expect(keys.has(field), `${url} carries ${field}`).toBe(false);
        expect(res.body, url).not.toContain(PRIVATE_PHONE);
        expect(res.body, url).not.toContain(DEALER_PHONE);
        expect(res.body, url).not.toContain(seller.user.email);
      }
    }
  });

  it('the seller still reads the contact on their own listings', async () => {
    const own = (await history(seller)).find((v) => v.id === listing.id)!;
    expect(own.seller_phone).toBe(PRIVATE_PHONE);
    const detail = await s.request({ method: 'GET', url: `/api/cars/${listing.id}`, token: seller.token });
    expect(detail.json().seller_phone).toBe(PRIVATE_PHONE);
    const mine = await s.request({ method: 'GET', url: `/api/vehicles?seller_id=${seller.user.id}`, token: seller.token });
    expect((mine.json() as { seller_phone: string }[])[0]!.seller_phone).toBe(PRIVATE_PHONE);
  });

  it('the contact call needs a signed-in user', async () => {
    const res = await contact(listing.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('detail');
  });

  it("gives a signed-in buyer the phone; a dealer's business email, never a private seller's", async () => {
    const priv = await contact(listing.id, buyer.token);
    expect(priv.statusCode).toBe(200);
    expect(priv.json()).toEqual({ seller_phone: PRIVATE_PHONE, seller_email: null });
    expect(priv.headers['cache-control']).toContain('no-store');
    const biz = await contact(dealerListing.id, buyer.token);
    expect(biz.json()).toEqual({ seller_phone: DEALER_PHONE, seller_email: dealer.user.email });
  });

  it('counts one lead per buyer and listing, however often they ask; the seller asking counts none', async () => {
    const other = await s.signup({ name: 'Second Buyer' });
    const draft = await s.draft(seller.token, { make: 'Mazda', model: 'Demio' });
    const published = await s.pay(seller.token, draft.id);
    const leads = async () => (await history(seller)).find((v) => v.id === published.id)!.contact_requests;
    expect(await leads()).toBe(0);
    expect((await contact(published.id, other.token)).statusCode).toBe(200);
    expect((await contact(published.id, other.token)).statusCode).toBe(200);
    expect(await leads()).toBe(1);
    expect((await contact(published.id, seller.token)).statusCode).toBe(200);
    expect(await leads()).toBe(1);
    expect((await contact(published.id, buyer.token)).statusCode).toBe(200);
    expect(await leads()).toBe(2);
  });

  it('answers 404 for a draft (to anyone but its seller) and for a listing that does not exist', async () => {
    const other = await s.signup();
    const draft = await s.draft(seller.token, { make: 'Honda', model: 'Fit' });
    expect((await contact(draft.id, other.token)).statusCode).toBe(404);
    expect((await contact(randomUUID(), other.token)).statusCode).toBe(404);
    expect((await contact('not-a-uuid', other.token)).statusCode).toBe(422);
  });

  it('a sold listing offers no contact: 410 {detail} for a buyer (one who asked before the sale too), no lead counted; its seller and administrators still read it', async () => {
    const early = await s.signup({ name: 'Early Buyer' });
    const late = await s.signup({ name: 'Late Buyer' });
    const published = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Nissan', model: 'March' })).id);
    expect((await contact(published.id, early.token)).statusCode).toBe(200);
    expect((await s.request({ method: 'POST', url: `/api/vehicles/${published.id}/sold`, token: seller.token })).statusCode).toBe(200);

    for (const buyerToken of [early.token, late.token]) {
      const refused = await contact(published.id, buyerToken);
      expect(refused.statusCode).toBe(410);
      expect(refused.json()).toEqual({ detail: "This vehicle has been sold, so its seller's contact details are no longer shown." });
      expect(refused.headers['cache-control']).toContain('no-store');
      expect(refused.body).not.toContain(PRIVATE_PHONE);
    }
    // The buyer who asked before the sale is its one lead; asking after it counts none.
    expect((await history(seller)).find((v) => v.id === published.id)!.contact_requests).toBe(1);

    const own = await contact(published.id, seller.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ seller_phone: PRIVATE_PHONE, seller_email: null });
    const admin = await s.admin();
    const moderated = await contact(published.id, admin.token);
    expect(moderated.statusCode).toBe(200);
    expect(moderated.json()).toEqual({ seller_phone: PRIVATE_PHONE, seller_email: null });
  });

  it('limits each user to the configured number of contacts an hour, with 429 {detail}', async () => {
    const heavy = await s.signup({ name: 'Scraper' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await contact(i % 2 ? listing.id : dealerListing.id, heavy.token)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await contact(listing.id, heavy.token);
    expect(refused.json()).toEqual({ detail: "You have asked for many sellers' contact details in a short time. Please try again in an hour." });
    // Another user is not held up by it.
    const calm = await s.signup();
    expect((await contact(listing.id, calm.token)).statusCode).toBe(200);
  });
});
