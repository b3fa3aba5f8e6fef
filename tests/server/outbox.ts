import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// What the server "sent" with no mail server or SMS provider configured: one file per message in
// DATA_DIR/outbox, named from its time (so sorted, oldest first) and its address or number.

/** The outbox's messages whose file name matches, oldest first, quoted-printable soft breaks undone. */
export function outboxMessages(dataDir: string, matches: (file: string) => boolean): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter(matches)
    .sort()
    .map((f) =>
      readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
}

/** The emails to an address (in any case), oldest first. */
export function mailsTo(dataDir: string, email: string): string[] {
  const name = `-${email.replace(/[^a-z0-9@._-]/gi, '_')}.eml`.toLowerCase();
  return outboxMessages(dataDir, (f) => f.toLowerCase().endsWith(name));
}

/** The text messages to a number, oldest first. */
export const smsTo = (dataDir: string, phone: string): string[] => outboxMessages(dataDir, (f) => f.includes('-sms-') && f.includes(phone));
