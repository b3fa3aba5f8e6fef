import { STORAGE_KEYS } from '@/domain/core/constants';
import type { Language } from '@/domain/i18n/languages';
import type { User } from '@/domain/account/user';
import { api } from '@/data/api';
import { session, signIn } from '../session/session';
import { activate, currentLanguage, storedLanguage } from './language';

// Choosing a language (issue 39): on the switch, kept on the device and in the account; and on
// signing in, the device and the account agreeing.

async function saveToAccount(language: Language): Promise<void> {
  if (!session.token) return;
  try {
    const fresh = await api.put('me/settings', { json: { language } }).json<User>();
    if (session.token && session.user?.id === fresh.id) signIn(session.token, fresh);
  } catch (err) {
    // Kept on the device all the same; the account follows the next time it is chosen signed in.
    console.warn('language not saved to the account', err);
  }
}

/** The person chose a language on the switch: the app speaks it at once, and it is kept on the device and in the account. */
export async function chooseLanguage(language: Language): Promise<void> {
  await activate(language);
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch (err) {
    console.warn('the language could not be kept on this device', err);
  }
  await saveToAccount(language);
}

/**
 * A person signed in: a device with no language chosen on it takes the account's; a device whose
 * choice the account does not have yet (chosen offline, or before signing in) gives it to the account.
 */
export async function followAccount(user: User): Promise<void> {
  const onDevice = storedLanguage();
  if (!onDevice && user.language && user.language !== currentLanguage()) await chooseLanguage(user.language);
  else if (onDevice && user.language !== onDevice) await saveToAccount(onDevice);
}
