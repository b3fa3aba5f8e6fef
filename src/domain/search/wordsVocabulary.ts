import { allowedEdits, termMatchesToken } from './words';

/** Terms whose matches are kept (each extended with the tokens added since, not found again). */
const KEPT_TERMS = 1000;

/**
 * A set of distinct tokens (words.ts) in which a term's matching tokens are found without a pass
 * over them all: its prefix matches by binary search in the sorted tokens, its matches within edits
 * among the tokens of a length the edits allow. Tokens are only added (one no longer in any listing
 * finds nothing more). A million tokens, as a national market's descriptions hold, take a few seconds
 * to add at once and a few milliseconds per new term.
 */
export class WordsVocabulary {
  private readonly known = new Set<string>();
  /** Every token, in the order added. */
  private readonly added: string[] = [];
  private sorted: string[] = [];
  private readonly byLength: string[][] = [];
  private readonly kept = new Map<string, { checked: number; matches: string[] }>();

  get size(): number {
    return this.added.length;
  }

  add(tokens: Iterable<string>): void {
    const fresh: string[] = [];
    for (const token of tokens) {
      if (this.known.has(token)) continue;
      this.known.add(token);
      fresh.push(token);
    }
    if (!fresh.length) return;
    for (const token of fresh) {
      this.added.push(token);
      (this.byLength[token.length] ??= []).push(token);
    }
    fresh.sort();
    this.sorted = merge(this.sorted, fresh);
  }

  /** The tokens a term matches (words.ts's rule). */
  matching(term: string): string[] {
    let kept = this.kept.get(term);
    if (kept) {
      this.kept.delete(term);
      for (; kept.checked < this.added.length; kept.checked++) {
        const token = this.added[kept.checked]!;
        if (termMatchesToken(term, token)) kept.matches.push(token);
      }
    } else {
      kept = { checked: this.added.length, matches: this.find(term) };
      if (this.kept.size >= KEPT_TERMS) this.kept.delete(this.kept.keys().next().value!);
    }
    // Most recently used last.
    this.kept.set(term, kept);
    return kept.matches;
  }

  private find(term: string): string[] {
    const out = new Set<string>();
    for (let i = lowerBound(this.sorted, term); i < this.sorted.length && this.sorted[i]!.startsWith(term); i++) out.add(this.sorted[i]!);
    // A token more letters longer or shorter than the term allows edits never matches but by prefix.
    const edits = allowedEdits(term);
    for (let length = Math.max(1, term.length - edits); edits > 0 && length <= term.length + edits; length++) {
      for (const token of this.byLength[length] ?? []) if (!out.has(token) && termMatchesToken(term, token)) out.add(token);
    }
    return [...out];
  }
}

function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function merge(a: readonly string[], b: readonly string[]): string[] {
  const out = new Array<string>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]! <= b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}
