import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../fakes/fakeSmtp';
import { freePort } from '../support/ports';
import { startServer, type TestServer } from './harness';

// With SMTP_URL set, reset codes go out through SMTP (nodemailer) and nothing is written to the outbox.
describe('mail through SMTP', () => {
  let smtp: FakeSmtp;
  let s: TestServer;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    s = await startServer('pglite', { config: { smtpUrl: smtp.url, mailFrom: 'Motokari <no-reply@motokari.test>' } });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('sends the reset code to the user over SMTP, and the code works', async () => {
    const { user } = await s.signup({ email: 'rudo.smtp@example.co.zw' });
    const res = await s.request({ method: 'POST', url: '/api/auth/forgot-password', body: { email: user.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Reset code sent to your email' });

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.from).toBe('no-reply@motokari.test');
    expect(mail.to).toEqual(['rudo.smtp@example.co.zw']);
    expect(mail.data).toMatch(/^Subject: Your Motokari password reset code$/m);
    const code = /code is (\d{6})/.exec(mail.data)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const verify = await s.request({ method: 'POST', url: '/api/auth/verify-code', body: { email: user.email, code } });
    expect(verify.statusCode).toBe(200);
    const outbox = path.join(s.dataDir, 'outbox');
    expect(() => readdirSync(outbox)).toThrow();
  });
});

// "Always the same answer": a mail server that is down must not tell which addresses have accounts.
describe('mail while the SMTP server is down', () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer('pglite', { config: { smtpUrl: `smtp://127.0.0.1:${await freePort()}`, mailFrom: 'Motokari <no-reply@motokari.test>' } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a reset code asked for an account answers as for an address with none', async () => {
    const { user } = await s.signup({ email: 'tatenda.down@example.co.zw' });
    const forgot = (email: string) => s.request({ method: 'POST', url: '/api/auth/forgot-password', body: { email } });
    const none = await forgot('nobody.here@example.co.zw');
    const account = await forgot(user.email);
    expect(account.statusCode).toBe(none.statusCode);
    expect(account.json()).toEqual(none.json());
    expect(account.json()).toEqual({ message: 'Reset code sent to your email' });
  });
});
