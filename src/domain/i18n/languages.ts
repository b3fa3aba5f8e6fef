// The languages Motokari speaks (issue 39): English (the specification's words, the default),
// Shona and isiNdebele. Each is named in itself on the switch; vehicle makes, models and places are
// never translated.

export const LANGUAGES = ['en', 'sn', 'nd'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the language switch lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sn: 'chiShona', nd: 'isiNdebele' };

/**
 * The locales each language formats numbers and dates with, first the one Intl should use. English
 * keeps the specification's formats (en-GB). A browser without Shona's or isiNdebele's date data
 * (Chromium ships without them) writes them as English does, not as the browser's default.
 */
export const INTL_LOCALE: Record<Language, string[]> = { en: ['en-GB'], sn: ['sn', 'en-GB'], nd: ['nd', 'en-GB'] };

/** The address parameter naming a server-rendered page's language (`/car/{id}?lang=sn`). */
export const LANGUAGE_PARAM = 'lang';

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}

/** The first of a person's preferred languages (the browser's, most preferred first) Motokari speaks; else English. */
export function languageFromPreferences(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
