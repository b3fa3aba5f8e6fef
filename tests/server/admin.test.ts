import { randomUUID } from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { AdminStats } from '@/domain/core/wire';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';
import { farmingBody } from '../support/listingBody';

const STAT_KEYS: (keyof AdminStats)[] = ['total_users', 'dealers', 'private_sellers', 'total_vehicles', 'featured_vehicles', 'cars', 'construction', 'farming'];

const constructionBody = (over: Record<string, unknown> = {}) =>
  listingBody({
    vehicle_type: 'construction',
    make: 'Caterpillar',
    model: '320D',
    variant: null,
    year: 2016,
    price: 95000,
    mileage: null,
    operating_hours: 7400,
    transmission: null,
    car_category: null,
    category: 'excavator',
    ...over,
  });

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;
  let admin: { token: string; user: { id: string } };

  beforeAll(async () => {
    s = await startServer(engine);
    admin = await s.admin();
  });
  afterAll(async () => {
    await s?.close();
  });

  async function createListing(token: string, body: Record<string, unknown> = listingBody()) {
    const res = await s.request({ method: 'POST', url: '/api/vehicles', token, body });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string; year: number; make: string; model: string; is_published: boolean };
  }

  /** Publishes a draft through the sandbox mobile-money flow. */
  const publish = (token: string, vehicleId: string) => s.pay(token, vehicleId);

  const stats = async (): Promise<AdminStats> => {
    const res = await s.request({ method: 'GET', url: '/api/admin/stats', token: admin.token });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const syncRevision = async (): Promise<number> => (await s.request({ method: 'GET', url: '/api/sync/vehicles' })).json().revision;
  const detailAsAdmin = (id: string) => s.request({ method: 'GET', url: `/api/vehicles/${id}`, token: admin.token });

  const adminRoutes = () => [
    { method: 'GET', url: '/api/admin/stats' },
    { method: 'GET', url: '/api/admin/users' },
    { method: 'GET', url: '/api/admin/vehicles' },
    { method: 'DELETE', url: `/api/admin/vehicle/${randomUUID()}` },
    { method: 'DELETE', url: `/api/admin/user/${randomUUID()}` },
    { method: 'POST', url: '/api/admin/reset-database', body: { confirm: 'DELETE ALL DATA' } },
  ];

  describe('access', () => {
    it('answers 401 to a visitor on every admin route', async () => {
      for (const r of adminRoutes()) {
        const res = await s.request(r);
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
        expect(typeof res.json().detail).toBe('string');
      }
    });

    it('answers 403 to a signed-in non-admin on every admin route, and changes nothing', async () => {
      const dealer = await s.signup({ user_type: 'dealer' });
      const seller = await s.signup();
      const mine = await createListing(seller.token);
      const before = await stats();
      for (const { token } of [seller, dealer]) {
        for (const r of [...adminRoutes(), { method: 'DELETE', url: `/api/admin/vehicle/${mine.id}` }, { method: 'DELETE', url: `/api/admin/user/${seller.user.id}` }]) {
          const res = await s.request({ ...r, token });
          expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
          expect(res.json()).toEqual({ detail: 'Administrator privileges required' });
        }
      }
      expect(await stats()).toEqual(before);
      expect((await s.request({ method: 'GET', url: `/api/vehicles/${mine.id}`, token: seller.token })).statusCode).toBe(200);
    });
  });

  describe('stats and lists', () => {
    it('counts users by type and listings by type and featured', async () => {
      const before = await stats();
      for (const key of STAT_KEYS) expect(typeof before[key]).toBe('number');
      const dealer = await s.signup({ user_type: 'dealer', business_name: 'Stats Motors' });
      const p1 = await s.signup();
      await s.signup();
      // Dealer listings are premium, which features them once paid.
      const featuredCar = await createListing(dealer.token);
      await publish(dealer.token, featuredCar.id);
      await createListing(dealer.token, constructionBody());
      await createListing(p1.token);
      await createListing(p1.token, farmingBody());
      await createListing(p1.token, farmingBody({ make: 'Massey Ferguson', model: '375' }));
      // An admin may feature a listing directly.
      await createListing(admin.token, listingBody({ featured: true, make: 'Mazda', model: 'BT-50' }));

      const after = await stats();
      const delta = Object.fromEntries(STAT_KEYS.map((k) => [k, after[k] - before[k]]));
      expect(delta).toEqual({
        total_users: 3,
        dealers: 1,
        private_sellers: 2,
        total_vehicles: 6,
        featured_vehicles: 2,
        cars: 3,
        construction: 1,
        farming: 2,
      });

      const users = (await s.request({ method: 'GET', url: '/api/admin/users', token: admin.token })).json() as unknown[];
      expect(after.total_users).toBe(users.length);
      const vehicles = await s.request({ method: 'GET', url: '/api/admin/vehicles', token: admin.token });
      expect(after.total_vehicles).toBe(Number(vehicles.headers['x-total-count']));
      expect(after.cars + after.construction + after.farming).toBe(after.total_vehicles);
    });

    it('lists users without password hashes', async () => {
      const { user } = await s.signup({ password: 'do-not-leak' });
      const res = await s.request({ method: 'GET', url: '/api/admin/users', token: admin.token });
      expect(res.statusCode).toBe(200);
      const users = res.json() as Record<string, unknown>[];
      expect(users.find((u) => u.id === user.id)).toMatchObject({ email: user.email, user_type: 'private' });
      expect(users.find((u) => u.id === admin.user.id)).toMatchObject({ user_type: 'admin', isAdmin: true });
      for (const u of users) for (const key of Object.keys(u)) expect(key).not.toMatch(/pass|hash/i);
      expect(res.body).not.toMatch(/\$(argon|scrypt|2[aby])|do-not-leak/);
    });

    it("counts each user's listings, drafts included", async () => {
      const seller = await s.signup();
      await createListing(seller.token, listingBody({ make: 'Honda', model: 'Fit' }));
      await createListing(seller.token, listingBody({ make: 'Mazda', model: 'Demio' }));
      const none = await s.signup();
      const users = (await s.request({ method: 'GET', url: '/api/admin/users', token: admin.token })).json() as { id: string; vehicle_count: number }[];
      expect(users.find((u) => u.id === seller.user.id)?.vehicle_count).toBe(2);
      expect(users.find((u) => u.id === none.user.id)?.vehicle_count).toBe(0);
    });

    it('lists every listing, drafts included, with X-Total-Count', async () => {
      const seller = await s.signup();
      const draft = await createListing(seller.token, listingBody({ make: 'Honda', model: 'Fit' }));
      const res = await s.request({ method: 'GET', url: '/api/admin/vehicles', token: admin.token });
      expect(res.statusCode).toBe(200);
      const rows = res.json() as { id: string; is_published: boolean }[];
      const total = Number(res.headers['x-total-count']);
      expect(total).toBe(rows.length);
      expect(rows.find((r) => r.id === draft.id)).toMatchObject({ is_published: false });
      const page = await s.request({ method: 'GET', url: '/api/admin/vehicles?limit=2&offset=1', token: admin.token });
      expect(page.json()).toHaveLength(2);
      expect(page.headers['x-total-count']).toBe(String(total));
    });
  });

  describe('deleting a listing', () => {
    it('deletes a published listing, which then 404s and reaches mirrors as a tombstone', async () => {
      const seller = await s.signup();
      const car = await createListing(seller.token, listingBody({ year: 2018, make: 'Toyota', model: 'Fortuner' }));
      await publish(seller.token, car.id);
      expect((await s.request({ method: 'GET', url: `/api/vehicles/${car.id}` })).statusCode).toBe(200);
      const rev = await syncRevision();

      const res = await s.request({ method: 'DELETE', url: `/api/admin/vehicle/${car.id}`, token: admin.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Vehicle 2018 Toyota Fortuner has been deleted successfully.');

      expect((await s.request({ method: 'GET', url: `/api/vehicles/${car.id}` })).statusCode).toBe(404);
      expect((await detailAsAdmin(car.id)).statusCode).toBe(404);
      const sync = (await s.request({ method: 'GET', url: `/api/sync/vehicles?since=${rev}` })).json();
      expect(sync.tombstones).toContain(car.id);
      expect(sync.upserts.map((v: { id: string }) => v.id)).not.toContain(car.id);

      const again = await s.request({ method: 'DELETE', url: `/api/admin/vehicle/${car.id}`, token: admin.token });
      expect(again.statusCode).toBe(404);
    });

    it('deletes a draft without a tombstone', async () => {
      const seller = await s.signup();
      const draft = await createListing(seller.token, listingBody({ year: 2015, make: 'Nissan', model: 'Navara' }));
      const rev = await syncRevision();
      const res = await s.request({ method: 'DELETE', url: `/api/admin/vehicle/${draft.id}`, token: admin.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Vehicle 2015 Nissan Navara has been deleted successfully.');
      expect((await detailAsAdmin(draft.id)).statusCode).toBe(404);
      const sync = (await s.request({ method: 'GET', url: `/api/sync/vehicles?since=${rev}` })).json();
      expect(sync.tombstones).not.toContain(draft.id);
    });

    it('answers 404 for an unknown listing and 422 for a malformed id', async () => {
      expect((await s.request({ method: 'DELETE', url: `/api/admin/vehicle/${randomUUID()}`, token: admin.token })).statusCode).toBe(404);
      expect((await s.request({ method: 'DELETE', url: '/api/admin/vehicle/not-a-uuid', token: admin.token })).statusCode).toBe(422);
    });
  });

  describe('deleting a user', () => {
    it('deletes the user and all their listings', async () => {
      const victim = await s.signup();
      const bystander = await s.signup();
      const published = await createListing(victim.token);
      await publish(victim.token, published.id);
      const draft = await createListing(victim.token, listingBody({ make: 'Ford', model: 'Ranger' }));
      const kept = await createListing(bystander.token);
      const before = await stats();
      const rev = await syncRevision();

      const res = await s.request({ method: 'DELETE', url: `/api/admin/user/${victim.user.id}`, token: admin.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('User deleted successfully');

      expect((await detailAsAdmin(published.id)).statusCode).toBe(404);
      expect((await detailAsAdmin(draft.id)).statusCode).toBe(404);
      expect((await detailAsAdmin(kept.id)).statusCode).toBe(200);
      const users = (await s.request({ method: 'GET', url: '/api/admin/users', token: admin.token })).json() as { id: string }[];
      expect(users.map((u) => u.id)).not.toContain(victim.user.id);
      const all = (await s.request({ method: 'GET', url: '/api/admin/vehicles', token: admin.token })).json() as { id: string }[];
      expect(all.map((v) => v.id)).not.toContain(published.id);
      expect(all.map((v) => v.id)).not.toContain(draft.id);
      const after = await stats();
      expect(after.total_users).toBe(before.total_users - 1);
      expect(after.total_vehicles).toBe(before.total_vehicles - 2);
      const sync = (await s.request({ method: 'GET', url: `/api/sync/vehicles?since=${rev}` })).json();
      expect(sync.tombstones).toContain(published.id);

      // The deleted account's token no longer works, nor does its password.
      expect((await s.request({ method: 'GET', url: '/api/auth/me', token: victim.token })).statusCode).toBe(401);
      const login = await s.request({ method: 'POST', url: '/api/auth/login', body: { email: victim.user.email, password: 'secret-pass' } });
      expect(login.statusCode).toBe(401);
    });

    it('refuses to delete an administrator with 403', async () => {
      const res = await s.request({ method: 'DELETE', url: `/api/admin/user/${admin.user.id}`, token: admin.token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'Administrator accounts cannot be deleted' });
      expect((await s.request({ method: 'GET', url: '/api/auth/me', token: admin.token })).statusCode).toBe(200);
    });

    it('answers 404 for an unknown user', async () => {
      expect((await s.request({ method: 'DELETE', url: `/api/admin/user/${randomUUID()}`, token: admin.token })).statusCode).toBe(404);
    });
  });

  describe('resetting the database', () => {
    it('refuses without the exact phrase and deletes nothing', async () => {
      const seller = await s.signup();
      const car = await createListing(seller.token);
      const before = await stats();
      expect(before.total_vehicles).toBeGreaterThan(0);
      for (const body of [undefined, {}, { confirm: 'delete all data' }, { confirm: 'DELETE ALL DATA ' }, { confirm: 'yes' }]) {
        const res = await s.request({ method: 'POST', url: '/api/admin/reset-database', token: admin.token, ...(body !== undefined && { body }) });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(typeof res.json().detail).toBe('string');
      }
      expect(await stats()).toEqual(before);
      expect((await detailAsAdmin(car.id)).statusCode).toBe(200);
      expect((await s.request({ method: 'GET', url: '/api/auth/me', token: seller.token })).statusCode).toBe(200);
    });

    it('with the phrase deletes every listing and non-admin account, keeps admins and the catalogue; then initialize-data re-seeds once', async () => {
      const seller = await s.signup();
      const car = await createListing(seller.token);
      await publish(seller.token, car.id);
      const adminCar = await createListing(admin.token, listingBody({ make: 'Isuzu', model: 'D-Max' }));

      const res = await s.request({ method: 'POST', url: '/api/admin/reset-database', token: admin.token, body: { confirm: 'DELETE ALL DATA' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Database reset successfully');

      const vehicles = await s.request({ method: 'GET', url: '/api/admin/vehicles', token: admin.token });
      expect(vehicles.json()).toEqual([]);
      expect(vehicles.headers['x-total-count']).toBe('0');
      expect((await detailAsAdmin(adminCar.id)).statusCode).toBe(404);
      const users = (await s.request({ method: 'GET', url: '/api/admin/users', token: admin.token })).json() as { user_type: string }[];
      expect(users.length).toBeGreaterThan(0);
      expect(users.every((u) => u.user_type === 'admin')).toBe(true);
      expect(await stats()).toMatchObject({ dealers: 0, private_sellers: 0, total_vehicles: 0, featured_vehicles: 0, cars: 0, construction: 0, farming: 0 });
      expect((await s.request({ method: 'GET', url: '/api/auth/me', token: seller.token })).statusCode).toBe(401);
      expect((await s.request({ method: 'GET', url: '/api/vehicles' })).json()).toEqual([]);

      const login = await s.request({ method: 'POST', url: '/api/auth/login', body: { email: 'admin@motokari.test', password: 'admin-password' } });
      expect(login.statusCode).toBe(200);
      const makes = await s.request({ method: 'GET', url: '/api/vehicle-makes' });
      expect(makes.statusCode).toBe(200);
      expect(makes.json().length).toBeGreaterThan(0);

      const seed = await s.request({ method: 'POST', url: '/api/initialize-data' });
      expect(seed.statusCode).toBe(200);
      expect(seed.json().created).toBeGreaterThan(0);
      const listed = await s.request({ method: 'GET', url: '/api/vehicles' });
      expect(Number(listed.headers['x-total-count'])).toBeGreaterThan(0);
      const again = await s.request({ method: 'POST', url: '/api/initialize-data' });
      expect(again.statusCode).toBe(200);
      expect(again.json().created).toBe(0);
      expect((await stats()).total_vehicles).toBe(seed.json().created);
    });
  });
});
