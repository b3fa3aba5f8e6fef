import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

// Payments for listings, whichever provider took them.

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    userId: uuid('user_id').notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    pollUrl: text('poll_url'),
    /** The card provider's client secret, so a second create for the same open payment answers the same intent. */
    clientSecret: text('client_secret'),
    plan: text('plan').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull().default('pending'),
    msisdn: text('msisdn'),
    message: text('message'),
    testMode: boolean('test_mode').notNull().default(false),
    /** The advertising plan (spec 2.10) this payment buys for the listing, instead of the 7-day fee (issue 38). */
    advertisingPlan: text('advertising_plan'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_vehicle_idx').on(t.vehicleId),
    // At most one open payment per listing, whichever instance creates it.
    uniqueIndex('payments_vehicle_pending_key')
      .on(t.vehicleId)
      .where(sql`${t.status} = 'pending'`),
    check('payments_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed', 'cancelled', 'superseded')`),
  ],
);
