import type { Conversation } from '@/domain/core/wire';
import { titleOf } from '@/domain/listing/display';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { MotokariDb } from '../db';
import type { MessageItem } from '../outbox/items';
import { queuedMessages, queuedPhotos } from './send';
import type { ChatMessageRow, ConversationRow } from './records';

// What the message screens read from the device: the stored conversations and messages, with the
// messages still in the outbox merged in (their state from the queue), for liveQuery.

/** A conversation as the API gives it (snake case), plus `pending` while it exists only on this device. */
export type DeviceConversation = Conversation & { pending: boolean };

export type MessageState = 'waiting' | 'sent' | 'read' | 'failed';

export interface DeviceMessage {
  id: string;
  conversationId: string | null;
  listingId: string;
  senderId: string;
  text: string;
  /** Photos on the server (URLs). */
  images: string[];
  /** Photos of a message still in this device's outbox, shown from the device (they may not be uploaded yet). */
  photos: Blob[];
  warning: string | null;
  createdAt: string;
  mine: boolean;
  state: MessageState;
  error: string | null;
}

export type ConversationKey = { conversationId: string } | { listingId: string };

const strip = ({ listingId: _l, lastMessageAt: _m, ownerId: _o, ...c }: ConversationRow): DeviceConversation => ({ ...c, pending: false });

const time = (iso: string) => Date.parse(iso) || 0;

/** The person's stored conversations. */
async function storedConversations(db: MotokariDb, ownerId: string): Promise<ConversationRow[]> {
  return (await db.conversations.toArray()).filter((c) => c.ownerId === ownerId);
}

/** A buyer's conversation that exists only on this device (their first messages wait in the outbox), from the listing kept here. */
async function pendingConversation(db: MotokariDb, ownerId: string, listingId: string, items: MessageItem[]): Promise<DeviceConversation> {
  const row = (await db.table('records').get(listingId)) as { vehicle?: Vehicle } | undefined;
  const v = row?.vehicle;
  const at = items[0]?.message.writtenAt ?? new Date().toISOString();
  const last = items[items.length - 1];
  return {
    id: `pending:${listingId}`,
    listing_id: listingId,
    buyer_id: ownerId,
    seller_id: v?.seller_id ?? '',
    role: 'buyer',
    other_name: v?.seller_name ?? '',
    listing: { title: v ? titleOf(v) : '', price: v?.price ?? null, image: v?.images[0] ?? null, available: true, price_warning: null },
    last_message: last
      ? { id: last.message.id, conversation_id: '', sender_id: ownerId, text: last.message.text, images: last.message.images, warning: null, created_at: last.message.writtenAt }
      : null,
    unread: 0,
    other_read_at: null,
    blocked: false,
    reported: false,
    created_at: at,
    last_message_at: last?.message.writtenAt ?? at,
    pending: true,
  };
}

/** The person's conversations, newest activity first, with the ones still only on this device. */
export async function readConversations(db: MotokariDb, ownerId: string): Promise<DeviceConversation[]> {
  const rows = await storedConversations(db, ownerId);
  const known = new Set(rows.map((c) => c.listingId));
  const waiting = new Map<string, MessageItem[]>();
  for (const item of await queuedMessages(db, ownerId)) {
    if (item.message.conversationId !== null || known.has(item.message.listingId) || item.result) continue;
    waiting.set(item.message.listingId, [...(waiting.get(item.message.listingId) ?? []), item]);
  }
  const pending = await Promise.all([...waiting].map(([listingId, items]) => pendingConversation(db, ownerId, listingId, items)));
  return [...rows.map(strip), ...pending].sort((a, b) => time(b.last_message_at) - time(a.last_message_at));
}

/** The unread messages over the person's conversations. */
export async function readUnread(db: MotokariDb, ownerId: string): Promise<number> {
  return (await storedConversations(db, ownerId)).reduce((n, c) => n + (c.blocked ? 0 : c.unread), 0);
}

function fromServer(m: ChatMessageRow | (MessageItem['result'] & object), listingId: string, ownerId: string, otherReadAt: string | null): DeviceMessage {
  const msg = 'message' in m ? m.message : m;
  const mine = msg.sender_id === ownerId;
  const read = mine && otherReadAt !== null && time(otherReadAt) >= time(msg.created_at);
  return {
    id: msg.id,
    conversationId: msg.conversation_id,
    listingId,
    senderId: msg.sender_id,
    text: msg.text,
    images: msg.images,
    photos: [],
    warning: msg.warning,
    createdAt: msg.created_at,
    mine,
    state: mine ? (read ? 'read' : 'sent') : 'sent',
    error: null,
  };
}

function fromQueue(item: MessageItem, ownerId: string, photos: Blob[]): DeviceMessage {
  const m = item.message;
  return {
    id: m.id,
    conversationId: m.conversationId,
    listingId: m.listingId,
    senderId: ownerId,
    text: m.text,
    images: m.images,
    photos,
    warning: null,
    createdAt: m.writtenAt,
    mine: true,
    state: item.state === 'failed' ? 'failed' : 'waiting',
    error: item.state === 'failed' ? item.error : null,
  };
}

/** One conversation (by id, or the person's as a buyer of a listing) and its messages, oldest first. */
export async function readThread(db: MotokariDb, ownerId: string, key: ConversationKey): Promise<{ conversation: DeviceConversation | null; messages: DeviceMessage[] }> {
  const rows = await storedConversations(db, ownerId);
  const row = 'conversationId' in key ? rows.find((c) => c.id === key.conversationId) : rows.find((c) => c.listingId === key.listingId && c.role === 'buyer');
  const listingId = row?.listingId ?? ('listingId' in key ? key.listingId : null);
  const conversationId = row?.id ?? ('conversationId' in key ? key.conversationId : null);
  const items = (await queuedMessages(db, ownerId)).filter(
    (i) =>
      (conversationId !== null && i.message.conversationId === conversationId) ||
      (listingId !== null && i.message.conversationId === null && i.message.listingId === listingId && (!row || row.role === 'buyer')),
  );
  const stored = row ? await db.chatMessages.where('conversationId').equals(row.id).toArray() : [];
  const seen = new Set(stored.map((m) => m.id));
  const otherReadAt = row?.other_read_at ?? null;
  const messages = [
    ...stored.filter((m) => m.ownerId === ownerId).map((m) => fromServer(m, row!.listingId, ownerId, otherReadAt)),
    ...(await Promise.all(
      items
        .filter((i) => !seen.has(i.message.id))
        .map(async (i) => (i.state === 'done' && i.result ? fromServer(i.result, i.message.listingId, ownerId, otherReadAt) : fromQueue(i, ownerId, await queuedPhotos(db, i)))),
    )),
  ].sort((a, b) => time(a.createdAt) - time(b.createdAt));
  // Not known to the server yet (a buyer's first messages wait in the outbox): null, as before any message.
  return { conversation: row ? strip(row) : null, messages };
}
