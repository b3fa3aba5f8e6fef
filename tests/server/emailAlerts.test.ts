import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { SavedSearchAnswer } from '@/domain/core/wire';
import { EMAIL_ALERT_TEXTS } from '@/domain/account/emailAlerts';
import { ENGINES, startServer, type TestServer } from './harness';

type Session = Awaited<ReturnType<TestServer['signup']>>;

const HOUR_MS = 3_600_000;

/** A message of the outbox folder: its headers (unfolded) and its text, quoted-printable decoded. */
interface Mail {
  headers: string;
  text: string;
}

const unQuote = (q: string) =>
  Buffer.from(
    q.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

function parseEml(raw: string): Mail {
  const at = raw.indexOf('\n\n');
  // Unfolded, and RFC 2047's encoded words (a subject with quotes is sent as =?UTF-8?Q?...?=) decoded.
  const headers = raw
    .slice(0, at)
    .replace(/\n[ \t]+/g, ' ')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=(?: (?==\?UTF-8\?Q\?))?/gi, (_, q: string) => unQuote(q.replace(/_/g, ' ')));
  let text = raw.slice(at + 2);
  if (/^Content-Transfer-Encoding: quoted-printable$/im.test(headers)) text = unQuote(text.replace(/=\r?\n/g, ''));
  return { headers, text };
}

