import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './accounts';

// Messages between a listing's buyer and its seller (issue 37): the conversations, their messages, and
// who blocked whom. Migration 0019_messages also adds the NOTIFY trigger the live channel listens to.

/**
 * One listing and one buyer. No foreign key to the listing: a deleted listing keeps its conversations,
 * named by the title it had when the first message was written.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingTitle: text('listing_title').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    /** When each person last read it: the other's messages after it are unread. */
    buyerReadAt: ts('buyer_read_at'),
    sellerReadAt: ts('seller_read_at'),
    /** Reported (the admin Reports tab lists it with its messages): when, by whom, why, and which message if one. */
    reportedAt: ts('reported_at'),
    reportedBy: uuid('reported_by'),
    reportReason: text('report_reason'),
    reportedMessageId: uuid('reported_message_id'),
  },
  (t) => [
    uniqueIndex('conversations_vehicle_buyer_key').on(t.vehicleId, t.buyerId),
    index('conversations_buyer_idx').on(t.buyerId),
    index('conversations_seller_idx').on(t.sellerId),
    index('conversations_reported_idx')
      .on(t.reportedAt)
      .where(sql`${t.reportedAt} is not null`),
  ],
);

/** A message; its id is the sender's device's, so a replay of the same message is the same row. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** The scam rules' warning shown to its reader (src/domain/messages/scamRules.ts), or null. */
    warning: text('warning'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** When the unread-messages email digest dealt with it (mail/messageDigest.ts, migration 0021); null until then. */
    digestedAt: ts('digested_at'),
  },
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    index('messages_undigested_idx')
      .on(t.createdAt)
      .where(sql`${t.digestedAt} is null`),
    // Whether any message shows a photo, asked by the orphan photos' purge as it asks the listings'
    // (vehicles_images_idx); a message without photos adds nothing to it.
    index('messages_images_idx').using('gin', t.images.op('jsonb_path_ops')),
  ],
);

/** A person blocked another: no message goes either way between them. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);
