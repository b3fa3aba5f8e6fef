import { and, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Conversation } from '@/domain/core/wire';
import { isPublic } from '@/domain/listing/vehicle';
import { titleOf } from '@/domain/listing/display';
import type { Db, Tx } from '../../db/client';
import { conversations, messages, userBlocks, users, vehicles } from '../../db/schema';
import { LISTING_COLUMNS, toApiVehicle, type VehicleRow } from '../vehicles/rows';
import { toChatMessage, type MessageRow } from './messages.repo';

// Conversations (issue 37): one listing and one buyer, read by its two people as conversationSchema.

export type ConversationRow = typeof conversations.$inferSelect;

export async function findConversation(db: Tx, id: string): Promise<ConversationRow | null> {
  const rows = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findListingConversation(db: Tx, vehicleId: string, buyerId: string): Promise<ConversationRow | null> {
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.vehicleId, vehicleId), eq(conversations.buyerId, buyerId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The listing's conversation with this buyer: a new one, or the one already there (two racing starts make one). */
export async function openConversation(tx: Tx, c: { vehicleId: string; buyerId: string; sellerId: string; listingTitle: string }): Promise<ConversationRow> {
  await tx
    .insert(conversations)
    .values(c)
    .onConflictDoNothing({ target: [conversations.vehicleId, conversations.buyerId] });
  return (await findListingConversation(tx, c.vehicleId, c.buyerId))!;
}

/** Sets the reader's read time to now, or to the conversation's last message when that is later (all read). */
export async function markRead(db: Db, c: ConversationRow, role: 'buyer' | 'seller'): Promise<void> {
  const at = sql`greatest(now(), ${conversations.lastMessageAt})`;
  await db
    .update(conversations)
    .set(role === 'buyer' ? { buyerReadAt: at } : { sellerReadAt: at })
    .where(eq(conversations.id, c.id));
}

export async function reportConversation(db: Db, id: string, r: { by: string; reason: string; messageId: string | null }): Promise<void> {
  await db
    .update(conversations)
    .set({ reportedAt: sql`now()`, reportedBy: r.by, reportReason: r.reason, reportedMessageId: r.messageId })
    .where(eq(conversations.id, id));
}

/** An admin closes a conversation's report; false when it had none open. */
export async function dismissConversationReport(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set({ reportedAt: null, reportedBy: null, reportReason: null, reportedMessageId: null })
    .where(and(eq(conversations.id, id), isNotNull(conversations.reportedAt)))
    .returning({ id: conversations.id });
  return rows.length > 0;
}

/** Tells the live channel (helper "live", the 'motokari_messages' NOTIFY) that a conversation changed: blocked, unblocked, reported. */
export async function announceConversation(db: Db, c: ConversationRow): Promise<void> {
  await db.execute(
    sql`select pg_notify('motokari_messages', json_build_object('kind', 'conversation', 'conversation_id', ${c.id}::uuid, 'message_id', null, 'buyer_id', ${c.buyerId}::uuid, 'seller_id', ${c.sellerId}::uuid)::text)`,
  );
}

/** The conversations a person is one of the two of, newest activity first. */
export async function listUserConversations(db: Db, userId: string): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
}

/** A listing's price warning for its conversation (the price verdict's, src/domain/messages/priceWarning.ts). */
export type PriceWarningOf = (vehicleId: string, price: number | null) => Promise<string | null>;

/**
 * The conversations as `viewerId` reads them (conversationSchema): the other person's name, the listing
 * as it is now, the last message, the viewer's unread count, the other's read time, blocks and reports.
 * A viewer who is neither of the two (an administrator reading a report) reads the buyer's side.
 */
export async function conversationViews(db: Db, rows: ConversationRow[], viewerId: string, priceWarning: PriceWarningOf): Promise<Conversation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const people = [...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]))];
  const [names, listings, lasts, unread, blocks] = await Promise.all([
    db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, people)),
    db
      .select(LISTING_COLUMNS)
      .from(vehicles)
      .where(
        inArray(
          vehicles.id,
          rows.map((r) => r.vehicleId),
        ),
      ),
    db.selectDistinctOn([messages.conversationId]).from(messages).where(inArray(messages.conversationId, ids)).orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id)),
    db
      .select({ id: messages.conversationId, n: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          inArray(messages.conversationId, ids),
          ne(messages.senderId, viewerId),
          sql`${messages.createdAt} > coalesce(case when ${conversations.sellerId} = ${viewerId} then ${conversations.sellerReadAt} else ${conversations.buyerReadAt} end, '-infinity'::timestamptz)`,
        ),
      )
      .groupBy(messages.conversationId),
    db
      .select({ blocker: userBlocks.blockerId, blocked: userBlocks.blockedId })
      .from(userBlocks)
      .where(or(inArray(userBlocks.blockerId, people), inArray(userBlocks.blockedId, people))),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const listingOf = new Map<string, VehicleRow>(listings.map((l) => [l.id, l]));
  const lastOf = new Map<string, MessageRow>(lasts.map((m) => [m.conversationId, m]));
  const unreadOf = new Map(unread.map((u) => [u.id, Number(u.n)]));
  const blocked = new Set(blocks.map((b) => `${b.blocker}:${b.blocked}`));
  return Promise.all(
    rows.map(async (r) => {
      const role = r.sellerId === viewerId ? 'seller' : 'buyer';
      const other = role === 'buyer' ? r.sellerId : r.buyerId;
      const listing = listingOf.get(r.vehicleId);
      const available = !!listing && isPublic(toApiVehicle(listing));
      const last = lastOf.get(r.id);
      return {
        id: r.id,
        listing_id: r.vehicleId,
        buyer_id: r.buyerId,
        seller_id: r.sellerId,
        role,
        other_name: nameOf.get(other) ?? '',
        listing: {
          title: listing ? titleOf(listing) : r.listingTitle,
          price: listing?.price ?? null,
          image: listing && listing.images.length > 0 ? `/api/vehicles/${listing.id}/thumb?size=small` : null,
          available,
          price_warning: available ? await priceWarning(r.vehicleId, listing?.price ?? null) : null,
        },
        last_message: last ? toChatMessage(last) : null,
        unread: unreadOf.get(r.id) ?? 0,
        other_read_at: (role === 'buyer' ? r.sellerReadAt : r.buyerReadAt)?.toISOString() ?? null,
        blocked: blocked.has(`${r.buyerId}:${r.sellerId}`) || blocked.has(`${r.sellerId}:${r.buyerId}`),
        reported: r.reportedAt !== null,
        created_at: r.createdAt.toISOString(),
        last_message_at: r.lastMessageAt.toISOString(),
      } satisfies Conversation;
    }),
  );
}
