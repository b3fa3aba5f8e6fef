import { subscribe } from 'valtio';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_PARAM, languageFromPreferences } from '@/domain/i18n/languages';
import { session } from '../session/session';
import { activate, storedLanguage } from './language';

// The language the app starts in (issue 39), and a signed-in person's kept in step with their account.

/**
 * Before the first render: the language a link names (`?lang=sn`, as the search engines' pages
 * link), else the one chosen on this device, else the first of the browser's languages the app
 * speaks. A language whose texts cannot be fetched (offline, never chosen here) falls back to English.
 */
export async function startLanguage(): Promise<void> {
  const linked = new URLSearchParams(window.location.search).get(LANGUAGE_PARAM);
  const language = isLanguage(linked) ? linked : (storedLanguage() ?? languageFromPreferences(navigator.languages?.length ? navigator.languages : [navigator.language]));
  if (language === DEFAULT_LANGUAGE) return;
  await activate(language).catch((err: unknown) => console.warn('language not loaded; English meanwhile', err));
}

// A signed-in person's language and their account's are kept in step (languageChoice.ts), once per
// sign-in, after the first screen.
let lastUser: string | null = null;
function followAccount(): void {
  const user = session.user;
  if (!user || user.id === lastUser) return;
  lastUser = user.id;
  void import('./languageChoice').then(
    (m) => m.followAccount(user),
    (err: unknown) => console.warn('language not matched to the account', err),
  );
}
// The session saved on the device was read before this module ran; later sign-ins are heard.
subscribe(session, followAccount);
followAccount();
