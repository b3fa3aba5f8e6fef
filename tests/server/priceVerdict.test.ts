import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { ENGINES, startServer, type TestServer } from './harness';

// The price verdict through the API (issue 20): a public listing's page and the search's answers carry
// `price_verdict`, judged against the model's other public listings and kept current as they change.

describe.each(ENGINES)('%s: a listing\u2019s price verdict', (engine) => {
  let s: TestServer;
  let token: string;

  beforeAll(async () => {
    s = await startServer(engine, { seed: false });
    await vi.waitFor(() => expect(s.app.ctx.publicIndex.ready).toBe(true), { timeout: 10_000 });
    token = (await s.signup()).token;
  });
  afterAll(() => s?.close());

  const publish = async (over: Record<string, unknown>): Promise<Vehicle> => s.pay(token, (await s.draft(token, over)).id);
  const page = async (id: string): Promise<Vehicle> => {
    const res = await s.request({ method: 'GET', url: `/api/vehicles/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('says how a price compares with similar listings, on the listing page and in searches, and follows the market', async () => {
    // Four 2019 Hiluxes with 85,000 km between $36,000 and $40,000: too few to judge a fifth against.
    for (const price of [36_000, 38_000, 39_000, 40_000]) await publish({ price });
    const cheap = await publish({ price: 30_000, make: 'TOYOTA', model: 'hilux' });
    expect((await page(cheap.id)).price_verdict).toEqual({ band: 'no_data', why: 'Fewer than 5 similar hiluxes listed', comparables: 4, typical_price: null });
    // A fifth comparable (whatever the letter case of its make and model): now it is judged.
    const sixth = await publish({ price: 38_000 });
    expect((await page(cheap.id)).price_verdict).toEqual({ band: 'great', why: '$8,000 below 5 similar hiluxes', comparables: 5, typical_price: 38_000 });
    expect((await page(sixth.id)).price_verdict).toEqual({ band: 'fair', why: 'Close to 5 similar Hiluxes', comparables: 5, typical_price: 38_000 });
    const dear = await publish({ price: 52_000 });
    expect((await page(dear.id)).price_verdict).toMatchObject({ band: 'high', why: '$14,000 above 6 similar Hiluxes' });

    const res = await s.request({ method: 'GET', url: '/api/vehicles?model=Hilux&buyer_lat=-17.8&buyer_lon=31.05' });
    const found = res.json() as Vehicle[];
    expect(found).toHaveLength(7);
    for (const v of found) expect(v.price_verdict).toEqual((await page(v.id)).price_verdict);
    expect(found.find((v) => v.id === cheap.id)!.price_verdict!.band).toBe('great');
    expect(found.every((v) => typeof v.distance_km === 'number')).toBe(true);
  });

  it('carries it on the cards of a dealer’s other listings too', async () => {
    const dealer = await s.signup({ user_type: 'dealer', business_name: 'Ndlovu Motors' });
    const listed: Vehicle[] = [];
    for (const price of [9_500, 10_000, 10_000, 10_500, 11_000, 6_000])
      listed.push(await s.pay(dealer.token, (await s.draft(dealer.token, { make: 'Honda', model: 'Fit', year: 2015, mileage: 110_000, price })).id));
    const res = await s.request({ method: 'GET', url: `/api/vehicle/${listed[0]!.id}/dealer-info` });
    expect(res.statusCode, res.body).toBe(200);
    const others = (res.json() as { other_vehicles: Vehicle[] }).other_vehicles;
    expect(others.length).toBeGreaterThan(0);
    for (const v of others) expect(v.price_verdict).toEqual((await page(v.id)).price_verdict);
    expect((await page(listed[5]!.id)).price_verdict).toMatchObject({ band: 'great', why: '$4,000 below 5 similar Fits' });
  });

  it('gives none to a listing without a price, and none to a draft its seller reads', async () => {
    const onRequest = await publish({ price: null });
    expect((await page(onRequest.id)).price_verdict).toBeNull();
    const draft = await s.draft(token, { price: 20_000 });
    const own = await s.request({ method: 'GET', url: `/api/vehicles/${draft.id}`, token });
    expect(own.statusCode).toBe(200);
    expect(own.json()).not.toHaveProperty('price_verdict');
  });

  it('judges equipment on its operating hours', async () => {
    for (const [hours, price] of [
      [500, 40_000],
      [1_000, 38_000],
      [2_000, 35_000],
      [4_000, 30_000],
      [6_000, 26_000],
      [8_000, 22_000],
    ])
      await publish({ vehicle_type: 'farming', make: 'John Deere', model: '5075E', category: 'tractor', car_category: null, mileage: null, year: 2020, operating_hours: hours, price });
    const worn = await publish({
      vehicle_type: 'farming',
      make: 'John Deere',
      model: '5075E',
      category: 'tractor',
      car_category: null,
      mileage: null,
      year: 2020,
      operating_hours: 8_000,
      price: 23_000,
    });
    const fresh = await publish({
      vehicle_type: 'farming',
      make: 'John Deere',
      model: '5075E',
      category: 'tractor',
      car_category: null,
      mileage: null,
      year: 2020,
      operating_hours: 500,
      price: 23_000,
    });
    expect((await page(worn.id)).price_verdict!.band).toBe('fair');
    expect((await page(fresh.id)).price_verdict).toMatchObject({ band: 'great', why: expect.stringMatching(/^\$\d+,\d00 below 7 similar John Deere 5075Es$/) });
  });
});
