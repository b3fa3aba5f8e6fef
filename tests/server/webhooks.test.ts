import http from 'node:http';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { createHmac, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_API_MESSAGES, WEBHOOK_SIGNATURE_HEADER, type CreatedApiKey, type Webhook } from '@/domain/account/stockApi';
import { guardedRequest, OutboundRefused } from '@/server/outbound/guardedRequest';
import { isPublicAddress } from '@/server/outbound/publicAddress';
import { rowsOf } from '@/server/db/client';
import { listingBody } from '../support/listingBody';
import { ENGINES, startServer, type TestServer } from './harness';

// A dealer's webhook (issue 38): their listings' events (published, sold, expiring, a lead) posted to
// their server, signed with their secret, retried until taken and taken once; and never posted to a
// private address, whatever the address says or its name resolves to.

interface Received {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

/** A dealer's server: records what it took, refusing the first `failFirst` deliveries with a 500. */
async function receiver(failFirst = 0) {
  const taken: { body: string; signature: string }[] = [];
  let refused = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (refused < failFirst) {
        refused++;
        res.writeHead(500).end();
        return;
      }
      taken.push({ body, signature: String(req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/motokari`,
    taken,
    refusedCount: () => refused,
    events: () => taken.map((t) => JSON.parse(t.body) as Received),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** What a dealer's receiver does: recompute the HMAC of "t.body" with the secret. */
function verify(secret: string, body: string, header: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  return parts.v1 === createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
}

/** Waits for an event, on the deliveries themselves (the runner retries on its own clock). */
async function until<T>(check: () => T | undefined): Promise<T> {
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(ENGINES)('%s: webhooks', (engine) => {
  let s: TestServer;
  let hook: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    hook = await receiver(2);
    s = await startServer(engine, { config: { outboundAllowPrivate: true, jobsIntervalMs: 100 } });
  });
  afterAll(async () => {
    await s?.close();
    await hook?.close();
  });

  it("a dealer's listing events reach their webhook signed, retried until taken, each once", async () => {
    const dealer = await s.signup({ name: 'Msasa Motors', user_type: 'dealer' });
    const buyer = await s.signup({ name: 'Farai Buyer' });
    const saved = await s.request({ method: 'PUT', url: '/api/dealer/webhook', token: dealer.token, body: { url: hook.url } });
    expect(saved.statusCode, saved.body).toBe(200);
    const { secret } = saved.json() as Webhook;
    expect(secret).toMatch(/^whsec_/);
    expect((await s.request({ method: 'GET', url: '/api/dealer/webhook', token: dealer.token })).json()).toEqual({
      url: hook.url,
      events: ['listing.published', 'listing.expiring', 'listing.sold', 'lead'],
    });

    const key = (await s.request({ method: 'POST', url: '/api/dealer/keys', token: dealer.token, body: { name: 'DMS', scope: 'write' } })).json() as CreatedApiKey;
    const draft = (await s.request({ method: 'PUT', url: '/api/dealer/stock/MM-7', token: key.key, body: listingBody() })).json() as { id: string };
    await s.pay(dealer.token, draft.id);
    const published = await until(() => hook.events().find((e) => e.type === 'listing.published'));
    expect(published.data).toEqual({ listing_id: draft.id, stock_number: 'MM-7' });
    // The first two deliveries were refused; the event came on the third, under one id.
    expect(hook.refusedCount()).toBe(2);

    expect((await s.request({ method: 'GET', url: `/api/vehicles/${draft.id}/contact`, token: buyer.token })).statusCode).toBe(200);
    const lead = await until(() => hook.events().find((e) => e.type === 'lead'));
    expect(lead.data).toEqual({ listing_id: draft.id, stock_number: 'MM-7', kind: 'contact' });

    const chat = await s.request({ method: 'POST', url: '/api/conversations', token: buyer.token, body: { listing_id: draft.id, text: 'Is the Hilux still there?', message_id: randomUUID() } });
    expect(chat.statusCode, chat.body).toBe(201);
    const conversationId = (chat.json() as { conversation: { id: string } }).conversation.id;
    // Only a buyer's first message is a lead.
    await s.request({ method: 'POST', url: `/api/conversations/${conversationId}/messages`, token: buyer.token, body: { id: randomUUID(), text: 'I can come on Saturday' } });
    const byMessage = await until(() => hook.events().find((e) => e.type === 'lead' && e.data.kind === 'message'));
    expect(byMessage.data).toEqual({ listing_id: draft.id, stock_number: 'MM-7', kind: 'message', conversation_id: conversationId });

    // Two days before it expires (the dealer has no device for pushes: the webhook alone is told).
    const expiresAt = new Date((await s.request({ method: 'GET', url: `/api/vehicles/${draft.id}`, token: dealer.token })).json().expires_at as string);
    const at = s.clock.now;
    s.clock.now = new Date(expiresAt.getTime() - 86_400_000);
    try {
      await s.app.ctx.push.sendExpiryReminders();
      s.app.ctx.jobs.kick();
      const expiring = await until(() => hook.events().find((e) => e.type === 'listing.expiring'));
      expect(expiring.data).toEqual({ listing_id: draft.id, stock_number: 'MM-7', expires_at: expiresAt.toISOString() });
    } finally {
      s.clock.now = at;
    }

    expect((await s.request({ method: 'POST', url: `/api/vehicles/${draft.id}/sold`, token: key.key })).statusCode).toBe(200);
    await until(() => hook.events().find((e) => e.type === 'listing.sold'));
    await s.app.ctx.jobs.idle();

    for (const t of hook.taken) expect(verify(secret!, t.body, t.signature)).toBe(true);
    expect(verify('whsec_wrong', hook.taken[0]!.body, hook.taken[0]!.signature)).toBe(false);
    const ids = hook.events().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(hook.events().map((e) => e.type)).toEqual(['listing.published', 'lead', 'lead', 'listing.expiring', 'listing.sold']);

    // Removed: later events are not sent.
    expect((await s.request({ method: 'DELETE', url: '/api/dealer/webhook', token: dealer.token })).statusCode).toBe(204);
    expect((await s.request({ method: 'GET', url: '/api/dealer/webhook', token: dealer.token })).json()).toMatchObject({ url: null });
  });

  it('a failure between claiming an expiry reminder and writing its webhook event leaves it unclaimed, sent on the next run', async () => {
    const dealer = await s.signup({ name: 'Borrowdale Autos', user_type: 'dealer' });
    expect((await s.request({ method: 'PUT', url: '/api/dealer/webhook', token: dealer.token, body: { url: hook.url } })).statusCode).toBe(200);
    const listing = await s.pay(dealer.token, (await s.draft(dealer.token)).id);
    await s.app.ctx.jobs.idle();
    const expiresAt = new Date(listing.expires_at!);
    const db = s.app.ctx.db;
    // The database refuses webhook jobs for a moment, as a crash or a lost connection would stop the second write.
    await db.execute(sql`create function refuse_webhook_jobs() returns trigger language plpgsql as $$
      begin if new.name = 'webhook-delivery' then raise exception 'refused for the test'; end if; return new; end $$`);
    await db.execute(sql`create trigger refuse_webhook_jobs before insert on jobs for each row execute function refuse_webhook_jobs()`);
    const at = s.clock.now;
    s.clock.now = new Date(expiresAt.getTime() - 86_400_000);
    try {
      await expect(s.app.ctx.push.sendExpiryReminders()).rejects.toThrow();
      expect(rowsOf(await db.execute(sql`select 1 from expiry_reminders where vehicle_id = ${listing.id}`))).toHaveLength(0);
      await db.execute(sql`drop trigger refuse_webhook_jobs on jobs`);
      await db.execute(sql`drop function refuse_webhook_jobs()`);
      await s.app.ctx.push.sendExpiryReminders();
      s.app.ctx.jobs.kick();
      const expiring = await until(() => hook.events().find((e) => e.type === 'listing.expiring' && e.data.listing_id === listing.id));
      expect(expiring.data).toEqual({ listing_id: listing.id, stock_number: null, expires_at: expiresAt.toISOString() });
      // Claimed now: a later run sends nothing again.
      await s.app.ctx.push.sendExpiryReminders();
      await s.app.ctx.jobs.idle();
      expect(hook.events().filter((e) => e.type === 'listing.expiring' && e.data.listing_id === listing.id)).toHaveLength(1);
    } finally {
      s.clock.now = at;
    }
  });
});

describe('the webhook address guard', () => {
  let s: TestServer;
  let dealer: Awaited<ReturnType<TestServer['signup']>>;
  let target: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    target = await receiver();
    s = await startServer('pglite');
    dealer = await s.signup({ name: 'Greendale Cars', user_type: 'dealer' });
  });
  afterAll(async () => {
    await s?.close();
    await target?.close();
  });

  it('refuses private, loopback, link-local and mapped addresses, and what is not an http(s) address', async () => {
    const save = (url: string) => s.request({ method: 'PUT', url: '/api/dealer/webhook', token: dealer.token, body: { url } });
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://localhost./hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/',
      'http://192.168.1.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      'http://2130706433/',
      'http://0x7f.1/',
    ]) {
      const res = await save(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual({ detail: STOCK_API_MESSAGES.privateAddress });
    }
    for (const url of ['ftp://dms.example.com/', 'not a url', 'https://user:pw@dms.example.com/']) expect((await save(url)).json(), url).toEqual({ detail: STOCK_API_MESSAGES.notAnAddress });
    expect((await save('https://dms.example.com/motokari')).statusCode).toBe(200);
  });

  it('refuses at the connection a name that resolves to a private address', async () => {
    const name = hostname();
    const resolved = await lookup(name, { all: true });
    // This machine's own name resolves to its own (private or loopback) address, as on any test host.
    expect(resolved.some((a) => !isPublicAddress(a.address))).toBe(true);
    const port = new URL(target.url).port;
    const attempt = guardedRequest({ url: `http://${name}:${port}/motokari`, method: 'POST', body: '{}', timeoutMs: 30_000, maxBytes: 1024, allowPrivate: false });
    await expect(attempt).rejects.toBeInstanceOf(OutboundRefused);
    await expect(attempt).rejects.toMatchObject({ privateAddress: true });
    expect(target.taken).toHaveLength(0);
  });

  it('tells public addresses from the rest', () => {
    for (const ip of ['8.8.8.8', '41.57.96.1', '2c0f:f8f0::1']) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.20.0.1', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fc00::1', '::ffff:10.0.0.1', '::ffff:7f00:1', 'not-an-ip'])
      expect(isPublicAddress(ip), ip).toBe(false);
  });
});
