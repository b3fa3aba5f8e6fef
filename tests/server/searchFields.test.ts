import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_SEARCH_FIELD } from '@/domain/search/querySchema';
import { buildRequest } from '@/app/shared/search/query';
import { ENGINES, startServer, type TestServer } from './harness';

const HARARE = { latitude: -17.83, longitude: 31.05 };

describe.each(ENGINES)('search fields (%s)', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine, { seed: true });
  });
  afterAll(() => s.close());

  it('answers a query parameter that is no search field with 422 naming it, on every listing search', async () => {
    for (const url of ['/api/vehicles?mkae=Toyota', '/api/cars?make=Toyota&colour=red', '/api/vehicles/featured?pirce_max=5000', '/api/cars/featured?_=1']) {
      const res = await s.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(422);
      const field = new URL(url, 'http://x').searchParams;
      const unknown = [...field.keys()].filter((k) => k !== 'make');
      expect(res.json().detail, url).toEqual(unknown.map((name) => expect.objectContaining({ loc: ['querystring', name], msg: UNKNOWN_SEARCH_FIELD })));
    }
  });

  it('still answers the search fields, as before', async () => {
    const res = await s.request({ method: 'GET', url: '/api/cars?make=Toyota&min_price=1000&sort=price_asc&limit=5&buyer_lat=-17.8&buyer_lon=31' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { make: string }[]).every((v) => v.make === 'Toyota')).toBe(true);
  });

  it('a misspelt field does not compile in the app; what it would send is refused', async () => {
    // @ts-expect-error: 'mkae' is no search field (SearchInput lists the domain's fields)
    const req = buildRequest({ mkae: 'Toyota' }, 'newest', HARARE, 20);
    const params = new URLSearchParams(Object.entries(req).map(([k, v]) => [k, String(v)]));
    const res = await s.request({ method: 'GET', url: `/api/vehicles?${params}` });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['querystring', 'mkae'] })]);
  });
});
