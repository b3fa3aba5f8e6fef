import { messages as nd } from '@/domain/i18n/catalogues/nd';
import { messages as sn } from '@/domain/i18n/catalogues/sn';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_PARAM, LANGUAGES, type Language } from '@/domain/i18n/languages';
import { createTranslator, type Translator } from '@/domain/i18n/translate';

// The server's words in a person's language (issue 39): the emails, pushes and SMS sent to someone in
// the language their account chose, and each server-rendered page in the language its address names.
// The API's own answers stay in English (the app shows its texts in the person's language).

const TRANSLATORS: Record<Language, Translator> = { en: createTranslator('en'), sn: createTranslator('sn', sn), nd: createTranslator('nd', nd) };

/** The words for a person: the language their account chose, English until they choose one. */
export function translatorFor(language: string | null | undefined): Translator {
  return TRANSLATORS[isLanguage(language) ? language : DEFAULT_LANGUAGE];
}

/** A page's language: the one its address names (`?lang=sn`); without one (or an unknown one), English. */
export function pageLanguage(url: string): Language {
  const query = url.split('?')[1];
  const named = query ? new URLSearchParams(query).get(LANGUAGE_PARAM) : null;
  return isLanguage(named) ? named : DEFAULT_LANGUAGE;
}

/** A page's address in a language: English's is the page's own, another's adds `?lang=`. */
export function languageAddress(address: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? address : `${address}${address.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}`;
}

/** The alternates of a page's address: one per language, and x-default (English) for the rest of the world. */
export function languageAlternates(address: string): { hreflang: string; href: string }[] {
  return [...LANGUAGES.map((l) => ({ hreflang: l, href: languageAddress(address, l) })), { hreflang: 'x-default', href: address }];
}
