import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { currentRevision } from '@/server/repositories/vehicles/writes';
import { ENGINES, listingBody, startServer, type TestServer } from './harness';

// The bad-input sweep: every route of the server's own OpenAPI description gets malformed JSON, wrong
// types, missing fields, 1 MB strings, deep nesting, prototype keys, NaN/Infinity/1e308/negative
// numbers, NUL and emoji, SQL-looking strings, bad ids, huge paging and bad `since` values, signed in
// (as an administrator on /api/admin), with and without an Idempotency-Key. Every answer is below 500
// and every refusal is JSON `{ "detail": … }`; the requests that must be refused change nothing.

type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Case {
  name: string;
  method: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

const NUL = 'a\u0000b';
const MEGABYTE = 'x'.repeat(1024 * 1024);
const EMOJI = 'Toyota 🚙🔥 ÿ';
const SQLISH = "x' OR '1'='1'; DROP TABLE users; --";
const DEPTH = 10_000;
const DEEP_ARRAY = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const DEEP_OBJECT = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LONG_SEGMENT = 'a'.repeat(101);

/** The object schema of a body, whatever union the description wraps it in. */
const objectOf = (s: Schema | undefined): Schema | undefined => s && (s.properties ? s : (s.anyOf ?? s.oneOf ?? []).find((x) => x.properties));

/** Values every field of this type must refuse. */
function refusedValues(s: Schema): unknown[] {
  const type = s.type ?? objectOf(s)?.type;
  switch (type) {
    case 'string':
      return [
        {},
        [1],
        NUL,
        ...(s.enum ? ['not-one-of-them'] : []),
        ...(s.format === 'uuid' ? ['not-a-uuid', SQLISH] : []),
        ...(s.format === 'date-time' ? ['yesterday'] : []),
        ...(s.format === 'uri' ? ['not a uri'] : []),
        ...(s.maxLength !== undefined && s.maxLength < MEGABYTE.length ? [MEGABYTE] : []),
      ];
    case 'number':
    case 'integer':
      return ['abc', {}, 'NaN', 'Infinity', 1e308, -1e308, ...(type === 'integer' ? [1.5] : []), ...(s.minimum !== undefined && s.minimum >= 0 ? [-1] : [])];
    case 'boolean':
      return ['maybe', {}, 2];
    case 'array':
      return ['x', {}, ...(s.items?.type === 'string' ? [[NUL]] : [])];
    case 'object':
      return ['x', [1]];
    default:
      return [];
  }
}

/** Odd values a field may accept or refuse, but never answer with a 5xx. */
function oddValues(s: Schema): unknown[] {
  const type = s.type ?? objectOf(s)?.type;
  if (type === 'string') return [EMOJI, SQLISH, ...(s.maxLength === undefined || s.maxLength >= MEGABYTE.length ? [MEGABYTE] : []), ''];
  if (type === 'number' || type === 'integer') return [-1, 0, 9007199254740991];
  return [];
}

/** Each field of a body (nested objects and the first item of arrays of objects too), with a way to set or remove it. */
function fieldsOf(schema: Schema, base: Record<string, unknown>, at: string[] = []): { path: string[]; schema: Schema; required: boolean }[] {
  const obj = objectOf(schema);
  if (!obj?.properties) return [];
  const out: { path: string[]; schema: Schema; required: boolean }[] = [];
  for (const [name, s] of Object.entries(obj.properties)) {
    const here = [...at, name];
    out.push({ path: here, schema: s, required: (obj.required ?? []).includes(name) });
    const value = base[name];
    if (s.type === 'object' && value && typeof value === 'object') out.push(...fieldsOf(s, value as Record<string, unknown>, here));
    if (s.type === 'array' && s.items && objectOf(s.items) && Array.isArray(value) && value[0]) out.push(...fieldsOf(s.items, value[0] as Record<string, unknown>, [...here, '0']));
  }
  return out;
}

function withField(base: Record<string, unknown>, at: string[], value: unknown, remove = false): Record<string, unknown> {
  const copy = structuredClone(base);
  let node = copy as Record<string, unknown>;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = at[at.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

/** A query string, keeping `value` raw when it is already percent-encoded. */
const queryString = (q: Record<string, string>) =>
  Object.entries(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v.startsWith('%raw:') ? v.slice(5) : encodeURIComponent(v)}`)
    .join('&');

describe.each(ENGINES)('%s: the bad-input sweep', (engine) => {
  let s: TestServer;
  let paths: Record<string, Record<string, Operation>>;
  let user: { token: string; id: string };
  let admin: string;
  /** A valid id of each kind the routes take, owned by `user`. */
  let ids: { listing: string; savedSearch: string; payment: string; make: string; model: string };
  /** A valid body of each route that takes one. */
  let bodies: Record<string, Record<string, unknown> | null>;
  const answers: { name: string; status: number; body: string; detailed: boolean }[] = [];

  async function state() {
    const { db } = s.app.ctx;
    const count = async (table: string) => Number(rowsOf<{ n: string }>(await db.execute(sql.raw(`select count(*) as n from ${table}`)))[0]?.n);
    const media = path.join(s.dataDir, 'media');
    return {
      users: await count('users'),
      vehicles: await count('vehicles'),
      tombstones: await count('vehicle_tombstones'),
      payments: await count('payments'),
      savedSearches: await count('saved_searches'),
      pushSubscriptions: await count('push_subscriptions'),
      passwordResets: await count('password_resets'),
      uploads: await count('uploads'),
      conversations: await count('conversations'),
      messages: await count('messages'),
      revision: await currentRevision(db),
      mediaFiles: existsSync(media) ? readdirSync(media).length : 0,
      listing: rowsOf<Record<string, unknown>>(await db.execute(sql`select * from vehicles where id = ${ids.listing}`))[0] ?? null,
    };
  }

  const tokenFor = (url: string) => (url.startsWith('/api/admin') ? admin : user.token);

  async function send(c: Case, idempotencyKey: string | null): Promise<LightMyRequestResponse> {
    return s.app.inject({
      method: c.method as 'GET',
      url: c.url,
      headers: {
        authorization: `Bearer ${tokenFor(c.url)}`,
        ...(c.payload !== undefined && { 'content-type': c.contentType ?? 'application/json' }),
        ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
      },
      ...(c.payload !== undefined && { payload: c.payload }),
    });
  }

  function hasOnlyDetail(res: LightMyRequestResponse): boolean {
    if (!/^application\/json/.test(String(res.headers['content-type']))) return false;
    try {
      const json = JSON.parse(res.body) as unknown;
      return !!json && typeof json === 'object' && Object.keys(json).join() === 'detail';
    } catch {
      return false;
    }
  }

  /** Sends a case with and without an Idempotency-Key (on writes); every answer is a 4xx with `{detail}`. */
  async function refused(c: Case) {
    for (const key of MUTATING.has(c.method) ? [null, randomUUID()] : [null]) {
      const res = await send(c, key);
      answers.push({
        name: `${c.method} ${c.url.slice(0, 120)} (${c.name}${key ? ', with Idempotency-Key' : ''})`,
        status: res.statusCode,
        body: res.body.slice(0, 200),
        detailed: hasOnlyDetail(res),
      });
    }
  }

  /** The route's path with its ids filled in: `over` replaces the one named. */
  function fill(route: string, over?: { name: string; value: string }): string {
    return route.replace(/\{(\w+)\}/g, (_m, name: string) => {
      if (over && over.name === name) return over.value;
      if (route.startsWith('/api/users/') || route.startsWith('/api/admin/user/')) return user.id;
      if (route.startsWith('/api/saved-searches/')) return ids.savedSearch;
      if (route.startsWith('/api/payments/')) return ids.payment;
      if (route.startsWith('/api/vehicle-makes/')) return ids.make;
      if (route.startsWith('/api/vehicle-models/')) return ids.model;
      return ids.listing;
    });
  }

  beforeAll(async () => {
    s = await startServer(engine);
    const signedUp = await s.signup();
    user = { token: signedUp.token, id: signedUp.user.id };
    admin = (await s.admin()).token;
    const listing = await s.draft(user.token);
    const saved = await s.request({ method: 'POST', url: '/api/saved-searches', token: user.token, body: { name: 'Hilux', query: { make: 'Toyota' } } });
    expect(saved.statusCode, saved.body).toBe(201);
    const other = await s.draft(user.token);
    const payment = await s.request({
      method: 'POST',
      url: '/api/payments/ecocash/create',
      token: user.token,
      body: { vehicle_id: other.id, payment_method: 'ecocash', customer_msisdn: '0771234567' },
    });
    expect(payment.statusCode, payment.body).toBe(200);
    const makes = (await s.request({ method: 'GET', url: '/api/vehicle-hierarchy' })).json() as { id: number; models: { id: number }[] }[];
    ids = {
      listing: listing.id,
      savedSearch: saved.json().id,
      payment: payment.json().transaction_id,
      make: String(makes[0]!.id),
      model: String(makes[0]!.models[0]!.id),
    };
    const subscription = {
      endpoint: 'https://push.example.test/send/abc',
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
    };
    bodies = {
      'POST /api/auth/signup': { name: 'Rudo Dube', email: 'rudo@example.co.zw', phone: '+263 77 765 4321', location: 'Harare', password: 'secret-pass', user_type: 'private' },
      'POST /api/auth/login': { email: 'rudo@example.co.zw', password: 'secret-pass' },
      'POST /api/auth/forgot-password': { email: 'rudo@example.co.zw' },
      'POST /api/auth/verify-code': { email: 'rudo@example.co.zw', code: '123456' },
      'POST /api/auth/reset-password': { email: 'rudo@example.co.zw', code: '123456', new_password: 'another-pass' },
      'POST /api/auth/phone/send-code': { phone: '+263 77 765 4321' },
      'POST /api/auth/phone/verify': { code: '123456' },
      'POST /api/vehicles': listingBody(),
      'POST /api/cars': listingBody(),
      'PUT /api/vehicles/{id}': listingBody(),
      'PUT /api/cars/{id}': listingBody(),
      'POST /api/payments/create-intent': { vehicle_id: other.id, payment_method: 'card' },
      'POST /api/payments/ecocash/create': { vehicle_id: other.id, payment_method: 'ecocash', customer_msisdn: '0771234567' },
      'POST /api/payments/confirm/{id}': { pin: '1234' },
      'POST /api/payments/ecocash/confirm/{id}': { pin: '1234' },
      'POST /api/admin/reset-database': { confirm: 'no' },
      'PUT /api/admin/zig-rate': { rate: 26.8 },
      'PUT /api/me/business': { business_name: 'Harare Auto Hub', registration_number: 'ZW-12345/2019', address: '12 Seke Road, Harare' },
      'POST /api/push/subscriptions': subscription,
      'DELETE /api/push/subscriptions': { endpoint: subscription.endpoint },
      'POST /api/saved-searches': { name: 'Ranger', query: { make: 'Ford', min_price: 1000, limit: 20 } },
      'PATCH /api/saved-searches/{id}': { name: 'Hilux again', notify: true },
      'POST /api/vehicles/{id}/events': { kind: 'share' },
      'POST /api/vehicles/{id}/reports': { reason: 'scam', note: 'Asks for a deposit before viewing' },
      'PUT /api/favourites/{vehicleId}': { saved_price: 25000, saved_at: new Date().toISOString() },
      'POST /api/conversations': { listing_id: other.id, text: 'Is it still available?', message_id: '7b0c2f4e-5d1a-4c8e-9f3b-2a6d8e1c4b70', images: ['/samples/a.jpg'] },
      'POST /api/conversations/{id}/messages': { id: '7b0c2f4e-5d1a-4c8e-9f3b-2a6d8e1c4b71', text: 'Could I see it on Saturday?', images: ['/samples/a.jpg'] },
      'POST /api/conversations/{id}/report': { reason: 'Asked for a deposit', message_id: '7b0c2f4e-5d1a-4c8e-9f3b-2a6d8e1c4b71' },
      'PUT /api/me/settings': { contact_preference: 'messages', message_emails: false },
      'POST /api/dealer/keys': { name: 'Yard computer', scope: 'write' },
      'PUT /api/dealer/webhook': { url: 'https://dms.example.com/motokari' },
      'PUT /api/dealer/stock/{stock_number}': listingBody(),
      'POST /api/dealer/invites': { email: 'staff@example.co.zw' },
      'POST /api/team/join': { token: 'an-invitation-token-of-some-length' },
      'POST /api/dealer/imports/{id}/check': { mapping: { stock_number: 'Stock No', make: 'Make', model: 'Model', year: 'Year' } },
      'POST /api/dealer/imports/{id}/apply': { mapping: { stock_number: 'Stock No', make: 'Make', model: 'Model', year: 'Year' } },
      'POST /api/dealer/plan/card/confirm': {},
      'POST /api/dealer/plan/ecocash': { customer_msisdn: '0771234567' },
      'POST /api/dealer/plan/ecocash/confirm/{id}': { pin: '1234' },
      'POST /api/events': { events: [{ type: 'page_view', path: '/cars', at: new Date().toISOString(), screen: 'phone' }] },
    };
    paths = (s.app.swagger() as { paths: Record<string, Record<string, Operation>> }).paths;
  }, 120_000);

  afterAll(async () => {
    await s?.close();
  });

  /** The requests every route must refuse. */
  function refusals(): Case[] {
    const cases: Case[] = [];
    for (const [route, ops] of Object.entries(paths)) {
      for (const [m, op] of Object.entries(ops)) {
        const method = m.toUpperCase();
        const url = fill(route);
        const add = (name: string, c: Partial<Case>) => cases.push({ name, method, url, ...c });
        const params = op.parameters ?? [];

        for (const p of params.filter((x) => x.in === 'path')) {
          const bad =
            p.schema.type === 'integer'
              ? ['2147483648', '9223372036854775808', '-1', '0', 'abc', '1e308', '1.5', '%00']
              : p.schema.format === 'uuid'
                ? ['not-a-uuid', '%00', 'a%00b', "'%20OR%20'1'%3D'1", '..%2F..%2Fetc', 'zzzzzzzz-zzzz-4zzz-8zzz-zzzzzzzzzzzz']
                : ['a%00b', '%00'];
          for (const value of [...bad, LONG_SEGMENT, '%c0%ae']) add(`path ${p.name}=${value.slice(0, 20)}`, { url: fill(route, { name: p.name, value }) });
        }

        const queries = params.filter((x) => x.in === 'query');
        const bases: Record<string, string>[] = [{}];
        if (queries.some((q) => q.name === 'seller_id')) bases.push({ seller_id: user.id });
        for (const base of bases) {
          for (const q of queries) {
            const t = q.schema.type;
            const bad =
              t === 'integer'
                ? ['abc', '1.5', '1e308', '-1e308', '9223372036854775808', 'NaN', 'Infinity', '-1', ...(q.name === 'since' ? [] : ['10000000000'])]
                : t === 'number'
                  ? ['abc', 'NaN', 'Infinity', '-Infinity', '1e308', '-1e308', '9223372036854775808', '-9223372036854775809']
                  : t === 'boolean'
                    ? ['maybe', '2']
                    : q.schema.enum
                      ? ['not-one-of-them', '%raw:%00']
                      : ['%raw:%00', '%raw:a%00b', ...(q.name === 'seller_id' ? [] : [MEGABYTE.slice(0, 10_000)])];
            for (const value of bad) add(`query ${q.name}=${value.slice(0, 20)}${base.seller_id ? ' (own listings)' : ''}`, { url: `${url}?${queryString({ ...base, [q.name]: value })}` });
          }
        }

        if (MUTATING.has(method)) {
          add('deeply nested array body', { payload: DEEP_ARRAY });
          add('deeply nested object body', { payload: DEEP_OBJECT });
          add('malformed JSON', { payload: '{"make": "Toyota",' });
          add('NaN in JSON', { payload: '{"price": NaN}' });
          add('Infinity in JSON', { payload: '{"price": Infinity}' });
        }

        const schema = op.requestBody?.content['application/json']?.schema;
        if (!schema) continue;
        const key = `${method} ${route}`;
        const base = bodies[key];
        expect(base, `a valid body for ${key} in this sweep`).toBeDefined();
        if (!base) continue;
        add('a JSON string for a body', { payload: '"text"' });
        add('a JSON array for a body', { payload: '[1,2]' });
        add('a body that is not JSON', { payload: 'make=Toyota', contentType: 'text/plain' });
        for (const f of fieldsOf(schema, base)) {
          const at = f.path.join('.');
          for (const value of refusedValues(f.schema)) add(`${at}=${JSON.stringify(value).slice(0, 30)}`, { payload: JSON.stringify(withField(base, f.path, value)) });
          if (f.required) add(`${at} missing`, { payload: JSON.stringify(withField(base, f.path, undefined, true)) });
        }
      }
    }

    // Multipart on the upload route.
    const upload = (name: string, contentType: string, payload: string | Buffer) => cases.push({ name, method: 'POST', url: '/api/uploads', payload, contentType });
    const part = (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    upload('garbage multipart', 'multipart/form-data; boundary=xyz', 'this is not multipart at all');
    upload('multipart without a boundary', 'multipart/form-data', `${part('xyz')}abc\r\n--xyz--\r\n`);
    upload('truncated multipart part', 'multipart/form-data; boundary=xyz', `${part('xyz')}abc`);
    upload('multipart boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, `${part('b'.repeat(300))}abc\r\n--${'b'.repeat(300)}--\r\n`);
    upload('multipart with no file', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--xyz--\r\n');
    upload('multipart file that is not an image', 'multipart/form-data; boundary=xyz', `${part('xyz')}not an image\r\n--xyz--\r\n`);

    // Paynow's result notification (form-encoded, unauthenticated by design).
    const result = (name: string, payload: string) => cases.push({ name, method: 'POST', url: '/api/payments/ecocash/result', payload, contentType: 'application/x-www-form-urlencoded' });
    result('Paynow result with NUL in reference', 'reference=a%00b&status=Paid');
    result('Paynow result without reference', 'status=Paid');
    result('Paynow result with two references', `reference=${ids.payment}&reference=b&status=Paid`);
    result('Paynow result with a long reference', `reference=${'r'.repeat(10_000)}&status=Paid`);
    return cases;
  }

  it('refuses every malformed request with a 4xx and {detail}, and changes nothing', async () => {
    const before = await state();
    const cases = refusals();
    expect(cases.length).toBeGreaterThan(1500);
    for (const c of cases) await refused(c);
    const failures = answers.filter((a) => a.status < 400 || a.status >= 500 || !a.detailed);
    expect(failures.map((a) => `${a.status} ${a.name}: ${a.body}`)).toEqual([]);
    expect(await state()).toEqual(before);
  }, 600_000);

  it('answers odd but well-formed values (emoji, SQL-looking text, prototype keys, 1 MB strings, negative numbers) without a 5xx', async () => {
    const cases: Case[] = [];
    for (const [route, ops] of Object.entries(paths)) {
      for (const [m, op] of Object.entries(ops)) {
        const method = m.toUpperCase();
        const url = fill(route);
        for (const q of (op.parameters ?? []).filter((x) => x.in === 'query')) {
          const values = q.schema.type === 'string' && !q.schema.enum ? [EMOJI, SQLISH] : q.schema.type === 'integer' || q.schema.type === 'number' ? ['0', '9007199254740991'] : [];
          for (const v of values) cases.push({ name: `query ${q.name}=${v}`, method, url: `${url}?${queryString({ [q.name]: v })}` });
        }
        const schema = op.requestBody?.content['application/json']?.schema;
        const base = bodies[`${method} ${route}`];
        if (!schema || !base) continue;
        const json = JSON.stringify(base).slice(1);
        cases.push({ name: '__proto__ key', method, url, payload: `{"__proto__":{"admin":true},${json}` });
        cases.push({ name: 'constructor key', method, url, payload: `{"constructor":{"prototype":{"admin":true}},${json}` });
        for (const f of fieldsOf(schema, base)) {
          for (const value of oddValues(f.schema))
            cases.push({ name: `${f.path.join('.')}=${JSON.stringify(value).slice(0, 30)}`, method, url, payload: JSON.stringify(withField(base, f.path, value)) });
        }
      }
    }
    const failures: string[] = [];
    for (const c of cases) {
      const res = await send(c, MUTATING.has(c.method) ? randomUUID() : null);
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${c.method} ${c.url.slice(0, 120)} (${c.name}): ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400 && !hasOnlyDetail(res)) failures.push(`${res.statusCode} ${c.method} ${c.url.slice(0, 120)} (${c.name}) without {detail}: ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers the statuses the issue names: 422 for NUL and out-of-range numbers, 400 for deep bodies and broken multipart', async () => {
    const expectStatus = async (status: number, c: Case, key: string | null = null) => {
      const res = await send(c, key);
      expect(res.statusCode, `${c.method} ${c.url} (${c.name}): ${res.body.slice(0, 300)}`).toBe(status);
      expect(Object.keys(res.json())).toEqual(['detail']);
    };
    const json = (method: string, url: string, body: unknown): Case => ({ name: 'json', method, url, payload: JSON.stringify(body) });
    await expectStatus(422, json('POST', '/api/vehicles', listingBody({ make: NUL })));
    await expectStatus(422, json('PUT', `/api/vehicles/${ids.listing}`, { description: NUL }));
    await expectStatus(422, json('POST', '/api/auth/signup', { ...bodies['POST /api/auth/signup'], name: NUL }));
    await expectStatus(422, json('POST', '/api/saved-searches', { name: NUL, query: { make: 'Ford' } }));
    await expectStatus(422, { name: 'own search', method: 'GET', url: `/api/vehicles?seller_id=${user.id}&make=%00` });
    await expectStatus(422, json('POST', '/api/payments/ecocash/confirm/a%00b', {}));
    await expectStatus(422, json('POST', '/api/payments/confirm/a%00b', {}));
    await expectStatus(422, { name: 'Paynow', method: 'POST', url: '/api/payments/ecocash/result', payload: 'reference=a%00b', contentType: 'application/x-www-form-urlencoded' });
    for (const url of ['/api/vehicle-makes/2147483648/models', '/api/vehicle-models/2147483648/variants']) await expectStatus(422, { name: 'id', method: 'GET', url });
    for (const v of ['1e308', '-1e308', '9223372036854775808']) await expectStatus(422, { name: 'year', method: 'GET', url: `/api/vehicles?seller_id=${user.id}&year_from=${v}` });
    for (const url of [`/api/vehicles/${ids.listing}`, `/api/saved-searches/${ids.savedSearch}`, '/api/uploads']) {
      await expectStatus(400, { name: 'deep', method: url === '/api/uploads' ? 'POST' : 'DELETE', url, payload: DEEP_ARRAY }, randomUUID());
    }
    expect((await s.request({ method: 'GET', url: `/api/vehicles/${ids.listing}`, token: user.token })).statusCode).toBe(200);
    const multipart = (contentType: string, payload: string): Case => ({ name: 'multipart', method: 'POST', url: '/api/uploads', payload, contentType });
    await expectStatus(400, multipart('multipart/form-data; boundary=xyz', 'garbage'));
    await expectStatus(400, multipart('multipart/form-data', '--xyz\r\n\r\nabc\r\n--xyz--\r\n'));
    await expectStatus(400, multipart('multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nabc'));
    await expectStatus(400, multipart(`multipart/form-data; boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}\r\n\r\nabc\r\n--${'b'.repeat(300)}--\r\n`));
  });

  it('answers unknown routes and the framework’s own errors as {detail}', async () => {
    const cases: [string, number][] = [
      ['/api/no-such-route', 404],
      [`/api/vehicles/${LONG_SEGMENT}`, 414],
      ['/media/%c0%ae', 400],
      ['/api/vehicles/%c0%ae', 400],
    ];
    for (const [url, status] of cases) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      expect(Object.keys(res.json()), url).toEqual(['detail']);
    }
  });
});
