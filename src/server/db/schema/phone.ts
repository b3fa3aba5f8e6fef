import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './accounts';

// Verified phones (issue 37): the codes sent by SMS.

/**
 * A code sent to a number for an account: stored as a keyed hash, with its wrong tries. The number is
 * the one the code went to, which becomes the account's when the code is entered (a new number is
 * proven before it replaces the old one).
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('phone_codes_user_idx').on(t.userId)],
);
