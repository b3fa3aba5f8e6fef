// A text of the app is its English words, marked /*i18n*/ where it is written so that Lingui's
// extractor collects it into the catalogues (npm run i18n:extract); the English words are also its
// key. A text with values names them in braces: 'Sold on {date}'. Code that words a text takes a
// Translate (the app's `t`, the server's translator for a person's language), English by default.

export type TextValues = Record<string, string | number>;
/** A text in the reader's language, its {name} placeholders filled from values. */
export type Translate = (text: string, values?: TextValues) => string;

/** The English texts, as the specification words them: the text itself, its placeholders filled. */
export const english: Translate = (text, values) => (values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text);
