import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnVehicle, Vehicle } from '@/domain/listing/vehicle';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';

// Construction engine power (spec section 9: 'Construction engine power bands 50-100 HP up to 401+ HP'):
// a seller gives a listing's horsepower, buyers filter construction listings by band, on both engines.

describe.each(ENGINES)('%s: construction engine power', (engine) => {
  let s: TestServer;
  let token: string;
  const hp: Record<string, number | null> = { small: 100, mid: 101, big: 400, huge: 401 };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    s = await startServer(engine, { seed: false });
    token = (await s.signup()).token;
    for (const [name, power] of Object.entries(hp)) {
      const draft = await s.draft(token, { vehicle_type: 'construction', make: 'Caterpillar', model: '320D', category: 'excavator', engine_power_hp: power });
      expect(draft.engine_power_hp).toBe(power);
      ids[name] = (await s.pay(token, draft.id)).id;
    }
    ids.unknown = (await s.pay(token, (await s.draft(token, { vehicle_type: 'construction', make: 'JCB', model: '3CX', category: 'backhoe loader' })).id)).id;
  });
  afterAll(() => s?.close());

  async function namesMatching(qs: string, who: string | null = null): Promise<string[]> {
    const res = await s.request({ method: 'GET', url: `/api/vehicles?vehicle_type=construction&${qs}`, token: who });
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json() as Vehicle[]).map((v) => v.id);
    expect(Number(res.headers['x-total-count'])).toBe(found.length);
    return Object.entries(ids)
      .filter(([, id]) => found.includes(id))
      .map(([name]) => name)
      .sort();
  }

  it('keeps the horsepower a seller gives, and the public listing and the sync carry it', async () => {
    const one = await s.request({ method: 'GET', url: `/api/vehicles/${ids.big}` });
    expect(one.statusCode).toBe(200);
    expect((one.json() as Vehicle).engine_power_hp).toBe(400);
    const sync = await s.request({ method: 'GET', url: '/api/sync/vehicles?since=0' });
    expect(sync.statusCode).toBe(200);
    const synced = (sync.json().upserts as Vehicle[]).filter((v) => Object.values(ids).includes(v.id));
    expect(Object.fromEntries(synced.map((v) => [v.id, v.engine_power_hp]))).toEqual({
      [ids.small!]: 100,
      [ids.mid!]: 101,
      [ids.big!]: 400,
      [ids.huge!]: 401,
      [ids.unknown!]: null,
    });
  });

  it('filters by inclusive bands: 50-100 up to 401+, a listing without horsepower in none', async () => {
    expect(await namesMatching('engine_power=50-100')).toEqual(['small']);
    expect(await namesMatching('engine_power=101-200')).toEqual(['mid']);
    expect(await namesMatching('engine_power=201-300')).toEqual([]);
    expect(await namesMatching('engine_power=301-400')).toEqual(['big']);
    expect(await namesMatching('engine_power=401%2B')).toEqual(['huge']);
    expect(await namesMatching('engine_power=all')).toEqual(['big', 'huge', 'mid', 'small', 'unknown']);
  });

  it("applies the band to a seller's own search (SQL) as to the public one", async () => {
    expect(await namesMatching('engine_power=301-400&is_published=true', token)).toEqual(['big']);
  });

  it('a seller changes the horsepower, and the band search follows at once', async () => {
    const res = await s.request({
      method: 'PUT',
      url: `/api/vehicles/${ids.mid}`,
      token,
      body: listingBody({ vehicle_type: 'construction', make: 'Caterpillar', model: '320D', category: 'excavator', engine_power_hp: 250 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OwnVehicle).engine_power_hp).toBe(250);
    expect(await namesMatching('engine_power=201-300')).toEqual(['mid']);
    expect(await namesMatching('engine_power=101-200')).toEqual([]);
  });

  it.each([
    ['engine_power=100-150', 'engine_power'],
    ['engine_power=401', 'engine_power'],
  ])('refuses a band that is not one of the spec (%s) with 422', async (qs, field) => {
    const res = await s.request({ method: 'GET', url: `/api/vehicles?${qs}` });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().detail)).toContain(field);
  });

  it.each([0, -5, 5001, 120.5, 'lots'])('refuses engine_power_hp %j with 422 and creates nothing', async (value) => {
    const res = await s.request({ method: 'POST', url: '/api/vehicles', token, body: { vehicle_type: 'construction', make: 'Komatsu', model: 'PC200', year: 2015, engine_power_hp: value } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toHaveProperty('detail');
  });
});