describe.each(ENGINES)('%s', (engine) => {
  let s: TestServer;
  let seller: Session;

  beforeAll(async () => {
    s = await startServer(engine);
    seller = await s.signup({ name: 'Rudo Seller' });
  });
  afterAll(async () => {
    await s?.close();
  });
  afterEach(() => {
    s.clock.now = new Date();
  });

  /** The emails written to the outbox folder for one address, oldest first. */
  const mailsTo = (email: string): Mail[] => {
    const outbox = path.join(s.dataDir, 'outbox');
    if (!existsSync(outbox)) return [];
    const safe = email.replace(/[^a-z0-9@._-]/gi, '_');
    return readdirSync(outbox)
      .filter((f) => f.endsWith(`-${safe}.eml`))
      .sort()
      .map((f) => parseEml(readFileSync(path.join(outbox, f), 'utf8')));
  };
  /** Publishes a listing and waits for the jobs its publication started (the alerts). */
  const publish = async (over: Record<string, unknown>): Promise<Vehicle> => {
    const v = await s.pay(seller.token, (await s.draft(seller.token, over)).id);
    await s.app.ctx.jobs.idle();
    return v;
  };
  const save = async (token: string, body: Record<string, unknown>) => {
    const res = await s.request({ method: 'POST', url: '/api/saved-searches', token, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as SavedSearchAnswer;
  };
  const unsubscribeLink = (mail: Mail) => new URL(/Stop these emails: (\S+)/.exec(mail.text)![1]!);
  const unsubscribe = (token: string) => s.request({ method: 'POST', url: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}` });

  it('a saved search chooses push, email or both, and instant or daily; another person cannot change it', async () => {
    const buyer = await s.signup();
    const plain = await save(buyer.token, { name: 'Any Hilux', query: { make: 'Toyota', model: 'Hilux' } });
    expect(plain).toMatchObject({ notify: true, email: false, email_frequency: 'instant' });
    const emailed = await save(buyer.token, { name: 'Rangers', query: { make: 'Ford', model: 'Ranger' }, notify: false, email: true, email_frequency: 'daily' });
    expect(emailed).toMatchObject({ notify: false, email: true, email_frequency: 'daily' });
    const patched = await s.request({ method: 'PATCH', url: `/api/saved-searches/${plain.id}`, token: buyer.token, body: { email: true } });
    expect(patched.json()).toMatchObject({ notify: true, email: true, email_frequency: 'instant' });
    const bad = await s.request({ method: 'PATCH', url: `/api/saved-searches/${plain.id}`, token: buyer.token, body: { email_frequency: 'hourly' } });
    expect(bad.statusCode).toBe(422);
    const other = await s.signup();
    const theirs = await s.request({ method: 'PATCH', url: `/api/saved-searches/${plain.id}`, token: other.token, body: { email: false } });
    expect(theirs.statusCode).toBe(404);
  });

  it('an instant email alert is written to the outbox for a new matching listing, with an unsubscribe link and header', async () => {
    const buyer = await s.signup({ name: 'Tapiwa Buyer' });
    await save(buyer.token, { name: 'Toyotas', query: { make: 'Toyota' }, notify: false, email: true });
    const pushOnly = await s.signup();
    await save(pushOnly.token, { name: 'Toyotas too', query: { make: 'Toyota' } });

    const v = await publish({ make: 'Toyota', model: 'Hilux', variant: '2.8 GD-6', year: 2019, price: 31500, location: 'Harare' });
    await publish({ make: 'Nissan', model: 'Navara', year: 2018 });
    const mails = mailsTo(buyer.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.headers).toMatch(/^Subject: New match for "Toyotas": 2019 Toyota Hilux 2\.8 GD-6$/m);
    expect(mail!.text).toContain(`${s.config.publicUrl}/car/${v.id}`);
    expect(mail!.text).toContain('$31,500');
    const link = unsubscribeLink(mail!);
    expect(link.pathname).toBe('/unsubscribe');
    expect(mail!.headers).toContain(`List-Unsubscribe: <${s.config.publicUrl}/api/saved-searches/unsubscribe?token=${link.searchParams.get('token')}>`);
    expect(mail!.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // Nobody else is mailed: not the push-only search's owner, not the seller.
    expect(mailsTo(pushOnly.user.email)).toEqual([]);
    expect(mailsTo(seller.user.email)).toEqual([]);
  });

  it('a daily digest waits a day, then sends the matches since the last one in one email', async () => {
    const buyer = await s.signup({ name: 'Digest Buyer' });
    await save(buyer.token, { name: 'Isuzu bakkies', query: { make: 'Isuzu' }, notify: false, email: true, email_frequency: 'daily' });
    const a = await publish({ make: 'Isuzu', model: 'D-Max', year: 2016, price: 14000 });
    s.clock.now = new Date(Date.now() + 2 * HOUR_MS);
    const b = await publish({ make: 'Isuzu', model: 'KB', year: 2012, price: 9000 });
    expect(mailsTo(buyer.user.email)).toEqual([]);
    await s.app.ctx.emailAlerts.sendDigests();
    expect(mailsTo(buyer.user.email)).toEqual([]);

    s.clock.now = new Date(Date.now() + 25 * HOUR_MS);
    await s.app.ctx.emailAlerts.sendDigests();
    const mails = mailsTo(buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers).toMatch(/^Subject: 2 new listings for "Isuzu bakkies"$/m);
    for (const v of [a, b]) expect(mails[0]!.text).toContain(`/car/${v.id}`);
    await s.app.ctx.emailAlerts.sendDigests();
    expect(mailsTo(buyer.user.email)).toHaveLength(1);

    // The next day's match goes in the next digest, alone.
    const c = await publish({ make: 'Isuzu', model: 'D-Max', year: 2020, price: 26000 });
    s.clock.now = new Date(Date.now() + 50 * HOUR_MS);
    await s.app.ctx.emailAlerts.sendDigests();
    const next = mailsTo(buyer.user.email);
    expect(next).toHaveLength(2);
    expect(next[1]!.headers).toMatch(/^Subject: 1 new listing for "Isuzu bakkies"$/m);
    expect(next[1]!.text).toContain(`/car/${c.id}`);
    expect(next[1]!.text).not.toContain(`/car/${a.id}`);
  });

  it('the unsubscribe link works signed out and stops that search emailing; a forged token is refused', async () => {
    const buyer = await s.signup({ name: 'Leaving Buyer' });
    const kept = await save(buyer.token, { name: 'Mazdas', query: { make: 'Mazda' }, notify: false, email: true });
    const search = await save(buyer.token, { name: 'Hondas', query: { make: 'Honda' }, notify: false, email: true });
    await publish({ make: 'Honda', model: 'Fit', year: 2010 });
    const token = unsubscribeLink(mailsTo(buyer.user.email)[0]!).searchParams.get('token')!;

    const [id, mac] = token.split('.');
    const otherId = kept.id;
    for (const forged of [`${id}.${mac!.slice(0, -2)}AA`, `${otherId}.${mac}`, 'not-a-token', `${id}`]) {
      const res = await unsubscribe(forged);
      expect(res.statusCode, forged).toBe(400);
      expect(res.json()).toEqual({ detail: EMAIL_ALERT_TEXTS.invalidLink });
    }
    const missing = await s.request({ method: 'POST', url: '/api/saved-searches/unsubscribe' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toHaveProperty('detail');

    const res = await unsubscribe(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: EMAIL_ALERT_TEXTS.unsubscribed('Hondas') });
    const after = await s.request({ method: 'GET', url: `/api/saved-searches/${search.id}`, token: buyer.token });
    expect(after.json()).toMatchObject({ email: false });
    expect((await s.request({ method: 'GET', url: `/api/saved-searches/${kept.id}`, token: buyer.token })).json()).toMatchObject({ email: true });

    await publish({ make: 'Honda', model: 'Civic', year: 2015 });
    expect(mailsTo(buyer.user.email)).toHaveLength(1);

    // A mail app's one-click unsubscribe (RFC 8058) posts a form to the List-Unsubscribe address.
    await publish({ make: 'Mazda', model: 'Demio', year: 2012 });
    const mazda = mailsTo(buyer.user.email)[1]!;
    const oneClick = /List-Unsubscribe: <([^>]+)>/.exec(mazda.headers)![1]!;
    const posted = await s.request({
      method: 'POST',
      url: oneClick.slice(s.config.publicUrl.length),
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect((await s.request({ method: 'GET', url: `/api/saved-searches/${kept.id}`, token: buyer.token })).json()).toMatchObject({ email: false });
  });
});
