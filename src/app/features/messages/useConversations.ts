import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/data/db';
import { readConversations, type DeviceConversation } from '@/data/messages/view';
import { useSession } from '@/app/shared/session/session';
import { requestSync, startMessages } from './messagesRuntime';

/**
 * A conversation as the device keeps it: the API's Conversation exactly as the wire gives it (snake
 * case), plus `pending` while it exists only on this device (a buyer's first message waiting to be sent).
 */
export type { DeviceConversation };

/** The signed-in person's conversations, newest activity first (undefined while read), and their unread total. Syncs when it opens. */
export function useConversations(): { conversations: DeviceConversation[] | undefined; unread: number } {
  const userId = useSession().user?.id ?? null;
  useEffect(() => {
    if (!userId) return;
    startMessages();
    void requestSync();
  }, [userId]);
  const conversations = useLiveQuery(() => (userId ? readConversations(db, userId) : Promise.resolve([])), [userId]);
  const unread = (conversations ?? []).reduce((n, c) => n + (c.blocked ? 0 : c.unread), 0);
  return { conversations, unread };
}
