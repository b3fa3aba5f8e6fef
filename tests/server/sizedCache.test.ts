import { describe, expect, it } from 'vitest';
import { SizedCache } from '@/server/search/sizedCache';

// The bounded caches of the search (listings' JSON, repeated answers): the least recently used
// entries go first, the total stays within the bound, and a working set within it stays whole.

describe('a least-recently-used cache bounded by its values’ size', () => {
  const sized = (max: number) => new SizedCache<string, string>(max, (v) => v.length);
  const held = (cache: SizedCache<string, string>, keys: Iterable<string>) => [...keys].filter((k) => cache.get(k) !== undefined);

  it('drops the least recently used first: a read makes an entry the newest', () => {
    const cache = sized(20);
    for (const k of 'abcd') cache.set(k, k.repeat(5));
    expect(cache.get('a')).toBe('aaaaa');
    cache.set('e', 'eeeee');
    // b was the least recently used (a was read after it).
    expect(cache.get('b')).toBeUndefined();
    expect(held(cache, 'acde')).toEqual(['a', 'c', 'd', 'e']);
    cache.set('f', 'ffffffffff');
    // Ten characters more: the two least recently used go (a, then c: the reads above were in that order).
    expect(held(cache, 'acdef')).toEqual(['d', 'e', 'f']);
  });

  it('forgets a deleted entry, and a replaced value is the new one, weighed anew', () => {
    const cache = sized(10);
    cache.set('x', 'old');
    cache.set('x', 'newer value');
    // Over the bound alone: not kept.
    expect(cache.get('x')).toBeUndefined();
    cache.set('x', 'new');
    cache.set('y', 'yyyyyyy');
    expect(held(cache, 'xy')).toEqual(['x', 'y']);
    cache.delete('x');
    expect(cache.get('x')).toBeUndefined();
    cache.set('z', 'zzz');
    expect(held(cache, 'yz')).toEqual(['y', 'z']);
  });

  it('keeps a working set within its bound whole however often it turns over, and never holds more than the bound', () => {
    const cache = sized(1000);
    const keys = Array.from({ length: 90 }, (_, i) => `k${i}`);
    for (let round = 0; round < 50; round++) for (const k of keys) if (cache.get(k) === undefined) cache.set(k, 'v'.repeat(10));
    expect(held(cache, keys)).toHaveLength(90);
    for (let i = 0; i < 5000; i++) cache.set(`other${i}`, 'w'.repeat(1 + (i % 37)));
    let total = 0;
    for (let i = 0; i < 5000; i++) total += cache.get(`other${i}`)?.length ?? 0;
    expect(total).toBeLessThanOrEqual(1000);
    expect(total).toBeGreaterThan(1000 - 37);
  });
});
