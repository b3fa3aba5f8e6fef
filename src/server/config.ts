import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT_NAME } from '../domain/core/constants';
import { loadVapidKeys, type VapidKeys } from './push/vapid';

/** Everything the server reads from its environment (documented in the README's table). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects a PostgreSQL server; otherwise PGlite in `dataDir/pglite` (or memory when `inMemory`). */
  databaseUrl: string | null;
  /** DATABASE_LISTEN_URL: a direct connection for LISTEN when DATABASE_URL goes through a pooler. */
  databaseListenUrl: string | null;
  inMemory: boolean;
  redisUrl: string | null;
  jwtSecret: string;
  adminEmail: string | null;
  adminPassword: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  supportEmail: string;
  publicUrl: string;
  productName: string;
  env: NodeJS.ProcessEnv;
  /** Seed the sample listings on first start. */
  seed: boolean;
  logLevel: string;
  /** Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): false, true, a hop count or addresses. */
  trustProxy: boolean | number | string;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; null (unset) turns /metrics off (404). */
  metricsToken: string | null;
  /**
   * Requests allowed per client address each minute (login, signup, reset), reset codes mailed to one
   * address each hour (resetPerEmail) and contacts revealed to one user each hour (contact).
   */
  rateLimits: { login: number; signup: number; reset: number; resetPerEmail: number; contact: number };
  /** How often each instance looks for due background jobs, and each recurring job's period (JOBS_INTERVAL_MS). */
  jobsIntervalMs: number;
  /** How long a SIGTERM's shutdown may take before the process exits anyway, non-zero (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /**
   * How long start-up (the database opened and migrated, the catalogue and sample listings in) may take
   * before the process gives up, naming the step it was at (STARTUP_TIMEOUT_MS; 0: no limit).
   */
  startupTimeoutMs: number;
  /** Photo uploads per signed-in user and minute (UPLOADS_PER_MINUTE). */
  uploadsPerMinute: number;
  /** Listing reports per signed-in user and hour (REPORTS_PER_HOUR). */
  reportsPerHour: number;
  /** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT; generated into DATA_DIR/vapid.json when unset. */
  vapid: VapidKeys;
  /**
   * Accept push endpoints on plain http (tests point subscriptions at a local fake push service).
   * Off in production: real push services are https, and the server must not post to arbitrary http hosts.
   */
  pushAllowHttp: boolean;
  /**
   * Let the server's own requests out (dealers' webhooks) reach private, loopback and link-local
   * addresses (OUTBOUND_ALLOW_PRIVATE=1): for tests and a developer's machine only. Off, an address
   * that is or resolves to one is refused, so a dealer cannot make the server call inside our network.
   */
  outboundAllowPrivate: boolean;
  /** Where uploaded photos are kept (MEDIA_STORE and the S3_* variables). */
  media: MediaConfig;
  /** SMS (phone verification codes) through Africa's Talking (the AFRICASTALKING_* variables); null: written to DATA_DIR/outbox. */
  sms: AfricasTalkingSettings | null;
}

/** An Africa's Talking account and where its API is (the sandbox's, or a local fake, in place of the live one). */
export interface AfricasTalkingSettings {
  username: string;
  apiKey: string;
  /** A registered sender id or short code; null: the account's default. */
  senderId: string | null;
  baseUrl: string;
}

/** AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY (both or neither), AFRICASTALKING_SENDER_ID, AFRICASTALKING_BASE_URL. */
function loadSmsConfig(env: NodeJS.ProcessEnv): AfricasTalkingSettings | null {
  const username = env.AFRICASTALKING_USERNAME || null;
  const apiKey = env.AFRICASTALKING_API_KEY || null;
  if (!username && !apiKey) return null;
  if (!username || !apiKey) throw new ConfigError("Africa's Talking needs both AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY");
  const baseUrl = (env.AFRICASTALKING_BASE_URL || 'https://api.africastalking.com').replace(/\/+$/, '');
  if (!(URL.canParse(baseUrl) && /^https?:$/.test(new URL(baseUrl).protocol))) throw new ConfigError(`AFRICASTALKING_BASE_URL must be an http(s) address, not "${baseUrl}"`);
  return { username, apiKey, senderId: env.AFRICASTALKING_SENDER_ID || null, baseUrl };
}

/** The bucket of MEDIA_STORE=s3 and how to reach it. */
export interface S3Settings {
  bucket: string;
  /** An S3-compatible service's address (MinIO, R2, B2); null for AWS itself. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name. */
  forcePathStyle: boolean;
}

/**
 * MEDIA_STORE=local (the default): DATA_DIR/media, served by this server. MEDIA_STORE=s3: a bucket,
 * its photos served through this server or, with MEDIA_PUBLIC_URL, redirected to that address.
 */
