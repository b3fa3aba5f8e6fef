import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MotokariDb } from '../../src/data/db';
import { Mirror } from '../../src/data/mirror';
import { pullChanges } from '../../src/data/sync';
import type { SyncPage } from '../../src/data/api';
import type { Vehicle } from '../../src/domain/vehicle';
import { startServer, type TestServer } from '../server/harness';

// The device's mirror (on fake-indexeddb) following the real server's delta feed, written by the
// worker's Mirror and read back through Dexie, as the rest of the app sees it.
describe('the offline mirror', () => {
  let s: TestServer;
  let seller: { token: string };
  const fetchPage = (since: number, limit: number) => s.request({ method: 'GET', url: `/api/sync/vehicles?since=${since}&limit=${limit}` }).then((r) => r.json() as SyncPage);
  const publicIds = async () => ((await s.request({ method: 'GET', url: '/api/vehicles?limit=500' })).json() as Vehicle[]).map((v) => v.id).sort();
  const mirrorIds = async (db: MotokariDb) => (await db.vehicles.toCollection().primaryKeys()).map(String).sort();

  async function publish(): Promise<string> {
    const v = await s.draft(seller.token);
    return (await s.pay(seller.token, v.id)).id;
  }

  beforeAll(async () => {
    s = await startServer('pglite', { seed: true });
    seller = await s.signup();
  });
  afterAll(() => s?.close());

  it('holds exactly the public listings after a first pull in pages', async () => {
    const name = `m-${randomUUID()}`;
    const mirror = new Mirror(name);
    const db = new MotokariDb(name);
    const result = await pullChanges(mirror, fetchPage, undefined, 9);
    expect(result.upserts).toBe((await publicIds()).length);
    expect(await mirrorIds(db)).toEqual(await publicIds());
    expect((await db.meta.get('sync'))?.revision).toBe(result.revision);
  });

  it('resumes an interrupted pull from the last stored page without losing or repeating a listing', async () => {
    const name = `m-${randomUUID()}`;
    const mirror = new Mirror(name);
    const db = new MotokariDb(name);
    let calls = 0;
    const flaky = (since: number, limit: number) => (++calls === 4 ? Promise.reject(new Error('connection dropped')) : fetchPage(since, limit));
    const seen: string[] = [];
    await expect(pullChanges(mirror, flaky, (p) => void seen.push(...p.upserts.map((v) => v.id)), 7)).rejects.toThrow('connection dropped');
    const stored = await mirrorIds(db);
    expect(stored.length).toBe(21);
    await pullChanges(mirror, fetchPage, (p) => void seen.push(...p.upserts.map((v) => v.id)), 7);
    expect(await mirrorIds(db)).toEqual(await publicIds());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('applies new, changed and deleted listings on the next pull', async () => {
    const name = `m-${randomUUID()}`;
    const mirror = new Mirror(name);
    const db = new MotokariDb(name);
    await pullChanges(mirror, fetchPage);
    const added = await publish();
    const [victim, changed] = (await publicIds()).filter((id) => id !== added);
    const admin = await s.admin();
    await s.request({ method: 'DELETE', url: `/api/admin/vehicle/${victim}`, token: admin.token });
    await s.request({ method: 'PUT', url: `/api/vehicles/${changed}`, token: admin.token, body: { price: 12345 } });
    const result = await pullChanges(mirror, fetchPage);
    expect(result.removed).toBe(1);
    expect(await mirrorIds(db)).toEqual(await publicIds());
    expect((await db.vehicles.get(changed!))?.price).toBe(12345);
    expect(await db.vehicles.get(victim!)).toBeUndefined();
    expect(await db.vehicles.get(added)).toBeDefined();
    // At the head, a pull changes nothing.
    expect(await pullChanges(mirror, fetchPage)).toMatchObject({ upserts: 0, removed: 0 });
  });
});
