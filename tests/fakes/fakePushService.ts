import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';

/**
 * A push service on 127.0.0.1 standing in for FCM / Mozilla autopush: it hands out subscriptions as a
 * browser would (its own P-256 key pair and auth secret per device), receives the server's pushes,
 * checks their VAPID signature (RFC 8292) and decrypts their aes128gcm payload (RFC 8291) with the
 * device's private key, so a test reads the notification exactly as the browser would.
 */

export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface FakeDevice {
  id: string;
  subscription: BrowserSubscription;
  /** What the push service answers this device's pushes with (201 by default; 410 = unsubscribed). */
  status: number;
}

export interface VapidCheck {
  /** The JWT's signature verifies with the public key sent beside it. */
  valid: boolean;
  publicKey: string;
  claims: { aud?: string; exp?: number; sub?: string };
}

export interface ReceivedPush {
  deviceId: string;
  headers: IncomingHttpHeaders;
  vapid: VapidCheck | null;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** The status answered. */
  answered: number;
}

export interface FakePushService {
  url: string;
  received: ReceivedPush[];
  device(): FakeDevice;
  /** Pushes received for one device. */
  pushesFor(device: FakeDevice): ReceivedPush[];
  close(): Promise<void>;
}

interface DeviceKeys {
  device: FakeDevice;
  ecdh: ECDH;
  authSecret: Buffer;
}

/** RFC 8291 section 3.4 and RFC 8188: one aes128gcm record, keyed by ECDH and the auth secret. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The plaintext ends with the last-record delimiter 0x02 and optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('missing last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<jwt>, k=<public key>`: an ES256 JWT signed by the key it names. */
export function checkVapid(authorization: string | undefined): VapidCheck | null {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) return null;
  const [header, claims, signature] = m[1]!.split('.') as [string, string, string];
  const publicKey = m[2]!;
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid =
    JSON.parse(Buffer.from(header, 'base64url').toString()).alg === 'ES256' &&
    verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  return { valid, publicKey, claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) };
}

export async function startFakePushService(): Promise<FakePushService> {
  const devices = new Map<string, DeviceKeys>();
  const received: ReceivedPush[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const keys = id ? devices.get(id) : undefined;
      if (req.method !== 'POST' || !keys) {
        res.writeHead(404).end();
        return;
      }
      let payload: unknown;
      try {
        payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), keys.ecdh, keys.authSecret).toString('utf8'));
      } catch {
        payload = null;
      }
      const answered = keys.device.status;
      received.push({ deviceId: keys.device.id, headers: req.headers, vapid: checkVapid(req.headers.authorization), payload, answered });
      res.writeHead(answered, { location: `/message/${randomUUID()}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    received,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomUUID();
      const device: FakeDevice = {
        id,
        status: 201,
        subscription: {
          endpoint: `${url}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        },
      };
      devices.set(id, { device, ecdh, authSecret });
      return device;
    },
    pushesFor(device) {
      return received.filter((r) => r.deviceId === device.id);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
