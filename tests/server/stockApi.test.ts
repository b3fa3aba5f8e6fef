import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/db/client';
import { STOCK_API_MESSAGES, type ApiKey, type CreatedApiKey } from '@/domain/account/stockApi';
import type { stockItemSchema, stockPageSchema } from '@/domain/account/stockApiWire';
import type { z } from 'zod';
import { listingBody } from '../support/listingBody';
import { ENGINES, startServer, type TestServer } from './harness';

// A dealer's Stock API (issue 38) as a dealer management system meets it: API keys made, scoped and
// revoked by the dealer; the dealer's stock read a page at a time and written by stock number,
// idempotently; the same listing routes with a key; nothing of another dealer's.

type Session = Awaited<ReturnType<TestServer['signup']>>;
type StockItem = z.infer<typeof stockItemSchema>;
type StockPage = z.infer<typeof stockPageSchema>;

describe.each(ENGINES)('%s: the Stock API', (engine) => {
  let s: TestServer;
  let dealer: Session;
  let other: Session;
  let privateSeller: Session;
  let readKey: CreatedApiKey;
  let writeKey: CreatedApiKey;

  beforeAll(async () => {
    s = await startServer(engine);
    dealer = await s.signup({ name: 'Borrowdale Motors', user_type: 'dealer' });
    other = await s.signup({ name: 'Avondale Autos', user_type: 'dealer' });
    privateSeller = await s.signup({ name: 'Tendai Private' });
  });
  afterAll(() => s?.close());

  const call = (method: string, url: string, token: string | null, body?: unknown) => s.request({ method, url, token, ...(body !== undefined && { body }) });
  const makeKey = async (token: string, name: string, scope: 'read' | 'write') => {
    const res = await call('POST', '/api/dealer/keys', token, { name, scope });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CreatedApiKey;
  };
  const put = (key: string, stockNumber: string, over: Record<string, unknown> = {}) => call('PUT', `/api/dealer/stock/${encodeURIComponent(stockNumber)}`, key, listingBody({ images: [], ...over }));

  it('a dealer makes named, scoped keys, shown once and kept only as a hash; a private seller cannot', async () => {
    expect((await call('POST', '/api/dealer/keys', privateSeller.token, { name: 'Mine', scope: 'read' })).json()).toEqual({ detail: STOCK_API_MESSAGES.dealersOnly });
    expect((await call('GET', '/api/dealer/keys', privateSeller.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/dealer/keys', null)).statusCode).toBe(401);
    readKey = await makeKey(dealer.token, 'Website', 'read');
    writeKey = await makeKey(dealer.token, 'Yard computer', 'write');
    expect(readKey.key).toMatch(/^mk_[\w-]{43}$/);
    expect(writeKey.key.startsWith(writeKey.prefix)).toBe(true);
    const listed = (await call('GET', '/api/dealer/keys', dealer.token)).json() as ApiKey[];
    expect(listed.map((k) => [k.name, k.scope, k.last_used_at])).toEqual([
      ['Yard computer', 'write', null],
      ['Website', 'read', null],
    ]);
    expect(JSON.stringify(listed)).not.toContain(readKey.key);
    const stored = rowsOf<{ key_hash: string }>(await s.app.ctx.db.execute(sql`select key_hash from api_keys where id = ${readKey.id}`));
    expect(stored[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.key_hash).not.toContain(readKey.key.slice(3));
    expect((await call('POST', '/api/dealer/keys', dealer.token, { name: ' ', scope: 'admin' })).statusCode).toBe(422);
  });

  it('a write key creates a vehicle by stock number; the same PUT again changes nothing; a new price is an edit with its history', async () => {
    const created = await put(writeKey.key, 'BM-1042', { price: 38000 });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json() as StockItem;
    expect(first).toMatchObject({ stock_number: 'BM-1042', status: 'draft', make: 'Toyota', model: 'Hilux', price: 38000, seller_id: dealer.user.id });
    const again = await put(writeKey.key, 'BM-1042', { price: 38000 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first);
    // Published (the dealer pays its fee in the app), then a lower price from the DMS.
    await s.pay(dealer.token, first.id);
    const cheaper = await put(writeKey.key, 'BM-1042', { price: 36500 });
    expect(cheaper.statusCode, cheaper.body).toBe(200);
    const item = cheaper.json() as StockItem;
    expect(item).toMatchObject({ id: first.id, status: 'live', price: 36500, price_drop: { amount: 1500 } });
    const history = rowsOf<{ old_price: number; new_price: number }>(await s.app.ctx.db.execute(sql`select old_price, new_price from price_changes where vehicle_id = ${first.id}`));
    expect(history.map((h) => [Number(h.old_price), Number(h.new_price)])).toEqual([[38000, 36500]]);
    // Sent once more: nothing new.
    expect((await put(writeKey.key, 'BM-1042', { price: 36500 })).json()).toEqual(item);
    expect(rowsOf(await s.app.ctx.db.execute(sql`select 1 from price_changes where vehicle_id = ${first.id}`))).toHaveLength(1);
  });

  it('racing PUTs of one new stock number make one listing', async () => {
    const answers = await Promise.all([put(writeKey.key, 'BM-2000'), put(writeKey.key, 'BM-2000'), put(writeKey.key, 'BM-2000')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => (a.json() as StockItem).id)).size).toBe(1);
  });

  it('a read key reads the stock a page at a time, and cannot write', async () => {
    const pages: StockItem[] = [];
    let after: string | null = null;
    do {
      const res = await call('GET', `/api/dealer/stock?limit=1${after ? `&after=${after}` : ''}`, readKey.key);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as StockPage;
      expect(page.items.length).toBeLessThanOrEqual(1);
      pages.push(...page.items);
      after = page.next;
    } while (after);
    expect(pages.map((p) => p.stock_number).sort()).toEqual(['BM-1042', 'BM-2000']);
    expect(((await call('GET', '/api/dealer/stock?status=live', readKey.key)).json() as StockPage).items.map((i) => i.stock_number)).toEqual(['BM-1042']);
    const refused = await put(readKey.key, 'BM-3000');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: STOCK_API_MESSAGES.readOnlyKey });
    expect((await call('POST', '/api/vehicles', readKey.key, listingBody())).statusCode).toBe(403);
    const used = ((await call('GET', '/api/dealer/keys', dealer.token)).json() as ApiKey[]).find((k) => k.id === readKey.id)!;
    expect(used.last_used_at).not.toBeNull();
  });

  it('a key signs in only where the Stock API reaches: not to the account, its keys or its payments', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/dealer/keys'],
      ['PUT', '/api/me/settings'],
      ['GET', '/api/conversations'],
      ['POST', '/api/payments/ecocash/create'],
    ] as const) {
      const res = await call(method, url, writeKey.key, method === 'GET' ? undefined : {});
      expect([401, 422], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 401) expect(res.json()).toEqual({ detail: STOCK_API_MESSAGES.keyNotHere });
    }
    // A public route answers as to anyone.
    expect((await call('GET', '/api/vehicles?limit=1', writeKey.key)).statusCode).toBe(200);
  });

  it("the listing routes take a write key for the dealer's own listings; another dealer's are not found", async () => {
    const mine = ((await call('GET', '/api/dealer/stock', writeKey.key)).json() as StockPage).items.find((i) => i.stock_number === 'BM-2000')!;
    const edit = await call('PUT', `/api/vehicles/${mine.id}`, writeKey.key, { mileage: 91000 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ mileage: 91000 });
    const theirs = await s.draft(other.token, { model: 'Fortuner' });
    expect((await call('PUT', `/api/vehicles/${theirs.id}`, writeKey.key, { price: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/vehicles/${theirs.id}`, writeKey.key)).statusCode).toBe(404);
    // The other dealer's stock numbers are their own (beside their listing made in the app, which has none).
    const otherKey = await makeKey(other.token, 'DMS', 'write');
    const theirsByNumber = await put(otherKey.key, 'BM-1042', { model: 'Fortuner' });
    expect(theirsByNumber.statusCode).toBe(201);
    expect(((await call('GET', '/api/dealer/stock', otherKey.key)).json() as StockPage).items.map((i) => i.stock_number).sort()).toEqual(['BM-1042', null]);
  });

  it('a revoked key is refused at once; a bad stock number is a 422', async () => {
    expect((await call('DELETE', `/api/dealer/keys/${readKey.id}`, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/dealer/keys/${readKey.id}`, dealer.token)).statusCode).toBe(204);
    const res = await call('GET', '/api/dealer/stock', readKey.key);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: STOCK_API_MESSAGES.badKey });
    expect((await call('GET', '/api/dealer/stock', `${writeKey.key}x`)).statusCode).toBe(401);
    expect(((await call('GET', '/api/dealer/keys', dealer.token)).json() as ApiKey[]).map((k) => k.name)).toEqual(['Yard computer']);
    expect((await put(writeKey.key, ' ')).statusCode).toBe(422);
    expect((await put(writeKey.key, 'BM 1042; drop')).statusCode).toBe(422);
  });
});
