import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { FavouriteAnswer } from '@/domain/core/wire';
import { startFakePushService, type FakePushService } from '../fakes/fakePushService';
import { ENGINES, startServer, type TestServer } from './harness';

type Session = Awaited<ReturnType<TestServer['signup']>>;

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;
  let seller: Session;
  let buyer: Session;
  let other: Session;
  let hilux: Vehicle;
  let corolla: Vehicle;
  let draft: Vehicle;

  let push: FakePushService;

  beforeAll(async () => {
    push = await startFakePushService();
    s = await startServer(engine, { config: { pushAllowHttp: true } });
    seller = await s.signup({ name: 'Rudo Seller' });
    buyer = await s.signup({ name: 'Tapiwa Buyer' });
    other = await s.signup({ name: 'Nyasha Other' });
    hilux = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Hilux', price: 30000 })).id);
    corolla = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Corolla', price: 9000 })).id);
    draft = await s.draft(seller.token, { make: 'Honda', model: 'Fit' });
  });
  afterAll(async () => {
    await s?.close();
    await push?.close();
  });

  const list = async (token: string) => {
    const res = await s.request({ method: 'GET', url: '/api/favourites', token });
    expect(res.statusCode).toBe(200);
    return res.json() as FavouriteAnswer[];
  };
  const put = (token: string | null, id: string, body?: unknown) => s.request({ method: 'PUT', url: `/api/favourites/${id}`, token, ...(body !== undefined && { body }) });
  const del = (token: string | null, id: string) => s.request({ method: 'DELETE', url: `/api/favourites/${id}`, token });

  it('is for signed-in users only', async () => {
    for (const res of [await s.request({ method: 'GET', url: '/api/favourites', token: null }), await put(null, hilux.id), await del(null, hilux.id)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty('detail');
    }
  });

  it('saves a listing once, however often it is put, with its price then and the listing now', async () => {
    const first = await put(buyer.token, hilux.id);
    expect(first.statusCode).toBe(200);
    const again = await put(buyer.token, hilux.id, { saved_price: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const favs = await list(buyer.token);
    expect(favs).toHaveLength(1);
    expect(favs[0]).toMatchObject({ vehicle_id: hilux.id, saved_price: 30000, vehicle: { id: hilux.id, price: 30000 } });
    expect(favs[0]!.vehicle).not.toHaveProperty('seller_phone');
  });

  it('keeps what the device says it saw, offline, when it saved the listing', async () => {
    const savedAt = new Date(Date.now() - 3600_000).toISOString();
    const res = await put(buyer.token, corolla.id, { saved_price: 9500, saved_at: savedAt });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ vehicle_id: corolla.id, saved_price: 9500, saved_at: savedAt });
    expect((await list(buyer.token)).map((f) => f.vehicle_id)).toEqual([hilux.id, corolla.id]);
  });

  it("never shows or changes another user's favourites", async () => {
    expect(await list(other.token)).toEqual([]);
    expect((await del(other.token, hilux.id)).statusCode).toBe(204);
    expect((await list(buyer.token)).map((f) => f.vehicle_id)).toContain(hilux.id);
    expect((await put(other.token, corolla.id)).statusCode).toBe(200);
    expect((await list(other.token)).map((f) => f.vehicle_id)).toEqual([corolla.id]);
    expect((await list(buyer.token)).map((f) => f.vehicle_id)).toEqual([hilux.id, corolla.id]);
  });

  it('answers 404 for a listing that does not exist or is another seller’s draft, 422 for a bad id', async () => {
    for (const id of [randomUUID(), draft.id]) {
      const res = await put(buyer.token, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Vehicle not found' });
    }
    for (const res of [await put(buyer.token, 'not-a-uuid'), await del(buyer.token, 'not-a-uuid')]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toHaveProperty('detail');
    }
    const bad = await put(buyer.token, hilux.id, { saved_price: 'cheap' });
    expect(bad.statusCode).toBe(422);
  });

  it('shows a cheaper price, and a listing gone from sale as no longer available', async () => {
    const edited = await s.request({ method: 'PUT', url: `/api/vehicles/${hilux.id}`, token: seller.token, body: { price: 27000 } });
    expect(edited.statusCode).toBe(200);
    expect((await s.request({ method: 'DELETE', url: `/api/vehicles/${corolla.id}`, token: seller.token })).statusCode).toBe(200);
    const favs = await list(buyer.token);
    expect(favs.find((f) => f.vehicle_id === hilux.id)).toMatchObject({ saved_price: 30000, vehicle: { price: 27000 } });
    expect(favs.find((f) => f.vehicle_id === corolla.id)).toMatchObject({ saved_price: 9500, vehicle: null });
    // A device that saved it offline before it went still saves it, and is told it is gone.
    const late = await put(seller.token, corolla.id);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ vehicle_id: corolla.id, vehicle: null });
  });

  it('removes a favourite, and removing it again answers the same', async () => {
    expect((await del(buyer.token, hilux.id)).statusCode).toBe(204);
    expect((await del(buyer.token, hilux.id)).statusCode).toBe(204);
    expect((await list(buyer.token)).map((f) => f.vehicle_id)).toEqual([corolla.id]);
  });

  it("pushes a favourite's price drop once, and its going away, to the person who saved it", async () => {
    const fan = await s.signup({ name: 'Chipo Fan' });
    const device = push.device();
    expect((await s.request({ method: 'POST', url: '/api/push/subscriptions', token: fan.token, body: device.subscription })).statusCode).toBe(201);
    const ranger = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Ford', model: 'Ranger', variant: 'XLT', year: 2019, price: 20000 })).id);
    expect((await put(fan.token, ranger.id)).statusCode).toBe(200);
    const edit = (body: unknown) => s.request({ method: 'PUT', url: `/api/vehicles/${ranger.id}`, token: seller.token, body });

    expect((await edit({ price: 21000 })).statusCode).toBe(200);
    expect((await edit({ price: 18500 })).statusCode).toBe(200);
    await s.app.ctx.jobs.idle();
    // A rise back above the price told, then a fall to the same price again, is not news.
    expect((await edit({ price: 19000 })).statusCode).toBe(200);
    expect((await edit({ price: 18500 })).statusCode).toBe(200);
    await s.app.ctx.jobs.idle();
    expect(push.pushesFor(device).map((p) => p.payload)).toEqual([
      { title: 'Price dropped $1,500', body: '2019 Ford Ranger XLT is now $18,500.', url: `/car/${ranger.id}`, tag: `favourite-${ranger.id}` },
    ]);

    // Gone however it goes (here its seller takes it down): told once, by the recurring check.
    expect((await s.request({ method: 'DELETE', url: `/api/vehicles/${ranger.id}`, token: seller.token })).statusCode).toBe(200);
    expect(await s.app.ctx.push.sendFavouriteGoneAlerts()).toBe(1);
    expect(await s.app.ctx.push.sendFavouriteGoneAlerts()).toBe(0);
    expect(
      push
        .pushesFor(device)
        .map((p) => p.payload)
        .at(-1),
    ).toEqual({
      title: 'No longer available',
      body: '2019 Ford Ranger XLT, which you saved, is no longer available.',
      url: '/saved',
      tag: `favourite-${ranger.id}`,
    });
    expect(push.pushesFor(device)).toHaveLength(2);
  });

  it('pushes an expired favourite as gone, and again if it comes back and goes again', async () => {
    const fan = await s.signup({ name: 'Tatenda Fan' });
    const device = push.device();
    expect((await s.request({ method: 'POST', url: '/api/push/subscriptions', token: fan.token, body: device.subscription })).statusCode).toBe(201);
    const tractor = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Massey Ferguson', model: '375', variant: null, year: 2015 })).id);
    expect((await put(fan.token, tractor.id)).statusCode).toBe(200);
    expect(await s.app.ctx.push.sendFavouriteGoneAlerts()).toBe(0);
    const expire = (on: boolean) => s.app.ctx.db.execute(sql`update vehicles set expires_at = ${on ? 'now()' : null}::timestamptz - interval '1 minute' where id = ${tractor.id}`);
    await expire(true);
    expect(await s.app.ctx.push.sendFavouriteGoneAlerts()).toBe(1);
    expect((await list(fan.token)).find((f) => f.vehicle_id === tractor.id)).toMatchObject({ title: '2015 Massey Ferguson 375', vehicle: null });
    await expire(false);
    expect(await s.app.ctx.push.sendFavouriteGoneAlerts()).toBe(0);
    await expire(true);
    expect(await s.app.ctx.push.sendFavouriteGoneAlerts()).toBe(1);
    expect(push.pushesFor(device).map((p) => (p.payload as { body: string }).body)).toEqual([
      '2015 Massey Ferguson 375, which you saved, is no longer available.',
      '2015 Massey Ferguson 375, which you saved, is no longer available.',
    ]);
  });

  it("says Sold for a listing its seller sold, and counts a new favourite (not a repeated one) in the seller's leads", async () => {
    const fan = await s.signup({ name: 'Chipo Fan' });
    const ranger = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Ford', model: 'Ranger', price: 26000 })).id);
    expect((await put(fan.token, ranger.id)).statusCode).toBe(200);
    expect((await put(fan.token, ranger.id)).statusCode).toBe(200);
    expect((await put(other.token, ranger.id)).statusCode).toBe(200);
    const leads = await s.request({ method: 'GET', url: '/api/me/leads', token: seller.token });
    expect(leads.statusCode).toBe(200);
    const mine = (leads.json() as { listings: { vehicle_id: string; favourite: number[] }[] }).listings.find((l) => l.vehicle_id === ranger.id)!;
    expect(mine.favourite.at(-1)).toBe(2);

    expect((await list(fan.token)).find((f) => f.vehicle_id === ranger.id)).toMatchObject({ sold: false });
    expect((await s.request({ method: 'POST', url: `/api/vehicles/${ranger.id}/sold`, token: seller.token })).statusCode).toBe(200);
    expect((await list(fan.token)).find((f) => f.vehicle_id === ranger.id)).toMatchObject({ sold: true, vehicle: null });
    expect((await list(buyer.token)).every((f) => f.sold === false)).toBe(true);
  });
});
