import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './accounts';

// A dealer's monthly plan (issue 38): the plan itself, its EcoCash payments, and its invoices.

/** One per dealer: how it pays and until when it is paid. */
export const dealerPlans = pgTable(
  'dealer_plans',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** 'pending' until the first month is paid, 'active' while a card subscription renews it, 'cancelled' once it will not. EcoCash plans are 'active' once paid. */
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    paidUntil: ts('paid_until'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The card subscription's first invoice's client secret, so a second subscribe answers the same. */
    clientSecret: text('client_secret'),
    /** The paid_until an EcoCash reminder was sent for: one reminder per period. */
    remindedFor: ts('reminded_for'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dealer_plans_subscription_key').on(t.provider, t.providerSubscriptionId),
    check('dealer_plans_method_check', sql`${t.method} in ('card', 'ecocash')`),
    check('dealer_plans_status_check', sql`${t.status} in ('pending', 'active', 'cancelled')`),
  ],
);

/** A month paid with EcoCash: opened, then settled once (as the listing payments are). */
export const planPayments = pgTable(
  'plan_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    pollUrl: text('poll_url'),
    msisdn: text('msisdn').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('pending'),
    message: text('message'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_payments_provider_ref_key').on(t.provider, t.providerRef),
    index('plan_payments_user_idx').on(t.userId),
    check('plan_payments_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * An invoice for a paid month, kept 7 years (the privacy policy): an account's deletion detaches it
 * (user_id null) and keeps it, with the business details and the account's name and email as they were.
 * Its provider reference (the card provider's invoice, the EcoCash transaction) is unique, so a paid
 * month is invoiced, and extends the plan, once.
 */
export const planInvoices = pgTable(
  'plan_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    accountName: text('account_name').notNull(),
    accountEmail: text('account_email').notNull(),
    businessName: text('business_name'),
    businessRegistration: text('business_registration'),
    businessAddress: text('business_address'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    issuedAt: ts('issued_at').notNull(),
  },
  (t) => [uniqueIndex('plan_invoices_number_key').on(t.number), uniqueIndex('plan_invoices_provider_ref_key').on(t.provider, t.providerRef), index('plan_invoices_user_idx').on(t.userId)],
);
