import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './accounts';
import { vehicles } from './listings';

// What buyers do with listings: contact requests, reports, the daily counts of views and other leads, favourites.

/**
 * Contact requests (leads): a signed-in buyer revealed a listing's contact. One row per buyer and
 * listing, however often they ask, so the seller's dashboard counts people, not clicks.
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.buyerId] })],
);

/**
 * A signed-in user's report of a listing. Open until an admin dismisses it (or the listing goes): one
 * open report per person and listing, so the count of open reports is a count of different people.
 */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
    dismissedAt: ts('dismissed_at'),
  },
  (t) => [
    uniqueIndex('listing_reports_open_key')
      .on(t.vehicleId, t.reporterId)
      .where(sql`${t.dismissedAt} is null`),
    index('listing_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.dismissedAt} is null`),
  ],
);

/** A listing's leads per day (UTC): views, contact requests, favourites, shares, messages, call and WhatsApp taps, one row per kind. */
export const listingEvents = pgTable(
  'listing_events',
  {
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.day, t.kind] }), check('listing_events_kind_check', sql`${t.kind} in ('view', 'contact', 'favourite', 'share', 'message', 'call', 'whatsapp')`)],
);

/**
 * A buyer's favourites (the Saved screen), one row per user and listing, with the price the listing had
 * when it was saved (a drop since is shown and pushed) and the price a drop was last pushed at (each drop
 * is pushed once), and whether its going away was pushed. No foreign key to the listing: a deleted listing's favourite stays and says it is no
 * longer available, as a sold or expired one does.
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').notNull(),
    /** The listing's title when saved ('2019 Toyota Hilux 2.8GD-6'): a deleted listing is still named. */
    title: text('title'),
    savedPrice: doublePrecision('saved_price'),
    notifiedPrice: doublePrecision('notified_price'),
    /** When its owner was told the listing is no longer public; cleared when it is public again. */
    goneNotifiedAt: ts('gone_notified_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vehicleId] }), index('favourites_vehicle_idx').on(t.vehicleId)],
);
