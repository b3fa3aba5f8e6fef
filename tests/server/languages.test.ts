import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@/domain/core/wire';
import { JOB_NAMES } from '@/server/jobs/backgroundJobs';
import { translatorFor } from '@/server/i18n/translators';
import { startFakePushService, type FakeDevice, type FakePushService } from '../fakes/fakePushService';
import { ENGINES, startServer, type TestServer } from './harness';
import { outboxMessages } from './outbox';

// What Motokari sends a person comes in the language they chose (issue 39): the password reset email,
// the SMS code, the pushes, the digest of unread messages. The choice is the account's
// (PUT /api/me/settings), followed by the app on their other devices.

const HOUR_MS = 3600_000;

describe.each(ENGINES)('%s: a person’s language', (engine) => {
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

  const outbox = (part: string) => outboxMessages(s.dataDir, (f) => f.includes(part));

  async function speaking(language: string, over: Record<string, unknown> = {}) {
    const person = await s.signup({ email: `p-${randomUUID()}@example.co.zw`, ...over });
    const res = await s.request({ method: 'PUT', url: '/api/me/settings', token: person.token, body: { language } });
    expect(res.statusCode, res.body).toBe(200);
    return person;
  }

  it('is kept in the account: none until chosen, then the one chosen; an unknown one is refused', async () => {
    const person = await s.signup();
    const me = async () => (await s.request({ method: 'GET', url: '/api/auth/me', token: person.token })).json() as { language: string | null };
    expect((await me()).language).toBeNull();
    const bad = await s.request({ method: 'PUT', url: '/api/me/settings', token: person.token, body: { language: 'fr' } });
    expect(bad.statusCode).toBe(422);
    expect(typeof bad.json().detail).not.toBe('undefined');
    expect((await me()).language).toBeNull();
    const ok = await s.request({ method: 'PUT', url: '/api/me/settings', token: person.token, body: { language: 'nd' } });
    expect(ok.json().language).toBe('nd');
    expect((await me()).language).toBe('nd');
    // The other settings stay as they were.
    expect(ok.json()).toMatchObject({ contact_preference: 'phone', message_emails: true });
  });

  it('mails the password reset code in Shona to a person who chose Shona, and in English to one who chose none', async () => {
    const shona = await speaking('sn');
    const english = await s.signup({ email: `e-${randomUUID()}@example.co.zw` });
    for (const p of [shona, english]) expect((await s.request({ method: 'POST', url: '/api/auth/forgot-password', body: { email: p.user.email } })).statusCode).toBe(200);
    const sn = translatorFor('sn').t;
    const [mail] = outbox(shona.user.email.toLowerCase());
    const code = /\b(\d{6})\b/.exec(mail!)![1]!;
    const expected = sn(
      'Hello {name},\n\nYour {product} password reset code is {code}.\nIt expires in {minutes} minutes and can be used once.\n\nIf you did not ask for it, you can ignore this message.\n',
      { name: shona.user.name, product: 'Motokari', code, minutes: 15 },
    );
    expect(expected).not.toContain('password reset code');
    expect(mail).toContain(expected.split('\n')[2]);
    expect(outbox(english.user.email.toLowerCase())[0]).toContain('password reset code is');
  });

  it('sends the SMS verification code in isiNdebele to a person who chose isiNdebele', async () => {
    const person = await speaking('nd', { phone: '077 300 0009' });
    expect((await s.request({ method: 'POST', url: '/api/auth/phone/send-code', token: person.token })).statusCode).toBe(200);
    const [sms] = outbox('+263773000009');
    const code = /\b(\d{6})\b/.exec(sms!)![1]!;
    const english = `${code} is your Motokari verification code.`;
    expect(sms).not.toContain(english);
    expect(sms).toContain(code);
  });

  it("pushes a seller's 'listing is live' in the seller's language", async () => {
    const seller = await speaking('sn');
    const device: FakeDevice = push.device();
    expect((await s.request({ method: 'POST', url: '/api/push/subscriptions', token: seller.token, body: device.subscription })).statusCode).toBe(201);
    const v = await s.pay(seller.token, (await s.draft(seller.token)).id);
    await s.app.ctx.jobs.idle();
    const pushes = push.pushesFor(device).map((p) => p.payload as { title: string; url: string });
    const live = pushes.find((p) => p.url === `/car/${v.id}`);
    expect(live?.title).toBe(translatorFor('sn').t('Your listing is live'));
    expect(live?.title).not.toBe('Your listing is live');
  });

  it('mails the digest of unread messages in the reader’s language', async () => {
    const seller = await speaking('nd');
    const buyer = await s.signup();
    const v = await s.pay(seller.token, (await s.draft(seller.token)).id);
    const started = await s.request({ method: 'POST', url: '/api/conversations', token: buyer.token, body: { listing_id: v.id, text: 'Is it still for sale?', message_id: randomUUID() } });
    expect(started.statusCode, started.body).toBe(201);
    const conv = (started.json() as { conversation: Conversation }).conversation;
    s.clock.now = new Date(Date.now() + 13 * HOUR_MS);
    try {
      await s.app.ctx.db.execute(sql`update jobs set next_run_at = now() - interval '1 second' where id = ${JOB_NAMES.messageDigests}`);
      s.app.ctx.jobs.kick();
      await s.app.ctx.jobs.idle();
    } finally {
      s.clock.now = new Date();
    }
    const nd = translatorFor('nd').t;
    const [mail] = outbox(seller.user.email.toLowerCase());
    expect(mail).toContain(nd('You have 1 unread message on {product}:', { product: 'Motokari' }));
    expect(mail).toContain(nd('Reply: {link}', { link: '' }).trim());
    expect(mail).toContain(`/messages/${conv.id}`);
    expect(mail).not.toContain('You have 1 unread message');
    expect(mail).toContain('Is it still for sale?');
  });
});
