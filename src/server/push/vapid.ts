import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/** The server's VAPID identity (RFC 8292): browsers subscribe with the public key, pushes are signed with the private one. */
export interface VapidKeys {
  /** P-256 public key, uncompressed point, base64url: what `pushManager.subscribe` takes as applicationServerKey. */
  publicKey: string;
  /** P-256 private scalar, base64url. */
  privateKey: string;
  /** Who runs this server, for push services that need to reach the sender: mailto: or https:. */
  subject: string;
}

const b64 = (s: string) => Buffer.from(s, 'base64url');

function checkKeys(publicKey: string, privateKey: string, from: string): void {
  const pub = b64(publicKey);
  if (pub.length !== 65 || pub[0] !== 4) throw new Error(`${from}: the VAPID public key must be a base64url P-256 point (65 bytes)`);
  if (b64(privateKey).length !== 32) throw new Error(`${from}: the VAPID private key must be a base64url P-256 key (32 bytes)`);
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (both or neither); otherwise a pair generated once and
 * kept in DATA_DIR/vapid.json, so browsers' subscriptions stay valid across restarts. Instances that
 * share a database must share the pair (set the variables), as subscriptions are bound to the key.
 */
export function loadVapidKeys(env: NodeJS.ProcessEnv, dataDir: string, supportEmail: string): VapidKeys {
  const subject = env.VAPID_SUBJECT || `mailto:${supportEmail}`;
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error('VAPID_SUBJECT must be a mailto: address or an https: URL');
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
    checkKeys(publicKey, privateKey, 'VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY');
    return { publicKey, privateKey, subject };
  }
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    checkKeys(stored.publicKey, stored.privateKey, file);
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return { ...keys, subject };
}
