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
  dealersOnly: 'The Stock API is for dealer accounts',
  readOnlyKey: 'This API key can only read stock',
  keyNotHere: 'An API key cannot be used for this request; sign in instead',
  badKey: 'Invalid or revoked API key',
  keyNotFound: 'API key not found',
  tooManyKeys: `You can have at most ${MAX_API_KEYS} API keys; revoke one first`,
  notAnAddress: 'Enter a webhook address starting with https:// (or http://)',
  privateAddress: 'This address is on a private network; Motokari can only call public addresses',
  stockNumberTaken: 'Another of your listings has this stock number',
} as const;

/** The dashboard's 'Stock API' card. */
export const STOCK_API_TEXTS = {
  title: 'Stock API',
  intro: 'Connect your dealer management software: it signs in with an API key to read and update your stock. Keep keys secret.',
  keysHeading: 'API keys',
  noKeys: 'No API keys yet.',
  name: 'Key name',
  namePlaceholder: 'e.g. Yard computer',
  scope: 'What it may do',
  scopes: { read: 'Read stock', write: 'Read and update stock' } satisfies Record<ApiKeyScope, string>,
  create: 'Create key',
  created: 'Copy this key now: it will not be shown again.',
  newKey: 'New API key',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  cancel: 'Cancel',
  revoke: 'Revoke',
  revokeConfirm: 'Revoke this key? Software using it will stop working at once.',
  revoked: 'Key revoked',
  lastUsed: 'Last used',
  neverUsed: 'Never used',
  failed: 'That did not work. Check your connection and try again.',
  webhookHeading: 'Webhook',
  webhookIntro: 'We send your listings’ events (published, expiring, sold, a new lead) to this address, signed with the secret below.',
  webhookUrl: 'Webhook address',
  webhookSave: 'Save address',
  webhookRemove: 'Remove',
  webhookSecret: 'Signing secret (shown once)',
  webhookSaved: 'Webhook address saved',
  webhookRemoved: 'Webhook removed',
  docs: 'API documentation',
} as const;
