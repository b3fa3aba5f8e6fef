import { proxy, useSnapshot } from 'valtio';
import type { Messages } from '@lingui/core';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/domain/i18n/languages';
import type { Translator } from '@/domain/i18n/translate';
import { english, type Translate } from '@/domain/i18n/text';

// The language the app speaks (issue 39). English is in the code and needs no library; Shona's and
// isiNdebele's texts come in their own module with Lingui's runtime, fetched only when the language is
// chosen and then kept by the service worker for offline use. The choice is kept on the device and,
// for a signed-in person, in the account.

const CATALOGUES: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  sn: () => import('@/domain/i18n/catalogues/sn'),
  nd: () => import('@/domain/i18n/catalogues/nd'),
};

const languageStore = proxy({ language: DEFAULT_LANGUAGE as Language });
/** Shona's or isiNdebele's translator; none while the app speaks English. */
let translator: Translator | null = null;

/** A text in the language the app speaks now. */
export const t: Translate = (text, values) => (translator ? translator.t(text, values) : english(text, values));

/** A text from elsewhere (a server's refusal): in the language the app speaks when it is one of the app's texts, else as it is. */
export const knownText = (text: string): string => (translator ? translator.known(text) : text);

export function currentLanguage(): Language {
  return languageStore.language;
}

/** The language the app speaks; a screen reading it is drawn again when it changes. */
export function useLanguage(): Language {
  return useSnapshot(languageStore).language;
}

/** The language chosen on this device's switch, if one was. */
export function storedLanguage(): Language | null {
  try {
    const v = localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(v) ? v : null;
  } catch {
    return null;
  }
}

export async function activate(language: Language): Promise<void> {
  if (language === 'en') {
    translator = null;
  } else {
    const [{ createTranslator }, { messages }] = await Promise.all([import('@/domain/i18n/translate'), CATALOGUES[language]()]);
    const next = createTranslator(language, messages);
    // A text the catalogue lacks shows in English; say so where a developer (and the tests) will see it.
    next.onMissing((text) => console.warn(`Motokari: no ${language} text for "${text}"`));
    translator = next;
  }
  document.documentElement.lang = language;
  languageStore.language = language;
}
