import { eq } from 'drizzle-orm';
import type { PushPayload } from '@/domain/account/notifications';
import { messagePreview } from '@/domain/messages/texts';
import type { Db, Tx } from '../db/client';
import { conversations, messages, users } from '../db/schema';
import { enqueueJob } from '../repositories/jobs.repo';
import { isBlockedBetween } from '../repositories/conversations/messages.repo';
import { JOB_NAMES } from './jobNames';
import type { Translator } from '@/domain/i18n/translate';
import type { PushJob } from '../push/notifier';

// The push of a new message to its recipient (issue 37): a one-off background job written in the
// transaction that stores the message, so it exists once per stored message (a replay stores nothing)
// and runs once across instances. It is judged when it runs: a recipient who blocked the sender, or
// read the conversation since, hears nothing.

/** A message is news for a day; a phone offline longer gets it from the app. */
const MESSAGE_TTL_S = 24 * 3600;

/** Call inside the transaction that inserted the message; kick the job runner after the commit. */
export async function enqueueMessagePush(tx: Tx, messageId: string): Promise<void> {
  await enqueueJob(tx, JOB_NAMES.messagePush, { message_id: messageId });
}

/** The notification of a message: the sender's name, the listing and the start of the text (its warning first). */
function messageNotification(m: { conversationId: string; text: string; images: string[]; warning: string | null }, senderName: string, listingTitle: string, words: Translator): PushPayload {
  const lines = [listingTitle, ...(m.warning ? [words.known(m.warning)] : []), messagePreview(m, undefined, words.t)];
  return { title: senderName, body: lines.join('\n'), url: `/messages/${m.conversationId}`, tag: `conversation:${m.conversationId}` };
}

/**
 * The push to send for a stored message, or null when none is due: the message or its conversation
 * is gone, either person blocked the other, or the recipient read the conversation at or after it.
 */
export async function messagePushOf(db: Db, messageId: string): Promise<PushJob | null> {
  const [row] = await db
    .select({ m: messages, c: conversations, senderName: users.name })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, messageId))
    .limit(1);
  if (!row) return null;
  const { m, c } = row;
  const toBuyer = m.senderId === c.sellerId;
  const recipient = toBuyer ? c.buyerId : c.sellerId;
  const readAt = toBuyer ? c.buyerReadAt : c.sellerReadAt;
  if (readAt && readAt.getTime() >= m.createdAt.getTime()) return null;
  if (await isBlockedBetween(db, recipient, m.senderId)) return null;
  return { userId: recipient, payload: (words) => messageNotification(m, row.senderName, c.listingTitle, words), ttl: MESSAGE_TTL_S };
}
