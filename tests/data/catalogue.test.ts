import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MotokariDb } from '@/data/db';
import { Mirror } from '@/data/mirror';
import { pullCatalogue, type CatalogueDownload } from '@/data/catalogue';
import { startServer, type TestServer } from '../server/harness';

// The device's copy of the make/model/variant catalogue, from the real server's /api/sync/catalogue.
describe('the offline catalogue', () => {
  let s: TestServer;
  const requests: (string | null)[] = [];
  const download = async (etag: string | null): Promise<CatalogueDownload> => {
    requests.push(etag);
    const res = await s.request({ method: 'GET', url: '/api/sync/catalogue', headers: etag ? { 'if-none-match': etag } : {} });
    if (res.statusCode === 304) return { body: null, etag };
    expect(res.statusCode).toBe(200);
    return { body: res.json(), etag: String(res.headers.etag) };
  };

  beforeAll(async () => {
    s = await startServer('pglite');
  });
  afterAll(() => s?.close());

  it('downloads it once, then only asks whether it changed', async () => {
    const name = `catalogue-${Math.random()}`;
    const mirror = new Mirror(name);
    const db = new MotokariDb(name);
    expect(await pullCatalogue(mirror, download)).toBe(true);
    const toyota = (await db.catalogue.where('vehicle_type').equals('car').toArray()).find((m) => m.name === 'Toyota');
    expect(toyota?.models.map((m) => m.name)).toContain('Hilux');
    expect(toyota?.models.find((m) => m.name === 'Hilux')?.variants.length).toBeGreaterThan(0);
    expect(await db.catalogue.where('vehicle_type').equals('construction').count()).toBeGreaterThan(5);
    const count = await db.catalogue.count();
    // The worker's reads (the make/model selects) see what Dexie sees.
    expect(await mirror.catalogueOfType('car')).toEqual(await db.catalogue.where('vehicle_type').equals('car').toArray());

    expect(await pullCatalogue(mirror, download)).toBe(false);
    expect(requests.at(-1)).toMatch(/^"catalogue-/);
    expect(await db.catalogue.count()).toBe(count);
    db.close();
  });

  it('a failed download keeps the stored copy; a new catalogue replaces it whole', async () => {
    const name = `catalogue-${Math.random()}`;
    const mirror = new Mirror(name);
    const db = new MotokariDb(name);
    await pullCatalogue(mirror, download);
    const before = await db.catalogue.count();
    await expect(pullCatalogue(mirror, () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(await db.catalogue.count()).toBe(before);

    const changed = { version: 'v2', makes: [{ id: 1, name: 'Tata', vehicle_type: 'car' as const, models: [{ id: 1, name: 'Xenon', variants: [] }] }] };
    expect(await pullCatalogue(mirror, async () => ({ body: changed, etag: '"catalogue-v2"' }))).toBe(true);
    expect((await db.catalogue.toArray()).map((m) => m.name)).toEqual(['Tata']);
    expect((await db.meta.get('catalogue'))?.etag).toBe('"catalogue-v2"');
    db.close();
  });

  it('asks for the whole catalogue again when the device has none, whatever ETag it kept', async () => {
    const name = `catalogue-${Math.random()}`;
    const mirror = new Mirror(name);
    const db = new MotokariDb(name);
    await db.meta.put({ key: 'catalogue', etag: '"catalogue-stale"' });
    expect(await pullCatalogue(mirror, download)).toBe(true);
    expect(requests.at(-1)).toBeNull();
    db.close();
  });
});
