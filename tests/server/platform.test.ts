import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import sharp from 'sharp';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';

interface Named {
  id: number;
  name: string;
}

/** A multipart body built with the Node globals: its bytes and its content-type (with the boundary). */
async function multipart(files: { name: string; bytes: Buffer; type: string }[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;
  let token: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    s = await startServer(engine);
    token = (await s.signup()).token;
    jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (url: string, headers?: Record<string, string>) => s.request({ method: 'GET', url, ...(headers && { headers }) });

  async function upload(files: { name: string; bytes: Buffer; type: string }[], auth: string | null = token) {
    const { payload, contentType } = await multipart(files);
    return s.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { 'content-type': contentType, ...(auth && { authorization: `Bearer ${auth}` }) },
    });
  }

  describe('service', () => {
    it('GET /api/config describes the product and the sandbox payment providers', async () => {
      const res = await get('/api/config');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.product_name).toBe('Motokari');
      expect(body.support_email).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
      expect(body.payments.card.provider).toBe('sandbox');
      expect(body.payments.mobile_money.provider).toBe('sandbox');
      // The VAPID key browsers subscribe with (generated into DATA_DIR when not configured).
      expect(body.push_public_key).toBe(s.config.vapid.publicKey);
    });

    it('GET /api/health answers ok', async () => {
      const res = await get('/api/health');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });

    it('GET /api/docs/json is an OpenAPI 3 document listing the main routes', async () => {
      const res = await get('/api/docs/json');
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(String(doc.openapi)).toMatch(/^3\./);
      for (const p of ['/api/vehicles', '/api/auth/login', '/api/payments/create-intent', '/api/sync/vehicles']) {
        expect(Object.keys(doc.paths)).toContain(p);
      }
      expect(doc.paths['/api/vehicles'].post).toBeDefined();
      // The search's query parameters are documented from its (zod/mini) schema.
      expect(doc.paths['/api/vehicles'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['make', 'max_price', 'buyer_lat', 'sort']));
      expect(doc.paths['/api/auth/login'].post).toBeDefined();
      // A listing's contact: asked for with a token, answered with the phone and an optional email.
      const contact = doc.paths['/api/vehicles/{id}/contact'].get;
      expect(contact.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(contact.responses['200'].content['application/json'].schema.properties).sort()).toEqual(['seller_email', 'seller_phone']);
    });

    it('answers an unknown /api route with 404 JSON', async () => {
      for (const req of [
        { method: 'GET', url: '/api/no-such-route' },
        { method: 'POST', url: '/api/vehicles/whatever/else', body: {} },
        { method: 'GET', url: '/api' },
      ]) {
        const res = await s.request(req);
        expect(res.statusCode, req.url).toBe(404);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.json()).toEqual({ detail: 'Not found' });
      }
    });

    it('answers 404 JSON for a missing media file and never serves files outside the media folder', async () => {
      for (const url of ['/media/0123456789abcdef-full.webp', '/media/../jwt-secret', '/media/..%2fjwt-secret', '/media/%2e%2e/outbox']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found' });
      }
    });

    it('sends security headers', async () => {
      for (const url of ['/api/health', '/api/no-such-route']) {
        const res = await get(url);
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('answers an over-large JSON body with 413 JSON', async () => {
      const payload = `{"description":"${'x'.repeat(25 * 1024 * 1024)}"}`;
      const res = await s.request({ method: 'POST', url: '/api/vehicles', token, body: payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(413);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ detail: 'Request body is too large' });
    });
  });

  describe('catalogue', () => {
    async function makeId(name: string, type = 'car'): Promise<number> {
      const makes = (await get(`/api/vehicle-makes?vehicle_type=${type}`)).json() as Named[];
      const make = makes.find((m) => m.name === name);
      if (!make) throw new Error(`no make ${name}`);
      return make.id;
    }
    async function variantsOf(make: string, model: string): Promise<string[]> {
      const models = await get(`/api/vehicle-makes/${await makeId(make)}/models`);
      expect(models.statusCode).toBe(200);
      const m = (models.json() as Named[]).find((x) => x.name === model);
      expect(m, `${make} ${model}`).toBeDefined();
      const variants = await get(`/api/vehicle-models/${m!.id}/variants`);
      expect(variants.statusCode).toBe(200);
      return (variants.json() as Named[]).map((v) => v.name);
    }

    it('lists about 150 car makes by default', async () => {
      const res = await get('/api/vehicle-makes');
      expect(res.statusCode).toBe(200);
      const makes = res.json() as Named[];
      expect(makes.length).toBeGreaterThanOrEqual(120);
      expect(makes.length).toBeLessThanOrEqual(200);
      for (const m of makes) {
        expect(typeof m.id).toBe('number');
        expect(typeof m.name).toBe('string');
      }
      const names = makes.map((m) => m.name);
      expect(names).toEqual(expect.arrayContaining(['Toyota', 'Audi', 'BMW']));
      expect(names).not.toContain('Caterpillar');
      expect(new Set(names).size).toBe(names.length);
      const explicit = (await get('/api/vehicle-makes?vehicle_type=car')).json();
      expect(explicit).toEqual(makes);
    });

    it('lists construction and farming makes', async () => {
      const construction = await get('/api/vehicle-makes?vehicle_type=construction');
      expect(construction.statusCode).toBe(200);
      const names = (construction.json() as Named[]).map((m) => m.name);
      expect(names).toContain('Caterpillar');
      expect(names).not.toContain('Audi');
      const farming = await get('/api/vehicle-makes?vehicle_type=farming');
      expect(farming.statusCode).toBe(200);
      expect(farming.json().length).toBeGreaterThan(0);
      expect((await get('/api/vehicle-makes?vehicle_type=boat')).statusCode).toBe(422);
    });

    it('has the A3 variants and the 3 Series variants', async () => {
      const a3 = await variantsOf('Audi', 'A3');
      expect(a3).toEqual(expect.arrayContaining(['1.0TFSI', '35TFSI']));
      const series3 = await variantsOf('BMW', '3 Series');
      expect(series3).toEqual(expect.arrayContaining(['318i', '320d']));
    });

    it('answers 404 for an unknown make or model and 422 for a non-numeric id', async () => {
      const unknownMake = await get('/api/vehicle-makes/99999999/models');
      expect(unknownMake.statusCode).toBe(404);
      expect(typeof unknownMake.json().detail).toBe('string');
      expect((await get('/api/vehicle-models/99999999/variants')).statusCode).toBe(404);
      const bad = await get('/api/vehicle-makes/abc/models');
      expect(bad.statusCode).toBe(422);
      expect(Array.isArray(bad.json().detail)).toBe(true);
      expect((await get('/api/vehicle-models/abc/variants')).statusCode).toBe(422);
    });

    it('GET /api/vehicle-hierarchy nests models and variants under makes', async () => {
      const res = await get('/api/vehicle-hierarchy');
      expect(res.statusCode).toBe(200);
      const makes = res.json() as { id: number; name: string; models: { name: string; variants: Named[] }[] }[];
      const audi = makes.find((m) => m.name === 'Audi');
      expect(audi).toBeDefined();
      const a3 = audi!.models.find((m) => m.name === 'A3');
      expect(a3!.variants.map((v) => v.name)).toEqual(expect.arrayContaining(['1.0TFSI', '35TFSI']));
      expect(makes.map((m) => m.name)).not.toContain('Caterpillar');
      const construction = (await get('/api/vehicle-hierarchy?vehicle_type=construction')).json() as Named[];
      expect(construction.map((m) => m.name)).toContain('Caterpillar');
    });

    it('GET /api/sync/catalogue answers with an ETag, then 304 with an empty body for If-None-Match', async () => {
      const res = await get('/api/sync/catalogue');
      expect(res.statusCode).toBe(200);
      const etag = res.headers.etag;
      expect(typeof etag).toBe('string');
      const body = res.json();
      expect(Array.isArray(body.makes)).toBe(true);
      expect(body.makes.map((m: Named) => m.name)).toEqual(expect.arrayContaining(['Toyota', 'Caterpillar']));

      const again = await get('/api/sync/catalogue', { 'if-none-match': etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);

      // If-None-Match compares weakly: a proxy that compresses the answer turns the tag into W/"…", and a client may send a list.
      for (const header of [`W/${etag}`, `"catalogue-old", ${etag}`, '*']) {
        const cached = await get('/api/sync/catalogue', { 'if-none-match': header });
        expect(cached.statusCode, header).toBe(304);
        expect(cached.body).toBe('');
      }

      const stale = await get('/api/sync/catalogue', { 'if-none-match': '"catalogue-old"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(res.body);
    });
  });

  describe('uploads', () => {
    it('needs a token', async () => {
      const res = await upload([{ name: 'car.jpg', bytes: jpeg, type: 'image/jpeg' }], null);
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().detail).toBe('string');
    });

    it('stores a photo as WebP renditions served for a year, and the same bytes give the same URL', async () => {
      const res = await upload([{ name: 'car.jpg', bytes: jpeg, type: 'image/jpeg' }]);
      expect(res.statusCode).toBe(201);
      const [file] = res.json().files as { url: string; thumbnail_url: string }[];
      expect(file!.url).toMatch(/^\/media\/[0-9a-f]+-full\.webp$/);
      expect(file!.thumbnail_url).toMatch(/^\/media\/[0-9a-f]+-thumb\.webp$/);
      expect(res.json().urls).toEqual([file!.url]);

      const full = await get(file!.url);
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('image/webp');
      expect(full.headers['cache-control']).toContain('immutable');
      expect(full.headers['cache-control']).toContain('max-age=31536000');
      const fullMeta = await sharp(full.rawPayload).metadata();
      expect(fullMeta.format).toBe('webp');
      expect(fullMeta.width).toBeLessThanOrEqual(1600);
      expect(fullMeta.width).toBeGreaterThan(1000);

      const thumb = await get(file!.thumbnail_url);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      const thumbMeta = await sharp(thumb.rawPayload).metadata();
      expect(thumbMeta.width).toBe(400);

      const again = await upload([{ name: 'other-name.jpg', bytes: jpeg, type: 'image/jpeg' }]);
      expect(again.statusCode).toBe(201);
      expect(again.json().files[0].url).toBe(file!.url);
      expect(again.json().files[0].thumbnail_url).toBe(file!.thumbnail_url);
    });

    it('takes a PNG and several files at once', async () => {
      const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#3c3' } })
        .png()
        .toBuffer();
      const res = await upload([
        { name: 'a.png', bytes: png, type: 'image/png' },
        { name: 'b.jpg', bytes: jpeg, type: 'image/jpeg' },
      ]);
      expect(res.statusCode).toBe(201);
      const files = res.json().files as { url: string; width: number }[];
      expect(files).toHaveLength(2);
      expect(files[0]!.url).not.toBe(files[1]!.url);
      // A small image is not enlarged.
      expect(files[0]!.width).toBe(300);
    });

    it('refuses a form without any file with 422 and a JSON body with 400', async () => {
      const form = new FormData();
      form.append('note', 'no photo here');
      const res = new Response(form);
      const empty = await s.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: Buffer.from(await res.arrayBuffer()),
        headers: { 'content-type': res.headers.get('content-type')!, authorization: `Bearer ${token}` },
      });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({ detail: 'No valid image files were found. Please select JPG, PNG, GIF, or WebP files.' });
      const json = await s.request({ method: 'POST', url: '/api/uploads', token, body: { url: 'x' } });
      expect(json.statusCode).toBe(400);
      expect(typeof json.json().detail).toBe('string');
    });

    it('refuses a text file named photo.jpg with 422', async () => {
      const res = await upload([{ name: 'photo.jpg', bytes: Buffer.from('this is not an image at all\n'.repeat(20)), type: 'image/jpeg' }]);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail: 'photo.jpg: Not a valid image file' });
    });

    it('refuses a file over 10 MB with 413', async () => {
      const big = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1024, 7)]);
      const res = await upload([{ name: 'huge.jpg', bytes: big, type: 'image/jpeg' }]);
      expect(res.statusCode).toBe(413);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ detail: 'huge.jpg: File too large (max 10MB)' });
    });
  });

  describe('listing images', () => {
    it('stores a data URL image as a /media/ URL', async () => {
      const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#33c' } })
        .png()
        .toBuffer();
      const res = await s.request({
        method: 'POST',
        url: '/api/vehicles',
        token,
        body: listingBody({ images: [`data:image/png;base64,${png.toString('base64')}`] }),
      });
      expect(res.statusCode).toBe(201);
      const images = res.json().images as string[];
      expect(images).toHaveLength(1);
      expect(images[0]).toMatch(/^\/media\/[0-9a-f]+-full\.webp$/);
      expect(res.body).not.toContain('data:image');
      const served = await get(images[0]!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    });

    it('keeps an uploaded /media/ URL', async () => {
      const up = await upload([{ name: 'car.jpg', bytes: jpeg, type: 'image/jpeg' }]);
      const url = up.json().files[0].url as string;
      const res = await s.request({ method: 'POST', url: '/api/vehicles', token, body: listingBody({ images: [url] }) });
      expect(res.statusCode).toBe(201);
      expect(res.json().images).toEqual([url]);
    });

    it('refuses an image from another site with 422', async () => {
      const res = await s.request({ method: 'POST', url: '/api/vehicles', token, body: listingBody({ images: ['https://evil.example/x.jpg'] }) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail: 'Images must be uploaded photos or data URLs' });
    });

    it('refuses a data URL that is not an image with 422', async () => {
      const res = await s.request({
        method: 'POST',
        url: '/api/vehicles',
        token,
        body: listingBody({ images: [`data:image/png;base64,${Buffer.from('plain text, no picture').toString('base64')}`] }),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail: 'Image 1: Not a valid image file' });
    });

    it('uses the placeholder when no image is given', async () => {
      const res = await s.request({ method: 'POST', url: '/api/vehicles', token, body: listingBody({ images: [] }) });
      expect(res.statusCode).toBe(201);
      expect(res.json().images).toEqual(['/placeholder-vehicle.svg']);
    });
  });
});
