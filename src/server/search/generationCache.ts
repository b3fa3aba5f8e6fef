/**
 * A cache bounded by the total size of its values, in two generations: entries go into the young one;
 * when it is over half the bound, the old one is dropped whole and the young one becomes old; a hit in
 * the old one moves back into the young one. So what is used stays, and eviction costs nothing per entry.
 *
 * (A Map used as a least-recently-used list, deleting its first entry to evict, is not O(1) in V8: each
 * eviction walks over the holes the earlier deletions left at the front, microseconds an entry with
 * tens of thousands of entries.)
 */
export class GenerationCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private youngSize = 0;

  constructor(
    /** The most the values may weigh together (about twice a generation's). */
    private readonly maxSize: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: K): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged === undefined) return undefined;
    this.old.delete(key);
    this.put(key, aged);
    return aged;
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.put(key, value);
  }

  delete(key: K): void {
    const value = this.young.get(key);
    if (value !== undefined) {
      this.young.delete(key);
      this.youngSize -= this.sizeOf(value);
    }
    this.old.delete(key);
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
    this.youngSize = 0;
  }

  private put(key: K, value: V): void {
    this.young.set(key, value);
    this.youngSize += this.sizeOf(value);
    if (this.youngSize <= this.maxSize / 2) return;
    this.old = this.young;
    this.young = new Map();
    this.youngSize = 0;
  }
}
