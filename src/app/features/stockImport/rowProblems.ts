import { IMPORT_MESSAGES } from '@/domain/listing/stockImport';
import type { Translate } from '@/domain/i18n/text';
import { knownText, t } from '@/app/shared/i18n/language';

// The dry run's row problems are worded by the server, in English: shown here in the app's language.
// A problem with values ('Year is required', 'Photo 2 is not a web address...') is matched against
// its text's English words, its values read back and the text translated with them.

/** The texts themselves, their placeholders unfilled. */
const unfilled: Translate = (text) => text;
const TEMPLATES = [IMPORT_MESSAGES.required('', unfilled), IMPORT_MESSAGES.duplicate('', 0, unfilled), IMPORT_MESSAGES.badPhoto(0, unfilled)];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MATCHERS = TEMPLATES.map((template) => {
  const parts = template.split(/\{(\w+)\}/);
  const names = parts.filter((_, i) => i % 2 === 1);
  const pattern = new RegExp(`^${parts.map((part, i) => (i % 2 ? '(.+?)' : escape(part))).join('')}$`);
  return { template, names, pattern };
});

/** A row problem in the app's language. A field's label in it is translated too. */
export function rowProblemText(message: string): string {
  for (const { template, names, pattern } of MATCHERS) {
    const match = pattern.exec(message);
    if (match) return t(template, Object.fromEntries(names.map((name, i) => [name, name === 'label' ? t(match[i + 1]!) : match[i + 1]!])));
  }
  return knownText(message);
}
