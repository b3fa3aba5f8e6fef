import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { User } from '@/domain/account/user';
import { ENGINES, startServer, type TestServer } from './harness';

type Session = Awaited<ReturnType<TestServer['signup']>>;

const PHONE = '+263 71 555 0101';

describe.each(ENGINES)('%s: contact preference', (engine) => {
  let s: TestServer;
  let seller: Session;
  let buyer: Session;
  let listing: Vehicle;

  beforeAll(async () => {
    s = await startServer(engine);
    seller = await s.signup({ name: 'Rudo Private', phone: PHONE });
    buyer = await s.signup({ name: 'Tapiwa Buyer' });
    listing = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Corolla', seller_phone: PHONE })).id);
  });
  afterAll(async () => {
    await s?.close();
  });

  const contact = async (token: string, id = listing.id) => {
    const res = await s.request({ method: 'GET', url: `/api/vehicles/${id}/contact`, token });
    expect(res.statusCode).toBe(200);
    return res.json() as { seller_phone: string | null };
  };
  const page = async (id = listing.id) => (await s.request({ method: 'GET', url: `/api/vehicles/${id}` })).json() as Vehicle & { contact_preference?: string };
  const settings = (token: string | null, body: unknown) => s.request({ method: 'PUT', url: '/api/me/settings', token, body });

  it('shows the phone to signed-in buyers by default', async () => {
    expect((await page()).contact_preference).toBe('phone');
    expect((await contact(buyer.token)).seller_phone).toBe(PHONE);
    const me = (await s.request({ method: 'GET', url: '/api/auth/me', token: seller.token })).json() as User;
    expect(me).toMatchObject({ contact_preference: 'phone', message_emails: true });
  });

  it("an account taking messages only never sends its listings' phone to buyers", async () => {
    const res = await settings(seller.token, { contact_preference: 'messages', message_emails: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contact_preference: 'messages', message_emails: false });
    expect((await page()).contact_preference).toBe('messages');
    const answer = await contact(buyer.token);
    expect(answer.seller_phone).toBeNull();
    expect(JSON.stringify(answer)).not.toContain('555 0101');
    // Its seller still reads their own.
    expect((await contact(seller.token)).seller_phone).toBe(PHONE);
  });

  it("a listing's own choice wins over the account's, and null follows the account again", async () => {
    const put = async (value: string | null) => {
      const res = await s.request({ method: 'PUT', url: `/api/vehicles/${listing.id}`, token: seller.token, body: { contact_preference: value } });
      expect(res.statusCode).toBe(200);
    };
    await put('phone');
    expect((await page()).contact_preference).toBe('phone');
    expect((await contact(buyer.token)).seller_phone).toBe(PHONE);
    await settings(seller.token, { contact_preference: 'phone' });
    await put('messages');
    expect((await page()).contact_preference).toBe('messages');
    expect((await contact(buyer.token)).seller_phone).toBeNull();
    await put(null);
    expect((await page()).contact_preference).toBe('phone');
    expect((await contact(buyer.token)).seller_phone).toBe(PHONE);
  });

  it('refuses a preference that is not one of the two, and anonymous changes', async () => {
    const bad = await settings(seller.token, { contact_preference: 'pigeon' });
    expect([400, 422]).toContain(bad.statusCode);
    expect(bad.json()).toHaveProperty('detail');
    expect((await settings(null, { contact_preference: 'messages' })).statusCode).toBe(401);
    const badListing = await s.request({ method: 'PUT', url: `/api/vehicles/${listing.id}`, token: seller.token, body: { contact_preference: 'fax' } });
    expect([400, 422]).toContain(badListing.statusCode);
  });
});
