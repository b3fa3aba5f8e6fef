import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@/domain/core/wire';
import type { Vehicle } from '@/domain/listing/vehicle';
import { JOB_NAMES } from '@/server/jobs/backgroundJobs';
import { ENGINES, startServer, type TestServer } from './harness';
import { mailsTo as mailsToAddress } from './outbox';

type Session = Awaited<ReturnType<TestServer['signup']>>;

const HOUR_MS = 3600_000;

// Messages left unread for 12 hours are emailed to their reader once, unless they turned message emails off.

describe.each(ENGINES)('%s: unread messages digest', (engine) => {
  let s: TestServer;
  let seller: Session;
  let buyer: Session;
  let hilux: Vehicle;

  beforeAll(async () => {
    s = await startServer(engine);
    seller = await s.signup({ name: 'Rudo Seller', email: `rudo-${randomUUID()}@example.com` });
    buyer = await s.signup({ name: 'Tapiwa Buyer', email: `tapiwa-${randomUUID()}@example.com` });
    hilux = await s.pay(seller.token, (await s.draft(seller.token, { make: 'Toyota', model: 'Hilux', price: 30000 })).id);
  });
  afterAll(async () => {
    await s?.close();
  });
  afterEach(() => {
    s.clock.now = new Date();
  });

  const mailsTo = (email: string) => mailsToAddress(s.dataDir, email);

  /** Runs the recurring digest job now, as the job runner would when it is due. */
  async function runDigest(hoursLater: number) {
    s.clock.now = new Date(Date.now() + hoursLater * HOUR_MS);
    await s.app.ctx.db.execute(sql`update jobs set next_run_at = now() - interval '1 second' where id = ${JOB_NAMES.messageDigests}`);
    s.app.ctx.jobs.kick();
    await s.app.ctx.jobs.idle();
  }

  let conv: Conversation;

  it('a message unread for 12 hours is emailed to its reader once, with a link to the conversation and a way to stop', async () => {
    const res = await s.request({ method: 'POST', url: '/api/conversations', token: buyer.token, body: { listing_id: hilux.id, text: 'Is the Hilux still for sale?', message_id: randomUUID() } });
    expect(res.statusCode, res.body).toBe(201);
    conv = (res.json() as { conversation: Conversation }).conversation;
    await runDigest(11);
    expect(mailsTo(seller.user.email)).toHaveLength(0);
    await runDigest(13);
    const mails = mailsTo(seller.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Tapiwa Buyer: Is the Hilux still for sale?');
    expect(mails[0]).toContain(`/messages/${conv.id}`);
    expect(mails[0]).toContain('turn off message emails');
    await runDigest(14);
    expect(mailsTo(seller.user.email)).toHaveLength(1);
    expect(mailsTo(buyer.user.email)).toHaveLength(0);
  });

  it('a message read within 12 hours is not emailed', async () => {
    const res = await s.request({ method: 'POST', url: `/api/conversations/${conv.id}/messages`, token: seller.token, body: { id: randomUUID(), text: 'Yes, come and see it.' } });
    expect(res.statusCode, res.body).toBe(201);
    expect((await s.request({ method: 'POST', url: `/api/conversations/${conv.id}/read`, token: buyer.token })).statusCode).toBe(200);
    await runDigest(13);
    expect(mailsTo(buyer.user.email)).toHaveLength(0);
  });

  it('a person who turned message emails off gets no digest', async () => {
    const off = await s.request({ method: 'PUT', url: '/api/me/settings', token: seller.token, body: { message_emails: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message_emails).toBe(false);
    const res = await s.request({ method: 'POST', url: `/api/conversations/${conv.id}/messages`, token: buyer.token, body: { id: randomUUID(), text: 'Hello?' } });
    expect(res.statusCode, res.body).toBe(201);
    await runDigest(13);
    expect(mailsTo(seller.user.email)).toHaveLength(1);
  });
});
