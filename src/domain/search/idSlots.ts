/**
 * The listings' ids of a listing index and the slot holding each, kept in typed arrays rather than a
 * string and a Map entry a listing: a million listings' ids were some 130 MB of heap (a string, its
 * place in the slots' array and in the map each), all of it traced by every full garbage collection.
 *
 * An id written as a UUID is kept as its 128 bits (four 32-bit words a slot) and found through an
 * open-addressing table of slots; any other id (a test's, a draft's) in a Map of its own, so every
 * string is held exactly as given.
 */
export class IdSlots {
  /** Each slot's id as four words (the UUID's hex digits in order); read when `kind` is UUID. */
  private words = new Uint32Array(0);
  /** Each slot's kind of id: EMPTY, UUID or OTHER. */
  private kind = new Uint8Array(0);
  /** Slots + 1 by their id's hash, linear probing: 0 never used, DELETED a slot removed. */
  private table = new Int32Array(16);
  /** Table entries in use or deleted (the probes' length grows with both). */
  private filled = 0;
  private uuids = 0;
  private readonly others = new Map<string, number>();
  private readonly otherAt = new Map<number, string>();
  /** The words of the id last parsed. */
  private readonly key = new Uint32Array(4);

  get size(): number {
    return this.uuids + this.others.size;
  }

  /** Makes room for slots below `capacity`. */
  grow(capacity: number): void {
    if (capacity <= this.kind.length) return;
    const words = new Uint32Array(capacity * 4);
    words.set(this.words);
    this.words = words;
    const kind = new Uint8Array(capacity);
    kind.set(this.kind);
    this.kind = kind;
    // A table for every slot at once (at most half full), not doubled twenty times over a million.
    if (this.table.length < capacity * 2) this.rehash(capacity / 2);
  }

  /** Whether a slot holds a listing. */
  holds(slot: number): boolean {
    return this.kind[slot] !== EMPTY;
  }

  get(id: string): number | undefined {
    if (!this.parse(id, 0, id.length)) return this.others.get(id);
    const at = this.find();
    return at < 0 ? undefined : this.table[at]! - 1;
  }

  /** Gives `id` (held by no slot) to an empty slot. */
  set(id: string, slot: number): void {
    this.setRange(id, 0, id.length, slot);
  }

  /** `set` for the id written in text[start, end) (a stored index's ids, one text for all of them). */
  setRange(text: string, start: number, end: number, slot: number): void {
    if (!this.parse(text, start, end)) {
      const id = text.slice(start, end);
      this.others.set(id, slot);
      this.otherAt.set(slot, id);
      this.kind[slot] = OTHER;
      return;
    }
    const { key, words } = this;
    for (let i = 0; i < 4; i++) words[slot * 4 + i] = key[i]!;
    this.kind[slot] = UUID;
    if ((this.filled + 1) * 2 > this.table.length) this.rehash(this.uuids + 1);
    const mask = this.table.length - 1;
    let at = hash(key) & mask;
    while (this.table[at]! > 0) at = (at + 1) & mask;
    if (this.table[at] === 0) this.filled++;
    this.table[at] = slot + 1;
    this.uuids++;
  }

  /** Takes an id from its slot; the slot it held, if any. */
  delete(id: string): number | undefined {
    if (!this.parse(id, 0, id.length)) {
      const slot = this.others.get(id);
      if (slot === undefined) return undefined;
      this.others.delete(id);
      this.otherAt.delete(slot);
      this.kind[slot] = EMPTY;
      return slot;
    }
    const at = this.find();
    if (at < 0) return undefined;
    const slot = this.table[at]! - 1;
    this.table[at] = DELETED;
    this.kind[slot] = EMPTY;
    this.uuids--;
    return slot;
  }

  /** The id a slot holds, as it was given (a UUID in lower case). */
  idAt(slot: number): string | undefined {
    const kind = this.kind[slot];
    if (kind === OTHER) return this.otherAt.get(slot);
    if (kind !== UUID) return undefined;
    const w = this.words;
    const b = slot * 4;
    const w1 = hexWord(w[b + 1]!);
    const w2 = hexWord(w[b + 2]!);
    return `${hexWord(w[b]!)}-${w1.slice(0, 4)}-${w1.slice(4)}-${w2.slice(0, 4)}-${w2.slice(4)}${hexWord(w[b + 3]!)}`;
  }

  /** How two held slots' ids compare as strings: negative, 0 or positive. */
  compare(a: number, b: number): number {
    if (this.kind[a] === UUID && this.kind[b] === UUID) {
      // Lower-case hex digits sort as the numbers they write.
      const w = this.words;
      for (let i = 0; i < 4; i++) {
        const d = w[a * 4 + i]! - w[b * 4 + i]!;
        if (d !== 0) return d;
      }
      return 0;
    }
    const x = this.idAt(a)!;
    const y = this.idAt(b)!;
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /** The table entry holding the id last parsed, or -1. */
  private find(): number {
    const { key, words, table } = this;
    const mask = table.length - 1;
    for (let at = hash(key) & mask; ; at = (at + 1) & mask) {
      const v = table[at]!;
      if (v === 0) return -1;
      if (v === DELETED) continue;
      const b = (v - 1) * 4;
      if (words[b] === key[0] && words[b + 1] === key[1] && words[b + 2] === key[2] && words[b + 3] === key[3]) return at;
    }
  }

  /** A table for `n` ids at most half full, without the deleted entries. */
  private rehash(n: number): void {
    let size = 16;
    while (size < n * 4) size *= 2;
    const table = new Int32Array(size);
    const mask = size - 1;
    const key = new Uint32Array(4);
    for (const v of this.table) {
      if (v <= 0) continue;
      key.set(this.words.subarray((v - 1) * 4, v * 4));
      let at = hash(key) & mask;
      while (table[at] !== 0) at = (at + 1) & mask;
      table[at] = v;
    }
    this.table = table;
    this.filled = this.uuids;
  }

  /** Reads text[start, end) into `key` when it is a UUID in lower case; false for any other id. */
  private parse(text: string, start: number, end: number): boolean {
    if (end - start !== 36) return false;
    const key = this.key;
    let word = 0;
    let digits = 0;
    for (let i = 0; i < 36; i++) {
      const c = text.charCodeAt(start + i);
      if (i === 8 || i === 13 || i === 18 || i === 23) {
        if (c !== DASH) return false;
        continue;
      }
      const d = c >= ZERO && c <= NINE ? c - ZERO : c >= LOWER_A && c <= LOWER_F ? c - LOWER_A + 10 : -1;
      if (d < 0) return false;
      word = ((word << 4) | d) >>> 0;
      if (++digits % 8 === 0) {
        key[digits / 8 - 1] = word;
        word = 0;
      }
    }
    return true;
  }
}

const EMPTY = 0;
const UUID = 1;
const OTHER = 2;
const DELETED = -1;
const DASH = 45;
const ZERO = 48;
const NINE = 57;
const LOWER_A = 97;
const LOWER_F = 102;
/** Each byte as two hex digits. */
const HEX8 = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A word as its eight hex digits. */
const hexWord = (n: number): string => HEX8[n >>> 24]! + HEX8[(n >>> 16) & 0xff]! + HEX8[(n >>> 8) & 0xff]! + HEX8[n & 0xff]!;

/** A UUID's table position before masking (its bits mixed: test ids differ in their last digits only). */
function hash(key: Uint32Array): number {
  let h = key[0]! ^ Math.imul(key[1]!, 0x85ebca6b) ^ Math.imul(key[2]!, 0xc2b2ae35) ^ Math.imul(key[3]!, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
