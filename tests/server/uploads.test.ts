import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { inArray } from 'drizzle-orm';
import { uploads } from '@/server/db/schema';
import { purgeOrphanUploads } from '@/server/repositories/uploads.repo';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';

/** A multipart body built with the Node globals: its bytes and its content-type (with the boundary). */
async function multipart(files: { name: string; bytes: Buffer }[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)], { type: 'image/png' }), f.name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

/** A small PNG file whose header declares `width` x `height` pixels (what a decompression bomb looks like to the server). */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(64 * 1024); // the first rows of black pixels; the rest compress to nothing
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A PNG photo of one colour. */
const png = (background: string, width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe.each(ENGINES)('%s: uploads', (engine) => {
  let s: TestServer;
  let photos: Buffer[];
  const mediaFiles = () => {
    const dir = path.join(s.dataDir, 'media');
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };

  beforeAll(async () => {
    s = await startServer(engine, { config: { uploadsPerMinute: 3 } });
    photos = await Promise.all(['#c33', '#3c3', '#33c', '#cc3'].map((background) => png(background, 640, 480)));
  });
  afterAll(async () => {
    await s?.close();
  });

  async function upload(token: string, files: { name: string; bytes: Buffer }[]) {
    const { payload, contentType } = await multipart(files);
    return s.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': contentType, authorization: `Bearer ${token}` } });
  }

  it('refuses an image of more than 40 megapixels with 422 before decoding it, and stores nothing', async () => {
    const { token } = await s.signup();
    const before = mediaFiles();
    const bomb = pngDeclaring(10_000, 10_000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const res = await upload(token, [{ name: 'bomb.png', bytes: bomb }]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ detail: 'bomb.png: Image too large (max 40 megapixels)' });
    expect(mediaFiles()).toEqual(before);
  });

  it('refuses a request with more files than a listing takes (8) with 413', async () => {
    const { token } = await s.signup();
    const before = mediaFiles();
    const res = await upload(
      token,
      Array.from({ length: 9 }, (_, i) => ({ name: `p${i}.png`, bytes: photos[0]! })),
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({ detail: 'Maximum 8 images allowed. Please remove some images first.' });
    expect(mediaFiles().length - before.length).toBeLessThanOrEqual(2);
  });

  it('limits uploads per user: the fourth in a minute answers 429, another user still uploads', async () => {
    const a = await s.signup();
    for (let i = 0; i < 3; i++) expect((await upload(a.token, [{ name: 'a.png', bytes: photos[1]! }])).statusCode).toBe(201);
    const limited = await upload(a.token, [{ name: 'a.png', bytes: photos[1]! }]);
    expect(limited.statusCode).toBe(429);
    expect(Object.keys(limited.json())).toEqual(['detail']);
    const b = await s.signup();
    expect((await upload(b.token, [{ name: 'b.png', bytes: photos[1]! }])).statusCode).toBe(201);
  });

  it('deletes an upload that no listing or message references a day after it was uploaded, and keeps the ones listings and messages use', async () => {
    const { token } = await s.signup();
    const start = new Date();
    s.clock.now = start;
    const used = await upload(token, [{ name: 'used.png', bytes: photos[2]! }]);
    const orphan = await upload(token, [{ name: 'orphan.png', bytes: photos[3]! }]);
    expect([used.statusCode, orphan.statusCode]).toEqual([201, 201]);
    const usedUrl = used.json().urls[0] as string;
    const orphanFile = orphan.json().files[0] as { url: string; thumbnail_url: string };
    const listing = await s.draft(token, listingBody({ images: [usedUrl] }));
    // A buyer's photo sent in a message is kept as a listing's is.
    const buyer = await s.signup();
    const inMessage = (await upload(buyer.token, [{ name: 'trade-in.png', bytes: photos[0]! }])).json().urls[0] as string;
    const sent = await s.request({
      method: 'POST',
      url: '/api/conversations',
      token: buyer.token,
      body: { listing_id: (await s.pay(token, listing.id)).id, text: 'My trade-in', images: [inMessage] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const served = async (url: string) => (await s.app.inject({ method: 'GET', url })).statusCode;
    expect(await served(orphanFile.url)).toBe(200);

    s.clock.now = new Date(start.getTime() + 23 * 60 * 60 * 1000);
    expect(await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, s.clock.now)).toBe(0);
    expect(await served(orphanFile.url)).toBe(200);

    s.clock.now = new Date(start.getTime() + 25 * 60 * 60 * 1000);
    expect(await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, s.clock.now)).toBeGreaterThanOrEqual(1);
    expect(await served(orphanFile.url)).toBe(404);
    expect(await served(orphanFile.thumbnail_url)).toBe(404);
    expect(await served(usedUrl)).toBe(200);
    expect(await served(inMessage)).toBe(200);
    const own = await s.request({ method: 'GET', url: `/api/vehicles/${listing.id}`, token });
    expect(own.json().images).toEqual([usedUrl]);
    s.clock.now = new Date();
  });

  it('an upload sent again with the same Idempotency-Key answers for the photo it carries: the same photo the same address, another photo its own', async () => {
    const { token } = await s.signup();
    const send = async (bytes: Buffer) => {
      const { payload, contentType } = await multipart([{ name: 'car.png', bytes }]);
      const res = await s.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': contentType, authorization: `Bearer ${token}`, 'idempotency-key': 'one-key' } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().urls[0] as string;
    };
    const first = await send(photos[0]!);
    expect(await send(photos[0]!)).toBe(first);
    const other = await send(photos[1]!);
    expect(other).not.toBe(first);
    expect((await s.app.inject({ method: 'GET', url: other })).statusCode).toBe(200);
  });

  it('refuses a listing that names a photo deleted since its upload, saying which, and creates nothing', async () => {
    const { token } = await s.signup();
    const start = new Date();
    s.clock.now = start;
    try {
      const kept = (await upload(token, [{ name: 'kept.png', bytes: photos[0]! }])).json().urls[0] as string;
      const late = (await upload(token, [{ name: 'late.png', bytes: photos[1]! }])).json().urls[0] as string;
      // The seller's phone lost its connection after the uploads and came back two days later.
      s.clock.now = new Date(start.getTime() + 48 * 60 * 60 * 1000);
      await s.draft(token, listingBody({ images: [kept] }));
      expect(await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, s.clock.now)).toBeGreaterThanOrEqual(1);
      const id = randomUUID();
      const res = await s.request({ method: 'POST', url: '/api/vehicles', token, body: listingBody({ id, images: [kept, late] }) });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ detail: 'Image 2 is no longer on the server. Please add it again.' });
      expect((await s.request({ method: 'GET', url: `/api/vehicles/${id}`, token })).statusCode).toBe(404);
      // Uploaded again (the same bytes give the same URL), the same request succeeds.
      expect((await upload(token, [{ name: 'late.png', bytes: photos[1]! }])).json().urls[0]).toBe(late);
      const again = await s.request({ method: 'POST', url: '/api/vehicles', token, body: listingBody({ id, images: [kept, late] }) });
      expect(again.statusCode, again.body).toBe(201);
      expect((await s.app.inject({ method: 'GET', url: late })).statusCode).toBe(200);
      // A name that was never stored is refused the same way.
      const never = await s.request({ method: 'POST', url: '/api/vehicles', token, body: listingBody({ images: [`/media/${'0'.repeat(32)}-full.webp`] }) });
      expect([never.statusCode, never.json()]).toEqual([422, { detail: 'Image 1 is no longer on the server. Please add it again.' }]);
    } finally {
      s.clock.now = new Date();
    }
  });

  it("an edit that sends the listing's own photos back is taken even when one of them is gone from the store", async () => {
    const { token } = await s.signup();
    const url = (await upload(token, [{ name: 'own.png', bytes: photos[2]! }])).json().urls[0] as string;
    const listing = await s.draft(token, listingBody({ images: [url] }));
    await s.app.ctx.media.remove(url);
    const res = await s.request({ method: 'PUT', url: `/api/vehicles/${listing.id}`, token, body: { price: 12_345, images: [url] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price: 12_345, images: [url] });
  });

  it("a deleted listing's photo goes a day later with its renditions and the link preview made from it", async () => {
    const { token } = await s.signup();
    const start = new Date();
    s.clock.now = start;
    try {
      const bytes = await png('#654321', 640, 480);
      const url = (await upload(token, [{ name: 'gone.png', bytes }])).json().urls[0] as string;
      const hash = url.replace(/^\/media\/([0-9a-f]{32})-full\.webp$/, '$1');
      const listing = await s.pay(token, (await s.draft(token, listingBody({ images: [url] }))).id);
      expect((await s.app.inject({ method: 'GET', url: `/preview/${listing.id}.jpg` })).statusCode).toBe(200);
      const preview = `${createHash('sha256').update(`photo:${url}`).digest('hex').slice(0, 32)}-derived.jpg`;
      expect(mediaFiles().filter((f) => f.startsWith(hash) || f === preview)).toEqual([preview, `${hash}-full.webp`, `${hash}-thumb.webp`].sort());
      expect((await s.request({ method: 'DELETE', url: `/api/vehicles/${listing.id}`, token })).statusCode).toBe(200);
      s.clock.now = new Date(start.getTime() + 25 * 60 * 60 * 1000);
      expect(await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, s.clock.now)).toBeGreaterThanOrEqual(1);
      expect(mediaFiles().filter((f) => f.startsWith(hash) || f === preview)).toEqual([]);
    } finally {
      s.clock.now = new Date();
    }
  });

  it('a photo an edit drops goes a day later; one a listing shows keeps its files, and the purge has no row of it left to read', async () => {
    const { token } = await s.signup();
    const start = new Date();
    s.clock.now = start;
    try {
      const [dropped, shown] = await Promise.all(
        ['#246810', '#13579b'].map(async (background) => {
          const bytes = await png(background);
          return (await upload(token, [{ name: 'p.png', bytes }])).json().urls[0] as string;
        }),
      );
      const listing = await s.draft(token, listingBody({ images: [dropped!, shown!] }));
      s.clock.now = new Date(start.getTime() + 2 * 60 * 60 * 1000);
      const edit = await s.request({ method: 'PUT', url: `/api/vehicles/${listing.id}`, token, body: { images: [shown] } });
      expect(edit.statusCode, edit.body).toBe(200);
      // A day after the upload, but not after the edit let go of it.
      s.clock.now = new Date(start.getTime() + 25 * 60 * 60 * 1000);
      await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, s.clock.now);
      expect((await s.app.inject({ method: 'GET', url: dropped! })).statusCode).toBe(200);
      s.clock.now = new Date(start.getTime() + 27 * 60 * 60 * 1000);
      expect(await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, s.clock.now)).toBeGreaterThanOrEqual(1);
      expect((await s.app.inject({ method: 'GET', url: dropped! })).statusCode).toBe(404);
      expect((await s.app.inject({ method: 'GET', url: shown! })).statusCode).toBe(200);
      const rows = await s.app.ctx.db
        .select()
        .from(uploads)
        .where(inArray(uploads.mediaKey, [dropped!, shown!]));
      expect(rows).toEqual([]);
    } finally {
      s.clock.now = new Date();
    }
  });

  it('a photo sent as a data URL in a create that is then refused goes a day later', async () => {
    const { token } = await s.signup();
    const start = new Date();
    s.clock.now = start;
    try {
      const bytes = await png('#0f0f0f');
      const refused = await s.request({
        method: 'POST',
        url: '/api/vehicles',
        token,
        body: listingBody({ images: [`data:image/png;base64,${bytes.toString('base64')}`, 'https://elsewhere.example/x.jpg'] }),
      });
      expect(refused.statusCode, refused.body).toBe(422);
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
      expect(mediaFiles()).toContain(`${hash}-full.webp`);
      s.clock.now = new Date(start.getTime() + 25 * 60 * 60 * 1000);
      expect(await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, s.clock.now)).toBeGreaterThanOrEqual(1);
      expect(mediaFiles().filter((f) => f.startsWith(hash))).toEqual([]);
    } finally {
      s.clock.now = new Date();
    }
  });

  it('one run settles a backlog of more uploads than one batch takes', async () => {
    const start = new Date();
    const old = new Date(start.getTime() - 2 * 24 * 60 * 60 * 1000);
    const backlog = Array.from({ length: 450 }, (_, i) => ({ mediaKey: `/media/${(0xa0000 + i).toString(16).padStart(32, '0')}-full.webp`, createdAt: old }));
    await s.app.ctx.db.insert(uploads).values(backlog);
    expect(await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, start)).toBeGreaterThanOrEqual(450);
    expect(
      await s.app.ctx.db
        .select()
        .from(uploads)
        .where(
          inArray(
            uploads.mediaKey,
            backlog.map((b) => b.mediaKey),
          ),
        ),
    ).toEqual([]);
  });

  it('a purge that fails midway keeps the rows of the photos it could not delete, and the next run deletes them', async () => {
    const { token } = await s.signup();
    const start = new Date();
    s.clock.now = start;
    try {
      const bytes = await png('#123456');
      const orphan = (await upload(token, [{ name: 'orphan.png', bytes }])).json().files[0] as { url: string; thumbnail_url: string };
      s.clock.now = new Date(start.getTime() + 25 * 60 * 60 * 1000);
      const failing = { ...s.app.ctx.media, remove: () => Promise.reject(new Error('the bucket is away')) };
      await expect(purgeOrphanUploads(s.app.ctx.db, failing, s.clock.now)).rejects.toThrow('the bucket is away');
      expect((await s.app.inject({ method: 'GET', url: orphan.url })).statusCode).toBe(200);
      expect(await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, s.clock.now)).toBeGreaterThanOrEqual(1);
      expect((await s.app.inject({ method: 'GET', url: orphan.url })).statusCode).toBe(404);
      expect((await s.app.inject({ method: 'GET', url: orphan.thumbnail_url })).statusCode).toBe(404);
    } finally {
      s.clock.now = new Date();
    }
  });
});
