import { useState } from 'react';
import { HTTPError } from 'ky';
import { api } from '@/data/api';
import { PHONE_MESSAGES } from '@/domain/account/phone';
import type { User } from '@/domain/account/user';
import type { z } from 'zod';
import type { phoneCodeSentSchema } from '@/domain/core/wire';
import { session, signIn } from '@/app/shared/session/session';
import { notify } from '@/app/shared/toasts/toasts';
import { t } from '@/app/shared/i18n/language';

type CodeSent = z.infer<typeof phoneCodeSentSchema>;

/** Where verifying stands: nothing asked yet, the number being typed, the code sent (to `sentTo`). */
type PhoneStep = 'idle' | 'number' | 'code';

/** The server's `detail` for a refusal it explains (a wrong or expired code, too many codes, an SMS not sent). */
async function refusal(err: unknown): Promise<string> {
  if (err instanceof HTTPError && err.response.status < 500) {
    const body = (await err.response.json().catch(() => null)) as { detail?: unknown } | null;
    if (typeof body?.detail === 'string') return body.detail;
  }
  return t(PHONE_MESSAGES.sendFailed);
}

/**
 * Verifying the account's phone (issue 37): 'Verify your phone' shows the number (to keep or change),
 * 'Send code' asks the server to send a six-digit code by SMS, and the code entered makes the answer
 * (the user, now phone_verified) the session's user.
 */
export function usePhoneVerification(user: User) {
  const [step, setStep] = useState<PhoneStep>('idle');
  const [phone, setPhone] = useState(user.phone ?? '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(await refusal(err));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = () =>
    run(async () => {
      const changed = phone.trim() !== (user.phone ?? '').trim();
      const sent = await api.post('auth/phone/send-code', { json: changed ? { phone: phone.trim() } : {} }).json<CodeSent>();
      setSentTo(sent.phone);
      setCode('');
      setStep('code');
    });

  const verify = () =>
    run(async () => {
      const fresh = await api.post('auth/phone/verify', { json: { code: code.trim() } }).json<User>();
      if (session.token && session.user?.id === fresh.id) signIn(session.token, fresh);
      notify('success', t(PHONE_MESSAGES.verified));
      setStep('idle');
    });

  const start = () => {
    setPhone(user.phone ?? '');
    setError(null);
    setStep('number');
  };
  const cancel = () => {
    setError(null);
    setStep('idle');
  };

  return { step, phone, setPhone, code, setCode, sentTo, busy, error, start, cancel, sendCode, verify };
}
