import { popcountRange } from './grid';

/**
 * The slots holding a value: a sorted list while it is small, a bitset over all slots once it holds
 * more than one listing in 32 (where the list's 4 bytes a slot outgrow the bitset's bit a slot),
 * and a list again below one in 64 (the gap keeps a set at the edge from converting on every change).
 */
export class SlotSet {
  /** Sorted slots, the first `size` of them (list form); null in bitset form. */
  private list: Int32Array | null = new Int32Array(2);
  /** One bit a slot, `capacity / 32` words (bitset form); null in list form. */
  bits: Uint32Array | null = null;
  size = 0;

  /** Whether the set is held as a bitset (for tests and the intersection's choice). */
  get isBitset(): boolean {
    return this.bits !== null;
  }

  has(slot: number): boolean {
    if (this.bits) return ((this.bits[slot >>> 5]! >>> (slot & 31)) & 1) === 1;
    return this.find(slot) >= 0;
  }

  /** The list index of `slot`, or -(insertion point) - 1. */
  private find(slot: number): number {
    const list = this.list!;
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = list[mid]!;
      if (v < slot) lo = mid + 1;
      else if (v > slot) hi = mid - 1;
      else return mid;
    }
    return -lo - 1;
  }

  add(slot: number, capacity: number): void {
    if (this.bits) {
      const w = slot >>> 5;
      const bit = 1 << (slot & 31);
      if ((this.bits[w]! & bit) === 0) {
        this.bits[w]! |= bit;
        this.size++;
      }
      return;
    }
    let list = this.list!;
    // Slots mostly arrive in increasing order (new listings take the next slot): append.
    let at = this.size > 0 && list[this.size - 1]! < slot ? this.size : this.find(slot);
    if (at >= 0 && at < this.size) return;
    if (at < 0) at = -at - 1;
    if (this.size === list.length) {
      const grown = new Int32Array(list.length * 2);
      grown.set(list);
      this.list = list = grown;
    }
    list.copyWithin(at + 1, at, this.size);
    list[at] = slot;
    this.size++;
    if (this.size > capacity >>> 5) this.toBits(capacity);
  }

  delete(slot: number, capacity: number): void {
    if (this.bits) {
      const w = slot >>> 5;
      const bit = 1 << (slot & 31);
      if ((this.bits[w]! & bit) !== 0) {
        this.bits[w]! &= ~bit;
        this.size--;
        if (this.size < capacity >>> 6) this.toList();
      }
      return;
    }
    const at = this.find(slot);
    if (at < 0) return;
    const list = this.list!;
    list.copyWithin(at, at + 1, this.size);
    this.size--;
    if (list.length > 8 && this.size < list.length >>> 2) this.list = list.slice(0, list.length >>> 1);
  }

  private toBits(capacity: number): void {
    const bits = new Uint32Array(capacity >>> 5);
    const list = this.list!;
    for (let i = 0; i < this.size; i++) bits[list[i]! >>> 5]! |= 1 << (list[i]! & 31);
    this.bits = bits;
    this.list = null;
  }

  private toList(): void {
    const list = new Int32Array(Math.max(2, this.size));
    let n = 0;
    this.forEach((s) => {
      list[n++] = s;
    });
    this.list = list;
    this.bits = null;
  }

  /** The slots in increasing order. */
  forEach(fn: (slot: number) => void): void {
    if (this.bits) {
      const bits = this.bits;
      for (let w = 0; w < bits.length; w++) {
        let word = bits[w]!;
        while (word !== 0) {
          const bit = word & -word;
          word ^= bit;
          fn((w << 5) + (31 - Math.clz32(bit)));
        }
      }
      return;
    }
    const list = this.list!;
    for (let i = 0; i < this.size; i++) fn(list[i]!);
  }

  /** Follows the slots' capacity: a bitset grows, or becomes a list if it is now the smaller. */
  resize(capacity: number): void {
    if (!this.bits) return;
    if (this.size < capacity >>> 6) {
      this.toList();
      return;
    }
    const bits = new Uint32Array(capacity >>> 5);
    bits.set(this.bits);
    this.bits = bits;
  }

  /**
   * Each code's set of the slots 0..n-1 holding it (null for a code none holds), in the form its
   * count calls for: counted in one pass, filled in another, with no set growing or converting.
   */
  static group(codes: ArrayLike<number>, n: number, size: number, capacity: number): (SlotSet | null)[] {
    const counts = new Int32Array(size);
    for (let slot = 0; slot < n; slot++) counts[codes[slot]!]!++;
    const sets: (SlotSet | null)[] = Array.from(counts, (count) => {
      if (count === 0) return null;
      const set = new SlotSet();
      if (count > capacity >>> 5) {
        set.list = null;
        set.bits = new Uint32Array(capacity >>> 5);
      } else set.list = new Int32Array(Math.max(2, count));
      return set;
    });
    for (let slot = 0; slot < n; slot++) {
      const set = sets[codes[slot]!]!;
      if (set.bits) set.bits[slot >>> 5]! |= 1 << (slot & 31);
      else set.list![set.size] = slot;
      set.size++;
    }
    return sets;
  }

  /** `a` with `b`'s slots added (two spellings of one value). */
  static union(a: SlotSet, b: SlotSet, capacity: number): SlotSet {
    b.forEach((slot) => a.add(slot, capacity));
    return a;
  }

  /** The set of a bitset's slots, in the form its count calls for. */
  static fromBits(bits: Uint32Array, capacity: number): SlotSet {
    const set = new SlotSet();
    set.bits = bits;
    set.list = null;
    // Counted a word at a time, not a bit at a time: a price limit may hold most of a million listings.
    set.size = popcountRange(bits, 0, bits.length << 5);
    if (set.size < capacity >>> 6) set.toList();
    return set;
  }
}

/** Calls `fn` with each set bit's position, in increasing order. */
export function forEachBit(bits: Uint32Array, words: number, fn: (slot: number) => void): void {
  for (let w = 0; w < words; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const bit = word & -word;
      word ^= bit;
      fn((w << 5) + (31 - Math.clz32(bit)));
    }
  }
}
