import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { ENGINES, startServer, type TestServer } from './harness';

// Equipment search (issue 20): kilometres mean little for a tractor, so construction and farming
// listings filter on operating hours (`max_hours`, and `min_hours` for the top option) and engine
// power, through the HTTP layer on both engines.

describe.each(ENGINES)('%s: equipment by operating hours and engine power', (engine) => {
  let s: TestServer;
  let token: string;
  const farming: Record<string, { operating_hours: number | null; engine_power_hp: number | null }> = {
    fresh: { operating_hours: 0, engine_power_hp: 75 },
    edge: { operating_hours: 1000, engine_power_hp: 100 },
    over: { operating_hours: 1001, engine_power_hp: 101 },
    worked: { operating_hours: 20_000, engine_power_hp: null },
    unknown: { operating_hours: null, engine_power_hp: 210 },
  };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    s = await startServer(engine, { seed: false });
    token = (await s.signup()).token;
    for (const [name, facts] of Object.entries(farming)) {
      const draft = await s.draft(token, { vehicle_type: 'farming', make: 'John Deere', model: '5075E', category: 'tractor', mileage: null, ...facts });
      expect(draft.operating_hours).toBe(facts.operating_hours);
      ids[name] = (await s.pay(token, draft.id)).id;
    }
    const digger = await s.draft(token, { vehicle_type: 'construction', make: 'Caterpillar', model: '320D', category: 'excavator', mileage: null, operating_hours: 800 });
    ids.digger = (await s.pay(token, digger.id)).id;
  });
  afterAll(() => s?.close());

  async function namesMatching(qs: string, who: string | null = null): Promise<string[]> {
    const res = await s.request({ method: 'GET', url: `/api/vehicles?${qs}`, token: who });
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json() as Vehicle[]).map((v) => v.id);
    expect(Number(res.headers['x-total-count'])).toBe(found.length);
    return Object.entries(ids)
      .filter(([, id]) => found.includes(id))
      .map(([name]) => name)
      .sort();
  }

  it('finds exactly the farming listings within an hours limit, inclusive; one without hours matches none', async () => {
    expect(await namesMatching('vehicle_type=farming&max_hours=1000')).toEqual(['edge', 'fresh']);
    expect(await namesMatching('vehicle_type=farming&max_hours=1%2C001')).toEqual(['edge', 'fresh', 'over']);
    expect(await namesMatching('vehicle_type=farming&max_hours=20000')).toEqual(['edge', 'fresh', 'over', 'worked']);
    expect(await namesMatching('vehicle_type=farming&min_hours=20000')).toEqual(['worked']);
    expect(await namesMatching('vehicle_type=farming&max_hours=all')).toEqual(['edge', 'fresh', 'over', 'unknown', 'worked']);
  });

  it('applies the limit to construction as to farming, and to the seller\u2019s own search (SQL) as to the public one', async () => {
    expect(await namesMatching('vehicle_type=construction&max_hours=1000')).toEqual(['digger']);
    expect(await namesMatching('max_hours=1000')).toEqual(['digger', 'edge', 'fresh']);
    expect(await namesMatching('vehicle_type=farming&max_hours=1000&is_published=true', token)).toEqual(['edge', 'fresh']);
  });

  it('filters farming by the engine-power bands too, with hours alongside', async () => {
    expect(await namesMatching('vehicle_type=farming&engine_power=50-100')).toEqual(['edge', 'fresh']);
    expect(await namesMatching('vehicle_type=farming&engine_power=101-200&max_hours=5000')).toEqual(['over']);
    expect(await namesMatching('vehicle_type=farming&engine_power=201-300&max_hours=5000')).toEqual([]);
  });

  it.each(['max_hours=lots', 'min_hours=%5B1%5D', 'max_hours=1e20'])('refuses %s with 422 and a detail', async (qs) => {
    const res = await s.request({ method: 'GET', url: `/api/vehicles?vehicle_type=farming&${qs}` });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().detail)).toContain(qs.split('=')[0]);
  });
});
