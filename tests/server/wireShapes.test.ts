import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueDownloadSchema, syncPageSchema, vehicleSchema } from '@/domain/core/wire';
import { summaryPageSchema } from '@/domain/search/summaryWire';
import { SUMMARY_FORMAT } from '@/domain/search/summary';
import { z } from 'zod';
import { ENGINES, startServer, type TestServer } from './harness';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe.each(ENGINES)('answers as the schemas say (%s)', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine, { seed: true });
    await s.outsideWriteSeen();
  });
  afterAll(() => s.close());

  it('the OpenAPI description declares the answers of every route', async () => {
    const doc = (await s.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, codes: Object.keys(op.responses ?? {}).filter((c) => c !== 'default') })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(51);
    expect(operations.filter((o) => o.codes.length === 0).map((o) => o.route)).toEqual([]);
    const listing = doc.paths['/api/vehicles/{id}']!.get!.responses!['200'] as { content: Record<string, { schema: unknown }> };
    expect(JSON.stringify(listing.content['application/json']!.schema)).toContain('seller_name');
  });

  // These answers are JSON built once (the search index, the answer cache, the catalogue) or large
  // pages: their schemas document them and are not applied when they are sent, so check them here.
  it('a public search from the index, then the same search from the answer cache, is a list of listings', async () => {
    for (const url of ['/api/vehicles?limit=50', '/api/vehicles?limit=50', '/api/cars/featured', '/api/vehicles?vehicle_type=farming&sort=price_asc']) {
      const res = await s.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const items = z.array(vehicleSchema.strict()).parse(JSON.parse(res.body));
      expect(items.length).toBeGreaterThan(0);
    }
  });

  it('a search with the buyer’s position carries the distances the schema lists', async () => {
    const res = await s.request({ method: 'GET', url: '/api/vehicles?buyer_lat=-17.8&buyer_lon=31.05&sort=distance&limit=5' });
    const items = z.array(vehicleSchema.strict()).parse(JSON.parse(res.body));
    expect(items.some((v) => typeof v.distance_km === 'number')).toBe(true);
  });

  it('a sync page, a summary page and the catalogue download match their schemas', async () => {
    const sync = await s.request({ method: 'GET', url: '/api/sync/vehicles?since=0&limit=20' });
    expect(sync.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(syncPageSchema.strict().parse(JSON.parse(sync.body)).upserts.length).toBeGreaterThan(0);
    const summary = await s.request({ method: 'GET', url: `/api/sync/summary?format=${SUMMARY_FORMAT}&since=0&limit=20` });
    expect(summaryPageSchema.strict().parse(JSON.parse(summary.body)).rows.n).toBeGreaterThan(0);
    const catalogue = await s.request({ method: 'GET', url: '/api/sync/catalogue' });
    expect(catalogueDownloadSchema.strict().parse(JSON.parse(catalogue.body)).makes.length).toBeGreaterThan(0);
  });
});
