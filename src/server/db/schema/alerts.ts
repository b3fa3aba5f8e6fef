import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './accounts';
import { vehicles } from './listings';

// How people are told of things: push subscriptions, saved searches and their emailed matches, expiry reminders.

/** Browsers that accepted push notifications, per signed-in user; one row per push service endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** A buyer's saved search: the domain's normalised filters, matched against each new listing. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: jsonb('query').$type<Record<string, string | number | boolean>>().notNull(),
    notify: boolean('notify').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Alerts by email as well as (or instead of) push. */
    email: boolean('email').notNull().default(false),
    /** 'instant': an email per new match; 'daily': one digest a day of the matches since the last. */
    emailFrequency: text('email_frequency').notNull().default('instant'),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A new listing a saved search's email alert has matched: claimed by inserting the row, so a retried
 * job never mails a match twice; `emailed_at` is null while it waits for the daily digest.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    matchedAt: ts('matched_at').notNull(),
    emailedAt: ts('emailed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.vehicleId] }),
    index('saved_search_matches_pending_idx')
      .on(t.matchedAt)
      .where(sql`${t.emailedAt} is null`),
  ],
);

/**
 * Expiry reminders sent: one per listing and expiry date, claimed by inserting the row, so a restart
 * or a second instance never sends the same reminder twice, and a relisted listing gets a new one.
 */
export const expiryReminders = pgTable(
  'expiry_reminders',
  {
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.expiresAt] })],
);
