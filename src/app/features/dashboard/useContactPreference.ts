import { useState } from 'react';
import { api } from '@/data/api';
import type { User } from '@/domain/account/user';
import type { ContactPreference } from '@/domain/messages/apiMessages';
import { CONTACT_CHOICE_TEXTS as T } from '@/domain/messages/contactChoice';
import { session, signIn } from '@/app/shared/session/session';
import { toast } from '@/app/shared/toasts/toasts';
import { t } from '@/app/shared/i18n/language';

/** The account's contact preference and its emails about unread messages, saved with PUT /api/me/settings as soon as it is chosen; the answer becomes the session's user. */
export function useContactPreference(user: User) {
  const [saving, setSaving] = useState(false);
  const save = async (settings: { contact_preference?: ContactPreference; message_emails?: boolean }, saved: string, failed: string) => {
    setSaving(true);
    try {
      const fresh = await api.put('me/settings', { json: settings }).json<User>();
      if (session.token && session.user?.id === fresh.id) signIn(session.token, fresh);
      toast('success', saved);
    } catch (err) {
      console.warn('account settings not saved', err);
      toast('error', failed);
    } finally {
      setSaving(false);
    }
  };
  const choose = (value: ContactPreference) => (value === user.contact_preference ? Promise.resolve() : save({ contact_preference: value }, t(T.saved), t(T.saveFailed)));
  /** The digest of messages unread for 12 hours, by email (on unless the person turns it off). */
  const setMessageEmails = (on: boolean) => save({ message_emails: on }, t(T.messageEmailsSaved), t(T.messageEmailsFailed));
  return { value: user.contact_preference, messageEmails: user.message_emails, saving, choose, setMessageEmails };
}
