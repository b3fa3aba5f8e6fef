import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@/server/db/schema';
import { PHONE_MESSAGES } from '@/domain/account/phone';
import type { Vehicle } from '@/domain/listing/vehicle';
import { startFakeAfricasTalking, type FakeAfricasTalking } from '../fakes/africasTalking';
import { ENGINES, startServer, type TestServer } from './harness';
import { smsTo } from './outbox';

/** The codes written to DATA_DIR/outbox for a number, oldest first. */
function outboxCodes(dataDir: string, phone: string): string[] {
  return smsTo(dataDir, phone).map((text) => {
    expect(text).toContain(`To: ${phone}`);
    return /\b(\d{6})\b/.exec(text)![1]!;
  });
}

describe.each(ENGINES)('%s: verified phones through the outbox folder', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine);
  });
  afterAll(() => s?.close());
  afterEach(() => {
    s.clock.now = new Date();
  });

  const sendCode = (token: string | null, body?: unknown) => s.request({ method: 'POST', url: '/api/auth/phone/send-code', token, body });
  const verify = (token: string, code: string) => s.request({ method: 'POST', url: '/api/auth/phone/verify', token, body: { code } });
  const me = async (token: string) => (await s.request({ method: 'GET', url: '/api/auth/me', token })).json();
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it("sends a six-digit code to the account's number, and the right code verifies it", async () => {
    const { token } = await s.signup({ phone: '077 200 0001' });
    expect((await me(token)).phone_verified).toBe(false);
    const sent = await sendCode(token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ message: PHONE_MESSAGES.codeSent, phone: '+263772000001' });
    const [code] = outboxCodes(s.dataDir, '+263772000001');
    expect(code).toMatch(/^\d{6}$/);
    const bad = await verify(token, wrong(code!));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: PHONE_MESSAGES.invalidCode });
    const ok = await verify(token, code!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ phone: '+263772000001', phone_verified: true });
    expect((await me(token)).phone_verified).toBe(true);
    // A code works once.
    expect((await verify(token, code!)).statusCode).toBe(400);
  });

  it('refuses the anonymous, an account without a usable number, and a code that is not six digits', async () => {
    expect((await sendCode(null)).statusCode).toBe(401);
    const { token } = await s.signup();
    const bad = await sendCode(token, { phone: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: PHONE_MESSAGES.invalidPhone });
    expect((await verify(token, '12345')).statusCode).toBe(422);
    expect((await verify(token, '123456')).json()).toEqual({ detail: PHONE_MESSAGES.invalidCode });
  });

  it('a code expires after 10 minutes', async () => {
    const { token } = await s.signup({ phone: '+263 77 200 0002' });
    expect((await sendCode(token)).statusCode).toBe(200);
    const [code] = outboxCodes(s.dataDir, '+263772000002');
    s.clock.now = new Date(Date.now() + 10 * 60_000 + 1000);
    const late = await verify(token, code!);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ detail: PHONE_MESSAGES.invalidCode });
    expect((await me(token)).phone_verified).toBe(false);
  });

  it('five wrong tries lock the code, even against the right one; a new code works', async () => {
    const { token } = await s.signup({ phone: '+263 77 200 0003' });
    expect((await sendCode(token)).statusCode).toBe(200);
    const [code] = outboxCodes(s.dataDir, '+263772000003');
    for (let i = 0; i < 4; i++) expect((await verify(token, wrong(code!))).json()).toEqual({ detail: PHONE_MESSAGES.invalidCode });
    expect((await verify(token, wrong(code!))).json()).toEqual({ detail: PHONE_MESSAGES.locked });
    const locked = await verify(token, code!);
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({ detail: PHONE_MESSAGES.locked });
    expect((await sendCode(token)).statusCode).toBe(200);
    const fresh = outboxCodes(s.dataDir, '+263772000003')[1]!;
    expect((await verify(token, code!)).statusCode).toBe(code === fresh ? 200 : 400);
    if (code !== fresh) expect((await verify(token, fresh)).statusCode).toBe(200);
  });

  it('sending is limited to three codes in ten minutes per account and per number', async () => {
    const a = await s.signup({ phone: '+263 77 200 0004' });
    for (let i = 0; i < 3; i++) expect((await sendCode(a.token)).statusCode).toBe(200);
    const over = await sendCode(a.token);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ detail: PHONE_MESSAGES.tooMany });
    // Another account: its own number is fine; the same number as someone else's too, up to the number's limit.
    const b = await s.signup({ phone: '+263 77 200 0005' });
    expect((await sendCode(b.token)).statusCode).toBe(200);
    const c = await s.signup({ phone: '+263 77 200 0006' });
    const d = await s.signup({ phone: '+263 77 200 0007' });
    expect((await sendCode(c.token, { phone: '0772000005' })).statusCode).toBe(200);
    expect((await sendCode(d.token, { phone: '+263772000005' })).statusCode).toBe(200);
    expect((await sendCode(d.token, { phone: '00263 77 200 0005' })).statusCode).toBe(429);
    expect(outboxCodes(s.dataDir, '+263772000005')).toHaveLength(3);
  });

  it('a new number is verified before it replaces the old one, and the listing badge follows the account', async () => {
    const seller = await s.signup({ phone: '+263 77 200 0008' });
    const draft = await s.draft(seller.token);
    const listing = await s.pay(seller.token, draft.id);
    expect(listing.phone_verified).toBe(false);
    const search = async (flag: boolean) => ((await s.request({ method: 'GET', url: `/api/vehicles?phone_verified=${flag}&seller_id=${seller.user.id}` })).json() as Vehicle[]).map((v) => v.id);
    expect(await search(true)).toEqual([]);
    expect(await search(false)).toEqual([listing.id]);

    expect((await sendCode(seller.token, { phone: '+263 71 300 0008' })).json()).toMatchObject({ phone: '+263713000008' });
    // Until its code is entered the account keeps its number.
    expect((await me(seller.token)).phone).toBe('+263 77 200 0008');
    const [code] = outboxCodes(s.dataDir, '+263713000008');
    expect((await verify(seller.token, code!)).json()).toMatchObject({ phone: '+263713000008', phone_verified: true });
    const page = (await s.request({ method: 'GET', url: `/api/vehicles/${listing.id}` })).json() as Vehicle;
    expect(page.phone_verified).toBe(true);
    expect(await search(true)).toEqual([listing.id]);
    const contact = (await s.request({ method: 'GET', url: `/api/vehicles/${listing.id}/contact`, token: (await s.signup()).token })).json();
    expect(contact.seller_phone).toBe('+263713000008');

    // The number changed by any other way (an edit of the account) is not verified: the badge goes.
    await s.app.ctx.db.update(users).set({ phone: '+263 78 000 0000' }).where(eq(users.id, seller.user.id));
    await s.outsideWriteSeen();
    expect((await me(seller.token)).phone_verified).toBe(false);
    expect(((await s.request({ method: 'GET', url: `/api/vehicles/${listing.id}` })).json() as Vehicle).phone_verified).toBe(false);
    expect(await search(true)).toEqual([]);
  });
});

