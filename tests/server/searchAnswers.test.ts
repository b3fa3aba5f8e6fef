import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { preferredEncoding } from '@/server/compression';
import { ENGINES, startServer, type TestServer } from './harness';

// Public searches are compressed as the browser asks, and an answer that repeats is compressed once
// and reused until the listings change (or a few seconds pass).

describe('the encoding an answer is compressed with', () => {
  it('is brotli when accepted, else gzip, else none; q=0 refuses', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('gzip;q=0')).toBeNull();
  });
});

describe.each(ENGINES)('%s: public search answers', (engine) => {
  let s: TestServer;
  const url = '/api/vehicles?vehicle_type=car&buyer_lat=-17.8252&buyer_lon=31.0335&sort=distance&limit=30';
  const get = (encoding?: string) => s.request({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  beforeAll(async () => {
    s = await startServer(engine, { seed: true });
  });
  afterAll(() => s?.close());

  it('come compressed as the browser asks, each the same listings as the plain answer', async () => {
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const listings = plain.json() as Vehicle[];
    expect(listings.length).toBeGreaterThan(10);
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(listings);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(listings);
    expect(br.headers['x-total-count']).toBe(plain.headers['x-total-count']);
  });

  it('a repeated search answers the same, and a listing changed through the API shows in the next one', async () => {
    const first = (await get('br')).rawPayload;
    expect((await get('br')).rawPayload.equals(first)).toBe(true);
    const seller = await s.signup();
    const v = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Vitz', seller_latitude: -17.8252, seller_longitude: 31.0335 })).id);
    const after = JSON.parse(brotliDecompressSync((await get('br')).rawPayload).toString()) as Vehicle[];
    expect(after[0]?.id).toBe(v.id);
    const put = await s.request({ method: 'PUT', url: `/api/vehicles/${v.id}`, token: seller.token, body: { price: 4321 } });
    expect(put.statusCode).toBe(200);
    const edited = JSON.parse(brotliDecompressSync((await get('br')).rawPayload).toString()) as Vehicle[];
    expect(edited[0]).toMatchObject({ id: v.id, price: 4321 });
  });
});
