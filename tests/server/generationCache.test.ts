import { describe, expect, it } from 'vitest';
import { GenerationCache } from '../../src/server/search/generationCache';

// The bounded caches of the search (listings' JSON, repeated answers): what is used stays, the
// total stays within the bound, and evicting costs the same with a hundred thousand entries.

describe('a cache bounded by its values’ size, in two generations', () => {
  const sized = (max: number) => new GenerationCache<string, string>(max, (v) => v.length);

  it('keeps what is read again and drops what is not, within the bound', () => {
    const cache = sized(40);
    // Generations of 20: 'e' turns the first one (a to e) old.
    for (const k of 'abcde') cache.set(k, k.repeat(5));
    // 'a' is read: it moves back to the young generation, and outlives the next turnover ('i').
    expect(cache.get('a')).toBe('aaaaa');
    for (const k of 'fghi') cache.set(k, k.repeat(5));
    expect(cache.get('a')).toBe('aaaaa');
    for (const k of 'bcde') expect(cache.get(k)).toBeUndefined();
    let held = 0;
    for (const k of 'abcdefghi') held += cache.get(k)?.length ?? 0;
    expect(held).toBeLessThanOrEqual(40);
  });

  it('forgets a deleted entry in either generation, and a replaced value is the new one', () => {
    const cache = sized(1000);
    cache.set('x', 'old');
    cache.set('x', 'new');
    expect(cache.get('x')).toBe('new');
    cache.delete('x');
    expect(cache.get('x')).toBeUndefined();
    const small = sized(10);
    small.set('p', 'pppppp');
    small.set('q', 'qqqqqq');
    small.delete('p');
    expect(small.get('p')).toBeUndefined();
    expect(small.get('q')).toBe('qqqqqq');
  });

  it('never holds more than its bound however many entries pass through', () => {
    const cache = sized(1000);
    const live = new Map<string, string>();
    for (let i = 0; i < 20_000; i++) {
      const key = `k${i % 3000}`;
      const value = 'v'.repeat(1 + (i % 37));
      cache.set(key, value);
      live.set(key, value);
    }
    let held = 0;
    for (const [key, value] of live) if (cache.get(key) === value) held += value.length;
    // Reads move entries into the young generation and may turn it over, so count with a fresh pass.
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(1000 + 37);
  });
});
