import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveListingEdit, type EditKeyHolder, type EditPhoto } from '@/data/outbox/edit';
import type { Send } from '@/data/outbox/senders';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { saveErrorMessage } from '@/domain/listing/listingWizard';
import type { Vehicle } from '@/domain/listing/vehicle';
import { injectSend, type SentRequest } from '../support/injectSend';
import { purgeOrphanUploads } from '@/server/repositories/uploads.repo';
import { ENGINES, startServer, type TestServer } from '../server/harness';

// A seller's edit of a listing on the server, sent at once by the data layer (the wizard's "Save
// changes"): the new photos uploaded, then one PUT with every photo's URL, each with its Idempotency-Key.

const offline: Send = () => Promise.reject(new TypeError('Failed to fetch'));

describe.each(ENGINES)('saving a listing edit (%s)', (engine) => {
  let s: TestServer;
  let seller: { token: string; user: { id: string } };
  let photo: Blob;

  beforeAll(async () => {
    s = await startServer(engine);
    seller = await s.signup({ name: 'Edit Seller' });
    const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3c3' } })
      .jpeg()
      .toBuffer();
    photo = new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
  });
  afterAll(() => s?.close());

  const onServer = async (id: string) => (await s.request({ method: 'GET', url: `/api/vehicles/${id}`, token: seller.token })).json() as Vehicle;

  it('uploads the new photo with a key of its own, then PUTs every URL in order; the seller is told the new URL', async () => {
    const listing = await s.draft(seller.token);
    const kept = listing.images[0]!;
    const sent: SentRequest[] = [];
    const told: [string, string][] = [];
    const photos: EditPhoto[] = [
      { id: 'kept', name: 'kept.jpg', blob: null, url: kept },
      { id: 'new', name: 'new.jpg', blob: photo, url: null },
    ];
    const lastPut: EditKeyHolder = { current: null };
    const answer = await saveListingEdit(injectSend(s, seller.token, sent), {
      listingId: listing.id,
      photos,
      body: (images) => ({ price: 7777, images }),
      uploaded: async (id, url) => void told.push([id, url]),
      lastPut,
    });

    expect(answer).toEqual({ ok: true });
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST uploads', `PUT cars/${listing.id}`]);
    expect(sent[0]!.headers.Accept).toBe('application/json');
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.headers['Idempotency-Key']).toBe(lastPut.current!.key);
    expect(sent[1]!.headers['Idempotency-Key']).not.toBe(sent[0]!.headers['Idempotency-Key']);
    expect(told).toHaveLength(1);
    expect(told[0]![0]).toBe('new');
    const saved = await onServer(listing.id);
    expect(saved.price).toBe(7777);
    expect(saved.images).toEqual([kept, told[0]![1]]);
  });

  it('a new photo uploaded by an earlier try and deleted on the server since (unused for a day) is uploaded again, and the edit saved', async () => {
    const listing = await s.draft(seller.token);
    const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c3c' } })
      .jpeg()
      .toBuffer();
    const photos: EditPhoto[] = [{ id: 'new', name: 'new.jpg', blob: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), url: null }];
    const sent: SentRequest[] = [];
    const live = injectSend(s, seller.token, sent);
    const lastPut: EditKeyHolder = { current: null };
    const edit = (send: Send) =>
      saveListingEdit(send, {
        listingId: listing.id,
        photos: [...photos],
        body: (images) => ({ price: 8888, images }),
        // As the wizard keeps it: the photo's bytes and, once uploaded, its URL.
        uploaded: async (id, url) =>
          photos.splice(
            photos.findIndex((p) => p.id === id),
            1,
            { ...photos.find((p) => p.id === id)!, url },
          ),
        lastPut,
      });
    // The photo goes up; the connection goes before the change is sent.
    await expect(edit((path, init) => (path === 'uploads' ? live(path, init) : offline(path, init)))).rejects.toThrow();
    const url = photos[0]!.url!;
    expect(url).toMatch(/^\/media\//);
    const start = new Date();
    try {
      s.clock.now = new Date(start.getTime() + 48 * 60 * 60 * 1000);
      expect(await purgeOrphanUploads(s.app.ctx.db, s.app.ctx.media, s.clock.now)).toBeGreaterThanOrEqual(1);
      sent.length = 0;
      expect(await edit(live)).toEqual({ ok: true });
      expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT cars/${listing.id}`, 'POST uploads', `PUT cars/${listing.id}`]);
      expect(sent[2]!.headers['Idempotency-Key']).not.toBe(sent[0]!.headers['Idempotency-Key']);
      const saved = await onServer(listing.id);
      expect(saved).toMatchObject({ price: 8888, images: [url] });
      expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    } finally {
      s.clock.now = new Date();
    }
  });

  it('the same change tried again keeps its key (the server does it once); a changed one gets a new key', async () => {
    const listing = await s.draft(seller.token);
    const sent: SentRequest[] = [];
    const real = injectSend(s, seller.token, sent);
    let lose = true;
    // The first PUT is performed but its answer is lost on the way back.
    const lossy: Send = async (path, init) => {
      const res = await real(path, init);
      if (lose) {
        lose = false;
        throw new TypeError('fetch failed');
      }
      return res;
    };
    const lastPut: EditKeyHolder = { current: null };
    const edit = (price: number) => ({
      listingId: listing.id,
      photos: listing.images.map((url, i) => ({ id: `p${i}`, name: `p${i}.jpg`, blob: null, url })),
      body: (images: string[]) => ({ price, images }),
      uploaded: () => Promise.resolve(),
      lastPut,
    });

    await expect(saveListingEdit(lossy, edit(8100))).rejects.toThrow(TypeError);
    expect(await saveListingEdit(lossy, edit(8100))).toEqual({ ok: true });
    expect(await saveListingEdit(lossy, edit(8200))).toEqual({ ok: true });

    const keys = sent.map((r) => r.headers['Idempotency-Key']);
    expect(sent.map((r) => r.method)).toEqual(['PUT', 'PUT', 'PUT']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect((await onServer(listing.id)).price).toBe(8200);
  });

  it("answers a refused edit with the server's status and body, which the wizard words; someone else's listing stays as it was", async () => {
    const listing = await s.draft(seller.token);
    const other = await s.signup({ name: 'Other Seller' });
    const sent: SentRequest[] = [];
    const answer = await saveListingEdit(injectSend(s, other.token, sent), {
      listingId: listing.id,
      photos: listing.images.map((url, i) => ({ id: `p${i}`, name: `p${i}.jpg`, blob: null, url })),
      body: (images) => ({ price: 9000, images }),
      uploaded: () => Promise.resolve(),
      lastPut: { current: null },
    });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.status).toBe(403);
    expect(saveErrorMessage(answer.status, answer.body)).toBe(LISTING_MESSAGES.notOwner);
    expect((await onServer(listing.id)).price).toBe(listing.price);
  });

  it('rejects as fetch does when there is no connection, so the wizard says the edit needs one', async () => {
    const listing = await s.draft(seller.token);
    const lastPut: EditKeyHolder = { current: null };
    await expect(
      saveListingEdit(offline, {
        listingId: listing.id,
        photos: [{ id: 'new', name: 'new.jpg', blob: photo, url: null }],
        body: (images) => ({ images }),
        uploaded: () => Promise.resolve(),
        lastPut,
      }),
    ).rejects.toThrow(TypeError);
  });
});
