import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { INTL_LOCALE, type Language } from './languages';
import type { Translate } from './text';

// Texts through Lingui (issue 39; how a text is written: text.ts). The catalogues of Shona and
// isiNdebele are compiled by the library (catalogues/*.ts), so the app needs no message compiler: an
// English text has only {name} placeholders, which compilePlaceholders reads.

type CompiledMessage = ReturnType<Parameters<I18n['setMessagesCompiler']>[0]>;

/** Lingui's compiled form of an English text: its {name} placeholders, every other character as written. */
export function compilePlaceholders(text: string): CompiledMessage {
  return text
    .split(/\{(\w+)\}/)
    .map((part, i) => (i % 2 ? [part] : part))
    .filter((part) => part !== '') as CompiledMessage;
}

export interface Translator {
  language: Language;
  t: Translate;
  /** The text in the language when its catalogue has it; else the text as it is, unremarked (a server's words that are not one of the app's texts). */
  known(text: string): string;
  /** Called with each text the language's catalogue lacks (English lacks none: it is the source). */
  onMissing(listener: (text: string) => void): void;
}

/** A translator for a language from its compiled catalogue (none for English). */
export function createTranslator(language: Language, messages: Messages = {}): Translator {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compilePlaceholders);
  i18n.loadAndActivate({ locale: language, locales: INTL_LOCALE[language], messages });
  return {
    language,
    t: (text, values) => i18n._(text, values),
    known: (text) => (language === 'en' || messages[text] === undefined ? text : i18n._(text)),
    onMissing(listener) {
      if (language === 'en') return;
      i18n.on('missing', ({ id }) => listener(id));
    },
  };
}
