import { compressBody, preferredEncoding, type Encoding } from '../compression';
import type { SearchRequest } from '@/domain/search/filters';
import type { PublicListingIndex } from './publicIndex';
import { SizedCache } from './sizedCache';

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
 * most, within a bound on their bytes.
 */
export class AnswerCache {
  private readonly entries = new SizedCache<string, CachedAnswer & { at: number }>(MAX_BYTES, (entry) => entry.body.length);

  /**
   * A public search's answer from the in-memory index, as its JSON text compressed for the request's
   * Accept-Encoding header, compressed once and reused while the same address is asked again at the
   * same revision; null when the index does not answer it (the caller asks SQL).
   */
  async answer(index: PublicListingIndex, search: SearchRequest, acceptEncoding: string | undefined, url: string): Promise<CachedAnswer | null> {
    await index.refresh();
    const encoding = preferredEncoding(acceptEncoding);
    const key = `${index.appliedRevision}\u0000${encoding ?? ''}\u0000${url}`;
    const cached = this.get(key, Date.now());
    if (cached) return cached;
    const found = await index.searchJson(search);
    if (!found) return null;
    const answer = { ...compressBody(found.json, encoding), total: found.total };
    this.set(key, answer, Date.now());
    return answer;
  }

  private get(key: string, now: number): CachedAnswer | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (now - entry.at > TTL_MS) {
      this.entries.delete(key);
      return null;
    }
    return entry;
  }

  private set(key: string, answer: CachedAnswer, now: number): void {
    this.entries.set(key, { ...answer, at: now });
  }
}
