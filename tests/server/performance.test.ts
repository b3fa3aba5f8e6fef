import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadsAnswer } from '@/domain/core/wire';
import type { Vehicle } from '@/domain/listing/vehicle';
import { performanceRows } from '@/domain/listing/performance';
import { ENGINES, startServer, type TestServer } from './harness';

// The numbers behind the seller's performance screen (issue 38) through the HTTP layer: taps on Call and WhatsApp are
// counted, the leads come over 90 days (a dealer's staff get the dealer's), and the listing history carries what the
// screen needs (first publication, stock number, price verdict).

type Session = Awaited<ReturnType<TestServer['signup']>>;
type HistoryEntry = Vehicle & { first_published_at?: string | null; stock_number?: string | null };

describe.each(ENGINES)('%s: the seller’s numbers', (engine) => {
  let s: TestServer;
  let dealer: Session;
  let staff: Session;
  let buyer: Session;
  let hilux: Vehicle;

  beforeAll(async () => {
    s = await startServer(engine);
    dealer = await s.signup({ name: 'Chipo Moyo', user_type: 'dealer', business_name: 'Msasa Motors' });
    staff = await s.signup({ name: 'Tawanda Staff' });
    buyer = await s.signup({ name: 'Rudo Buyer' });
    hilux = await s.pay(dealer.token, (await s.draft(dealer.token, { make: 'Toyota', model: 'Hilux', images: [] })).id);
    // The staff member joined the dealer's team (the invitation itself is dealerTeam.test.ts's).
    await s.app.ctx.db.execute(sql`insert into dealer_members (user_id, dealer_id) values (${staff.user.id}, ${dealer.user.id})`);
  });
  afterAll(() => s?.close());

  const tap = (id: string, kind: string) => s.request({ method: 'POST', url: `/api/vehicles/${id}/events`, body: { kind } });

  it('counts taps on Call and WhatsApp for the seller; other kinds are refused with a detail', async () => {
    expect((await tap(hilux.id, 'call')).statusCode).toBe(204);
    expect((await tap(hilux.id, 'call')).statusCode).toBe(204);
    expect((await tap(hilux.id, 'whatsapp')).statusCode).toBe(204);
    const wrong = await tap(hilux.id, 'contact');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toHaveProperty('detail');
    const draft = await s.draft(dealer.token);
    expect((await tap(draft.id, 'call')).statusCode).toBe(404);

    const leads = (await s.request({ method: 'GET', url: '/api/me/leads', token: dealer.token })).json() as LeadsAnswer;
    const mine = leads.listings.find((l) => l.vehicle_id === hilux.id)!;
    expect(mine.call.at(-1)).toBe(2);
    expect(mine.whatsapp.at(-1)).toBe(1);
    expect(leads.listings.find((l) => l.vehicle_id === draft.id)!.call.every((n) => n === 0)).toBe(true);
  });

  it("gives a dealer's staff the dealer's leads, and a stranger none of them", async () => {
    const forStaff = await s.request({ method: 'GET', url: '/api/me/leads', token: staff.token });
    expect(forStaff.statusCode, forStaff.body).toBe(200);
    const answer = forStaff.json() as LeadsAnswer;
    expect(answer.days).toBe(90);
    expect(answer.listings.find((l) => l.vehicle_id === hilux.id)?.call.at(-1)).toBe(2);
    const forBuyer = (await s.request({ method: 'GET', url: '/api/me/leads', token: buyer.token })).json() as LeadsAnswer;
    expect(forBuyer.listings).toEqual([]);
  });

  it('carries first publication, stock number and price verdict in the listing history, and they make the screen’s row', async () => {
    // A stock number as the Stock API gives one (stockApi.test.ts), and a first publication 40 days ago.
    await s.app.ctx.db.execute(sql`update vehicles set stock_number = 'MM-7', first_published_at = now() - interval '40 days' where id = ${hilux.id}`);
    await s.outsideWriteSeen();

    const history = (await s.request({ method: 'GET', url: `/api/users/${dealer.user.id}/listing-history`, token: staff.token })).json() as HistoryEntry[];
    const row = history.find((v) => v.id === hilux.id)!;
    expect(row.stock_number).toBe('MM-7');
    expect(Date.now() - Date.parse(row.first_published_at!)).toBeGreaterThan(39 * 86_400_000);
    // Public, so judged against the market (here too few alike: 'no_data'); a draft carries no verdict.
    expect(row.price_verdict?.band).toBe('no_data');
    const draft = history.find((v) => !v.is_published)!;
    expect(draft.price_verdict ?? null).toBeNull();
    expect(draft.first_published_at).toBeNull();

    const leads = (await s.request({ method: 'GET', url: '/api/me/leads', token: dealer.token })).json() as LeadsAnswer;
    const [screenRow] = performanceRows([row], new Map(leads.listings.map((l) => [l.vehicle_id, l])), 30);
    expect(screenRow).toMatchObject({ stock_number: 'MM-7', status: 'Active', days_on_market: 40, leads: { call: 2, whatsapp: 1 } });
    // No photos; its leads are recent, so it is not quiet.
    expect(screenRow!.attention).toEqual(['no_photos']);
  });
});
