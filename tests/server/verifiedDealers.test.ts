import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@/domain/account/user';
import type { Vehicle } from '@/domain/listing/vehicle';
import { decodeSummaries, type SummaryPage } from '@/domain/search/summary';
import { BUSINESS_MESSAGES, statusAfterSubmit } from '@/domain/account/business';
import { ENGINES, startServer, type TestServer } from './harness';

// Verified dealers (issue 20): a dealer submits business details, an administrator verifies or rejects
// them, and a verified dealer's listings carry verified_dealer (answered, searched, in the summary feed).

const DETAILS = { business_name: 'Harare Auto Hub', registration_number: 'ZW-12345/2019', address: '12 Seke Road, Graniteside, Harare' };

describe('a submission after a decision (domain rule)', () => {
  it('waits for review when new or changed, and keeps its status when sent again unchanged', () => {
    expect(statusAfterSubmit({ status: null, details: null }, DETAILS)).toBe('pending');
    expect(statusAfterSubmit({ status: 'verified', details: DETAILS }, DETAILS)).toBe('verified');
    expect(statusAfterSubmit({ status: 'verified', details: DETAILS }, { ...DETAILS, address: '1 Other Road, Harare' })).toBe('pending');
    expect(statusAfterSubmit({ status: 'rejected', details: DETAILS }, { ...DETAILS, registration_number: 'ZW-1' })).toBe('pending');
  });
});

describe.each(ENGINES)('%s: verified dealers', (engine) => {
  let s: TestServer;
  let dealer: { token: string; user: { id: string } };
  let privateSeller: { token: string; user: { id: string } };
  let admin: string;
  const listings: string[] = [];

  beforeAll(async () => {
    s = await startServer(engine, { seed: false });
    dealer = await s.signup({ user_type: 'dealer', business_name: 'Harare Auto' });
    privateSeller = await s.signup();
    admin = (await s.admin()).token;
    for (const model of ['Hilux', 'Fortuner']) listings.push((await s.pay(dealer.token, (await s.draft(dealer.token, { make: 'Toyota', model })).id)).id);
    await s.pay(privateSeller.token, (await s.draft(privateSeller.token, { make: 'Toyota', model: 'Hilux' })).id);
  });
  afterAll(() => s?.close());

  const submit = (token: string | null, body: unknown) => s.request({ method: 'PUT', url: '/api/me/business', token, body });
  const decide = (token: string | null, id: string, what: 'verify' | 'reject') => s.request({ method: 'POST', url: `/api/admin/users/${id}/${what}`, token, body: {} });
  async function verifiedIds(): Promise<string[]> {
    const res = await s.request({ method: 'GET', url: '/api/vehicles?verified_dealer=true' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Vehicle[]).map((v) => v.id).sort();
  }
  async function listing(id: string): Promise<Vehicle> {
    const res = await s.request({ method: 'GET', url: `/api/vehicles/${id}` });
    expect(res.statusCode).toBe(200);
    return res.json() as Vehicle;
  }

  it('takes business details from dealers only: 401 signed out, 403 for a private seller, 422 for bad details', async () => {
    expect((await submit(null, DETAILS)).statusCode).toBe(401);
    const refused = await submit(privateSeller.token, DETAILS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: BUSINESS_MESSAGES.dealersOnly });
    for (const bad of [{}, { ...DETAILS, business_name: '' }, { ...DETAILS, registration_number: 'x'.repeat(61) }, { ...DETAILS, address: 42 }, { ...DETAILS, address: 'a\u0000bcdef' }]) {
      const res = await submit(dealer.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json()).toHaveProperty('detail');
    }
  });

  it('lets only administrators decide, and only on a dealer who submitted details', async () => {
    expect((await decide(null, dealer.user.id, 'verify')).statusCode).toBe(401);
    expect((await decide(dealer.token, dealer.user.id, 'verify')).statusCode).toBe(403);
    expect((await decide(privateSeller.token, dealer.user.id, 'reject')).statusCode).toBe(403);
    expect((await decide(admin, dealer.user.id, 'verify')).json()).toEqual({ detail: BUSINESS_MESSAGES.nothingToReview });
    expect((await decide(admin, privateSeller.user.id, 'verify')).statusCode).toBe(409);
    expect((await decide(admin, '00000000-0000-4000-8000-000000000000', 'verify')).statusCode).toBe(404);
    expect((await decide(admin, 'not-an-id', 'verify')).statusCode).toBe(422);
  });

  it('a submission waits for review; once verified, every listing of the dealer carries the badge, in search and in the feed', async () => {
    const submitted = await submit(dealer.token, DETAILS);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ business_name: 'Harare Auto Hub', business_registration: 'ZW-12345/2019', business_address: DETAILS.address, business_status: 'pending' });
    expect(await verifiedIds()).toEqual([]);
    const before = (await s.request({ method: 'GET', url: '/api/sync/summary?format=2&since=0' })).json() as SummaryPage;

    const verified = await decide(admin, dealer.user.id, 'verify');
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ id: dealer.user.id, business_status: 'verified' });
    expect(await verifiedIds()).toEqual([...listings].sort());
    expect(await listing(listings[0]!)).toMatchObject({ verified_dealer: true });

    // Offline copies hear of it: the delta since the last page carries the dealer's listings, badge and all.
    const delta = await s.request({ method: 'GET', url: `/api/sync/summary?format=2&since=${before.revision}` });
    expect(delta.statusCode, delta.body).toBe(200);
    const rows = decodeSummaries((delta.json() as SummaryPage).rows);
    expect(rows.map((r) => r.id).sort()).toEqual([...listings].sort());
    expect(rows.every((r) => r.verified_dealer)).toBe(true);

    // A listing made after verification carries it from the start.
    const later = await s.pay(dealer.token, (await s.draft(dealer.token, { make: 'Toyota', model: 'Prado' })).id);
    expect(later.verified_dealer).toBe(true);
    listings.push(later.id);
    expect(await verifiedIds()).toEqual([...listings].sort());
  });

  it('sending the same details again keeps the badge; changing them sends them back for review and takes it away', async () => {
    expect((await submit(dealer.token, DETAILS)).json()).toMatchObject({ business_status: 'verified' });
    expect(await verifiedIds()).toHaveLength(3);
    const changed = await submit(dealer.token, { ...DETAILS, address: '40 Lytton Road, Workington, Harare' });
    expect(changed.json()).toMatchObject({ business_status: 'pending', business_address: '40 Lytton Road, Workington, Harare' });
    expect(await verifiedIds()).toEqual([]);
    expect(await listing(listings[1]!)).toMatchObject({ verified_dealer: false });
  });

  it('a rejection leaves the listings without the badge, and the dealer sees it', async () => {
    const rejected = await decide(admin, dealer.user.id, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ business_status: 'rejected' });
    expect(await verifiedIds()).toEqual([]);
    const me = await s.request({ method: 'GET', url: `/api/users/${dealer.user.id}`, token: dealer.token });
    expect(me.json()).toMatchObject({ business_status: 'rejected' });
    const users = await s.request({ method: 'GET', url: '/api/admin/users', token: admin });
    expect((users.json() as User[]).find((u) => u.id === dealer.user.id)).toMatchObject({ business_status: 'rejected', business_registration: 'ZW-12345/2019' });
  });
});
