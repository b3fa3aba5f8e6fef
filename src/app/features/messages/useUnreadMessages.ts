import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/data/db';
import { readUnread } from '@/data/messages/view';
import { useSession } from '@/app/shared/session/session';
import { startMessages } from './messagesRuntime';

/**
 * The menus' unread count: the unread messages over the person's conversations kept on the device
 * (the sync and the live channel keep them current). 0 when signed out. Its code loads with the
 * messages feature, never on an anonymous first visit.
 */
export function useUnreadMessages(): number {
  const userId = useSession().user?.id ?? null;
  useEffect(() => {
    if (userId) startMessages();
  }, [userId]);
  return useLiveQuery(() => (userId ? readUnread(db, userId) : Promise.resolve(0)), [userId]) ?? 0;
}
