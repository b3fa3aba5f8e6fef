import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/data/db';
import { enqueueMessage } from '@/data/messages/send';
import { messagesApi, storeConversation } from '@/data/messages/sync';
import { readThread, type ConversationKey, type DeviceConversation, type DeviceMessage } from '@/data/messages/view';
import { MESSAGE_TEXTS } from '@/domain/messages/texts';
import { useSession } from '@/app/shared/session/session';
import { kickOutbox } from '@/app/shared/outbox/outboxRunner';
import { problemDetail } from '@/app/shared/problemDetail';
import { requestSync, startMessages } from './messagesRuntime';
import { t } from '@/app/shared/i18n/language';

export type { DeviceMessage, MessageState } from '@/data/messages/view';

/**
 * One conversation, by its id or (a buyer writing to a listing's seller) by the listing: the
 * conversation (undefined while read, null while the server does not know it yet), its messages
 * oldest first with the device's unsent ones, and what a person does in it. Sending goes through the
 * outbox, so it works offline; block, unblock and report need a connection (their refusal is `error`).
 */
export function useConversation(key: ConversationKey): {
  conversation: DeviceConversation | null | undefined;
  messages: DeviceMessage[];
  send(text: string, photos?: { blob: Blob; name: string }[]): Promise<void>;
  markRead(): void;
  block(): Promise<void>;
  unblock(): Promise<void>;
  report(reason: string, messageId?: string): Promise<void>;
  busy: boolean;
  error: string | null;
} {
  const userId = useSession().user?.id ?? null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keyText = 'conversationId' in key ? `c:${key.conversationId}` : `l:${key.listingId}`;
  const thread = useLiveQuery(() => (userId ? readThread(db, userId, key) : Promise.resolve(null)), [userId, keyText]);
  const conversation = thread === undefined ? undefined : (thread?.conversation ?? null);
  const conversationId = conversation?.id ?? ('conversationId' in key ? key.conversationId : null);

  // The screen opened: what the server has of it comes in.
  useEffect(() => {
    if (!userId) return;
    startMessages();
    void requestSync(conversationId);
  }, [userId, conversationId]);

  const act = async (run: (id: string) => Promise<unknown>) => {
    if (!conversation || !userId) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await run(conversation.id);
      if (answer && typeof answer === 'object' && 'listing_id' in answer) await storeConversation(db, userId, answer as DeviceConversation);
    } catch (err) {
      setError(await problemDetail(err, t(MESSAGE_TEXTS.loadingFailed)));
    } finally {
      setBusy(false);
    }
  };

  return {
    conversation,
    messages: thread?.messages ?? [],
    send: async (text, photos = []) => {
      if (!userId || (!text.trim() && !photos.length)) return;
      const listingId = conversation?.listing_id ?? ('listingId' in key ? key.listingId : null);
      if (!listingId) return;
      setError(null);
      await enqueueMessage(db, { ownerId: userId, listingId, conversationId: conversation ? conversation.id : null, text: text.trim(), photos });
      void kickOutbox();
    },
    markRead: () => {
      if (!conversation || !userId || conversation.unread === 0) return;
      void messagesApi
        .read(conversation.id)
        .then((c) => storeConversation(db, userId, c))
        .catch((err: unknown) => console.warn('conversation not marked read', err));
    },
    block: () => act((id) => messagesApi.block(id, true)),
    unblock: () => act((id) => messagesApi.block(id, false)),
    report: (reason, messageId) => act((id) => messagesApi.report(id, reason, messageId).then(() => requestSync(id))),
    busy,
    error,
  };
}
