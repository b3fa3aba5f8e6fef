import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_TYPES, type VehicleType } from '@/domain/core/constants';
import { inScope, parseScopeParams, scopeParams, type MirrorScope } from '@/domain/search/scope';
import { decodeSummaries, encodeSummaries, summarize, type ListingSummary, type SummaryPage } from '@/domain/search/summary';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { SyncPage } from '@/data/api';
import { vehicles } from '@/server/db/schema';
import { purgeOrphanUploads } from '@/server/repositories/uploads.repo';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';
import { farmingBody } from '../support/listingBody';

const OUTDATED = 'This app version is out of date: reload to update it.';
const DAY_MS = 86_400_000;

/** What the device stores of a listing the old feed sent in full: its summary, through the wire encoding. */
const onDevice = (v: Vehicle): ListingSummary => decodeSummaries(encodeSummaries([summarize(v)]))[0]!;

/** A multipart body of image files (as the app's photo upload sends them). */
async function multipart(files: { name: string; bytes: Buffer }[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)], { type: 'image/png' }), f.name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

/** A device's copy: the summaries it holds, the revision it reached, and every page it stored. */
class Copy {
  readonly listings = new Map<string, ListingSummary>();
  revision = 0;
  cursor: string | null = null;
  readonly pages: { page: SummaryPage; rows: ListingSummary[] }[] = [];
  /** Every id the first download sent, in order. */
  readonly snapshotIds: string[] = [];
}

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;
  let seller: { token: string; user: { id: string } };

  beforeAll(async () => {
    s = await startServer(engine, { seed: true });
    seller = await s.signup({ name: 'Summary Séller Chiedza Ñ' });
  });
  afterAll(async () => {
    await s?.close();
  });

  async function publish(body: Record<string, unknown>): Promise<Vehicle> {
    return s.pay(seller.token, (await s.draft(seller.token, body)).id);
  }

  async function summary(params: Record<string, string | number>, headers: Record<string, string> = {}) {
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    return s.request({ method: 'GET', url: `/api/sync/summary?${qs}`, headers });
  }

  /** Asks the next page for a copy (the first download's while it has a cursor, then the delta). */
  async function nextPage(copy: Copy, params: Record<string, string | number>): Promise<SummaryPage> {
    const res = await summary({ format: 2, since: copy.revision, ...(copy.cursor && { cursor: copy.cursor }), ...params });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json() as SummaryPage;
    expect(page.format).toBe(2);
    const rows = decodeSummaries(page.rows);
    const snapshot = copy.revision === 0 || copy.cursor !== null;
    if (snapshot) {
      expect(page.tombstones).toEqual([]);
      copy.snapshotIds.push(...rows.map((r) => r.id));
    }
    expect(page.has_more).toBe(snapshot ? page.cursor !== null : page.has_more);
    for (const r of rows) copy.listings.set(r.id, r);
    for (const id of page.tombstones) copy.listings.delete(id);
    copy.pages.push({ page, rows });
    copy.revision = page.revision;
    copy.cursor = page.cursor;
    return page;
  }

  /** Follows the feed until nothing more follows. */
  async function pull(copy: Copy, params: Record<string, string | number>): Promise<void> {
    for (let n = 0; ; n++) {
      const page = await nextPage(copy, params);
      if (!page.has_more) return;
      if (n > 500) throw new Error('the feed does not end');
    }
  }

  /** Every public listing, in full, from the old feed (checked against the public search). */
  async function publicListings(): Promise<Vehicle[]> {
    const res = await s.request({ method: 'GET', url: '/api/sync/vehicles?since=0&limit=2000' });
    expect(res.statusCode).toBe(200);
    const page = res.json() as SyncPage;
    expect(page.has_more).toBe(false);
    const search = await s.request({ method: 'GET', url: '/api/vehicles?limit=500' });
    expect(new Set((search.json() as Vehicle[]).map((v) => v.id))).toEqual(new Set(page.upserts.map((v) => v.id)));
    return page.upserts;
  }

  async function expectCopyIs(copy: Copy, scope: MirrorScope) {
    const expected = (await publicListings()).filter((v) => inScope(v, scope));
    expect(expected.length).toBeGreaterThan(0);
    expect(new Set(copy.listings.keys())).toEqual(new Set(expected.map((v) => v.id)));
    for (const v of expected) expect(copy.listings.get(v.id), v.id).toEqual(onDevice(v));
  }

  describe('the summary feed', () => {
    it('answers any format but 2 and 3 with 400 and the text the app shows', async () => {
      const formats: Record<string, string | number>[] = [{}, { format: 1 }, { format: 4 }, { format: 'two' }, { format: '' }, { format: '2.0' }];
      for (const params of formats) {
        const res = await summary(params);
        expect(res.statusCode, JSON.stringify(params)).toBe(400);
        expect(res.json()).toEqual({ detail: OUTDATED });
      }
    });

    it('refuses a bad scope, cursor, limit, since or first type with 400 and a detail', async () => {
      const scopes: Record<string, string>[] = [{ types: 'boat' }, { types: '' }, { regions: 'Atlantis' }, { near: '-17.8,31' }, { near: '-17.8,31,0' }, { near: '100,31,50' }];
      for (const scope of scopes) {
        const res = await summary({ format: 2, ...scope });
        expect(res.statusCode, JSON.stringify(scope)).toBe(400);
        let message = '';
        try {
          parseScopeParams(scope);
        } catch (e) {
          message = (e as Error).message;
        }
        expect(res.json()).toEqual({ detail: message });
      }
      const page = (await summary({ format: 2, limit: 5, types: 'car' })).json() as SummaryPage;
      expect(page.cursor).not.toBeNull();
      const bad: Record<string, string | number>[] = [
        { cursor: 'not-a-cursor' },
        { cursor: Buffer.from('{"r":1}').toString('base64url') },
        { cursor: Buffer.from(JSON.stringify({ r: 1, t: 'car', c: 5, i: null })).toString('base64url') },
        { cursor: Buffer.from(JSON.stringify({ r: 1, t: 'car', c: 9e15, i: '00000000-0000-4000-8000-000000000000' })).toString('base64url') },
        // A cursor of another scope (it is in the cars; this scope keeps farming only).
        { cursor: page.cursor!, types: 'farming' },
        { limit: 0 },
        { limit: 20001 },
        { limit: 'many' },
        { limit: 2.5 },
        { since: -1 },
        { since: 'abc' },
        { first: 'boat' },
      ];
      for (const params of bad) {
        const res = await summary({ format: 2, ...params });
        expect(res.statusCode, JSON.stringify(params)).toBe(400);
        const detail = (res.json() as { detail: unknown }).detail;
        expect(typeof detail).toBe('string');
        expect(detail).not.toBe(OUTDATED);
      }
    });

    it('a first download, page by page, is exactly the public listings: the first type first, newest first, types completing in turn', async () => {
      // Two listings of the sample's most common type, so every type spans pages.
      await publish(farmingBody({ price: 1000 }));
      const copy = new Copy();
      await pull(copy, { limit: 6, first: 'farming' });
      await expectCopyIs(copy, { types: null, regions: null, near: null });
      expect(copy.snapshotIds.length).toBe(new Set(copy.snapshotIds).size);
      expect(copy.pages.length).toBeGreaterThan(3);

      const order: VehicleType[] = ['farming', 'car', 'construction'];
      const sent = copy.pages.flatMap((p) => p.rows);
      for (let i = 1; i < sent.length; i++) {
        const [a, b] = [sent[i - 1]!, sent[i]!];
        const step = order.indexOf(b.vehicle_type) - order.indexOf(a.vehicle_type);
        expect(step).toBeGreaterThanOrEqual(0);
        if (step === 0) expect(Date.parse(b.created_at)).toBeLessThanOrEqual(Date.parse(a.created_at));
      }
      // The same snapshot revision on every page; `complete` grows, and never names a type still to come.
      const revisions = new Set(copy.pages.map((p) => p.page.revision));
      expect(revisions.size).toBe(1);
      let complete: VehicleType[] = [];
      for (const [i, { page }] of copy.pages.entries()) {
        expect(page.complete.slice(0, complete.length)).toEqual(complete);
        complete = page.complete;
        const later = copy.pages.slice(i + 1).flatMap((p) => p.rows);
        for (const t of complete) expect(later.some((r) => r.vehicle_type === t)).toBe(false);
        expect(page.has_more).toBe(i < copy.pages.length - 1);
      }
      expect(copy.pages.some((p) => p.page.complete.length === 1 && p.page.complete[0] === 'farming' && p.page.has_more)).toBe(true);
      expect(complete).toEqual(order);

      // Nothing changed since: the delta from the snapshot's revision is empty.
      const delta = await nextPage(copy, { limit: 6, first: 'farming' });
      expect(delta).toMatchObject({ tombstones: [], has_more: false, cursor: null, complete: order });
      expect(delta.rows.n).toBe(0);
    });

    it('resumes from a cursor after changes between pages, and the delta from its revision completes the exact public set', async () => {
      const sentCar = await publish({ price: 11111, location: 'Avondale, Harare' });
      const goneCar = await publish({ price: 22222 });
      const laterFarm = await publish(farmingBody({ price: 33333 }));
      const goneFarm = await publish(farmingBody({ price: 44444 }));
      const copy = new Copy();
      const params = { limit: 5, first: 'car' };
      await nextPage(copy, params);
      expect(copy.listings.has(sentCar.id)).toBe(true);
      expect(copy.listings.has(goneCar.id)).toBe(true);
      expect(copy.listings.has(laterFarm.id)).toBe(false);

      // Between pages: an update of a listing sent and of one still to come, a delete of each, new listings.
      const put = (id: string, body: Record<string, unknown>) => s.request({ method: 'PUT', url: `/api/vehicles/${id}`, token: seller.token, body });
      expect((await put(sentCar.id, listingBody({ price: 11112, location: 'Avondale, Harare' }))).statusCode).toBe(200);
      expect((await put(laterFarm.id, farmingBody({ price: 33334 }))).statusCode).toBe(200);
      for (const id of [goneCar.id, goneFarm.id]) expect((await s.request({ method: 'DELETE', url: `/api/vehicles/${id}`, token: seller.token })).statusCode).toBe(200);
      const newCar = await publish({ price: 55555 });
      const newFarm = await publish(farmingBody({ price: 66666 }));

      while (copy.cursor !== null) await nextPage(copy, params);
      expect(copy.snapshotIds.length).toBe(new Set(copy.snapshotIds).size);
      expect(copy.listings.get(laterFarm.id)?.price).toBe(33334);
      expect(copy.listings.has(goneFarm.id)).toBe(false);
      // The delta from the snapshot's revision brings what the pages could not.
      await pull(copy, params);
      await expectCopyIs(copy, { types: null, regions: null, near: null });
      expect(copy.listings.get(sentCar.id)?.price).toBe(11112);
      expect(copy.listings.has(goneCar.id)).toBe(false);
      expect(copy.listings.has(newCar.id)).toBe(true);
      expect(copy.listings.has(newFarm.id)).toBe(true);
    });

    it('a delta is paged by limit in revision order and ends at the head', async () => {
      const copy = new Copy();
      await pull(copy, { limit: 20000 });
      expect(copy.pages.length).toBe(1);
      const changed = [await publish({ price: 70001 }), await publish({ price: 70002 }), await publish({ price: 70003 })];
      const before = copy.pages.length;
      await pull(copy, { limit: 2 });
      const deltaPages = copy.pages.slice(before);
      expect(deltaPages.map((p) => p.page.has_more)).toEqual([true, false]);
      expect(deltaPages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(changed.map((v) => v.id));
      await expectCopyIs(copy, { types: null, regions: null, near: null });
    });

    const harare = { latitude: -17.8252, longitude: 31.0335 };
    const scopes: [string, MirrorScope][] = [
      ['types', { types: ['construction', 'farming'], regions: null, near: null }],
      ['regions', { types: null, regions: ['Harare', 'Manicaland'], near: null }],
      ['near', { types: null, regions: null, near: { ...harare, km: 100 } }],
      ['all three', { types: ['car'], regions: ['Harare'], near: { ...harare, km: 30 } }],
    ];
    it.each(scopes)('a scope of %s selects what inScope says, and a listing that leaves it arrives as a tombstone', async (_name, scope) => {
      const inside = await publish({ vehicle_type: 'car', location: 'Borrowdale, Harare', region: 'Harare', seller_latitude: -17.76, seller_longitude: 31.08 });
      const tractor = await publish(farmingBody({ location: 'Borrowdale, Harare', region: 'Harare', seller_latitude: -17.76, seller_longitude: 31.08 }));
      const copy = new Copy();
      await pull(copy, { limit: 4, ...scopeParams(scope) });
      await expectCopyIs(copy, scope);
      const all = await publicListings();
      expect(copy.listings.size).toBeLessThan(all.length);
      expect(copy.pages.at(-1)!.page.complete).toEqual(scope.types ?? [...VEHICLE_TYPES]);

      // Moves one kept to Mutare: another region, 230 km from Harare.
      const moved = inScope(inside, scope) ? inside : tractor;
      expect(copy.listings.has(moved.id)).toBe(true);
      const res = await s.request({
        method: 'PUT',
        url: `/api/vehicles/${moved.id}`,
        token: seller.token,
        body: { location: 'Sakubva, Mutare', region: 'Manicaland', seller_latitude: -18.97, seller_longitude: 32.67 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json() as Vehicle;
      const before = copy.pages.length;
      await pull(copy, { limit: 4, ...scopeParams(scope) });
      const tombstones = copy.pages.slice(before).flatMap((p) => p.page.tombstones);
      if (inScope(after, scope)) expect(copy.listings.has(moved.id)).toBe(true);
      else expect(tombstones).toContain(moved.id);
      await expectCopyIs(copy, scope);
    });

    it('a listing moved out of a region scope is a tombstone in the delta', async () => {
      const scope: MirrorScope = { types: null, regions: ['Harare'], near: null };
      const v = await publish({ location: 'Mount Pleasant, Harare', region: 'Harare' });
      const copy = new Copy();
      await pull(copy, { limit: 50, ...scopeParams(scope) });
      expect(copy.listings.has(v.id)).toBe(true);
      const res = await s.request({ method: 'PUT', url: `/api/vehicles/${v.id}`, token: seller.token, body: { location: 'Sakubva, Mutare', region: 'Manicaland' } });
      expect(res.statusCode, res.body).toBe(200);
      const delta = await nextPage(copy, { limit: 50, ...scopeParams(scope) });
      expect(delta.tombstones).toEqual([v.id]);
      expect(delta.rows.n).toBe(0);
      await expectCopyIs(copy, scope);
    });

    it('an expired listing leaves the copy as a tombstone', async () => {
      const v = await publish({ price: 80808 });
      const copy = new Copy();
      await pull(copy, { limit: 20000 });
      expect(copy.listings.has(v.id)).toBe(true);
      await s.app.ctx.db
        .update(vehicles)
        .set({ expiresAt: new Date(Date.now() - DAY_MS) })
        .where(eq(vehicles.id, v.id));
      const delta = await nextPage(copy, { limit: 20000 });
      expect(delta.tombstones).toContain(v.id);
      await expectCopyIs(copy, { types: null, regions: null, near: null });
    });

    it('sends brotli to a client that accepts it', async () => {
      const plain = await summary({ format: 2, limit: 20000 });
      const br = await summary({ format: 2, limit: 20000 }, { 'accept-encoding': 'br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      const body = brotliDecompressSync(br.rawPayload);
      expect(br.rawPayload.length).toBeLessThan(body.length);
      expect(JSON.parse(body.toString('utf8'))).toEqual(plain.json());
      // At the feed's quality, not the quick one of other answers: a phone's first sync is the largest
      // download it makes, and its bytes cost more on a phone's connection than the CPU here.
      expect(br.rawPayload.length).toBeLessThan(brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } }).length);
    });
  });

  describe('the card thumbnail', () => {
    let withPhoto: Vehicle;
    let photoUrl: string;
    const thumb = (id: string, query = '', headers: Record<string, string> = {}) => s.request({ method: 'GET', url: `/api/vehicles/${id}/thumb${query}`, headers });
    const mediaDir = () => path.join(s.dataDir, 'media');

    beforeAll(async () => {
      // Noise, as a photo's detail is: a flat image would make every rendition a few bytes.
      const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6', noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
        .png()
        .toBuffer();
      const { payload, contentType } = await multipart([{ name: 'car.png', bytes: photo }]);
      const up = await s.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': contentType, authorization: `Bearer ${seller.token}` } });
      expect(up.statusCode, up.body).toBe(201);
      photoUrl = (up.json() as { urls: string[] }).urls[0]!;
      withPhoto = await publish({ images: [photoUrl] });
    });

    it('streams the first photo’s thumbnail with a day’s caching and its name as a strong ETag; 304 when the client has it', async () => {
      const res = await thumb(withPhoto.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{32}-thumb\.webp"$/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 400 });

      const again = await thumb(withPhoto.id, '', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect((await thumb(withPhoto.id, '', { 'if-none-match': '"something-else.webp"' })).statusCode).toBe(200);
    });

    it('size=small is a smaller WebP, made once and kept beside the thumbnail, and deleted with the photo', async () => {
      const full = await thumb(withPhoto.id);
      const small = await thumb(withPhoto.id, '?size=small');
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-type']).toBe('image/webp');
      expect(small.headers['cache-control']).toBe('public, max-age=86400');
      const etag = small.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{32}-small\.webp"$/);
      expect(small.rawPayload.length).toBeLessThan(full.rawPayload.length / 2);
      expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 160 });
      const kept = path.join(mediaDir(), etag.slice(1, -1));
      expect(existsSync(kept)).toBe(true);
      const second = await thumb(withPhoto.id, '?size=small');
      expect(second.rawPayload.equals(small.rawPayload)).toBe(true);
      expect((await thumb(withPhoto.id, '?size=small', { 'if-none-match': etag })).statusCode).toBe(304);
      expect((await thumb(withPhoto.id, '?size=tiny')).statusCode).toBe(422);

      // The listing goes; a day later its photo is an orphan upload, deleted with all its renditions.
      expect((await s.request({ method: 'DELETE', url: `/api/vehicles/${withPhoto.id}`, token: seller.token })).statusCode).toBe(200);
      await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, new Date(Date.now() + 2 * DAY_MS));
      const hash = path.basename(photoUrl).slice(0, 32);
      expect(readdirSync(mediaDir()).filter((f) => f.startsWith(hash))).toEqual([]);
      const gone = await thumb(withPhoto.id);
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['cache-control']).toBeUndefined();
    });

    it('redirects to a first image that is not an uploaded photo (the sample artwork)', async () => {
      const sample = (await publicListings()).find((v) => v.images[0]?.startsWith('/samples/'))!;
      const res = await thumb(sample.id);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(sample.images[0]);
    });

    it('404 for a listing without a photo, an unknown or unpublished one; a malformed id is refused like every :id route', async () => {
      // The app always gives a listing an image (the placeholder); one stored without any has no thumbnail.
      const bare = await publish({});
      await s.app.ctx.db.update(vehicles).set({ images: [] }).where(eq(vehicles.id, bare.id));
      const none = await thumb(bare.id);
      expect(none.statusCode).toBe(404);
      expect(none.headers['cache-control']).toBeUndefined();
      expect(none.json()).toEqual({ detail: 'This listing has no photo' });
      // A photo whose files went after the listing took it (deleted above with its other listing): no thumbnail, and nothing cached.
      const orphaned = await publish({});
      await s.app.ctx.db
        .update(vehicles)
        .set({ images: [photoUrl] })
        .where(eq(vehicles.id, orphaned.id));
      const lost = await thumb(orphaned.id);
      expect(lost.statusCode).toBe(404);
      expect(lost.json()).toEqual({ detail: 'This listing has no photo' });
      expect(lost.headers['cache-control']).toBeUndefined();
      const draft = await s.draft(seller.token, {});
      for (const id of [draft.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await thumb(id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ detail: 'Car not found' });
      }
      const bad = await thumb('not-a-uuid');
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toHaveProperty('detail');
    });
  });
});
