import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { idempotencyKeys } from '@/server/db/schema';
import { STALE_CLAIM_MS } from '@/server/plugins/app/idempotency';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer(engine);
  });
  afterAll(async () => {
    await s?.close();
  });

  const withKey = (key: string) => ({ 'idempotency-key': key });

  const createWithKey = (token: string, key: string, body: Record<string, unknown> = listingBody()) => s.request({ method: 'POST', url: '/api/vehicles', token, body, headers: withKey(key) });

  /** The seller's own listings, drafts included (the owner sees them through seller_id). */
  async function ownListings(token: string, userId: string) {
    const res = await s.request({ method: 'GET', url: `/api/vehicles?seller_id=${userId}`, token });
    expect(res.statusCode).toBe(200);
    return { total: Number(res.headers['x-total-count']), items: res.json() as { id: string }[] };
  }

  describe('Idempotency-Key', () => {
    it('replays a create: same status and byte-identical body, and only one listing exists', async () => {
      const { token, user } = await s.signup();
      const key = randomUUID();
      const first = await createWithKey(token, key);
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const second = await createWithKey(token, key);
      expect(second.statusCode).toBe(201);
      expect(second.body).toBe(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.headers['content-type']).toMatch(/application\/json/);

      const own = await ownListings(token, user.id);
      expect(own.total).toBe(1);
      expect(own.items.map((v) => v.id)).toEqual([first.json().id]);

      // A request without the key is a new request.
      const third = await s.request({ method: 'POST', url: '/api/vehicles', token, body: listingBody() });
      expect(third.statusCode).toBe(201);
      expect(third.json().id).not.toBe(first.json().id);
      expect((await ownListings(token, user.id)).total).toBe(2);
    });

    it('refuses the same key with a different body with 422 and creates nothing', async () => {
      const { token, user } = await s.signup();
      const key = randomUUID();
      expect((await createWithKey(token, key)).statusCode).toBe(201);
      const other = await createWithKey(token, key, listingBody({ price: 12345 }));
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ detail: 'This Idempotency-Key was already used for a different request' });
      expect((await ownListings(token, user.id)).total).toBe(1);
    });

    it('keeps keys apart per user', async () => {
      const a = await s.signup();
      const b = await s.signup();
      const key = randomUUID();
      const fromA = await createWithKey(a.token, key);
      const fromB = await createWithKey(b.token, key);
      expect(fromA.statusCode).toBe(201);
      expect(fromB.statusCode).toBe(201);
      expect(fromB.headers['idempotent-replayed']).toBeUndefined();
      expect(fromB.json().id).not.toBe(fromA.json().id);
      expect(fromB.json().seller_id).toBe(b.user.id);
      expect((await ownListings(a.token, a.user.id)).total).toBe(1);
      expect((await ownListings(b.token, b.user.id)).total).toBe(1);
    });

    it('answers a request that failed validation with the same 422 again', async () => {
      const { token, user } = await s.signup();
      const key = randomUUID();
      const bad = listingBody({ year: 1800 });
      const first = await createWithKey(token, key, bad);
      expect(first.statusCode).toBe(422);
      const second = await createWithKey(token, key, bad);
      expect(second.statusCode).toBe(422);
      expect(second.body).toBe(first.body);
      expect((await ownListings(token, user.id)).total).toBe(0);
    });

    it('replays a 422 the handler gave', async () => {
      const { token, user } = await s.signup();
      const key = randomUUID();
      const bad = listingBody({ images: ['https://evil.example/x.jpg'] });
      const first = await createWithKey(token, key, bad);
      expect(first.statusCode).toBe(422);
      const second = await createWithKey(token, key, bad);
      expect(second.statusCode).toBe(422);
      expect(second.body).toBe(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect((await ownListings(token, user.id)).total).toBe(0);
    });

    it('replays a DELETE instead of answering 404 the second time', async () => {
      const { token, user } = await s.signup();
      const created = await s.request({ method: 'POST', url: '/api/vehicles', token, body: listingBody() });
      const id = created.json().id as string;
      const key = randomUUID();
      const first = await s.request({ method: 'DELETE', url: `/api/vehicles/${id}`, token, headers: withKey(key) });
      expect(first.statusCode).toBe(200);
      const second = await s.request({ method: 'DELETE', url: `/api/vehicles/${id}`, token, headers: withKey(key) });
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      // Without the key the listing is plainly gone.
      expect((await s.request({ method: 'DELETE', url: `/api/vehicles/${id}`, token })).statusCode).toBe(404);
      expect((await ownListings(token, user.id)).total).toBe(0);
    });

    it('does not store a 401, so the key can be used once signed in', async () => {
      const { token, user } = await s.signup();
      const key = randomUUID();
      const anonymous = await s.request({ method: 'POST', url: '/api/vehicles', body: listingBody(), headers: withKey(key) });
      expect(anonymous.statusCode).toBe(401);
      const again = await s.request({ method: 'POST', url: '/api/vehicles', body: listingBody(), headers: withKey(key) });
      expect(again.statusCode).toBe(401);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect((await createWithKey(token, key)).statusCode).toBe(201);
      expect((await ownListings(token, user.id)).total).toBe(1);
    });

    it('forgets keys older than 24 hours', async () => {
      const { token, user } = await s.signup();
      const key = randomUUID();
      const first = await createWithKey(token, key);
      expect(first.statusCode).toBe(201);
      const replay = await createWithKey(token, key);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect((await ownListings(token, user.id)).total).toBe(1);

      const aged = await s.app.ctx.db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(and(eq(idempotencyKeys.principal, `user:${user.id}`), eq(idempotencyKeys.key, key)))
        .returning({ key: idempotencyKeys.key });
      expect(aged).toHaveLength(1);

      const late = await createWithKey(token, key);
      expect(late.statusCode).toBe(201);
      expect(late.headers['idempotent-replayed']).toBeUndefined();
      expect(late.json().id).not.toBe(first.json().id);
      expect((await ownListings(token, user.id)).total).toBe(2);
      // The key is live again from now on.
      const lateReplay = await createWithKey(token, key);
      expect(lateReplay.headers['idempotent-replayed']).toBe('true');
      expect(lateReplay.body).toBe(late.body);
    });

    it('lets the same request take over a claim abandoned mid-request, but not a live one', async () => {
      const { token, user } = await s.signup();
      const key = randomUUID();
      const body = listingBody({ id: randomUUID() });
      expect((await createWithKey(token, key, body)).statusCode).toBe(201);
      const thisKey = and(eq(idempotencyKeys.principal, `user:${user.id}`), eq(idempotencyKeys.key, key));
      // As a request whose client went silent mid-body leaves it: claimed, never answered.
      const claimedAt = (ageMs: number) =>
        s.app.ctx.db
          .update(idempotencyKeys)
          .set({ statusCode: null, responseBody: null, createdAt: new Date(Date.now() - ageMs) })
          .where(thisKey);

      await claimedAt(10_000);
      const live = await createWithKey(token, key, body);
      expect(live.statusCode).toBe(409);
      expect(live.json()).toEqual({ detail: 'A request with this Idempotency-Key is still being processed' });

      await claimedAt(STALE_CLAIM_MS + 60_000);
      // Another request under the abandoned key is still refused: only the same request may take it over.
      expect((await createWithKey(token, key, listingBody({ price: 999 }))).statusCode).toBe(422);
      const retaken = await createWithKey(token, key, body);
      // Performed again, not replayed: the listing exists already under its id, so 200 with it.
      expect(retaken.statusCode).toBe(200);
      expect(retaken.headers['idempotent-replayed']).toBeUndefined();
      expect(retaken.json().id).toBe(body.id);
      expect((await ownListings(token, user.id)).total).toBe(1);
      expect((await createWithKey(token, key, body)).headers['idempotent-replayed']).toBe('true');
    });

    it('refuses a key longer than 200 characters', async () => {
      const { token, user } = await s.signup();
      const res = await createWithKey(token, 'k'.repeat(201));
      expect(res.statusCode).toBe(400);
      expect((await ownListings(token, user.id)).total).toBe(0);
    });
  });

  describe('client-generated listing id', () => {
    it('returns the same listing for a repeated create with the same id and never makes two', async () => {
      const { token, user } = await s.signup();
      const id = randomUUID();
      const first = await s.request({ method: 'POST', url: '/api/vehicles', token, body: listingBody({ id }) });
      expect(first.statusCode).toBe(201);
      expect(first.json().id).toBe(id);
      const second = await s.request({ method: 'POST', url: '/api/vehicles', token, body: listingBody({ id }) });
      expect(second.statusCode).toBe(200);
      expect(second.json().id).toBe(id);
      expect(second.json().seller_id).toBe(user.id);
      const own = await ownListings(token, user.id);
      expect(own.total).toBe(1);
      expect(own.items.map((v) => v.id)).toEqual([id]);
    });

    it('answers 409 when another user sends an id already taken', async () => {
      const owner = await s.signup();
      const other = await s.signup();
      const id = randomUUID();
      expect((await s.request({ method: 'POST', url: '/api/vehicles', token: owner.token, body: listingBody({ id }) })).statusCode).toBe(201);
      const res = await s.request({ method: 'POST', url: '/api/vehicles', token: other.token, body: listingBody({ id, price: 1 }) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'A listing with this id already exists' });
      expect((await ownListings(other.token, other.user.id)).total).toBe(0);
      const kept = await s.request({ method: 'GET', url: `/api/vehicles/${id}`, token: owner.token });
      expect(kept.json()).toMatchObject({ seller_id: owner.user.id, price: 38000 });
    });
  });
});
