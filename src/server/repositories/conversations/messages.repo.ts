import { and, asc, eq, gte, or, sql } from 'drizzle-orm';
import type { ChatMessage } from '@/domain/core/wire';
import type { Db, Tx } from '../../db/client';
import { conversations, messages, userBlocks } from '../../db/schema';

// A conversation's messages and the blocks between people (issue 37).

export type MessageRow = typeof messages.$inferSelect;

export function toChatMessage(m: MessageRow): ChatMessage {
  return { id: m.id, conversation_id: m.conversationId, sender_id: m.senderId, text: m.text, images: m.images, warning: m.warning, created_at: m.createdAt.toISOString() };
}

export async function findMessage(db: Tx, id: string): Promise<MessageRow | null> {
  const rows = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Whether the sender wrote in the conversation before (the scam rules judge a first message apart). */
export async function hasWritten(db: Tx, conversationId: string, senderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, senderId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Stores a message under the id its device gave it, once: a replay of the same id inserts nothing and
 * answers null (the caller then reads the stored one). The conversation's last activity moves with it.
 */
export async function insertMessage(tx: Tx, m: { id: string; conversationId: string; senderId: string; text: string; images: string[]; warning: string | null }): Promise<MessageRow | null> {
  const [row] = await tx.insert(messages).values(m).onConflictDoNothing({ target: messages.id }).returning();
  if (!row) return null;
  await tx
    .update(conversations)
    .set({ lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${row.createdAt.toISOString()}::timestamptz)` })
    .where(eq(conversations.id, m.conversationId));
  return row;
}

/** A conversation's messages, oldest first; only those created at or after `since` when given. */
export async function listMessages(db: Db, conversationId: string, since?: Date): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), since ? gte(messages.createdAt, since) : undefined))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

/** Whether either person blocked the other. */
export async function isBlockedBetween(db: Tx, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ blocker: userBlocks.blockerId })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))))
    .limit(1);
  return rows.length > 0;
}

/** `blocker` blocks `blocked` (again: nothing changes); `on` false lifts that block (only the blocker's own). */
export async function setBlock(db: Db, blockerId: string, blockedId: string, on: boolean): Promise<void> {
  if (on) await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  else await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}
