import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './accounts';
import { vehicles } from './listings';

// The boosts to the top of newest-first results the advertising plans give (issue 38): one row a boost,
// counted per listing in each Harare calendar month against its plan's allowance.
export const listingBoosts = pgTable(
  'listing_boosts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    /** Who pressed Boost: the seller, a member of the dealer's staff, an API key's dealer or an admin. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    boostedAt: ts('boosted_at').notNull(),
    until: ts('until').notNull(),
  },
  (t) => [index('listing_boosts_vehicle_idx').on(t.vehicleId, t.boostedAt)],
);
