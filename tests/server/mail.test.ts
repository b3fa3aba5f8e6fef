import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../fakes/fakeSmtp';
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