export type MediaConfig = { store: 'local' } | { store: 's3'; s3: S3Settings; publicUrl: string | null };

/** A setting the server cannot start with; its message says which variable and why. */
export class ConfigError extends Error {}

function parseFlag(name: string, v: string | undefined, otherwise: boolean): boolean {
  if (v === undefined || v === '') return otherwise;
  if (/^(true|1|on|yes)$/i.test(v)) return true;
  if (/^(false|0|off|no)$/i.test(v)) return false;
  throw new ConfigError(`${name} must be true or false, not "${v}"`);
}

/** MEDIA_STORE and the S3_* variables; a ConfigError names what is missing or malformed. */
export function loadMediaConfig(env: NodeJS.ProcessEnv): MediaConfig {
  const store = env.MEDIA_STORE || 'local';
  const publicUrl = env.MEDIA_PUBLIC_URL?.replace(/\/+$/, '') || null;
  if (store === 'local') {
    if (publicUrl) throw new ConfigError('MEDIA_PUBLIC_URL needs MEDIA_STORE=s3: photos on the local disk are served by this server only');
    return { store: 'local' };
  }
  if (store !== 's3') throw new ConfigError(`MEDIA_STORE must be local or s3, not "${store}"`);
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
  if (missing.length) throw new ConfigError(`MEDIA_STORE=s3 needs ${missing.join(', ')} (the bucket and the keys that may write to it)`);
  for (const [name, url] of [
    ['S3_ENDPOINT', env.S3_ENDPOINT],
    ['MEDIA_PUBLIC_URL', publicUrl],
  ] as const) {
    if (url && !(URL.canParse(url) && /^https?:$/.test(new URL(url).protocol))) throw new ConfigError(`${name} must be an http(s) address, not "${url}"`);
  }
  const endpoint = env.S3_ENDPOINT || null;
  return {
    store: 's3',
    s3: {
      bucket: env.S3_BUCKET!,
      endpoint,
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: parseFlag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, endpoint !== null),
    },
    publicUrl,
  };
}

/** A whole number of milliseconds, 0 or more; a ConfigError otherwise. */
function nonNegative(name: string, v: string): number {
  if (!/^\d+$/.test(v)) throw new ConfigError(`${name} must be a whole number of milliseconds (0 for no limit), not "${v}"`);
  return Number(v);
}

/** A secret kept in DATA_DIR so tokens stay valid across restarts when JWT_SECRET is unset. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** TRUST_PROXY: unset or 'false' trusts no proxy (a client could otherwise pick its own address and dodge rate limits). */
function parseTrustProxy(v: string | undefined): boolean | number | string {
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  return /^\d+$/.test(v) ? Number(v) : v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '0.0.0.0';
  const base: ServerConfig = {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databaseListenUrl: env.DATABASE_LISTEN_URL || null,
    inMemory: false,
    redisUrl: env.REDIS_URL || null,
    jwtSecret: env.JWT_SECRET || '',
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || `${PRODUCT_NAME} <no-reply@motokari.co.zw>`,
    supportEmail: env.SUPPORT_EMAIL || 'support@motokari.co.zw',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    productName: PRODUCT_NAME,
    env,
    seed: env.SEED !== 'off',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN || null,
    rateLimits: { login: 10, signup: 5, reset: 5, resetPerEmail: 5, contact: 30 },
    uploadsPerMinute: Number(env.UPLOADS_PER_MINUTE) || 30,
    reportsPerHour: Number(env.REPORTS_PER_HOUR) || 10,
    // At least 100 ms: each poll is a query on every instance.
    jobsIntervalMs: Math.max(100, Number(env.JOBS_INTERVAL_MS) || 60_000),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS) || 30_000,
    startupTimeoutMs: env.STARTUP_TIMEOUT_MS === undefined || env.STARTUP_TIMEOUT_MS === '' ? 300_000 : nonNegative('STARTUP_TIMEOUT_MS', env.STARTUP_TIMEOUT_MS),
    vapid: { publicKey: '', privateKey: '', subject: '' },
    pushAllowHttp: false,
    outboundAllowPrivate: env.OUTBOUND_ALLOW_PRIVATE === '1',
    media: overrides.media ?? loadMediaConfig(env),
    sms: overrides.sms === undefined ? loadSmsConfig(env) : overrides.sms,
  };
  const config = { ...base, ...overrides };
  if (!config.vapid.publicKey) config.vapid = loadVapidKeys(env, config.dataDir, config.supportEmail);
  if (!config.jwtSecret) config.jwtSecret = persistentSecret(config.dataDir);
  return config;
}