describe.each(ENGINES)("%s: verified phones through Africa's Talking", (engine) => {
  const account = { username: 'motokari', apiKey: 'at-test-key' };
  let at: FakeAfricasTalking;
  let s: TestServer;
  beforeAll(async () => {
    at = await startFakeAfricasTalking(account);
    s = await startServer(engine, { config: { sms: { ...account, senderId: 'MOTOKARI', baseUrl: at.url } } });
  });
  afterAll(async () => {
    await s?.close();
    await at?.close();
  });

  it("sends the code with the API's real request, and a refused recipient is an error the person sees", async () => {
    const { token } = await s.signup({ phone: '+263 77 400 0001' });
    const sent = await s.request({ method: 'POST', url: '/api/auth/phone/send-code', token });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(at.messages).toHaveLength(1);
    const req = at.requests.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', path: '/version1/messaging' });
    expect(req.headers).toMatchObject({ apikey: account.apiKey, accept: 'application/json' });
    expect(req.form).toMatchObject({ username: account.username, to: '+263774000001', from: 'MOTOKARI' });
    const code = /\b(\d{6})\b/.exec(at.messages[0]!.message)![1]!;
    const ok = await s.request({ method: 'POST', url: '/api/auth/phone/verify', token, body: { code } });
    expect(ok.json()).toMatchObject({ phone_verified: true });

    at.refuseNext();
    const refused = await s.request({ method: 'POST', url: '/api/auth/phone/send-code', token, body: { phone: '+263 77 400 0002' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ detail: PHONE_MESSAGES.sendFailed });
    expect(s.dataDir && outboxCodes(s.dataDir, '+263774000002')).toEqual([]);
  });
});
