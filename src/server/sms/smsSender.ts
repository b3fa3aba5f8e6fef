import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AfricasTalkingSettings } from '../config';
import { AfricasTalkingSender } from './africasTalking';

/** Sends one text message; rejects when the provider did not accept it. */
export interface SmsSender {
  readonly transport: 'africastalking' | 'outbox';
  send(to: string, text: string): Promise<void>;
}

/**
 * Africa's Talking when its account is configured (AFRICASTALKING_*); otherwise, like the mail, each
 * SMS is written as a text file under DATA_DIR/outbox (the mailer's folder) and logged.
 */
export function createSmsSender(opts: { settings: AfricasTalkingSettings | null; dataDir: string; log: FastifyBaseLogger }): SmsSender {
  if (opts.settings) return new AfricasTalkingSender(opts.settings);
  const outbox = path.join(opts.dataDir, 'outbox');
  return {
    transport: 'outbox',
    async send(to, text) {
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-sms-${to.replace(/[^0-9+]/g, '_')}.txt`);
      await writeFile(file, `To: ${to}\n\n${text}\n`);
      opts.log.info({ to, file }, 'SMS written to outbox');
    },
  };
}
