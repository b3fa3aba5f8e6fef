import { Badge } from '@mantine/core';
import { MESSAGE_TEXTS as T } from '@/domain/messages/texts';
import { useUnreadMessages } from './useUnreadMessages';
import { t } from '@/app/shared/i18n/language';

/** The unread count beside the menus' 'Messages' entry (the shell shows it through a slot); nothing at 0. */
export default function UnreadBadge() {
  const n = useUnreadMessages();
  if (n <= 0) return null;
  return (
    <Badge size="sm" circle={n < 10} color="red" variant="filled" aria-label={T.unreadLabel(n, t)} data-testid="unread-messages">
      {n > 99 ? '99+' : n}
    </Badge>
  );
}
