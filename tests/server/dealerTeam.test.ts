import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES, type MyTeam, type Team } from '@/domain/account/dealerTeam';
import type { Vehicle } from '@/domain/listing/vehicle';
import { listingBody } from '../support/listingBody';
import { ENGINES, startServer, type TestServer } from './harness';
import { mailsTo } from './outbox';

// A dealer's team (issue 38): the dealer invites staff by an emailed link that expires; staff sign in
// with their own accounts and manage the dealer's listings, but not billing, keys or the team; the
// dealer sees who made and last changed each listing, and removes staff, who then lose access at once.

type Session = Awaited<ReturnType<TestServer['signup']>>;
type HistoryEntry = Vehicle & { created_by?: string | null; updated_by?: string | null };

/** The invitation link's token in the newest mail to an address (the outbox mailer's .eml files). */
function invitationToken(s: TestServer, email: string): string {
  const m = /\/join\/([\w-]+)/.exec(mailsTo(s.dataDir, email).at(-1) ?? '');
  if (!m) throw new Error(`no invitation mailed to ${email}`);
  return m[1]!;
}

describe.each(ENGINES)('%s: a dealer team', (engine) => {
  let s: TestServer;
  let dealer: Session;
  let staff: Session;
  let stranger: Session;
  let hilux: Vehicle;

  beforeAll(async () => {
    s = await startServer(engine);
    dealer = await s.signup({ name: 'Chipo Moyo', user_type: 'dealer', business_name: 'Msasa Motors' });
    staff = await s.signup({ name: 'Tawanda Staff' });
    stranger = await s.signup({ name: 'Someone Else' });
    hilux = await s.pay(dealer.token, (await s.draft(dealer.token)).id);
  });
  afterAll(() => s?.close());

  const call = (method: string, url: string, token: string | null, body?: unknown) => s.request({ method, url, token, ...(body !== undefined && { body }) });

  it('the dealer invites by email; the link shows the dealer, works once, for the address it went to', async () => {
    const sent = await call('POST', '/api/dealer/invites', dealer.token, { email: staff.user.email.toUpperCase() });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ email: staff.user.email });
    const token = invitationToken(s, staff.user.email);
    expect((await call('GET', `/api/team/invites/${token}`, null)).json()).toMatchObject({ dealer_name: 'Msasa Motors', email: staff.user.email });
    expect(((await call('GET', '/api/dealer/team', dealer.token)).json() as Team).invites.map((i) => i.email)).toEqual([staff.user.email]);

    const wrongPerson = await call('POST', '/api/team/join', stranger.token, { token });
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.json()).toEqual({ detail: TEAM_MESSAGES.otherEmail });
    const joined = await call('POST', '/api/team/join', staff.token, { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ role: 'staff', dealer: { id: dealer.user.id, name: 'Msasa Motors' } } satisfies MyTeam);
    expect((await call('GET', '/api/me/team', staff.token)).json()).toEqual(joined.json());
    expect((await call('GET', '/api/me/team', stranger.token)).json()).toEqual({ role: null, dealer: null });
    // Used: gone.
    expect((await call('GET', `/api/team/invites/${token}`, null)).statusCode).toBe(410);
    const team = (await call('GET', '/api/dealer/team', dealer.token)).json() as Team;
    expect(team.members.map((m) => [m.name, m.email])).toEqual([['Tawanda Staff', staff.user.email]]);
    expect(team.invites).toEqual([]);
  });

  it('an invitation expires after seven days', async () => {
    await call('POST', '/api/dealer/invites', dealer.token, { email: stranger.user.email });
    const token = invitationToken(s, stranger.user.email);
    const at = s.clock.now;
    s.clock.now = new Date(at.getTime() + 7 * 86_400_000 + 1000);
    try {
      const late = await call('POST', '/api/team/join', stranger.token, { token });
      expect(late.statusCode).toBe(410);
      expect(late.json()).toEqual({ detail: TEAM_MESSAGES.inviteGone });
    } finally {
      s.clock.now = at;
    }
  });

  it("staff list for the dealer and manage the dealer's listings; the dealer sees who did", async () => {
    const made = await call('POST', '/api/vehicles', staff.token, listingBody({ make: 'Nissan', model: 'Navara' }));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ seller_id: dealer.user.id, seller_name: 'Msasa Motors' });
    const edit = await call('PUT', `/api/vehicles/${hilux.id}`, staff.token, { price: 35500 });
    expect(edit.statusCode, edit.body).toBe(200);
    const history = (await call('GET', `/api/users/${dealer.user.id}/listing-history`, dealer.token)).json() as HistoryEntry[];
    const byId = new Map(history.map((h) => [h.id, h]));
    expect(byId.get((made.json() as Vehicle).id)).toMatchObject({ created_by: 'Tawanda Staff', updated_by: 'Tawanda Staff' });
    expect(byId.get(hilux.id)).toMatchObject({ created_by: 'Chipo Moyo', updated_by: 'Tawanda Staff', price: 35500 });
    // Staff read the dealer's listings and stock, as the dashboard does.
    expect((await call('GET', `/api/users/${dealer.user.id}/listing-history`, staff.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/dealer/stock', staff.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${dealer.user.id}/listing-history`, stranger.token)).statusCode).toBe(403);
    expect((await call('PUT', `/api/vehicles/${hilux.id}`, stranger.token, { price: 1 })).statusCode).toBe(403);
  });

  it('staff cannot touch billing, API keys, the webhook or the team', async () => {
    const draft = (await call('POST', '/api/vehicles', staff.token, listingBody({ model: 'Fortuner' }))).json() as Vehicle;
    for (const [method, url, body] of [
      ['POST', '/api/dealer/keys', { name: 'Mine', scope: 'write' }],
      ['GET', '/api/dealer/keys', undefined],
      ['PUT', '/api/dealer/webhook', { url: 'https://dms.example.com/' }],
      ['GET', '/api/dealer/team', undefined],
      ['POST', '/api/dealer/invites', { email: 'friend@example.co.zw' }],
      ['DELETE', `/api/dealer/members/${staff.user.id}`, undefined],
    ] as const) {
      const res = await call(method, url, staff.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ detail: TEAM_MESSAGES.ownerOnly });
    }
    const pay = await call('POST', '/api/payments/ecocash/create', staff.token, { vehicle_id: draft.id, payment_method: 'ecocash', customer_msisdn: '0771234567' });
    expect(pay.statusCode, pay.body).toBe(403);
  });

  it('a removed member loses the listings at once; a member may leave', async () => {
    expect((await call('DELETE', `/api/dealer/members/${staff.user.id}`, dealer.token)).statusCode).toBe(204);
    expect((await call('PUT', `/api/vehicles/${hilux.id}`, staff.token, { price: 1 })).statusCode).toBe(403);
    expect((await call('GET', '/api/me/team', staff.token)).json()).toEqual({ role: null, dealer: null });
    const made = await call('POST', '/api/vehicles', staff.token, listingBody({ model: 'Corolla' }));
    expect(made.json()).toMatchObject({ seller_id: staff.user.id });
    expect((await call('DELETE', '/api/me/team', staff.token)).statusCode).toBe(404);
    // A dealer account cannot join a team.
    const other = await s.signup({ name: 'Other Dealer', user_type: 'dealer' });
    await call('POST', '/api/dealer/invites', dealer.token, { email: other.user.email });
    const res = await call('POST', '/api/team/join', other.token, { token: invitationToken(s, other.user.email) });
    expect(res.json()).toEqual({ detail: TEAM_MESSAGES.dealerCannotJoin });
  });
});
