import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Counter } from 'prom-client';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe on alerts). */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is written as an .eml file
 * under DATA_DIR/outbox (nodemailer's stream transport builds the same MIME message) and logged.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      transport: 'smtp',
      async send(m) {
        await transporter.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, ...(m.headers && { headers: m.headers }) });
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'outbox',
    async send(m) {
      const info = await transporter.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, ...(m.headers && { headers: m.headers }) });
      await mkdir(outbox, { recursive: true });
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.log.info({ to: m.to, subject: m.subject, file }, 'mail written to outbox');
    },
  };
}

/** `mailer`, counting each message it sends and each it fails to send in `counter` (result: sent, failed). */
export function countedMailer(mailer: Mailer, counter: Counter<'result'>): Mailer {
  return {
    transport: mailer.transport,
    async send(message) {
      try {
        await mailer.send(message);
      } catch (err) {
        counter.inc({ result: 'failed' });
        throw err;
      }
      counter.inc({ result: 'sent' });
    },
  };
}
