import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { eq } from 'drizzle-orm';
import { vehicles } from '@/server/db/schema';
import { ENGINES, startServer, type TestServer } from './harness';

// Search by words (issue 20) through the HTTP layer on both engines: `q` finds listings by make,
// model, variant, year, place, seller name (typos and prefixes allowed), and on the server by the
// description and colour too; it combines with the filters and distance, and a too-long q is refused.

describe.each(ENGINES)('%s: search by words (q)', (engine) => {
  let s: TestServer;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    s = await startServer(engine, { seed: false });
    const tendai = (await s.signup({ name: 'Tendai Moyo', location: 'Harare', latitude: -17.83, longitude: 31.05 })).token;
    const dealer = (await s.signup({ name: 'Rudo', user_type: 'dealer', business_name: 'Zambezi Motors', location: 'Bulawayo', latitude: -20.15, longitude: 28.58 })).token;
    const listings: [string, string, Record<string, unknown>][] = [
      ['hiluxHarare', tendai, { make: 'Toyota', model: 'Hilux', variant: '2.8GD-6', year: 2019, location: 'Borrowdale, Harare', color: 'White', description: 'Well kept, full service history.' }],
      ['hiluxBulawayo', dealer, { make: 'Toyota', model: 'Hilux', variant: '2.4 D4D', year: 2015, location: 'Bulawayo', color: 'Silver', description: 'One owner.' }],
      ['fitHarare', tendai, { make: 'Honda', model: 'Fit', variant: null, year: 2012, location: 'Avondale, Harare', color: 'Blue', description: 'Cheap to run.' }],
      ['tipper', dealer, { make: 'Isuzu', model: 'FVZ', variant: null, year: 2010, location: 'Bulawayo', color: 'Red', car_category: 'truck', description: 'Ten cubic tipper body, new tyres.' }],
    ];
    for (const [name, token, over] of listings) ids[name] = (await s.pay(token, (await s.draft(token, over)).id)).id;
  });
  afterAll(() => s?.close());

  async function found(qs: string): Promise<string[]> {
    const res = await s.request({ method: 'GET', url: `/api/vehicles?${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    const got = (res.json() as Vehicle[]).map((v) => v.id);
    expect(Number(res.headers['x-total-count'])).toBe(got.length);
    return Object.entries(ids)
      .filter(([, id]) => got.includes(id))
      .map(([name]) => name)
      .sort();
  }
  const q = (words: string) => `q=${encodeURIComponent(words)}`;

  it('finds by model, by model and place, and by model, engine size and place', async () => {
    expect(await found(q('hilux'))).toEqual(['hiluxBulawayo', 'hiluxHarare']);
    expect(await found(q('hilux harare'))).toEqual(['hiluxHarare']);
    expect(await found(q('Hilux 2.8 Harare'))).toEqual(['hiluxHarare']);
    expect(await found(q('d4d'))).toEqual(['hiluxBulawayo']);
    expect(await found(q('2015 toyota'))).toEqual(['hiluxBulawayo']);
  });

  it('forgives a typo and reads a prefix, but a year by its digits only', async () => {
    expect(await found(q('hilx'))).toEqual(['hiluxBulawayo', 'hiluxHarare']);
    expect(await found(q('toyta harrare'))).toEqual(['hiluxHarare']);
    expect(await found(q('hon'))).toEqual(['fitHarare']);
    expect(await found(q('2016'))).toEqual([]);
  });

  it('finds by the seller\u2019s name (a dealer by the business name) and by the place', async () => {
    expect(await found(q('zambezi'))).toEqual(['hiluxBulawayo', 'tipper']);
    expect(await found(q('tendai'))).toEqual(['fitHarare', 'hiluxHarare']);
    expect(await found(q('avondale'))).toEqual(['fitHarare']);
  });

  it('finds by the description and the colour, which the server holds', async () => {
    expect(await found(q('tipper'))).toEqual(['tipper']);
    expect(await found(q('silver hilux'))).toEqual(['hiluxBulawayo']);
    expect(await found(q('nothing like this'))).toEqual([]);
  });

  it('combines with the filters and with distance', async () => {
    expect(await found(`${q('harare')}&make=Honda`)).toEqual(['fitHarare']);
    expect(await found(`${q('toyota')}&buyer_lat=-17.83&buyer_lon=31.05&distance=50`)).toEqual(['hiluxHarare']);
    const res = await s.request({ method: 'GET', url: `/api/vehicles?${q('hilux')}&buyer_lat=-20.15&buyer_lon=28.58&sort=distance` });
    expect((res.json() as Vehicle[]).map((v) => v.id)).toEqual([ids.hiluxBulawayo, ids.hiluxHarare]);
  });

  it('finds a listing published after earlier words searches, by words no listing had before', async () => {
    expect(await found(q('navara mutare'))).toEqual([]);
    const token = (await s.signup({ name: 'Chipo Dube' })).token;
    ids.navara = (await s.pay(token, (await s.draft(token, { make: 'Nissan', model: 'Navara', variant: null, location: 'Mutare' })).id)).id;
    expect(await found(q('navara mutare'))).toEqual(['navara']);
    expect(await found(q('chipo'))).toEqual(['navara']);
  });

  it('finds an edited listing by its new words and no longer by its old ones, whoever edits it', async () => {
    const token = (await s.signup({ name: 'Farai Ncube' })).token;
    ids.ranger = (await s.pay(token, (await s.draft(token, { make: 'Ford', model: 'Ranger', variant: null, color: 'Grey', description: 'Canopy and tow bar.' })).id)).id;
    expect(await found(q('canopy'))).toEqual(['ranger']);
    const edit = await s.request({ method: 'PUT', url: `/api/vehicles/${ids.ranger}`, token, body: { description: 'Bull bar, roof rack.', color: 'Orange' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await found(q('ranger roof'))).toEqual(['ranger']);
    expect(await found(q('orange'))).toEqual(['ranger']);
    expect(await found(q('canopy'))).toEqual([]);
    expect(await found(q('ranger grey'))).toEqual([]);
    // Changed past the API (as by an operator's SQL): its words are written again before the next words search.
    await s.app.ctx.db.update(vehicles).set({ description: 'Winch fitted.' }).where(eq(vehicles.id, ids.ranger));
    expect(await found(q('winch'))).toEqual(['ranger']);
    expect(await found(q('roof'))).toEqual([]);
  });

  it('refuses a q longer than 200 characters with 422 JSON naming q', async () => {
    const res = await s.request({ method: 'GET', url: `/api/vehicles?${q('a'.repeat(201))}` });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().detail)).toContain('q');
    expect((await s.request({ method: 'GET', url: `/api/vehicles?${q('a'.repeat(200))}` })).statusCode).toBe(200);
  });
});
