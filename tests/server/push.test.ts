import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import { loadConfig } from '@/server/config';
import { startFakePushService, type FakeDevice, type FakePushService } from '../fakes/fakePushService';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';

type Session = { token: string; user: { id: string } };

const DAY_MS = 86_400_000;
const LIVE = (v: Vehicle) => ({ title: 'Your listing is live', body: `${v.year} ${v.make} ${v.model} ${v.variant} is now visible to buyers.`, url: `/car/${v.id}` });

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;
  let push: FakePushService;

  beforeAll(async () => {
    push = await startFakePushService();
    s = await startServer(engine, { config: { pushAllowHttp: true } });
  });
  afterAll(async () => {
    await s?.close();
    await push?.close();
  });
  afterEach(() => {
    s.clock.now = new Date();
  });

  /** A signed-in user with one browser subscribed to pushes. */
  async function subscribed(name: string): Promise<Session & { device: FakeDevice }> {
    const session = await s.signup({ name });
    const device = push.device();
    const res = await s.request({ method: 'POST', url: '/api/push/subscriptions', token: session.token, body: device.subscription });
    expect(res.statusCode, res.body).toBe(201);
    return { ...session, device };
  }

  /** Sends what the triggers started and waits for the push service's answers. */
  const settled = () => s.app.ctx.jobs.idle();

  const payloads = (device: FakeDevice) => push.pushesFor(device).map((p) => p.payload);

  async function saveSearch(token: string, name: string, query: Record<string, unknown>) {
    return s.request({ method: 'POST', url: '/api/saved-searches', token, body: { name, query } });
  }

  describe('subscriptions', () => {
    it('GET /api/config serves the VAPID public key that signs the pushes', async () => {
      const res = await s.request({ method: 'GET', url: '/api/config' });
      expect(res.json().push_public_key).toBe(s.config.vapid.publicKey);
      expect(Buffer.from(res.json().push_public_key, 'base64url')).toHaveLength(65);
    });

    it('needs a sign-in; a second POST of the same endpoint updates it; the body must be a real subscription', async () => {
      const device = push.device();
      const anon = await s.request({ method: 'POST', url: '/api/push/subscriptions', body: device.subscription });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toHaveProperty('detail');

      const me = await s.signup({ name: 'Sub Scriber' });
      expect((await s.request({ method: 'POST', url: '/api/push/subscriptions', token: me.token, body: device.subscription })).statusCode).toBe(201);
      expect((await s.request({ method: 'POST', url: '/api/push/subscriptions', token: me.token, body: device.subscription })).statusCode).toBe(200);

      const badKey = { ...device.subscription, keys: { ...device.subscription.keys, p256dh: 'abc' } };
      const bad = await s.request({ method: 'POST', url: '/api/push/subscriptions', token: me.token, body: badKey });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().detail[0].msg).toBe('This is not a valid push subscription');
      const noEndpoint = await s.request({ method: 'POST', url: '/api/push/subscriptions', token: me.token, body: { keys: device.subscription.keys } });
      expect(noEndpoint.statusCode).toBe(422);
    });

    it('only its owner deletes a subscription', async () => {
      const owner = await subscribed('Sub Owner');
      const other = await s.signup({ name: 'Sub Other' });
      const body = { endpoint: owner.device.subscription.endpoint };
      const refused = await s.request({ method: 'DELETE', url: '/api/push/subscriptions', token: other.token, body });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ detail: 'Push subscription not found' });
      expect((await s.request({ method: 'DELETE', url: '/api/push/subscriptions', token: owner.token, body })).statusCode).toBe(204);
      expect((await s.request({ method: 'DELETE', url: '/api/push/subscriptions', token: owner.token, body })).statusCode).toBe(404);
    });
  });

  describe('sending', () => {
    it('a paid listing: its seller receives one push, signed with VAPID, encrypted aes128gcm, that opens the listing', async () => {
      const seller = await subscribed('Live Seller');
      const draft = await s.draft(seller.token);
      expect(push.pushesFor(seller.device)).toHaveLength(0);
      const published = await s.pay(seller.token, draft.id);
      await settled();

      const pushes = push.pushesFor(seller.device);
      expect(pushes).toHaveLength(1);
      const [p] = pushes;
      expect(p!.payload).toMatchObject(LIVE(published));
      expect(p!.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(p!.headers.ttl)).toBeGreaterThan(0);
      expect(p!.vapid).toMatchObject({ valid: true, publicKey: s.config.vapid.publicKey });
      expect(p!.vapid!.claims.aud).toBe(push.url);
      expect(p!.vapid!.claims.sub).toMatch(/^mailto:/);
      expect(p!.vapid!.claims.exp! * 1000).toBeGreaterThan(Date.now());

      // Confirming the same payment again publishes nothing new, so nothing is pushed again.
      const other = await s.draft(seller.token);
      const created = await s.request({
        method: 'POST',
        url: '/api/payments/ecocash/create',
        token: seller.token,
        body: { vehicle_id: other.id, payment_method: 'ecocash', customer_msisdn: '0771234567' },
      });
      const confirm = () => s.request({ method: 'POST', url: `/api/payments/ecocash/confirm/${created.json().transaction_id}`, token: seller.token, body: {} });
      expect((await confirm()).statusCode).toBe(200);
      expect((await confirm()).statusCode).toBe(200);
      await settled();
      expect(push.pushesFor(seller.device)).toHaveLength(2);
    });

    it('every browser of the seller receives it; other users receive nothing', async () => {
      const seller = await subscribed('Two Phones');
      const second = push.device();
      await s.request({ method: 'POST', url: '/api/push/subscriptions', token: seller.token, body: second.subscription });
      const bystander = await subscribed('Bystander');
      const v = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Isuzu', model: 'D-Max' })).id);
      await settled();
      expect(payloads(seller.device)).toEqual([expect.objectContaining({ title: 'Your listing is live', url: `/car/${v.id}` })]);
      expect(payloads(second)).toHaveLength(1);
      expect(payloads(bystander.device)).toHaveLength(0);
    });

    it('two days before expiry: one reminder that opens the dashboard, not repeated on the next tick', async () => {
      const seller = await subscribed('Expiring Seller');
      const v = await s.pay(seller.token, (await s.draft(seller.token)).id);
      await settled();
      const before = push.pushesFor(seller.device).length;

      // Five days in: still more than two days to go.
      s.clock.now = new Date(Date.now() + 5 * DAY_MS - 60_000);
      await s.app.ctx.push.sendExpiryReminders();
      expect(push.pushesFor(seller.device)).toHaveLength(before);

      s.clock.now = new Date(Date.now() + 5.5 * DAY_MS);
      await s.app.ctx.push.sendExpiryReminders();
      const reminders = push.pushesFor(seller.device).slice(before);
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.payload).toMatchObject({ title: 'Your listing expires in 2 days', url: '/dashboard' });
      expect((reminders[0]!.payload as { body: string }).body).toContain(`${v.year} ${v.make} ${v.model}`);
      // The push service may drop it once the listing has expired anyway.
      expect(Number(reminders[0]!.headers.ttl)).toBeLessThanOrEqual(1.5 * 86_400 + 1);

      s.clock.now = new Date(Date.now() + 5.6 * DAY_MS);
      await s.app.ctx.push.sendExpiryReminders();
      expect(push.pushesFor(seller.device)).toHaveLength(before + 1);
    });

    it('a new listing that matches a saved search is pushed to that buyer; a non-matching search gets nothing', async () => {
      const buyer = await subscribed('Hilux Buyer');
      const other = await subscribed('Mazda Buyer');
      const seller = await subscribed('Matching Seller');
      expect((await saveSearch(buyer.token, 'Hilux under 40k', { vehicle_type: 'car', makeName: 'toyota', model: 'Hilux', max_price: '40,000' })).statusCode).toBe(201);
      // A second matching search of the same buyer does not push twice.
      expect((await saveSearch(buyer.token, 'Any diesel', { fuel_type: 'diesel' })).statusCode).toBe(201);
      expect((await saveSearch(other.token, 'Mazda', { make: 'Mazda' })).statusCode).toBe(201);
      // The seller's own search matches too, but nobody is told of their own listing.
      expect((await saveSearch(seller.token, 'Toyotas', { make: 'Toyota' })).statusCode).toBe(201);

      const v = await s.pay(seller.token, (await s.draft(seller.token)).id);
      await settled();
      expect(payloads(buyer.device)).toEqual([
        { title: 'New match for "Hilux under 40k"', body: '2019 Toyota Hilux 2.8GD-6, $38,000 in Borrowdale, Harare', url: `/car/${v.id}`, tag: `match-${v.id}` },
      ]);
      expect(payloads(other.device)).toEqual([]);
      expect(payloads(seller.device)).toEqual([expect.objectContaining({ title: 'Your listing is live' })]);

      // Above the buyer's maximum price: no push.
      await s.pay(seller.token, (await s.draft(seller.token, { price: 45_000, fuel_type: 'petrol' })).id);
      await settled();
      expect(payloads(buyer.device)).toHaveLength(1);

      // A free listing is new too; the seller is not told it is live (they just made it).
      const free = await s.request({ method: 'POST', url: '/api/vehicles?is_free_update=true', token: seller.token, body: listingBody({ make: 'Mazda', model: 'BT-50' }) });
      expect(free.statusCode, free.body).toBe(201);
      await settled();
      expect(payloads(other.device)).toEqual([expect.objectContaining({ title: 'New match for "Mazda"', url: `/car/${free.json().id}` })]);
      expect(payloads(seller.device)).toHaveLength(2);
    });

    it('a saved search matches exactly what the public search finds for the same query', async () => {
      const seller = await s.signup({ name: 'Agreement Seller' });
      const facts = { price: 12_500, mileage: 120_000, year: 2012, engine_size: 2.4 };
      const queries: Record<string, string>[] = [
        { make: 'TOYOTA' },
        { make: 'Toyota', model: 'Corolla' },
        { min_price: '12500' },
        { max_price: '12499' },
        { max_mileage: '120000' },
        { year_from: '2013' },
        { min_year: '2012', max_year: '2012' },
        { car_category: 'pickup' },
        { body_type: 'sedan' },
        { location: 'borrowdale' },
        { engine_cc: '2500' },
        { engine_cc: '2000' },
        { seller_type: 'private' },
        { seller_type: 'dealer' },
        { transmission: 'Manual', fuel_type: 'all' },
        { distance: '30', buyer_lat: '-17.83', buyer_lon: '31.05' },
        { distance: '30', buyer_lat: '-20.15', buyer_lon: '28.58' },
      ];
      const outcomes: boolean[] = [];
      for (const [i, q] of queries.entries()) {
        const buyer = await subscribed(`Agreement Buyer ${i}`);
        expect((await saveSearch(buyer.token, `Query ${i}`, q)).statusCode).toBe(201);
        const v = await s.pay(seller.token, (await s.draft(seller.token, facts)).id);
        await settled();
        const found = await s.request({ method: 'GET', url: `/api/vehicles?${new URLSearchParams({ ...q, limit: '500' })}` });
        const inPublicSearch = (found.json() as Vehicle[]).some((x) => x.id === v.id);
        expect(payloads(buyer.device), JSON.stringify(q)).toEqual(inPublicSearch ? [expect.objectContaining({ url: `/car/${v.id}` })] : []);
        outcomes.push(inPublicSearch);
      }
      // The queries cover both answers.
      expect(outcomes.filter(Boolean).length).toBeGreaterThan(5);
      expect(outcomes.filter((o) => !o).length).toBeGreaterThan(5);
    });

    it('a 410 from the push service removes the subscription; a 500 keeps it; neither fails the payment', async () => {
      const seller = await subscribed('Gone Seller');
      seller.device.status = 410;
      await s.pay(seller.token, (await s.draft(seller.token)).id);
      await settled();
      expect(push.pushesFor(seller.device)).toHaveLength(1);
      const again = await s.request({ method: 'DELETE', url: '/api/push/subscriptions', token: seller.token, body: { endpoint: seller.device.subscription.endpoint } });
      expect(again.statusCode).toBe(404);
      await s.pay(seller.token, (await s.draft(seller.token)).id);
      await settled();
      expect(push.pushesFor(seller.device)).toHaveLength(1);

      const flaky = await subscribed('Flaky Seller');
      flaky.device.status = 500;
      await s.pay(flaky.token, (await s.draft(flaky.token)).id);
      await settled();
      await s.pay(flaky.token, (await s.draft(flaky.token)).id);
      await settled();
      expect(push.pushesFor(flaky.device).map((p) => p.answered)).toEqual([500, 500]);
    });
  });

  describe('saved searches', () => {
    it('CRUD for the owner; another user can neither see, change nor delete it', async () => {
      const owner = await s.signup({ name: 'Search Owner' });
      const other = await s.signup({ name: 'Search Other' });
      const created = await saveSearch(owner.token, '  Cheap pickups  ', { vehicle_type: 'car', car_category: 'pickup', max_price: '20000', sort: 'price_asc', limit: '24', fuel_type: 'all' });
      expect(created.statusCode, created.body).toBe(201);
      const saved = created.json();
      // Stored in the domain's canonical fields: no paging, no sort, no 'all'.
      expect(saved).toMatchObject({ name: 'Cheap pickups', notify: true, query: { vehicle_type: 'car', category: 'pickup', max_price: 20000 } });
      expect(Object.keys(saved.query).sort()).toEqual(['category', 'max_price', 'vehicle_type']);

      expect((await s.request({ method: 'GET', url: '/api/saved-searches', token: owner.token })).json()).toEqual([saved]);
      expect((await s.request({ method: 'GET', url: '/api/saved-searches', token: other.token })).json()).toEqual([]);
      for (const method of ['GET', 'DELETE']) {
        const res = await s.request({ method, url: `/api/saved-searches/${saved.id}`, token: other.token });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Saved search not found' });
      }
      expect((await s.request({ method: 'PATCH', url: `/api/saved-searches/${saved.id}`, token: other.token, body: { name: 'Mine now' } })).statusCode).toBe(404);

      const renamed = await s.request({ method: 'PATCH', url: `/api/saved-searches/${saved.id}`, token: owner.token, body: { name: 'Pickups', notify: false } });
      expect(renamed.json()).toMatchObject({ id: saved.id, name: 'Pickups', notify: false });
      expect((await s.request({ method: 'DELETE', url: `/api/saved-searches/${saved.id}`, token: owner.token })).statusCode).toBe(204);
      expect((await s.request({ method: 'GET', url: `/api/saved-searches/${saved.id}`, token: owner.token })).statusCode).toBe(404);
      expect((await s.request({ method: 'GET', url: '/api/saved-searches' })).statusCode).toBe(401);
    });

    it('a search with alerts off is not pushed', async () => {
      const buyer = await subscribed('Quiet Buyer');
      const saved = (await saveSearch(buyer.token, 'Quiet', { make: 'Toyota' })).json();
      await s.request({ method: 'PATCH', url: `/api/saved-searches/${saved.id}`, token: buyer.token, body: { notify: false } });
      const seller = await s.signup({ name: 'Quiet Seller' });
      await s.pay(seller.token, (await s.draft(seller.token)).id);
      await settled();
      expect(payloads(buyer.device)).toEqual([]);
    });

    it('validation: a name, a valid query; no duplicates; at most 20', async () => {
      const me = await s.signup({ name: 'Search Limits' });
      const noName = await saveSearch(me.token, '   ', { make: 'Toyota' });
      expect(noName.statusCode).toBe(422);
      expect(noName.json().detail[0]).toMatchObject({ loc: ['body', 'name'], msg: 'Give this search a name' });
      const badQuery = await saveSearch(me.token, 'Bad', { engine_cc: 'huge' });
      expect(badQuery.statusCode).toBe(422);
      expect(badQuery.json().detail[0].loc).toEqual(['body', 'query', 'engine_cc']);

      expect((await saveSearch(me.token, 'Toyota', { make: 'Toyota' })).statusCode).toBe(201);
      const dup = await saveSearch(me.token, 'Toyota again', { makeName: 'toyota', model: '' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ detail: 'You have already saved this search' });

      for (let i = 1; i < 20; i++) expect((await saveSearch(me.token, `Budget ${i}`, { max_price: String(i * 1000) })).statusCode).toBe(201);
      const over = await saveSearch(me.token, 'One too many', { max_price: '99000' });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({ detail: 'You can save up to 20 searches. Delete one to save another.' });
    });
  });
});

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR/vapid.json and kept across restarts; the environment overrides them', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'motokari-vapid-'));
    try {
      const first = loadConfig({}, { dataDir }).vapid;
      expect(JSON.parse(readFileSync(path.join(dataDir, 'vapid.json'), 'utf8')).publicKey).toBe(first.publicKey);
      expect(loadConfig({}, { dataDir }).vapid).toEqual(first);
      expect(first.subject).toBe('mailto:support@motokari.co.zw');

      const env = { VAPID_PUBLIC_KEY: first.publicKey, VAPID_PRIVATE_KEY: first.privateKey, VAPID_SUBJECT: 'https://motokari.co.zw/contact' };
      expect(loadConfig(env, { dataDir: path.join(dataDir, 'other') }).vapid).toEqual({ ...first, subject: 'https://motokari.co.zw/contact' });
      expect(() => loadConfig({ VAPID_PUBLIC_KEY: first.publicKey }, { dataDir })).toThrow(/both/);
      expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: first.privateKey }, { dataDir })).toThrow(/public key/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('without the test switch, only https push services on public hosts are accepted', async () => {
    const s = await startServer('pglite');
    try {
      const me = await s.signup({ name: 'Real Browser' });
      const push = await startFakePushService();
      const keys = push.device().subscription.keys;
      await push.close();
      const post = (endpoint: string) => s.request({ method: 'POST', url: '/api/push/subscriptions', token: me.token, body: { endpoint, keys } });
      expect((await post('http://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(422);
      expect((await post('https://127.0.0.1/push/abc')).statusCode).toBe(422);
      expect((await post('https://localhost/push/abc')).statusCode).toBe(422);
      expect((await post('https://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(201);
    } finally {
      await s.close();
    }
  });
});
