// A dealer's Stock API (issue 38): API keys a dealer's own software signs in with, and the webhook
// address that hears of the dealer's listings. The words and the types; the wire schemas are
// stockApiWire.ts's (zod stays out of the screens' bundle).

export const API_KEY_SCOPES = ['read', 'write'] as const;
/** What a key may do: read the dealer's stock, or read and change it. */
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every API key starts with this, so a key is told from a session token at a glance (and by secret scanners). */
export const API_KEY_PREFIX = 'mk_';

/** Keys a dealer may hold at once (revoked keys do not count). */
export const MAX_API_KEYS = 20;

/** An API key as its dealer lists it: never the key itself, which is shown once when it is made. */
export interface ApiKey {
  id: string;
  name: string;
  scope: ApiKeyScope;
  /** The key's first characters, to tell keys apart. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** A key just made: the only answer that carries the key. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

/** The events a dealer's webhook hears of. */
export const WEBHOOK_EVENTS = ['listing.published', 'listing.expiring', 'listing.sold', 'lead'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The header a webhook's signature is sent in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Motokari-Signature';

/** A dealer's webhook: its address (null when none) and, once, just after it is saved, its signing secret. */
export interface Webhook {
  url: string | null;
  events: WebhookEvent[];
  secret?: string;
}

export const STOCK_API_MESSAGES = {
  dealersOnly: /*i18n*/ 'The Stock API is for dealer accounts',
  readOnlyKey: /*i18n*/ 'This API key can only read stock',
  keyNotHere: /*i18n*/ 'An API key cannot be used for this request; sign in instead',
  badKey: /*i18n*/ 'Invalid or revoked API key',
  keyNotFound: /*i18n*/ 'API key not found',
  tooManyKeys: `You can have at most ${MAX_API_KEYS} API keys; revoke one first`,
  notAnAddress: /*i18n*/ 'Enter a webhook address starting with https:// (or http://)',
  privateAddress: /*i18n*/ 'This address is on a private network; Motokari can only call public addresses',
  stockNumberTaken: /*i18n*/ 'Another of your listings has this stock number',
} as const;

/** The dashboard's 'Stock API' card. */
export const STOCK_API_TEXTS = {
  title: /*i18n*/ 'Stock API',
  intro: /*i18n*/ 'Connect your dealer management software: it signs in with an API key to read and update your stock. Keep keys secret.',
  keysHeading: /*i18n*/ 'API keys',
  noKeys: /*i18n*/ 'No API keys yet.',
  name: /*i18n*/ 'Key name',
  namePlaceholder: /*i18n*/ 'e.g. Yard computer',
  scope: /*i18n*/ 'What it may do',
  scopes: { read: /*i18n*/ 'Read stock', write: /*i18n*/ 'Read and update stock' } satisfies Record<ApiKeyScope, string>,
  create: /*i18n*/ 'Create key',
  created: /*i18n*/ 'Copy this key now: it will not be shown again.',
  newKey: /*i18n*/ 'New API key',
  copy: /*i18n*/ 'Copy',
  copied: /*i18n*/ 'Copied',
  done: /*i18n*/ 'Done',
  cancel: /*i18n*/ 'Cancel',
  revoke: /*i18n*/ 'Revoke',
  revokeConfirm: /*i18n*/ 'Revoke this key? Software using it will stop working at once.',
  revoked: /*i18n*/ 'Key revoked',
  lastUsed: /*i18n*/ 'Last used',
  neverUsed: /*i18n*/ 'Never used',
  failed: /*i18n*/ 'That did not work. Check your connection and try again.',
  webhookHeading: /*i18n*/ 'Webhook',
  webhookIntro: /*i18n*/ 'We send your listings’ events (published, expiring, sold, a new lead) to this address, signed with the secret below.',
  webhookUrl: /*i18n*/ 'Webhook address',
  webhookSave: /*i18n*/ 'Save address',
  webhookRemove: /*i18n*/ 'Remove',
  webhookSecret: /*i18n*/ 'Signing secret (shown once)',
  webhookSaved: /*i18n*/ 'Webhook address saved',
  webhookRemoved: /*i18n*/ 'Webhook removed',
  docs: /*i18n*/ 'API documentation',
} as const;
