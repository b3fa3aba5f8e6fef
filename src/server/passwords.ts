import { randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual, createHmac, type ScryptOptions } from 'node:crypto';

const scrypt = (pw: string | Buffer, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(pw, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))));

// scrypt is memory-hard: N=2^15, r=8 needs 32 MiB per hash, which makes guessing costly.
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LEN, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    // Spend the same time for an unknown account so a response time does not reveal which emails exist.
    await hashPassword(password);
    return false;
  }
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A 6-digit reset code. */
export function newResetCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Reset codes are short, so they are stored as a keyed hash (the server's secret) rather than a slow one. */
export function hashResetCode(code: string, secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
