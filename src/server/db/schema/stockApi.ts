import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './accounts';
import { vehicles } from './listings';

// A dealer's Stock API (issue 38): the API keys their software signs in with, and their webhook.

/** An API key: only its SHA-256 is kept (a key is 32 random bytes, so a fast hash is enough), and its first characters to tell it apart. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_key').on(t.keyHash), index('api_keys_user_idx').on(t.userId), check('api_keys_scope_check', sql`${t.scope} in ('read', 'write')`)],
);

/** A dealer's webhook: where their listings' events are sent, and the secret they are signed with. */
export const dealerWebhooks = pgTable('dealer_webhooks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A dealer's staff (issue 38): each account works for one dealer at most; it manages the dealer's listings, not billing, keys or members. */
export const dealerMembers = pgTable(
  'dealer_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('dealer_members_dealer_idx').on(t.dealerId)],
);

/** An invitation to a dealer's staff, sent by email: its token is kept as a SHA-256, used once, before it expires. */
export const dealerInvites = pgTable(
  'dealer_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
  },
  (t) => [uniqueIndex('dealer_invites_token_key').on(t.tokenHash), index('dealer_invites_dealer_idx').on(t.dealerId)],
);

/**
 * A dealer's stock file (issue 38), from its upload to its import: the rows as read (cells as text),
 * the mapping last checked, and where the import stands. An import is applied by a background job,
 * which records its progress here (`done`), so a restart carries on from the row it reached.
 */
export const stockImports = pgTable(
  'stock_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    rows: jsonb('rows').$type<string[][]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull().default({}),
    markMissingSold: boolean('mark_missing_sold').notNull().default(false),
    state: text('state').notNull().default('uploaded'),
    done: integer('done').notNull().default(0),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('stock_imports_dealer_idx').on(t.dealerId, t.createdAt), check('stock_imports_state_check', sql`${t.state} in ('uploaded', 'applying', 'done', 'failed')`)],
);

/** The addresses a listing's photos were fetched from (an import's photo column), so the same addresses are not fetched again. */
export const listingPhotoSources = pgTable('listing_photo_sources', {
  vehicleId: uuid('vehicle_id')
    .primaryKey()
    .references(() => vehicles.id, { onDelete: 'cascade' }),
  urls: jsonb('urls').$type<string[]>().notNull(),
  fetchedAt: ts('fetched_at').notNull().defaultNow(),
});
