import type { ChatMessage, Conversation } from '@/domain/core/wire';

// The device's copies of the signed-in person's conversations and messages (the stores of
// DB_VERSIONS' seventh entry). Each row is the API's answer as the wire gives it (snake case), with
// the camel-case fields the stores index, and the account it belongs to (a shared phone keeps each
// person's apart). No I/O here.

export interface ConversationRow extends Conversation {
  listingId: string;
  lastMessageAt: string;
  ownerId: string;
}

export interface ChatMessageRow extends ChatMessage {
  conversationId: string;
  createdAt: string;
  ownerId: string;
}

export const conversationRow = (c: Conversation, ownerId: string): ConversationRow => ({ ...c, listingId: c.listing_id, lastMessageAt: c.last_message_at, ownerId });

export const chatMessageRow = (m: ChatMessage, ownerId: string): ChatMessageRow => ({ ...m, conversationId: m.conversation_id, createdAt: m.created_at, ownerId });

/** The chain (ItemBase.listingId) a conversation's queued messages go in, by conversation id or, before it is known, listing id. */
export const messageChain = (id: string): string => `messages:${id}`;

/** Whether an outbox chain is a conversation's messages (and their photos): a failed item there does not stop the ones after it. */
export const isMessageChain = (chain: string): boolean => chain.startsWith('messages:');
