// Search by words (issue 20): the rule, written once. The device's index, the server's SQL and the
// reference matcher (match.ts) all decide with these functions, so their answers agree.
//
// Text is normalised (lower case, accents stripped) and cut into tokens at anything that is not a
// letter or a digit, keeping a decimal number such as '2.8' whole. A query is the set of its tokens
// (its terms). A listing matches when every term matches some token of its words fields (make, model,
// variant, year, location, region, seller name) — by prefix ('hil' finds 'Hilux'), or, for a term of
// letters only, within one edit of a token (a term of 4 to 7 letters) or two (8 or more): 'hilx',
// 'toyta', 'hararee'. Terms holding a digit match by prefix only, so '2015' never finds 2016. Where a
// listing's description and colour are held (the server holds them, the device's summaries do not), a
// term may also match one of their tokens by the same rule: so the server finds every term through
// each listing's tokens (`listingWordsTokens`) with an index, never by reading every row's text.

/** The most characters a words search may have (a longer one is refused, 422). */
export const WORDS_MAX_CHARS = 200;
/** The most terms a words search keeps (the first ones; more narrow nothing a person types). */
const WORDS_MAX_TERMS = 8;

/** Lower case, accents stripped. */
export function normalizeWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const TOKEN = /\d+(?:\.\d+)+|[\p{L}\p{N}]+/gu;

/** The tokens of a text: its runs of letters and digits, a decimal number ('2.8') whole. */
export function tokenize(text: string): string[] {
  return normalizeWords(text).match(TOKEN) ?? [];
}

/** A words search's terms: its distinct tokens, at most WORDS_MAX_TERMS. */
export function queryTerms(q: string): string[] {
  return [...new Set(tokenize(q))].slice(0, WORDS_MAX_TERMS);
}

/** How many edits a term may be from a token: none for short terms and terms with a digit. */
export function allowedEdits(term: string): number {
  if (/\d/.test(term)) return 0;
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

/** Two rows of the edit-distance table, reused (a search runs start to end without yielding). */
let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

/** Whether the edit distance (Levenshtein) between a and b is at most `max`; stops once a row exceeds it. */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (previousRow.length <= b.length) {
    previousRow = new Int32Array(b.length + 1);
    currentRow = new Int32Array(b.length + 1);
  }
  let prev = previousRow;
  let row = currentRow;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return false;
    [prev, row] = [row, prev];
  }
  return prev[b.length]! <= max;
}

/** Whether a term matches a token: the token starts with it, or is within the edits the term allows. */
export function termMatchesToken(term: string, token: string): boolean {
  if (token.startsWith(term)) return true;
  const edits = allowedEdits(term);
  return edits > 0 && withinEdits(term, token, edits);
}

/** Whether a term matches some token of a value (a make, a place, a seller's name, a year). */
export function termMatchesValue(term: string, value: string | number | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  for (const token of tokenize(String(value))) if (termMatchesToken(term, token)) return true;
  return false;
}

/** The fields a words search reads on the device and the server alike. */
export const WORDS_FIELDS = ['make', 'model', 'variant', 'year', 'location', 'region', 'seller_name'] as const;
export type WordsField = (typeof WORDS_FIELDS)[number];

/** A listing's words as the server keeps them: the distinct tokens of its words fields, description and colour. */
export function listingWordsTokens(v: Partial<Record<WordsField | 'description' | 'color', string | number | null>>): string[] {
  const out = new Set<string>();
  for (const f of [...WORDS_FIELDS, 'description', 'color'] as const) {
    const value = v[f];
    if (value !== null && value !== undefined) for (const token of tokenize(String(value))) out.add(token);
  }
  return [...out];
}
