import { useState } from 'react';
import { api } from '@/data/api';
import { BUSINESS_MESSAGES, type BusinessDetails } from '@/domain/account/business';
import type { User } from '@/domain/account/user';
import { session, signIn } from '@/app/shared/session/session';
import { notify } from '@/app/shared/toasts/toasts';
import { t } from '@/app/shared/i18n/language';

/**
 * A dealer's business details as the form holds them (first the account's), and sending them with
 * PUT /api/me/business: the answer becomes the session's user, and a toast says they were sent.
 */
export function useBusinessDetails(user: User) {
  const [details, setDetails] = useState<BusinessDetails>({
    business_name: user.business_name ?? '',
    registration_number: user.business_registration ?? '',
    address: user.business_address ?? '',
  });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setSending(true);
    setError(null);
    try {
      const fresh = await api.put('me/business', { json: details }).json<User>();
      if (session.token && session.user?.id === fresh.id) signIn(session.token, fresh);
      notify('success', t(BUSINESS_MESSAGES.submitted));
    } catch (err) {
      console.warn('business details not sent', err);
      setError(t(BUSINESS_MESSAGES.submitFailed));
    } finally {
      setSending(false);
    }
  };
  return { details, setDetails, sending, error, submit };
}
