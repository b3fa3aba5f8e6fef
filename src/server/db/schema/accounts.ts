import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

// People's accounts and what signing in needs: the users and their password resets.

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    location: text('location'),
    region: text('region'),
    area: text('area'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    userType: text('user_type').notNull().default('private'),
    businessName: text('business_name'),
    /** A dealer's business details for verification (PUT /api/me/business): registration number and address. */
    businessRegistration: text('business_registration'),
    businessAddress: text('business_address'),
    /** Null until a dealer submits business details; then 'pending', and 'verified' or 'rejected' once an administrator decides. */
    businessStatus: text('business_status'),
    businessSubmittedAt: ts('business_submitted_at'),
    /** Null for accounts that cannot sign in (the sample sellers). */
    passwordHash: text('password_hash'),
    /** In every token; a password reset or "Sign out on all devices" bumps it, so earlier tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Refundable account credit from double payments (spec section 9: credit, not cash; not transferable). */
    creditCents: integer('credit_cents').notNull().default(0),
    /** When the phone was verified by an SMS code (issue 37); null when it was not, or has changed since. */
    phoneVerifiedAt: ts('phone_verified_at'),
    /** How buyers reach this seller by default (issue 37): 'phone' (shown to signed-in buyers) or 'messages' only (the phone is never sent). */
    contactPreference: text('contact_preference').notNull().default('phone'),
    /** An email digest of messages left unread for 12 hours; the person may turn it off. */
    messageEmails: boolean('message_emails').notNull().default(true),
    /** The language the person chose (issue 39: 'en', 'sn' or 'nd') for the app and for the emails, pushes and SMS sent to them; null until chosen (English). */
    language: text('language'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_user_type_check', sql`${t.userType} in ('admin', 'dealer', 'private')`),
    check('users_contact_preference_check', sql`${t.contactPreference} in ('phone', 'messages')`),
    check('users_business_status_check', sql`${t.businessStatus} is null or ${t.businessStatus} in ('pending', 'verified', 'rejected')`),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
