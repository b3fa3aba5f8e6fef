import type { Encoding } from '../compression';

/** About 8 MB of compressed answers (a thousand pages of 20 listings). */
const MAX_BYTES = 8_000_000;
/** How long an answer is reused at most: listings also leave by the clock (expiry) between writes. */
const TTL_MS = 10_000;

export interface CachedAnswer {
  body: Buffer;
  encoding: Encoding | null;
  total: number;
}

/**
 * The compressed answers of public searches that repeat (the home page's featured listings, a
 * browse page's first screen before the buyer's place is known): by the index's revision, the
 * encoding and the address, so any change to the listings makes a new key, and for a few seconds at
 * most. Least recently used first out once over its size.
 */
export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer & { at: number }>();
  private bytes = 0;

  static key(revision: number, encoding: Encoding | null, url: string): string {
    return `${revision}\u0000${encoding ?? ''}\u0000${url}`;
  }

  get(key: string, now: number): CachedAnswer | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    if (now - entry.at > TTL_MS) {
      this.bytes -= entry.body.length;
      return null;
    }
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, answer: CachedAnswer, now: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    this.entries.set(key, { ...answer, at: now });
    this.bytes += answer.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }
}
