import { termMatchesToken, termMatchesValue, tokenize, WORDS_FIELDS, type WordsField } from '../words';
import type { Columns, StoredText } from './columns';
import type { TextColumn } from './dictionaries';

/**
 * A words search over the columns (words.ts): the distinct tokens of each words field's values, kept
 * between searches, and the test of a listing made from them for a search's terms.
 */
export class Vocabulary {
  /** Each words field's distinct tokens, with the codes of the values holding them (see `tokensOf`). */
  private readonly vocabulary = new Map<StoredText, { dict: (string | null)[]; size: number; tokens: Map<string, number[]> }>();

  constructor(private readonly columns: Columns) {}

  /**
   * A text column's vocabulary: its values' distinct tokens (words.ts), each with the dictionary codes
   * of the values holding it. Made on the first words search, then extended with the values added since
   * (a dictionary only grows; a loaded one starts it afresh).
   */
  private tokensOf(field: StoredText): Map<string, number[]> {
    const column = this.columns.text[field];
    let v = this.vocabulary.get(field);
    if (!v || v.dict !== column.dict) this.vocabulary.set(field, (v = { dict: column.dict, size: 1, tokens: new Map() }));
    for (; v.size < column.dict.length; v.size++) {
      const value = column.dict[v.size];
      if (value === null || value === undefined) continue;
      for (const token of new Set(tokenize(value))) {
        const codes = v.tokens.get(token);
        if (codes) codes.push(v.size);
        else v.tokens.set(token, [v.size]);
      }
    }
    return v.tokens;
  }

  /**
   * A words search as a test of a listing (words.ts): each term is looked up once in the vocabulary of
   * each words field (its distinct tokens; the years, each decided once), never in every listing's
   * text, and a listing then passes when, for every term, one of its codes was marked.
   */
  wordsTest(terms: readonly string[]): (slot: number) => boolean {
    const textFields = WORDS_FIELDS.filter((f): f is Exclude<WordsField, 'year'> => f !== 'year');
    const years = this.columns.num.year;
    const lookups = terms.map((term) => {
      const marked: { column: TextColumn; marks: Uint8Array }[] = [];
      for (const f of textFields) {
        const column = this.columns.text[f];
        const marks = new Uint8Array(column.dict.length);
        let any = false;
        for (const [token, codes] of this.tokensOf(f)) {
          if (!termMatchesToken(term, token)) continue;
          for (const code of codes) marks[code] = 1;
          any = true;
        }
        if (any) marked.push({ column, marks });
      }
      const yearMatch = new Map<number, boolean>();
      const year = (y: number): boolean => {
        let m = yearMatch.get(y);
        if (m === undefined) yearMatch.set(y, (m = y === y && termMatchesValue(term, y)));
        return m;
      };
      return { marked, year };
    });
    return (slot) => {
      for (const { marked, year } of lookups) {
        let found = false;
        for (let i = 0; i < marked.length && !found; i++) found = marked[i]!.marks[marked[i]!.column.codes[slot]!] === 1;
        if (!found && !year(years[slot]!)) return false;
      }
      return true;
    };
  }
}
