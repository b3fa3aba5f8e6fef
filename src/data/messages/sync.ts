import type { ChatMessage, Conversation } from '@/domain/core/wire';
import type { LiveEvent } from '@/domain/messages/liveEvents';
import { api } from '../api';
import type { MotokariDb } from '../db';
import type { MessageItem } from '../outbox/items';
import { chatMessageRow, conversationRow } from './records';
import { forgetSent } from './send';

// The device's sync of messages: the person's conversations (GET /api/conversations) and the new
// messages of each (GET /api/conversations/{id}/messages?since=) into the device's stores, the sent
// ones moved from the outbox into them, and the live channel's events (live.ts) written in.

/** How far before the newest stored message a conversation's messages are asked for again (clocks and late commits). */
const SINCE_OVERLAP_MS = 60_000;

/** The API's message routes (the app's ky instance: the bearer token, a 401 ends the session). */
export const messagesApi = {
  conversations: () => api.get('conversations').json<Conversation[]>(),
  messages: (id: string, since: string | null) =>
    api.get(`conversations/${encodeURIComponent(id)}/messages`, since ? { searchParams: { since } } : {}).json<{ conversation: Conversation; messages: ChatMessage[] }>(),
  read: (id: string) => api.post(`conversations/${encodeURIComponent(id)}/read`).json<Conversation>(),
  block: (id: string, on: boolean) => api(`conversations/${encodeURIComponent(id)}/block`, { method: on ? 'post' : 'delete' }).json<Conversation>(),
  report: (id: string, reason: string, messageId?: string) =>
    api.post(`conversations/${encodeURIComponent(id)}/report`, { json: { reason, ...(messageId && { message_id: messageId }) } }).json<unknown>(),
};

type MessagesApi = typeof messagesApi;

const time = (iso: string) => Date.parse(iso) || 0;

async function newestStored(db: MotokariDb, conversationId: string): Promise<string | null> {
  const rows = await db.chatMessages.where('conversationId').equals(conversationId).toArray();
  return rows.reduce<string | null>((n, m) => (n === null || time(m.created_at) > time(n) ? m.created_at : n), null);
}

/** Stores a conversation as the server gave it, and its messages (deduplicated by id). */
export async function storeConversation(db: MotokariDb, ownerId: string, conversation: Conversation, messages: ChatMessage[] = []): Promise<void> {
  await db.transaction('rw', db.conversations, db.chatMessages, async () => {
    await db.conversations.put(conversationRow(conversation, ownerId));
    if (messages.length) await db.chatMessages.bulkPut(messages.map((m) => chatMessageRow(m, ownerId)));
  });
}

/** Asks for one conversation's messages since the newest stored one (less a minute), and stores them. */
async function syncConversation(db: MotokariDb, ownerId: string, conversationId: string, http: MessagesApi = messagesApi): Promise<void> {
  const newest = await newestStored(db, conversationId);
  const since = newest ? new Date(time(newest) - SINCE_OVERLAP_MS).toISOString() : null;
  const answer = await http.messages(conversationId, since);
  await storeConversation(db, ownerId, answer.conversation, answer.messages);
}

/**
 * The messages the outbox has sent become the server's (stored, so the screens show them sent) and
 * leave the queue; a conversation a buyer's first message started is stored as well.
 */
export async function absorbSent(db: MotokariDb, ownerId: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.conversations, db.chatMessages, async () => {
    const done = (await db.outbox.toArray()).filter((i): i is MessageItem => i.kind === 'message' && i.state === 'done' && i.result !== null && i.ownerId === ownerId);
    for (const item of done) {
      const { message, conversation } = item.result!;
      if (conversation && !(await db.conversations.get(conversation.id))) await db.conversations.put(conversationRow(conversation, ownerId));
      await db.chatMessages.put(chatMessageRow(message, ownerId));
      await forgetSent(db, item);
    }
  });
}

/**
 * The whole sync: the person's conversations (the ones gone from the server leave the device), and the
 * messages of each conversation with news since the device last looked (or `also`, a screen open now).
 */
export async function syncMessages(db: MotokariDb, ownerId: string, also: string | null = null, http: MessagesApi = messagesApi): Promise<void> {
  await absorbSent(db, ownerId);
  const list = await http.conversations();
  const ids = new Set(list.map((c) => c.id));
  const stale: string[] = [];
  await db.transaction('rw', db.conversations, db.chatMessages, async () => {
    const gone = (await db.conversations.toArray()).filter((c) => c.ownerId === ownerId && !ids.has(c.id)).map((c) => c.id);
    if (gone.length) {
      await db.conversations.bulkDelete(gone);
      await db.chatMessages.where('conversationId').anyOf(gone).delete();
    }
    for (const c of list) {
      const newest = await newestStored(db, c.id);
      if (c.id === also || (c.last_message && (newest === null || time(c.last_message.created_at) > time(newest)))) stale.push(c.id);
    }
    await db.conversations.bulkPut(list.map((c) => conversationRow(c, ownerId)));
  });
  for (const id of stale) await syncConversation(db, ownerId, id, http);
}

/**
 * Writes a live event into the device's stores. Returns false when the device does not know the
 * conversation (or the event needs the server's view): the caller then syncs.
 */
export async function applyLiveEvent(db: MotokariDb, ownerId: string, event: LiveEvent): Promise<boolean> {
  if (event.type === 'conversation') return false;
  const id = event.type === 'message' ? event.message.conversation_id : event.conversation_id;
  return db.transaction('rw', db.conversations, db.chatMessages, db.outbox, async () => {
    const row = await db.conversations.get(id);
    if (!row || row.ownerId !== ownerId) return false;
    if (event.type === 'read') {
      const mine = event.reader_id === ownerId;
      await db.conversations.put(mine ? { ...row, unread: 0 } : { ...row, other_read_at: event.read_at });
      return true;
    }
    const m = event.message;
    const known = await db.chatMessages.get(m.id);
    await db.chatMessages.put(chatMessageRow(m, ownerId));
    const fromOther = m.sender_id !== ownerId;
    const newer = time(m.created_at) >= time(row.last_message_at);
    await db.conversations.put({
      ...row,
      ...(newer && { last_message: m, last_message_at: m.created_at, lastMessageAt: m.created_at }),
      unread: row.unread + (fromOther && !known ? 1 : 0),
    });
    // Sent from this device: its queued copy has done its job.
    const queued = (await db.outbox.toArray()).find((i): i is MessageItem => i.kind === 'message' && i.message.id === m.id && i.state === 'done');
    if (queued) await forgetSent(db, queued);
    return true;
  });
}
