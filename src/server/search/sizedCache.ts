interface Entry<K, V> {
  key: K;
  value: V;
  size: number;
  /** The next more recently used entry, and the next less. */
  newer: Entry<K, V> | null;
  older: Entry<K, V> | null;
}

/**
 * A least-recently-used cache bounded by the total size of its values: the entries in a Map, their
 * order of use in a list through them, so that a hit and an eviction each cost a few steps.
 *
 * (A Map used as the list itself, deleting its first entry to evict, is not O(1) in V8: each eviction
 * walks over the holes the earlier deletions left at the front, microseconds an entry with tens of
 * thousands of entries.)
 */
export class SizedCache<K, V> {
  private readonly entries = new Map<K, Entry<K, V>>();
  private newest: Entry<K, V> | null = null;
  private oldest: Entry<K, V> | null = null;
  private total = 0;

  constructor(
    /** The most the values may weigh together. */
    private readonly maxSize: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.unlink(entry);
    this.pushNewest(entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const entry: Entry<K, V> = { key, value, size: this.sizeOf(value), newer: null, older: null };
    this.entries.set(key, entry);
    this.pushNewest(entry);
    this.total += entry.size;
    while (this.total > this.maxSize && this.oldest !== null) this.delete(this.oldest.key);
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.unlink(entry);
    this.total -= entry.size;
  }

  private pushNewest(entry: Entry<K, V>): void {
    entry.older = this.newest;
    entry.newer = null;
    if (this.newest !== null) this.newest.newer = entry;
    this.newest = entry;
    this.oldest ??= entry;
  }

  private unlink(entry: Entry<K, V>): void {
    if (entry.newer !== null) entry.newer.older = entry.older;
    else this.newest = entry.older;
    if (entry.older !== null) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
    entry.newer = entry.older = null;
  }
}
