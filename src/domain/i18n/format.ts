import { INTL_LOCALE, type Language } from './languages';

// Numbers and dates in the reader's language (Intl); English keeps the specification's formats.

const HARARE = 'Africa/Harare';

/** A date (or date and time) as the language writes it, in Harare's time. */
export function dateText(at: string | number | Date, options: Intl.DateTimeFormatOptions, language: Language = 'en'): string {
  return new Date(at).toLocaleString(INTL_LOCALE[language], { timeZone: HARARE, ...options });
}

/** A number with the language's separators. */
export function numberText(n: number, language: Language = 'en', options?: Intl.NumberFormatOptions): string {
  return n.toLocaleString(INTL_LOCALE[language], options);
}
