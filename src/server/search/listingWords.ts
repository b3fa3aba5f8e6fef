import type { Db } from '../db/client';
import { WordsVocabulary } from '@/domain/search/wordsVocabulary';
import { analyzeListings, wordsAddedSince, writePendingWords } from '../repositories/listingWords.repo';

/** Listings' words written a transaction at a time, and tokens read a page at a time. */
const WRITE_BATCH = 5000;
const READ_PAGE = 100_000;
/** Listings' words written in one catch-up past which the table's statistics are refreshed. */
const ANALYZE_AFTER = 50_000;

/**
 * What a words search on the server finds listings with (sqlFilters.ts): every token any listing's
 * words hold, in memory, in which each term's matches are looked up (then found in the table through
 * the GIN index on words_tokens, never by reading every row's text).
 *
 * Before a words search it catches up: the words of listings that have none (written by anyone
 * since, or changed since: a trigger makes them null) are written, then the tokens added since are
 * read, so a search sees every change committed before it. After an upgrade the first catch-up writes
 * every listing's words (a million listings take a few minutes, once); the server starts it at once.
 */
export class ListingWords {
  private readonly vocabulary = new WordsVocabulary();
  private seq = 0;
  private latest: Promise<void> = Promise.resolve();
  /** A catch-up waiting for the one under way: a search that arrives meanwhile waits for it too. */
  private queued: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** Brings the words up to every listing committed before this call; one catch-up at a time. */
  catchUp(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.latest
      .catch(() => undefined)
      .then(() => {
        // Started: a later search needs a catch-up that starts after it.
        this.queued = null;
        return this.run();
      });
    this.queued = next;
    this.latest = next;
    return next;
  }

  /** The tokens a term matches (words.ts), as of the last catch-up. */
  matching(term: string): string[] {
    return this.vocabulary.matching(term);
  }

  private async run(): Promise<void> {
    let written = 0;
    for (;;) {
      const n = await writePendingWords(this.db, WRITE_BATCH);
      written += n;
      if (n < WRITE_BATCH) break;
    }
    // After writing many (an upgrade's first catch-up), the planner learns that few are left to write:
    // until autovacuum tells it, it would read the whole table to find them before every words search.
    if (written >= ANALYZE_AFTER) await analyzeListings(this.db);
    for (;;) {
      const page = await wordsAddedSince(this.db, this.seq, READ_PAGE);
      this.vocabulary.add(page.tokens);
      this.seq = page.seq;
      if (page.tokens.length < READ_PAGE) return;
    }
  }
}

const byDatabase = new WeakMap<Db, ListingWords>();

/** The database's listing words (one per database and process). */
export function listingWordsOf(db: Db): ListingWords {
  let words = byDatabase.get(db);
  if (!words) byDatabase.set(db, (words = new ListingWords(db)));
  return words;
}
