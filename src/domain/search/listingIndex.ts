import type { SortOrder } from '../core/constants';
import { chordSquaredForKm, unitVector } from '../geo/geo';
import { FLAG_FIELDS, toClauses, type Clause, type FlagField, type SearchFilters, type SearchRequest } from './filters';
import type { Searchable } from './match';
import { termMatchesToken, termMatchesValue, tokenize, WORDS_FIELDS, type WordsField } from './words';
import { IdSlots } from './idSlots';

// An in-memory index of listings that answers the searches of spec section 5 with the same
// results and order as `matchesClauses` + `compareRanked` (tests check it), fast enough for a
// phone's 100,000 listings and a server's million: it keeps columns only; numbers live in typed columns, each exact-match value has a set of the
// listings holding it (a sorted list of slots while few hold it, a bitset once the bitset is the
// smaller, so memory grows with the listings, not with listings x distinct values such as one seller
// per listing), a search starts from its smallest set and tests the others (bitsets are intersected
// 32 listings at a time), locations are interned so "region contained in the location" is tested
// once per distinct place, the sets of the ranges and places buyers ask for are kept and updated
// with each change, and only the page asked for is fully sorted (a bounded heap keeps the best
// offset+limit). Listings are also filed in a grid of small cells by their coordinates, so a
// nearest-first search over many candidates visits the cells around the buyer, ring after ring,
// instead of every candidate, and a distance limit may be counted from the cells within it; a
// newest-first order, and the orders by price, year and mileage, are each kept once asked for; expired
// listings are found by the hour they expire in.

export interface Indexed extends Searchable {
  expires_at: string | null;
  operating_hours: number | null;
  seller_name: string | null;
  seller_location: string | null;
  region: string | null;
}

/** What a listing's price verdict reads (search/priceVerdict.ts). */
export type PricedFields = Pick<Indexed, 'id' | 'vehicle_type' | 'make' | 'model' | 'year' | 'price' | 'mileage' | 'operating_hours'>;

export interface IndexHit<T> {
  item: T;
}

export interface IndexResult<T> {
  hits: IndexHit<T>[];
  total: number;
}

type TextKey = 'vehicle_type' | 'make' | 'model' | 'variant' | 'category' | 'fuel_type' | 'transmission' | 'condition' | 'drive_type' | 'seller_id';
const TEXT_KEYS: TextKey[] = ['vehicle_type', 'make', 'model', 'variant', 'category', 'fuel_type', 'transmission', 'condition', 'drive_type', 'seller_id'];
/**
 * The keys whose values each have a set of listings. The seller has none: with one seller per two
 * listings, 50,000 small sets would cost more than the listings' other columns together, and a
 * seller's listings are found by one pass over the seller column's codes (100,000 small integers)
 * when a search names a seller.
 */
const SET_KEYS: TextKey[] = TEXT_KEYS.filter((k) => k !== 'seller_id');
/** Every text field held, as a dictionary code a listing: the searched ones, and what a card shows besides. */
type StoredText = TextKey | 'seller_type' | 'seller_name' | 'seller_location' | 'location' | 'region';
const STORED_TEXT: StoredText[] = [...TEXT_KEYS, 'seller_type', 'seller_name', 'seller_location', 'location', 'region'];
/** The number columns held (NaN for none), by the listing field each holds. */
const NUMBER_FIELDS = ['price', 'mileage', 'operating_hours', 'year', 'engine_size'] as const;
type NumberColumn = (typeof NUMBER_FIELDS)[number];
/** Set keys: the text fields (lower-cased), and the seller-type, featured and trust-signal rules. */
type BitKey = TextKey | 'seller_type' | 'featured' | FlagField;
/** Clauses whose sets are built on demand and then kept current (see `derived`). */
type DerivedClause = Extract<Clause, { kind: 'range' | 'contains_ci' }>;
/** Clauses answered by the sets of exact-match values. */
type ExactClause = Extract<Clause, { kind: 'eq_ci' | 'seller_type' | 'featured' | 'flag' }>;

/** Where each trust signal's "yes" is in a listing's flags (its `trustBits`, from bit 2 on). */
const FLAG_BIT: Record<FlagField, number> = { duty_paid: 1 << 2, papers_ready: 1 << 4, verified_dealer: 1 << 6 };
/** A declaration (yes, no, not said) as two bits: 1 for yes, 2 for no, 0 when not said. */
const said = (v: boolean | null, shift: number): number => (v === null ? 0 : (v ? 1 : 2) << shift);
const saidAt = (bits: number, shift: number): boolean | null => {
  const v = (bits >> shift) & 3;
  return v === 1 ? true : v === 2 ? false : null;
};
type Trust = Pick<Searchable, FlagField>;
/** A listing's trust signals as one number: duty paid (bits 0-1), papers ready (bits 2-3), verified dealer (bit 4). */
export const trustBits = (r: Trust): number => said(r.duty_paid, 0) | said(r.papers_ready, 2) | (r.verified_dealer ? 16 : 0);
export const fromTrustBits = (bits: number): Trust => ({ duty_paid: saidAt(bits, 0), papers_ready: saidAt(bits, 2), verified_dealer: (bits & 16) === 16 });
/** A listing's flags: featured, has a photo, and its trust signals. */
const flagsOf = (item: Indexed, photos: boolean): number => (item.featured ? 1 : 0) | (photos ? 2 : 0) | (trustBits(item) << 2);

/**
 * The index's columns as plain data, to store on the device and load back with no listing object
 * made: the ids, each text field as a dictionary and a code a listing (0 for none), the numbers.
 */
export interface IndexColumns {
  n: number;
  /** The ids joined by newlines. */
  ids: string;
  text: Record<StoredText, { dict: (string | null)[]; codes: Uint8Array | Uint16Array | Uint32Array }>;
  numbers: Record<NumberColumn | 'created' | 'expires' | 'latitude' | 'longitude', Float64Array>;
  power: Uint16Array;
  /** Bit 0: featured; bit 1: has a photo; bits 2-6: the trust signals (`trustBits`). */
  flags: Uint8Array;
}

/** A text field's values: each distinct one once, and every listing's position in it (0 for none). */
class TextColumn {
  dict: (string | null)[] = [null];
  private at = new Map<string, number>();
  /** Two bytes a listing until the dictionary outgrows them, then four. */
  codes: Uint16Array | Uint32Array = new Uint16Array(0);

  code(value: string | null): number {
    if (value === null) return 0;
    let c = this.at.get(value);
    if (c === undefined) {
      c = this.dict.push(value) - 1;
      this.at.set(value, c);
      if (c > 0xffff && this.codes instanceof Uint16Array) this.codes = Uint32Array.from(this.codes);
    }
    return c;
  }

  /** The codes of a value (as given, and lower-cased: ids are compared without case, as the server does). */
  codesOf(value: string): number[] {
    const out: number[] = [];
    for (const v of new Set([value, value.toLowerCase()])) {
      const c = this.at.get(v);
      if (c !== undefined) out.push(c);
    }
    return out;
  }

  value(slot: number): string | null {
    return this.dict[this.codes[slot]!]!;
  }

  resize(capacity: number): void {
    const codes = this.dict.length > 0xffff ? new Uint32Array(capacity) : new Uint16Array(capacity);
    codes.set(this.codes.subarray(0, Math.min(capacity, this.codes.length)));
    this.codes = codes;
  }

  /** Loads a stored dictionary (its codes are written by the caller, after a resize). */
  load(dict: (string | null)[]): void {
    this.dict = dict;
    if (dict.length > 0xffff && this.codes instanceof Uint16Array) this.codes = Uint32Array.from(this.codes);
    this.at = new Map();
    dict.forEach((v, i) => {
      if (i > 0 && v !== null && !this.at.has(v)) this.at.set(v, i);
    });
  }
}

/** The most slots a block of `SortedSlots` holds before it splits in two. */
const BLOCK_MAX = 2048;

/**
 * Slots in an order (`cmp`, which never ties two slots), in blocks of at most BLOCK_MAX: a slot is
 * added or removed by a binary search over the blocks' last slots and a move within one block, so a
 * change costs a few thousand slots' moves, not the listings' count.
 */
class SortedSlots {
  private blocks: Int32Array[] = [];
  private counts: number[] = [];

  constructor(
    private readonly cmp: (a: number, b: number) => number,
    sorted: Int32Array,
  ) {
    for (let at = 0; at < sorted.length; at += BLOCK_MAX / 2) {
      const block = new Int32Array(BLOCK_MAX);
      const part = sorted.subarray(at, at + BLOCK_MAX / 2);
      block.set(part);
      this.blocks.push(block);
      this.counts.push(part.length);
    }
  }

  /** The block a slot belongs in: the first whose last slot does not come before it (the last block otherwise). */
  private blockOf(slot: number): number {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cmp(this.blocks[mid]![this.counts[mid]! - 1]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where a slot is or would go in a block. */
  private position(b: number, slot: number): number {
    const block = this.blocks[b]!;
    let lo = 0;
    let hi = this.counts[b]!;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cmp(block[mid]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(slot: number): void {
    if (this.blocks.length === 0) {
      this.blocks.push(new Int32Array(BLOCK_MAX));
      this.counts.push(0);
    }
    const b = this.blockOf(slot);
    const block = this.blocks[b]!;
    const n = this.counts[b]!;
    const at = this.position(b, slot);
    block.copyWithin(at + 1, at, n);
    block[at] = slot;
    this.counts[b] = n + 1;
    if (n + 1 === BLOCK_MAX) {
      const upper = new Int32Array(BLOCK_MAX);
      upper.set(block.subarray(BLOCK_MAX / 2));
      this.blocks.splice(b + 1, 0, upper);
      this.counts.splice(b + 1, 0, BLOCK_MAX / 2);
      this.counts[b] = BLOCK_MAX / 2;
    }
  }

  delete(slot: number): void {
    if (this.blocks.length === 0) return;
    const b = this.blockOf(slot);
    const block = this.blocks[b]!;
    const n = this.counts[b]!;
    const at = this.position(b, slot);
    if (at >= n || block[at] !== slot) return;
    block.copyWithin(at, at + 1, n);
    this.counts[b] = n - 1;
    if (n === 1) {
      this.blocks.splice(b, 1);
      this.counts.splice(b, 1);
    }
  }

  /** Calls `fn` with each slot in order until it returns true. */
  walk(fn: (slot: number) => boolean): void {
    for (let b = 0; b < this.blocks.length; b++) {
      const block = this.blocks[b]!;
      const n = this.counts[b]!;
      for (let i = 0; i < n; i++) if (fn(block[i]!)) return;
    }
  }
}

/**
 * Columns collected listing by listing, for `ListingIndex.fromColumns`: a bulk load (a server's
 * million listings) costs a dictionary lookup a field and a listing, with no set touched until the
 * end, where each set is made by one pass over its field's codes.
 */
export class ColumnsBuilder {
  private n = 0;
  private ids: string[] = [];
  private dicts = Object.fromEntries(STORED_TEXT.map((f) => [f, { dict: [null] as (string | null)[], at: new Map<string, number>() }])) as Record<
    StoredText,
    { dict: (string | null)[]; at: Map<string, number> }
  >;
  private codes: Record<StoredText, Uint32Array>;
  private numbers: IndexColumns['numbers'];
  private power: Uint16Array;
  private flags: Uint8Array;

  /** `expected`: about how many listings will be added (the columns are made that long, and grow if need be). */
  constructor(expected = 1024) {
    const n = Math.max(1024, Math.ceil(expected));
    this.codes = Object.fromEntries(STORED_TEXT.map((f) => [f, new Uint32Array(n)])) as Record<StoredText, Uint32Array>;
    this.numbers = Object.fromEntries([...NUMBER_FIELDS, 'created', 'expires', 'latitude', 'longitude'].map((f) => [f, new Float64Array(n)])) as IndexColumns['numbers'];
    this.power = new Uint16Array(n);
    this.flags = new Uint8Array(n);
  }

  add(item: Indexed & { has_photo?: boolean; images?: readonly unknown[] }): void {
    if (this.n === this.power.length) this.grow();
    const i = this.n++;
    this.ids.push(item.id);
    for (const f of STORED_TEXT) {
      const v = item[f];
      if (v === null) continue;
      const d = this.dicts[f];
      let c = d.at.get(v);
      if (c === undefined) {
        c = d.dict.push(v) - 1;
        d.at.set(v, c);
      }
      this.codes[f][i] = c;
    }
    for (const f of NUMBER_FIELDS) this.numbers[f][i] = item[f] ?? NONE;
    this.numbers.created[i] = Date.parse(item.created_at);
    this.numbers.expires[i] = item.expires_at === null ? NONE : Date.parse(item.expires_at);
    this.numbers.latitude[i] = item.seller_latitude !== null && item.seller_longitude !== null ? item.seller_latitude : NONE;
    this.numbers.longitude[i] = item.seller_latitude !== null && item.seller_longitude !== null ? item.seller_longitude : NONE;
    this.power[i] = item.engine_power_hp ?? 0;
    const photos = item.has_photo ?? (item.images?.length ?? 0) > 0;
    this.flags[i] = flagsOf(item, photos);
  }

  private grow(): void {
    const cap = this.power.length * 2;
    const grow = <A extends Uint32Array | Float64Array | Uint16Array | Uint8Array>(a: A): A => {
      const b = new (a.constructor as new (n: number) => A)(cap);
      b.set(a);
      return b;
    };
    for (const f of STORED_TEXT) this.codes[f] = grow(this.codes[f]);
    for (const f of Object.keys(this.numbers) as (keyof IndexColumns['numbers'])[]) this.numbers[f] = grow(this.numbers[f]);
    this.power = grow(this.power);
    this.flags = grow(this.flags);
  }

  /** The columns collected (the builder is spent). */
  finish(): IndexColumns {
    const n = this.n;
    const text = {} as IndexColumns['text'];
    for (const f of STORED_TEXT) text[f] = { dict: this.dicts[f].dict, codes: this.codes[f].subarray(0, n) };
    const numbers = Object.fromEntries(Object.entries(this.numbers).map(([f, a]) => [f, a.subarray(0, n)])) as IndexColumns['numbers'];
    const ids = this.ids.join('\n');
    // What only the adding needed is let go now, before an index is made from the columns: the ids one
    // by one (a million strings) and each dictionary's lookup (half a million sellers').
    this.ids = [];
    for (const f of STORED_TEXT) this.dicts[f].at = new Map();
    return { n, ids, text, numbers, power: this.power.subarray(0, n), flags: this.flags.subarray(0, n) };
  }
}

const NONE = Number.NaN;

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

const EMPTY = new SlotSet();
/** How many range and place sets to keep; the least recently built goes first. */
const DERIVED_MAX = 256;
/** The grid's cell: 0.025 degrees a side (about 2.8 km in Zimbabwe). */
const CELL_DEG = 0.025;
const GRID_COLS = Math.ceil(360 / CELL_DEG);
const cellRow = (latitude: number) => Math.floor((latitude + 90) / CELL_DEG);
const cellCol = (longitude: number) => Math.floor((longitude + 180) / CELL_DEG);
/** A point's grid cell as one number (row * GRID_COLS + col); -1 without coordinates (null or NaN). */
const cellKeyOf = (latitude: number | null, longitude: number | null): number =>
  latitude === null || longitude === null || latitude !== latitude || longitude !== longitude ? -1 : cellRow(latitude) * GRID_COLS + cellCol(longitude);

/**
 * The build's slot order: positions of the given listings sorted by grid cell (those without
 * coordinates last, each group in the order given), and how many have coordinates.
 */
function cellOrder(latitude: Float64Array, longitude: Float64Array): { order: Uint32Array; ranged: number } {
  const n = latitude.length;
  // Cell key and position in one number (a key is below 2^28, a position below 2^24): one numeric sort.
  const keyed = new Float64Array(n);
  let ranged = 0;
  for (let i = 0; i < n; i++) {
    const key = cellKeyOf(latitude[i]!, longitude[i]!);
    keyed[i] = (key < 0 ? 2 ** 28 : key) * 2 ** 24 + i;
    if (key >= 0) ranged++;
  }
  if (n >= 2 ** 24) throw new Error(`an index is built from at most ${2 ** 24 - 1} listings`);
  keyed.sort();
  const order = new Uint32Array(n);
  for (let slot = 0; slot < n; slot++) order[slot] = keyed[slot]! % 2 ** 24;
  return { order, ranged };
}

/** Beyond these longitudes a cell's neighbour across the antimeridian is not its neighbour in the grid: no grid walk. */
const GRID_MAX_ABS_LONGITUDE = 179;
/** An hour, the width of the expiry buckets. */
const HOUR_MS = 3_600_000;

/**
 * Slots filed under integer keys (a grid cell, an hour of expiry): each key's slots in no order, and
 * each slot's key and position, so filing and unfiling are constant time (the key's last slot takes
 * the place of the one leaving).
 */
class SlotLists {
  readonly lists = new Map<number, { slots: Int32Array; n: number }>();
  private keyOf = new Int32Array(0);
  private posOf = new Int32Array(0);

  resize(capacity: number): void {
    const keyOf = new Int32Array(capacity).fill(-1);
    keyOf.set(this.keyOf);
    this.keyOf = keyOf;
    const posOf = new Int32Array(capacity);
    posOf.set(this.posOf);
    this.posOf = posOf;
  }

  /** Files a slot under a key (0 or more); the slot must not be filed. */
  add(slot: number, key: number): void {
    let list = this.lists.get(key);
    if (!list) this.lists.set(key, (list = { slots: new Int32Array(4), n: 0 }));
    if (list.n === list.slots.length) {
      const grown = new Int32Array(list.n * 2);
      grown.set(list.slots);
      list.slots = grown;
    }
    this.keyOf[slot] = key;
    this.posOf[slot] = list.n;
    list.slots[list.n++] = slot;
  }

  /** Unfiles a slot (nothing when it is not filed). */
  delete(slot: number): void {
    const key = this.keyOf[slot]!;
    if (key < 0) return;
    const list = this.lists.get(key)!;
    const at = this.posOf[slot]!;
    const last = list.slots[--list.n]!;
    list.slots[at] = last;
    this.posOf[last] = at;
    this.keyOf[slot] = -1;
    if (list.n === 0) this.lists.delete(key);
  }
}

/**
 * The index keeps only the columns (the server's million listings, a phone's summary of 100,000): a
 * hit is a `ListingSummary`-shaped object made from them for the page asked for, or (`searchIds`)
 * only its id and coordinates.
 */
export class ListingIndex<T extends Indexed> {
  private ids = new IdSlots();
  /** Slots ever given out: those at and above it have never held a listing. */
  private slotsUsed = 0;
  private freeSlots: number[] = [];
  private capacity = 0;
  private num: Record<NumberColumn, Float64Array> = {
    price: new Float64Array(0),
    mileage: new Float64Array(0),
    operating_hours: new Float64Array(0),
    year: new Float64Array(0),
    engine_size: new Float64Array(0),
  };
  /** Engine power in whole horsepower (1 to 5000), 0 for none: two bytes a listing. */
  private power = new Uint16Array(0);
  private created = new Float64Array(0);
  private expires = new Float64Array(0);
  private latitude = new Float64Array(0);
  private longitude = new Float64Array(0);
  /** Each slot's unit vector, x y z side by side (one memory line for a distance, not three). */
  private xyz = new Float64Array(0);
  private flags = new Uint8Array(0);
  /**
   * The listings of each grid cell filed since the build (a listing without coordinates is in none).
   * Those of the build are not filed here: `fromColumns` gives them slots in cell order, so each cell's,
   * and each row's run of cells, are one range of slots (see `spatial`).
   */
  private cells = new SlotLists();
  /**
   * The build's cells in slot order: the cells' keys (row * GRID_COLS + col) ascending, and the first
   * slot of each (one more entry: the end of the last). Slots below `ranged` are a build's listings
   * with coordinates, each in its cell's range; a slot there leaves its range only by being retired
   * (its listing removed or moved to another cell takes no slot back), so a range's live slots are
   * always its cell's listings.
   */
  private spatial = { keys: new Float64Array(0), starts: new Int32Array(1) };
  private ranged = 0;
  /** The listings that expire, by the hour they expire in (see `dropExpired`). */
  private expiring = new SlotLists();
  /**
   * The listings in each order a page is walked in (newest first, the default without a buyer's place;
   * by price, year or mileage), each made on its first use and then kept by every change.
   */
  private orders = new Map<KeptOrder, SortedSlots>();
  /** The grid's extent (rows and columns of the cells ever used) and the largest absolute latitude and longitude placed. */
  private gridBounds = { minRow: Infinity, maxRow: -Infinity, minCol: Infinity, maxCol: -Infinity, maxAbsLat: 0, maxAbsLon: 0 };
  /** A search's candidates, one bit a slot (see `intersect`). */
  private candidates = new Uint32Array(0);
  /** Per-search distances (squared chords), written during the scan and read by the comparator. */
  private scratch = new Float64Array(0);
  private alive = new Uint32Array(0);
  private text = Object.fromEntries(STORED_TEXT.map((k) => [k, new TextColumn()])) as Record<StoredText, TextColumn>;
  /** The slots of each exact-match value (key and value joined by a NUL); a value no listing holds has none. */
  private sets = new Map<string, SlotSet>();
  /** The listings of each location (by its code in the location column), so a place clause visits only the places that match. */
  private placeSlots: SlotSet[] = [];

  get size(): number {
    return this.ids.size;
  }

  has(id: string): boolean {
    return this.ids.get(id) !== undefined;
  }

  /** Every listing held, in no particular order. */
  *values(): IterableIterator<T> {
    for (let slot = 0; slot < this.slotsUsed; slot++) if (this.ids.holds(slot)) yield this.item(slot);
  }

  /** Each live slot with a reader of its text fields, for passes over every listing that need no object. */
  forEachSlot(fn: (slot: number, text: (field: StoredText) => string | null) => void): void {
    for (let slot = 0; slot < this.slotsUsed; slot++) {
      if (!this.ids.holds(slot)) continue;
      fn(slot, (field) => this.text[field].value(slot));
    }
  }

  get(id: string): T | undefined {
    const slot = this.ids.get(id);
    return slot === undefined ? undefined : this.item(slot);
  }

  /** The ids of the listings whose expiry is `now` or before (a device drops them: the feed sends no tombstone for them). */
  expiredIds(now: number): string[] {
    const hour = Math.floor(now / HOUR_MS);
    const out: string[] = [];
    this.expiring.lists.forEach((list, key) => {
      if (key > hour) return;
      for (let i = 0; i < list.n; i++) {
        const s = list.slots[i]!;
        if (this.expires[s]! <= now && this.ids.holds(s)) out.push(this.ids.idAt(s)!);
      }
    });
    return out;
  }

  /** Whether a listing of this seller has been held (the seller's id is known to the index). */
  holdsSeller(id: string): boolean {
    return this.text.seller_id.codesOf(id).length > 0;
  }

  /** Whether the listing in a live slot has a photo. */
  hasPhoto(slot: number): boolean {
    return (this.flags[slot]! & 2) === 2;
  }

  /** Whether the listing in a live slot is a verified dealer's. */
  isVerifiedDealer(slot: number): boolean {
    return (this.flags[slot]! & FLAG_BIT.verified_dealer) !== 0;
  }

  /** The listing in a live slot (see `forEachSlot`). */
  atSlot(slot: number): T {
    return this.item(slot);
  }

  /** The listing in a slot: the object given, or (columns mode) one made from the columns. */
  private item(slot: number): T {
    const t = (f: StoredText) => this.text[f].value(slot);
    const n = (f: NumberColumn) => {
      const v = this.num[f][slot]!;
      return v === v ? v : null;
    };
    const lat = this.latitude[slot]!;
    const expires = this.expires[slot]!;
    const summary: Indexed & { has_photo: boolean } = {
      id: this.ids.idAt(slot)!,
      vehicle_type: t('vehicle_type')!,
      make: t('make')!,
      model: t('model')!,
      variant: t('variant'),
      category: t('category'),
      fuel_type: t('fuel_type'),
      transmission: t('transmission'),
      condition: t('condition'),
      drive_type: t('drive_type'),
      seller_id: t('seller_id')!,
      seller_name: t('seller_name'),
      seller_location: t('seller_location'),
      seller_type: t('seller_type'),
      price: n('price'),
      mileage: n('mileage'),
      operating_hours: n('operating_hours'),
      year: this.num.year[slot]!,
      engine_size: n('engine_size'),
      engine_power_hp: this.power[slot]! || null,
      ...fromTrustBits(this.flags[slot]! >> 2),
      location: t('location'),
      region: t('region'),
      featured: (this.flags[slot]! & 1) === 1,
      seller_latitude: lat === lat ? lat : null,
      seller_longitude: lat === lat ? this.longitude[slot]! : null,
      created_at: new Date(this.created[slot]!).toISOString(),
      expires_at: expires === expires ? new Date(expires).toISOString() : null,
      has_photo: (this.flags[slot]! & 2) === 2,
    };
    return summary as unknown as T;
  }

  private grow(min: number): void {
    let cap = Math.max(1024, this.capacity * 2);
    while (cap < min) cap *= 2;
    const resize = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a);
      return b;
    };
    for (const f of NUMBER_FIELDS) this.num[f] = resize(this.num[f]);
    const power = new Uint16Array(cap);
    power.set(this.power);
    this.power = power;
    const flags = new Uint8Array(cap);
    flags.set(this.flags);
    this.flags = flags;
    this.cells.resize(cap);
    this.expiring.resize(cap);
    this.created = resize(this.created);
    this.expires = resize(this.expires);
    this.latitude = resize(this.latitude);
    this.longitude = resize(this.longitude);
    const xyz = new Float64Array(cap * 3);
    xyz.set(this.xyz);
    this.xyz = xyz;
    this.scratch = resize(this.scratch);
    const alive = new Uint32Array(cap >>> 5);
    alive.set(this.alive);
    this.alive = alive;
    for (const col of Object.values(this.text)) col.resize(cap);
    for (const set of this.sets.values()) set.resize(cap);
    for (const set of this.placeSlots) set.resize(cap);
    for (const d of this.derived.values()) d.set.resize(cap);
    this.ids.grow(cap);
    this.capacity = cap;
  }

  /** The exact-match sets a slot belongs to, by name (key and lower-cased value joined by a NUL). */
  private setNames(slot: number): string[] {
    const out: string[] = [];
    for (const key of SET_KEYS) {
      const v = this.text[key].value(slot);
      if (v !== null) out.push(`${key}\u0000${v.toLowerCase()}`);
    }
    // A listing without a seller type counts as private (spec section 5).
    out.push(`seller_type\u0000${this.text.seller_type.value(slot) ?? 'private'}`);
    out.push(`featured\u0000${(this.flags[slot]! & 1) === 1}`);
    for (const f of FLAG_FIELDS) out.push(`${f}\u0000${(this.flags[slot]! & FLAG_BIT[f]) !== 0}`);
    return out;
  }

  private placeSet(code: number): SlotSet {
    while (this.placeSlots.length <= code) this.placeSlots.push(new SlotSet());
    return this.placeSlots[code]!;
  }

  private link(slot: number): void {
    const cap = this.capacity;
    for (const d of this.derived.values()) {
      if (this.slotMatches(d.clause, slot)) d.set.add(slot, cap);
      else d.set.delete(slot, cap);
    }
    this.placeSet(this.text.location.codes[slot]!).add(slot, cap);
    for (const name of this.setNames(slot)) {
      let set = this.sets.get(name);
      if (!set) this.sets.set(name, (set = new SlotSet()));
      set.add(slot, cap);
    }
    this.alive[slot >>> 5]! |= 1 << (slot & 31);
    const exp = this.expires[slot]!;
    if (exp === exp) this.expiring.add(slot, Math.max(0, Math.floor(exp / HOUR_MS)));
    for (const order of this.orders.values()) order.add(slot);
  }

  private unlink(slot: number): void {
    const cap = this.capacity;
    for (const d of this.derived.values()) d.set.delete(slot, cap);
    this.placeSet(this.text.location.codes[slot]!).delete(slot, cap);
    for (const name of this.setNames(slot)) {
      const set = this.sets.get(name);
      if (!set) continue;
      set.delete(slot, cap);
      // A seller's last listing gone: the value goes with it.
      if (set.size === 0) this.sets.delete(name);
    }
    this.alive[slot >>> 5]! &= ~(1 << (slot & 31));
    this.expiring.delete(slot);
    // Before the slot's columns change: its place in each order is found by them.
    for (const order of this.orders.values()) order.delete(slot);
  }

  /** Adds a listing or replaces the one with its id. */
  upsert(item: T): void {
    let slot = this.ids.get(item.id);
    // A build's listing leaving its cell's range takes a new slot.
    if (slot !== undefined && slot < this.ranged && cellKeyOf(item.seller_latitude, item.seller_longitude) !== cellKeyOf(this.latitude[slot]!, this.longitude[slot]!)) {
      this.remove(item.id);
      slot = undefined;
    }
    if (slot !== undefined) this.unlink(slot);
    else {
      slot = this.freeSlots.pop() ?? this.slotsUsed++;
      if (slot >= this.capacity) this.grow(slot + 1);
      this.ids.set(item.id, slot);
    }
    for (const f of STORED_TEXT) this.text[f].codes[slot] = this.text[f].code(item[f]);
    for (const f of NUMBER_FIELDS) this.num[f][slot] = item[f] ?? NONE;
    this.power[slot] = item.engine_power_hp ?? 0;
    const photos = (item as { has_photo?: boolean; images?: unknown[] }).has_photo ?? ((item as { images?: unknown[] }).images?.length ?? 0) > 0;
    this.flags[slot] = flagsOf(item, photos);
    this.created[slot] = Date.parse(item.created_at);
    this.expires[slot] = item.expires_at === null ? NONE : Date.parse(item.expires_at);
    this.place(slot, item.seller_latitude, item.seller_longitude);
    this.link(slot);
  }

  /** A slot's coordinates, and their unit vector for distances. */
  private place(slot: number, latitude: number | null, longitude: number | null): void {
    this.unfile(slot);
    if (latitude !== null && longitude !== null) {
      this.file(slot, latitude, longitude);
      const u = unitVector({ latitude, longitude });
      this.latitude[slot] = latitude;
      this.longitude[slot] = longitude;
      this.xyz[slot * 3] = u.x;
      this.xyz[slot * 3 + 1] = u.y;
      this.xyz[slot * 3 + 2] = u.z;
    } else {
      this.latitude[slot] = NONE;
      this.longitude[slot] = NONE;
      this.xyz[slot * 3] = NONE;
      this.xyz[slot * 3 + 1] = NONE;
      this.xyz[slot * 3 + 2] = NONE;
    }
  }

  /** Files a slot in its coordinates' grid cell. */
  private file(slot: number, latitude: number, longitude: number): void {
    const row = cellRow(latitude);
    const col = cellCol(longitude);
    if (slot >= this.ranged) this.cells.add(slot, row * GRID_COLS + col);
    const b = this.gridBounds;
    b.minRow = Math.min(b.minRow, row);
    b.maxRow = Math.max(b.maxRow, row);
    b.minCol = Math.min(b.minCol, col);
    b.maxCol = Math.max(b.maxCol, col);
    b.maxAbsLat = Math.max(b.maxAbsLat, Math.abs(latitude));
    b.maxAbsLon = Math.max(b.maxAbsLon, Math.abs(longitude));
  }

  private unfile(slot: number): void {
    this.cells.delete(slot);
  }

  remove(id: string): void {
    const slot = this.ids.get(id);
    if (slot === undefined) return;
    this.unlink(slot);
    this.unfile(slot);
    this.ids.delete(id);
    // A slot of a cell's range is not given to another listing (see `spatial`).
    if (slot >= this.ranged) this.freeSlots.push(slot);
  }

  /**
   * The columns of the listings held, packed (no free slots, each dictionary down to the values in use,
   * codes in the smallest integer type that holds them), for `ListingIndex.fromColumns`.
   */
  toColumns(): IndexColumns {
    const slots: number[] = [];
    for (let s = 0; s < this.slotsUsed; s++) if (this.ids.holds(s)) slots.push(s);
    const n = slots.length;
    const pick = (a: Float64Array) => Float64Array.from(slots, (s) => a[s]!);
    const text = {} as IndexColumns['text'];
    for (const f of STORED_TEXT) {
      const col = this.text[f];
      const recode = new Map<number, number>();
      const dict: (string | null)[] = [null];
      const codes = new Uint32Array(n);
      slots.forEach((s, i) => {
        const c = col.codes[s]!;
        if (c === 0) return;
        let to = recode.get(c);
        if (to === undefined) {
          to = dict.push(col.dict[c]!) - 1;
          recode.set(c, to);
        }
        codes[i] = to;
      });
      text[f] = { dict, codes: dict.length <= 256 ? Uint8Array.from(codes) : dict.length <= 65536 ? Uint16Array.from(codes) : codes };
    }
    return {
      n,
      ids: slots.map((s) => this.ids.idAt(s)!).join('\n'),
      text,
      numbers: {
        price: pick(this.num.price),
        mileage: pick(this.num.mileage),
        operating_hours: pick(this.num.operating_hours),
        year: pick(this.num.year),
        engine_size: pick(this.num.engine_size),
        created: pick(this.created),
        expires: pick(this.expires),
        latitude: pick(this.latitude),
        longitude: pick(this.longitude),
      },
      power: Uint16Array.from(slots, (s) => this.power[s]!),
      flags: Uint8Array.from(slots, (s) => this.flags[s]!),
    };
  }

  /**
   * An index over stored columns, made without a listing object: the columns are copied in, and each
   * set is built by one pass over its field's codes (a value's set resolved once per dictionary entry).
   */
  static fromColumns<T extends Indexed>(c: IndexColumns): ListingIndex<T> {
    const steps = ListingIndex.stepsFromColumns<T>(c);
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /**
   * fromColumns with the event loop let go between its steps (each a pass over the listings, a few
   * hundred milliseconds at a million): a server answering by SQL meanwhile is not held up for the
   * whole of it.
   */
  static async fromColumnsYielding<T extends Indexed>(c: IndexColumns, pause: () => Promise<void>): Promise<ListingIndex<T>> {
    const steps = ListingIndex.stepsFromColumns<T>(c);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return step.value;
      await pause();
    }
  }

  /** The making of an index from stored columns, a step at a time (it yields between them). */
  private static *stepsFromColumns<T extends Indexed>(c: IndexColumns): Generator<void, ListingIndex<T>> {
    const index = new ListingIndex<T>();
    if (c.n === 0) return index;
    // A pause before the first step too: whatever came before (the columns' making) has held the loop.
    yield;
    index.grow(c.n);
    // Where each given id starts in the one text of them all (and one more: the end of the last, plus one).
    const idStarts = new Int32Array(c.n + 1);
    let found = 1;
    for (let at = c.ids.indexOf('\n'); at !== -1 && found <= c.n; at = c.ids.indexOf('\n', at + 1)) idStarts[found++] = at + 1;
    if (found !== c.n) throw new Error(`stored columns: ${found} ids for ${c.n} listings`);
    idStarts[c.n] = c.ids.length + 1;
    // Slots in cell order (those without coordinates last): the listing given at `order[slot]`.
    const { order, ranged } = cellOrder(c.numbers.latitude, c.numbers.longitude);
    yield;
    const gather = <A extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(to: A, from: ArrayLike<number>) => {
      for (let slot = 0; slot < c.n; slot++) to[slot] = from[order[slot]!]!;
    };
    for (let slot = 0; slot < c.n; slot++) {
      const i = order[slot]!;
      index.ids.setRange(c.ids, idStarts[i]!, idStarts[i + 1]! - 1, slot);
      if (slot % STEP_IDS === STEP_IDS - 1) yield;
    }
    index.slotsUsed = c.n;
    yield;
    for (const f of STORED_TEXT) {
      index.text[f].load(c.text[f].dict);
      gather(index.text[f].codes, c.text[f].codes);
    }
    yield;
    for (const f of NUMBER_FIELDS) gather(index.num[f], c.numbers[f]);
    gather(index.created, c.numbers.created);
    gather(index.expires, c.numbers.expires);
    gather(index.power, c.power);
    gather(index.flags, c.flags);
    index.ranged = ranged;
    yield;
    const keys: number[] = [];
    const starts: number[] = [];
    for (let slot = 0; slot < c.n; slot++) {
      const lat = c.numbers.latitude[order[slot]!]!;
      const lon = c.numbers.longitude[order[slot]!]!;
      index.place(slot, lat === lat ? lat : null, lat === lat ? lon : null);
      if (slot < ranged) {
        const key = cellKeyOf(lat, lon);
        if (keys.length === 0 || keys[keys.length - 1] !== key) {
          keys.push(key);
          starts.push(slot);
        }
      }
      const exp = index.expires[slot]!;
      if (exp === exp) index.expiring.add(slot, Math.max(0, Math.floor(exp / HOUR_MS)));
    }
    starts.push(ranged);
    yield;
    index.spatial = { keys: Float64Array.from(keys), starts: Int32Array.from(starts) };
    index.alive.fill(0xffffffff, 0, c.n >>> 5);
    for (let slot = c.n & ~31; slot < c.n; slot++) index.alive[slot >>> 5]! |= 1 << (slot & 31);
    const cap = index.capacity;
    /** Each value's set, from its listings counted and listed in one pass over the codes. */
    const bySet = (names: (string | null)[], codes: ArrayLike<number>) => {
      const lists = SlotSet.group(codes, c.n, names.length, cap);
      names.forEach((name, code) => {
        const set = lists[code];
        if (name === null || !set) return;
        const kept = index.sets.get(name);
        index.sets.set(name, kept ? SlotSet.union(kept, set, cap) : set);
      });
    };
    for (const key of SET_KEYS) {
      bySet(
        c.text[key].dict.map((v) => (v === null ? null : `${key}\u0000${v.toLowerCase()}`)),
        index.text[key].codes,
      );
      yield;
    }
    // A listing without a seller type counts as private (spec section 5).
    bySet(
      c.text.seller_type.dict.map((v) => `seller_type\u0000${v ?? 'private'}`),
      index.text.seller_type.codes,
    );
    yield;
    const flags = index.flags.subarray(0, c.n);
    bySet(
      ['featured\u0000false', 'featured\u0000true'],
      Uint8Array.from(flags, (f) => f & 1),
    );
    yield;
    for (const field of FLAG_FIELDS) {
      bySet(
        [`${field}\u0000false`, `${field}\u0000true`],
        Uint8Array.from(flags, (f) => ((f & FLAG_BIT[field]) !== 0 ? 1 : 0)),
      );
      yield;
    }
    index.placeSlots = SlotSet.group(index.text.location.codes, c.n, c.text.location.dict.length, cap).map((set) => set ?? new SlotSet());
    return index;
  }

  /**
   * The sets of the range and place clauses searched so far (a year range, a price limit, an engine
   * band, a region), built by one pass on first use and then kept current by every change: buyers
   * repeat the same few of them, and a kept set turns a test per listing into one intersection.
   */
  private derived = new Map<string, { clause: DerivedClause; set: SlotSet }>();

  /** The set a clause selects, for the clauses answered by sets; an empty one when no listing has the value. */
  private clauseSet(c: Exclude<Clause, { kind: 'within_km' | 'words' }>): SlotSet {
    if (c.kind !== 'range' && c.kind !== 'contains_ci') return this.exactSet(c);
    const key = c.kind === 'range' ? `${c.field}\u0000${c.min ?? ''}\u0000${c.max ?? ''}` : `place\u0000${c.value.toLowerCase()}`;
    let entry = this.derived.get(key);
    if (!entry) {
      if (this.derived.size >= DERIVED_MAX) this.derived.delete(this.derived.keys().next().value!);
      this.derived.set(key, (entry = { clause: c, set: SlotSet.fromBits(this.buildBits(c), this.capacity) }));
    }
    return entry.set;
  }

  /** A range field's column, and the value that stands for "none" in it (never in range, as SQL's NULL). */
  private column(field: Extract<Clause, { kind: 'range' }>['field']): [Float64Array | Uint16Array, number] {
    switch (field) {
      case 'price':
        return [this.num.price, NONE];
      case 'mileage':
        return [this.num.mileage, NONE];
      case 'operating_hours':
        return [this.num.operating_hours, NONE];
      case 'year':
        return [this.num.year, NONE];
      case 'engine_size':
        return [this.num.engine_size, NONE];
      case 'engine_power_hp':
        return [this.power, 0];
    }
  }

  /** Whether a live slot satisfies a range or place clause (no value fails a range, as SQL's NULL does). */
  private slotMatches(c: DerivedClause, slot: number): boolean {
    if (c.kind === 'range') {
      const [col, none] = this.column(c.field);
      const v = col[slot]!;
      return v !== none && v >= (c.min ?? -Infinity) && v <= (c.max ?? Infinity);
    }
    const place = this.text.location.value(slot);
    return place !== null && place.toLowerCase().includes(c.value.toLowerCase());
  }

  private buildBits(c: DerivedClause): Uint32Array {
    const words = this.capacity >>> 5;
    const out = new Uint32Array(words);
    if (c.kind === 'range') {
      const [col] = this.column(c.field);
      const min = c.min ?? -Infinity;
      const max = c.max ?? Infinity;
      if (col instanceof Float64Array) rangeWords(col, min, max, this.alive, out);
      else powerRangeWords(col, min, max, this.alive, out);
      return out;
    }
    // Decided once per distinct place; a listing without a location never matches.
    const needle = c.value.toLowerCase();
    this.text.location.dict.forEach((p, code) => {
      if (p === null || !p.toLowerCase().includes(needle) || !this.placeSlots[code]) return;
      this.placeSlots[code].forEach((slot) => {
        out[slot >>> 5]! |= 1 << (slot & 31);
      });
    });
    return out;
  }

  private exactSet(c: ExactClause): SlotSet {
    if (c.kind === 'eq_ci' && c.field === 'seller_id') return this.sellerSet(c.value);
    const key: [BitKey, string] =
      c.kind === 'eq_ci' ? [c.field, c.value.toLowerCase()] : c.kind === 'seller_type' ? ['seller_type', c.value] : c.kind === 'flag' ? [c.field, String(c.value)] : ['featured', String(c.value)];
    return this.sets.get(`${key[0]}\u0000${key[1]}`) ?? EMPTY;
  }

  /** A seller's listings: one pass over the seller column's codes. */
  private sellerSet(value: string): SlotSet {
    const col = this.text.seller_id;
    const want = col.codesOf(value);
    const set = new SlotSet();
    if (want.length === 0) return set;
    const codes = col.codes;
    const [a, b = a] = want;
    for (let w = 0; w < this.capacity >>> 5; w++) {
      let word = this.alive[w]!;
      while (word !== 0) {
        const bit = word & -word;
        word ^= bit;
        const slot = (w << 5) + (31 - Math.clz32(bit));
        const code = codes[slot];
        if (code === a || code === b) set.add(slot, this.capacity);
      }
    }
    return set;
  }

  /**
   * The listings in every one of `sets` (all live listings when there is none), as a bitset. With a
   * list among them, its smallest list is walked and each slot tested in the others (a list holds
   * under one listing in 32, so that costs no more than a pass over the words); with only bitsets,
   * the smallest is copied and the others ANDed into it, 32 listings at a time.
   */
  private intersect(sets: SlotSet[], words: number, span: [number, number][] | null): { bits: Uint32Array; count: number } {
    // One buffer for every search (a search runs start to end without yielding): at a million
    // listings a fresh one would be 128 KB of memory to allocate, clear and collect a search.
    if (this.candidates.length !== words) this.candidates = new Uint32Array(words);
    const out = this.candidates;
    if (sets.length === 0) {
      out.set(this.alive.subarray(0, words));
      return { bits: out, count: this.size };
    }
    const bySize = [...sets].sort((a, b) => a.size - b.size);
    const first = bySize.find((s) => !s.isBitset);
    let count = 0;
    if (first) {
      const others = bySize.filter((s) => s !== first);
      out.fill(0);
      first.forEach((slot) => {
        for (let i = 0; i < others.length; i++) if (!others[i]!.has(slot)) return;
        out[slot >>> 5]! |= 1 << (slot & 31);
        count++;
      });
      return { bits: out, count };
    }
    // Only the words a distance limit leaves (see areaWords) are intersected, the others cleared.
    const runs = span ?? [[0, words]];
    let cleared = 0;
    for (const [from, to] of runs) {
      out.fill(0, cleared, from);
      cleared = to;
      out.set(bySize[0]!.bits!.subarray(from, to), from);
      for (let i = 1; i < bySize.length - 1; i++) {
        const bits = bySize[i]!.bits!;
        for (let w = from; w < to; w++) out[w]! &= bits[w]!;
      }
      // The last set is ANDed in and the result counted in the same pass (a search needs the count).
      const last = bySize.length > 1 ? bySize[bySize.length - 1]!.bits! : out;
      for (let w = from; w < to; w++) {
        let v = (out[w]! &= last[w]!);
        v = v - ((v >>> 1) & 0x55555555);
        v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
        count += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
      }
    }
    out.fill(0, cleared, words);
    return { bits: out, count };
  }

  /** A distance limit around another point than the buyer, tested against a slot's coordinates. */
  private withinTest(c: Extract<Clause, { kind: 'within_km' }>): (slot: number) => boolean {
    const b = unitVector(c.center);
    const limit = chordSquaredForKm(c.km);
    const { xyz } = this;
    return (s) => {
      const x = xyz[s * 3]!;
      return x === x && (x - b.x) ** 2 + (xyz[s * 3 + 1]! - b.y) ** 2 + (xyz[s * 3 + 2]! - b.z) ** 2 <= limit;
    };
  }

  /** Each words field's distinct tokens, with the codes of the values holding them (see `tokensOf`). */
  private vocabulary = new Map<StoredText, { dict: (string | null)[]; size: number; tokens: Map<string, number[]> }>();

  /**
   * A text column's vocabulary: its values' distinct tokens (words.ts), each with the dictionary codes
   * of the values holding it. Made on the first words search, then extended with the values added since
   * (a dictionary only grows; a loaded one starts it afresh).
   */
  private tokensOf(field: StoredText): Map<string, number[]> {
    const column = this.text[field];
    let v = this.vocabulary.get(field);
    if (!v || v.dict !== column.dict) this.vocabulary.set(field, (v = { dict: column.dict, size: 1, tokens: new Map() }));
    for (; v.size < column.dict.length; v.size++) {
      const value = column.dict[v.size];
      if (value === null || value === undefined) continue;
      for (const token of new Set(tokenize(value))) {
        const codes = v.tokens.get(token);
        if (codes) codes.push(v.size);
        else v.tokens.set(token, [v.size]);
      }
    }
    return v.tokens;
  }

  /**
   * A words search as a test of a listing (words.ts): each term is looked up once in the vocabulary of
   * each words field (its distinct tokens; the years, each decided once), never in every listing's
   * text, and a listing then passes when, for every term, one of its codes was marked.
   */
  private wordsTest(terms: readonly string[]): (slot: number) => boolean {
    const textFields = WORDS_FIELDS.filter((f): f is Exclude<WordsField, 'year'> => f !== 'year');
    const years = this.num.year;
    const lookups = terms.map((term) => {
      const marked: { column: TextColumn; marks: Uint8Array }[] = [];
      for (const f of textFields) {
        const column = this.text[f];
        const marks = new Uint8Array(column.dict.length);
        let any = false;
        for (const [token, codes] of this.tokensOf(f)) {
          if (!termMatchesToken(term, token)) continue;
          for (const code of codes) marks[code] = 1;
          any = true;
        }
        if (any) marked.push({ column, marks });
      }
      const yearMatch = new Map<number, boolean>();
      const year = (y: number): boolean => {
        let m = yearMatch.get(y);
        if (m === undefined) yearMatch.set(y, (m = y === y && termMatchesValue(term, y)));
        return m;
      };
      return { marked, year };
    });
    return (slot) => {
      for (const { marked, year } of lookups) {
        let found = false;
        for (let i = 0; i < marked.length && !found; i++) found = marked[i]!.marks[marked[i]!.column.codes[slot]!] === 1;
        if (!found && !year(years[slot]!)) return false;
      }
      return true;
    };
  }

  search(req: SearchRequest, now: number = Date.now()): IndexResult<T> {
    const { slots, total } = this.searchSlots(req, now);
    return { total, hits: slots.map((s) => ({ item: this.item(s) })) };
  }

  /**
   * A search's hits as ids and coordinates only (what a server needs to write the page from each
   * listing's own JSON, with the buyer's distance): no listing object made.
   */
  searchIds(req: SearchRequest, now: number = Date.now()): { hits: { id: string; latitude: number | null; longitude: number | null }[]; total: number } {
    const { slots, total } = this.searchSlots(req, now);
    return {
      total,
      hits: slots.map((s) => {
        const lat = this.latitude[s]!;
        return { id: this.ids.idAt(s)!, latitude: lat === lat ? lat : null, longitude: lat === lat ? this.longitude[s]! : null };
      }),
    };
  }

  /**
   * The price, year and usage of every listing that exact-match filters find (unexpired), in no order:
   * what a model's price fit reads (search/priceVerdict.ts), with no listing object made and no sort.
   */
  pricesOf(filters: SearchFilters, now: number = Date.now()): PricedFields[] {
    const sets = toClauses(filters).map((c) => this.clauseSet(c as Exclude<Clause, { kind: 'within_km' | 'words' }>));
    const candidates = this.intersect(sets, this.capacity >>> 5, null).bits;
    this.dropExpired(candidates, now);
    const out: PricedFields[] = [];
    forEachBit(candidates, candidates.length, (slot) => out.push(this.pricedAt(slot)));
    return out;
  }

  /** A listing's price, year and usage (what its price verdict reads), with no listing object made; undefined for one not held. */
  priced(id: string): PricedFields | undefined {
    const slot = this.ids.get(id);
    return slot === undefined ? undefined : this.pricedAt(slot, id);
  }

  /** One listing of each model held (type, make and model as spelt), for work done once a model: its price fit. */
  modelSamples(): PricedFields[] {
    // Model codes seen, by type and make code: a pass over a million slots makes no string per slot.
    const seen = new Map<number, Set<number>>();
    const out: PricedFields[] = [];
    const { vehicle_type: type, make, model } = this.text;
    const types = type.dict.length;
    for (let slot = 0; slot < this.slotsUsed; slot++) {
      if (!this.ids.holds(slot)) continue;
      const typeAndMake = make.codes[slot]! * types + type.codes[slot]!;
      let models = seen.get(typeAndMake);
      if (!models) seen.set(typeAndMake, (models = new Set()));
      if (models.has(model.codes[slot]!)) continue;
      models.add(model.codes[slot]!);
      out.push(this.pricedAt(slot));
    }
    return out;
  }

  /** A slot's priced fields (`id`: its id, when the caller has it already, so it is not written again). */
  private pricedAt(slot: number, id: string = this.ids.idAt(slot)!): PricedFields {
    return {
      id,
      vehicle_type: this.text.vehicle_type.value(slot)!,
      make: this.text.make.value(slot)!,
      model: this.text.model.value(slot)!,
      year: this.num.year[slot]!,
      price: numberOrNull(this.num.price[slot]!),
      mileage: numberOrNull(this.num.mileage[slot]!),
      operating_hours: numberOrNull(this.num.operating_hours[slot]!),
    };
  }

  /** The slots of a search's page, in order, and how many listings it found. */
  private searchSlots(req: SearchRequest, now: number): { slots: number[]; total: number } {
    const clauses = toClauses(req.filters, req.buyer);
    // Exact-match, range and place clauses become one bitset (the intersection of their sets).
    const words = this.capacity >>> 5;
    const sets: SlotSet[] = [];
    const tests: ((slot: number) => boolean)[] = [];
    const buyer = req.buyer ? unitVector(req.buyer) : null;
    // A distance limit around the buyer is tested on the chord computed once for ranking too.
    let maxChord = Infinity;
    for (const c of clauses) {
      if (c.kind === 'within_km' && buyer && c.center.latitude === req.buyer!.latitude && c.center.longitude === req.buyer!.longitude) {
        maxChord = Math.min(maxChord, chordSquaredForKm(c.km));
        continue;
      }
      if (c.kind === 'within_km') {
        tests.push(this.withinTest(c));
        continue;
      }
      if (c.kind === 'words') {
        tests.push(this.wordsTest(c.terms));
        continue;
      }
      sets.push(this.clauseSet(c));
    }
    // A distance limit around the buyer: the grid's rows within it. Their slots (one range, the build's
    // listings in cell order) and those filed since the build are the only candidates that can be shown.
    const area = maxChord !== Infinity && this.gridUsable(req.buyer!) ? this.areaRows(req.buyer!, maxChord) : null;
    const found = this.intersect(sets, words, area ? this.areaWords(area, words) : null);
    const candidates = found.bits;
    /** How many candidates there are (found while intersecting, not counted again). */
    const count = found.count - this.dropExpired(candidates, now);
    const want = req.limit === undefined ? Infinity : req.offset + req.limit;
    const byDistance = req.sort === 'distance' && buyer !== null;
    const needChord = byDistance || maxChord !== Infinity;
    const limited = maxChord !== Infinity;
    const [key, dir] = this.sortKey(req.sort, byDistance);
    /** A pass over the candidates ranking them into `heap` (none: counting them). */
    const passOf = (heap: TopK | null) => new CandidatePass(candidates, this.xyz, this.scratch, buyer ?? ORIGIN, maxChord, tests, heap, key, dir);
    let heap: TopK | null = null;
    let total = -1;
    if (byDistance && want !== Infinity && want > 0) {
      // Nearest first over many candidates: the grid's cells around the buyer, ring after ring, hold the
      // page long before every candidate is visited. The rings are expected to visit the page's share
      // of the candidates' cells (want / count of the occupied cells), a pass every candidate; a cell
      // costs about what GRID_WALK_RATIO candidates do.
      if (count * count > GRID_WALK_RATIO * want * this.occupiedCells() && this.gridUsable(req.buyer!)) {
        heap = new TopK(want, this.comparator(key, dir));
        const walked = this.walkGrid(req.buyer!, heap, maxChord, passOf(heap), needChord);
        // Candidates too far to walk to, or short of a page (the rest have no coordinates, and rank
        // last): the plain pass below.
        if (!walked || !heap.full) heap = null;
        else if (maxChord === Infinity && tests.length === 0) total = count;
      }
    }
    let page: number[] | null = null;
    const kept = byDistance ? null : keptOrderOf(req.sort);
    if (kept !== null && want !== Infinity && want > 0) {
      // Newest first, or by price, year or mileage, over many candidates: the listings in that order,
      // until the page is full (a cheapest-first page of 20 among 150,000 candidates at a million
      // listings visits about 130 listings instead of ranking every candidate).
      if (count * count > ORDER_WALK_RATIO * want * this.size) {
        const picked: number[] = [];
        const pass = passOf(null);
        this.keptOrder(kept).walk((s) => {
          if (((candidates[s >>> 5]! >>> (s & 31)) & 1) === 1 && pass.shows(s, needChord, limited)) picked.push(s);
          return picked.length >= want;
        });
        page = picked;
        // Short of a page: every candidate was visited.
        if (picked.length < want) total = picked.length;
        else if (maxChord === Infinity && tests.length === 0) total = count;
        else total = this.within(area, buyer, maxChord, candidates, tests, null, key, dir, byDistance) ?? this.scan(candidates, words, buyer, maxChord, needChord, tests, null, key, dir);
      }
    }
    if (page) {
      return { total, slots: page.slice(req.offset, req.offset + req.limit!) };
    }
    if (heap && total < 0) total = this.within(area, buyer, maxChord, candidates, tests, null, key, dir, byDistance) ?? this.scan(candidates, words, buyer, maxChord, needChord, tests, null, key, dir);
    if (!heap) {
      heap = new TopK(want, this.comparator(key, dir));
      total = this.within(area, buyer, maxChord, candidates, tests, heap, key, dir, byDistance) ?? this.scan(candidates, words, buyer, maxChord, needChord, tests, heap, key, dir);
    }
    return { total, slots: heap.sorted().slice(req.offset, req.limit === undefined ? undefined : req.offset + req.limit) };
  }

  /**
   * One pass over the candidates: counts those shown (not expired, within the distance limit, passing
   * the tests) and, given a heap, ranks them into it.
   */
  private scan(
    candidates: Uint32Array,
    words: number,
    buyer: { x: number; y: number; z: number } | null,
    maxChord: number,
    needChord: boolean,
    tests: ((slot: number) => boolean)[],
    heap: TopK | null,
    key: Float64Array,
    dir: 1 | -1,
  ): number {
    const pass = new CandidatePass(candidates, this.xyz, this.scratch, buyer ?? ORIGIN, maxChord, tests, heap, key, dir);
    pass.range(0, words << 5, needChord, maxChord !== Infinity);
    return pass.total;
  }

  /** The live listings in a kept order (ties newest first, then by id), sorted once and then kept by every change. */
  private keptOrder(kept: KeptOrder): SortedSlots {
    let order = this.orders.get(kept);
    if (!order) {
      const slots: number[] = [];
      forEachBit(this.alive, this.capacity >>> 5, (s) => slots.push(s));
      const cmp = this.keptComparator(kept);
      order = new SortedSlots(cmp, Int32Array.from(slots).sort(cmp));
      this.orders.set(kept, order);
    }
    return order;
  }

  /**
   * A kept order's comparator: `comparator`'s order, reading its column as it is at each call (the
   * columns are replaced when the index grows, and an order is kept across that).
   */
  private keptComparator(kept: KeptOrder): (a: number, b: number) => number {
    if (kept === 'newest') return this.comparator(this.created, -1);
    const [field, dir] = KEPT_ORDERS[kept];
    return (a, b) => this.compareValues(this.num[field][a]!, this.num[field][b]!, dir, a, b);
  }

  /** How many grid cells hold listings (about: a cell of the build's that has since emptied still counts). */
  private occupiedCells(): number {
    return this.spatial.keys.length + this.cells.lists.size;
  }

  /** The slots of the build's cells whose keys are from `fromKey` to `toKey` (one range: slots are in key order). */
  private builtSlots(fromKey: number, toKey: number): [number, number] {
    const { keys, starts } = this.spatial;
    return [starts[lowerBound(keys, fromKey)]!, starts[lowerBound(keys, toKey + 1)]!];
  }

  /**
   * A search with a distance limit around the buyer answered from the grid's rows within the limit
   * rather than from every candidate. In each row the cells wholly inside the limit are one run of
   * the build's slots: its candidates are counted 32 at a time (or each ranked, when the page needs
   * them), with no distance computed unless ranking by it; the cells across the limit's edge have each
   * candidate's distance tested; the listings filed since the build (few) are tested one by one.
   * Counts the shown listings and, given a heap, ranks them; null when the grid cannot answer.
   */
  private within(
    rows: AreaRow[] | null,
    b: { x: number; y: number; z: number } | null,
    maxChord: number,
    candidates: Uint32Array,
    tests: ((slot: number) => boolean)[],
    heap: TopK | null,
    key: Float64Array,
    dir: 1 | -1,
    byDistance: boolean,
  ): number | null {
    if (!rows || !b) return null;
    const ranked = byDistance && heap !== null;
    const countOnly = heap === null && tests.length === 0;
    const pass = new CandidatePass(candidates, this.xyz, this.scratch, b, maxChord, tests, heap, key, dir);
    /** The candidates of slots [from, to); `edge` when their distances are to be tested against the limit. */
    const visitRange = (from: number, to: number, edge: boolean) => {
      if (countOnly && !edge) pass.total += popcountRange(candidates, from, to);
      else pass.range(from, to, edge || ranked, edge);
    };
    for (const r of rows) {
      const base = r.row * GRID_COLS;
      if (r.insideFrom > r.insideTo) {
        const [from, to] = this.builtSlots(base + r.edgeFrom, base + r.edgeTo);
        visitRange(from, to, true);
        continue;
      }
      const [west, east] = this.builtSlots(base + r.edgeFrom, base + r.edgeTo);
      const [insideFrom, insideTo] = this.builtSlots(base + r.insideFrom, base + r.insideTo);
      visitRange(west, insideFrom, true);
      visitRange(insideFrom, insideTo, false);
      visitRange(insideTo, east, true);
    }
    // The listings filed since the build, wherever they are.
    for (const list of this.cells.lists.values()) {
      const slots = list.slots;
      // A slot that is no candidate is passed over by the pass itself.
      for (let i = 0; i < list.n; i++) pass.range(slots[i]!, slots[i]! + 1, true, true);
    }
    return pass.total;
  }

  /**
   * The words of the candidates' bitset a search limited to `rows` needs: the run of the build's slots
   * from the first row's westmost cell to the last row's eastmost, and from the first slot of the
   * listings filed since the build (or placed nowhere) to the end, as [from, to) pairs.
   */
  private areaWords(rows: AreaRow[], words: number): [number, number][] {
    const first = rows[0];
    const last = rows[rows.length - 1];
    const rest = this.ranged >>> 5;
    if (!first || !last) return [[rest, words]];
    const from = this.builtSlots(first.row * GRID_COLS + first.edgeFrom, first.row * GRID_COLS + first.edgeFrom)[0] >>> 5;
    const to = (this.builtSlots(last.row * GRID_COLS + last.edgeTo, last.row * GRID_COLS + last.edgeTo)[1] + 31) >>> 5;
    return to >= rest
      ? [[Math.min(from, rest), words]]
      : [
          [from, to],
          [rest, words],
        ];
  }

  /**
   * The grid's rows within a distance limit (as a squared chord) around a point, each with its run of
   * columns wholly inside the limit (`insideFrom` > `insideTo` when none) and the wider run that may
   * hold a listing within it (the edge cells between). On a sphere the points within angle ρ of the
   * centre at latitude φ lie within Δλ(φ) of its longitude, cos Δλ = (cos ρ − sin φ0 sin φ) / (cos φ0 cos φ):
   * a cell is wholly inside when both its latitudes' Δλ cover it (Δλ is largest at one latitude and
   * falls away on both sides, so the smaller at the band's edges holds for the whole band), and may
   * hold one when the band's largest Δλ reaches it. Null when the limit spans too many rows.
   */
  private areaRows(at: { latitude: number; longitude: number }, maxChord: number): AreaRow[] | null {
    const g = this.gridBounds;
    const rad = Math.PI / 180;
    const cosRho = 1 - maxChord / 2;
    const rhoDeg = Math.acos(Math.max(-1, cosRho)) / rad;
    const rowFrom = Math.max(g.minRow, cellRow(at.latitude - rhoDeg) - 1);
    const rowTo = Math.min(g.maxRow, cellRow(at.latitude + rhoDeg) + 1);
    if (rowTo - rowFrom > AREA_MAX_ROWS) return null;
    const sin0 = Math.sin(at.latitude * rad);
    const cos0 = Math.cos(at.latitude * rad);
    /** Δλ in degrees at a latitude: -1 when no point of that latitude is within the limit. */
    const halfWidth = (latitude: number) => {
      const q = (cosRho - sin0 * Math.sin(latitude * rad)) / (cos0 * Math.cos(latitude * rad));
      return q > 1 ? -1 : q <= -1 ? 180 : Math.acos(q) / rad;
    };
    // The latitude where the limit's circle is widest.
    const widest = Math.asin(Math.max(-1, Math.min(1, sin0 / cosRho))) / rad;
    const rows: AreaRow[] = [];
    for (let row = rowFrom; row <= rowTo; row++) {
      const south = row * CELL_DEG - 90;
      const north = south + CELL_DEG;
      const reach = halfWidth(Math.max(south, Math.min(north, widest)));
      if (reach < 0) continue;
      const edgeFrom = Math.max(g.minCol, cellCol(at.longitude - reach) - 1);
      const edgeTo = Math.min(g.maxCol, cellCol(at.longitude + reach) + 1);
      if (edgeFrom > edgeTo) continue;
      // Wholly inside: a little narrower than computed, so rounding never takes in a listing beyond the limit.
      const inner = Math.min(halfWidth(south), halfWidth(north)) - 1e-9;
      let insideFrom = 1;
      let insideTo = 0;
      if (inner > 0) {
        insideFrom = Math.max(edgeFrom, Math.ceil((at.longitude - inner + 180) / CELL_DEG));
        insideTo = Math.min(edgeTo, Math.floor((at.longitude + inner + 180) / CELL_DEG) - 1);
      }
      rows.push({ row, insideFrom, insideTo, edgeFrom, edgeTo });
    }
    return rows;
  }

  /** Whether the grid's rings give true lower bounds of distance for this buyer (not across the antimeridian or near a pole). */
  private gridUsable(b: { latitude: number; longitude: number }): boolean {
    const g = this.gridBounds;
    return g.maxAbsLon <= GRID_MAX_ABS_LONGITUDE && Math.abs(b.longitude) <= GRID_MAX_ABS_LONGITUDE && Math.max(g.maxAbsLat, Math.abs(b.latitude)) < 80;
  }

  /**
   * Ranks the candidates into `heap` through `pass`, ring by ring around the buyer's cell, skipping a cell that cannot hold
   * anything nearer than the worst hit kept (or within the distance limit), and stopping at the first
   * ring that cannot. Lower bounds of the chord to a point `dLat` degrees of latitude and `dLon` of
   * longitude away: 2 sin(dLat/2), and 2 cos(maxLat) sin(dLon/2) where maxLat is the largest absolute
   * latitude of the buyer and every listing. A cell's bound takes its gaps to the buyer's point; a
   * ring's, the r-1 whole cells between it and the buyer's cell. False when it gave up after
   * MAX_WALK_CELLS cells (the candidates are far away): the heap is then not the page.
   */
  private walkGrid(b: { latitude: number; longitude: number }, heap: TopK, maxChord: number, pass: CandidatePass, chord: boolean): boolean {
    const limited = maxChord !== Infinity;
    const g = this.gridBounds;
    const r0 = cellRow(b.latitude);
    const c0 = cellCol(b.longitude);
    const rings = Math.max(r0 - g.minRow, g.maxRow - r0, c0 - g.minCol, g.maxCol - c0, 0);
    const cos = Math.cos((Math.max(g.maxAbsLat, Math.abs(b.latitude)) * Math.PI) / 180);
    const cos2 = Math.min(1, cos * cos);
    const rad = Math.PI / 360;
    const latBound = (deg: number) => 4 * Math.sin(deg * rad) ** 2;
    const lonBound = (deg: number) => 4 * cos2 * Math.sin(deg * rad) ** 2;
    const scratch = this.scratch;
    /** The worst chord still worth visiting. */
    const limit = () => (heap.full ? Math.min(maxChord, scratch[heap.top]!) : maxChord);
    let cellsLeft = MAX_WALK_CELLS;
    const visitCell = (row: number, col: number) => {
      cellsLeft--;
      const key = row * GRID_COLS + col;
      const [from, to] = this.builtSlots(key, key);
      const cell = this.cells.lists.get(key);
      if (!cell && from === to) return;
      if (row !== r0 || col !== c0) {
        const south = row * CELL_DEG - 90;
        const west = col * CELL_DEG - 180;
        const dLat = Math.max(0, south - b.latitude, b.latitude - (south + CELL_DEG));
        const dLon = Math.max(0, west - b.longitude, b.longitude - (west + CELL_DEG));
        if (Math.max(latBound(dLat), lonBound(dLon)) > limit()) return;
      }
      pass.range(from, to, chord, limited);
      if (!cell) return;
      const slots = cell.slots;
      for (let i = 0; i < cell.n; i++) pass.range(slots[i]!, slots[i]! + 1, chord, limited);
    };
    for (let r = 0; r <= rings; r++) {
      if (r >= 2 && Math.min(latBound((r - 1) * CELL_DEG), lonBound((r - 1) * CELL_DEG)) > limit()) return true;
      if (cellsLeft <= 0) return false;
      if (r === 0) {
        visitCell(r0, c0);
        continue;
      }
      for (let col = c0 - r; col <= c0 + r; col++) {
        visitCell(r0 - r, col);
        visitCell(r0 + r, col);
      }
      for (let row = r0 - r + 1; row <= r0 + r - 1; row++) {
        visitCell(row, c0 - r);
        visitCell(row, c0 + r);
      }
    }
    return true;
  }

  /**
   * Takes the listings expired by `now` out of a search's candidates: those of the hours up to now's
   * (few: the server drops a listing when it expires, a device when its sync says so). Returns how many it took out.
   */
  private dropExpired(candidates: Uint32Array, now: number): number {
    const hour = Math.floor(now / HOUR_MS);
    const expires = this.expires;
    let dropped = 0;
    // forEach, not for-of: an entry array per hour of the lists (some two thousand, ninety days' worth)
    // made and dropped by every search was a third of the server's allocations.
    this.expiring.lists.forEach((list, key) => {
      if (key > hour) return;
      const slots = list.slots;
      for (let i = 0; i < list.n; i++) {
        const s = slots[i]!;
        const bit = 1 << (s & 31);
        if (expires[s]! <= now && (candidates[s >>> 5]! & bit) !== 0) {
          candidates[s >>> 5]! &= ~bit;
          dropped++;
        }
      }
    });
    return dropped;
  }

  /** The column a sort order ranks by first, and its direction. */
  private sortKey(sort: SortOrder, byDistance: boolean): [Float64Array, 1 | -1] {
    switch (sort) {
      case 'price_asc':
        return [this.num.price, 1];
      case 'price_desc':
        return [this.num.price, -1];
      case 'year_desc':
        return [this.num.year, -1];
      case 'year_asc':
        return [this.num.year, 1];
      case 'mileage_asc':
        return [this.num.mileage, 1];
      case 'distance':
        return byDistance ? [this.scratch, 1] : [this.created, -1];
      case 'newest':
        return [this.created, -1];
    }
  }

  /** `compareRanked` of src/domain/search/match.ts over slots: the key (nulls last), newest, then id. */
  private comparator(col: Float64Array, dir: 1 | -1): (a: number, b: number) => number {
    // Newest first is the tail itself (the created column, descending).
    if (col === this.created) return (a, b) => this.compareTail(a, b);
    return (a, b) => this.compareValues(col[a]!, col[b]!, dir, a, b);
  }

  /** Two slots by their values of the key (`x` of `a`, `y` of `b`; NaN, none, last whichever the direction), then the tail. */
  private compareValues(x: number, y: number, dir: 1 | -1, a: number, b: number): number {
    const xn = x !== x;
    const yn = y !== y;
    if (xn || yn) return xn && yn ? this.compareTail(a, b) : xn ? 1 : -1;
    return x !== y ? (x - y) * dir : this.compareTail(a, b);
  }

  /** Newest first, then by id: what breaks a tie of the key. */
  private compareTail(a: number, b: number): number {
    const d = this.created[b]! - this.created[a]!;
    if (d !== 0) return d;
    return this.ids.compare(a, b);
  }
}

/** The ids read between two pauses of fromColumnsYielding (a tenth of a second's work or so). */
const STEP_IDS = 250_000;

/** The most grid rows a distance limit's area is looked up in (at 0.025 degrees a row, about 2,200 km across). */
const AREA_MAX_ROWS = 800;

/** How many candidates a grid cell's visit costs, in the choice between the grid walk and a pass over the candidates. */
const GRID_WALK_RATIO = 4;
/** The most cells a grid walk visits before it leaves the page to a pass over the candidates (about 90 km around the buyer). */
const MAX_WALK_CELLS = 4096;
/** How many candidates (squared) per listing of the page times the listings make a walk of a kept order worth it. */
const ORDER_WALK_RATIO = 2;

/** The orders a page may be walked in (see `keptOrder`): each sort but distance, by its number column and direction. */
const KEPT_ORDERS = {
  price_asc: ['price', 1],
  price_desc: ['price', -1],
  year_desc: ['year', -1],
  year_asc: ['year', 1],
  mileage_asc: ['mileage', 1],
} as const satisfies Record<string, readonly [NumberColumn, 1 | -1]>;
type KeptOrder = keyof typeof KEPT_ORDERS | 'newest';

/** The kept order a sort is walked in without a buyer's place (distance then falls back to newest first). */
const keptOrderOf = (sort: SortOrder): KeptOrder => (sort === 'distance' ? 'newest' : sort);

/** A number column's value as a listing holds it: NaN (none) is null. */
const numberOrNull = (v: number): number | null => (v === v ? v : null);

/** Whether a slot passes every test. */
function passesAll(tests: ((slot: number) => boolean)[], s: number): boolean {
  for (let i = 0; i < tests.length; i++) if (!tests[i]!(s)) return false;
  return true;
}

/** Offers a hit to a page's heap: one plainly worse than the worst kept is skipped (ties and missing values go through). */
function offer(heap: TopK, key: Float64Array, dir: 1 | -1, s: number): void {
  if (heap.full && (dir === 1 ? key[s]! > key[heap.top]! : key[s]! < key[heap.top]!)) return;
  heap.push(s);
}

/**
 * The live slots whose value is from `min` to `max` (NaN, no value, never is) as words of 32 slots:
 * every slot of a word tested in one straight pass over the column, each comparison's outcome put
 * into the word as a number rather than branched on (values in no order make a branch a guess the
 * processor often loses: a million listings' year range is built in about 2 ms instead of 7).
 */
function rangeWords(col: Float64Array, min: number, max: number, alive: Uint32Array, out: Uint32Array): void {
  for (let w = 0; w < out.length; w++) {
    const live = alive[w]!;
    if (live === 0) continue;
    const base = w << 5;
    let word = 0;
    for (let b = 0; b < 32; b++) {
      const v = col[base + b]!;
      word |= (+(v >= min) & +(v <= max)) << b;
    }
    out[w] = word & live;
  }
}

/** rangeWords for the engine power column, where 0 is no value (a function of its own: one kind of array a loop keeps it fast). */
function powerRangeWords(col: Uint16Array, min: number, max: number, alive: Uint32Array, out: Uint32Array): void {
  for (let w = 0; w < out.length; w++) {
    const live = alive[w]!;
    if (live === 0) continue;
    const base = w << 5;
    let word = 0;
    for (let b = 0; b < 32; b++) {
      const v = col[base + b]!;
      word |= (+(v !== 0) & +(v >= min) & +(v <= max)) << b;
    }
    out[w] = word & live;
  }
}

/** Calls `fn` with each set bit's position, in increasing order. */
function forEachBit(bits: Uint32Array, words: number, fn: (slot: number) => void): void {
  for (let w = 0; w < words; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const bit = word & -word;
      word ^= bit;
      fn((w << 5) + (31 - Math.clz32(bit)));
    }
  }
}

/** The first position in an ascending array whose value is at least `v`. */
export function lowerBound(a: Float64Array, v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The number of set bits of slots [from, to). */
function popcountRange(bits: Uint32Array, from: number, to: number): number {
  if (from >= to) return 0;
  let n = 0;
  const last = (to - 1) >>> 5;
  for (let w = from >>> 5; w <= last; w++) {
    let v = bits[w]!;
    if (w === from >>> 5) v &= -1 << (from & 31);
    if (w === last && (to & 31) !== 0) v &= (1 << (to & 31)) - 1;
    v = v - ((v >>> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}

/** A grid row within a distance limit: its columns wholly inside it (none when `insideFrom` > `insideTo`) and those that may hold a listing within it. */
interface AreaRow {
  row: number;
  insideFrom: number;
  insideTo: number;
  edgeFrom: number;
  edgeTo: number;
}

/**
 * One pass of a search over runs of its candidates: counts those shown (within the distance limit,
 * passing the tests) and, given a heap, ranks them into it. Each run is one loop with no call per
 * candidate but the tests' and the heap's: at a million listings a search may visit a hundred
 * thousand of them.
 */
class CandidatePass {
  total = 0;
  constructor(
    private readonly candidates: Uint32Array,
    private readonly xyz: Float64Array,
    /** Where each visited candidate's squared chord to the buyer is written (the distance order reads it). */
    private readonly scratch: Float64Array,
    private readonly buyer: { x: number; y: number; z: number },
    private readonly maxChord: number,
    private readonly tests: ((slot: number) => boolean)[],
    private readonly heap: TopK | null,
    private readonly key: Float64Array,
    private readonly dir: 1 | -1,
  ) {}

  /** The candidates among slots [from, to): with `chord` each one's distance is computed (and with `limit` tested against the limit). */
  range(from: number, to: number, chord: boolean, limit: boolean): void {
    if (from >= to) return;
    const { candidates, heap, key, dir } = this;
    let total = 0;
    const last = (to - 1) >>> 5;
    for (let w = from >>> 5; w <= last; w++) {
      let word = candidates[w]!;
      if (w === from >>> 5) word &= -1 << (from & 31);
      if (w === last && (to & 31) !== 0) word &= (1 << (to & 31)) - 1;
      while (word !== 0) {
        const bit = word & -word;
        word ^= bit;
        const s = (w << 5) + (31 - Math.clz32(bit));
        if (!this.shows(s, chord, limit)) continue;
        total++;
        if (heap !== null) offer(heap, key, dir, s);
      }
    }
    this.total += total;
  }

  /**
   * Whether a candidate (not expired: see dropExpired) is shown: within the distance limit (tested when
   * `limit`), passing the other tests; with `chord` its distance to the buyer is kept for ranking.
   */
  shows(s: number, chord: boolean, limit: boolean): boolean {
    if (chord) {
      const { xyz, buyer } = this;
      // NaN for a listing without coordinates: it fails a distance limit and ranks last.
      const c = (xyz[s * 3]! - buyer.x) ** 2 + (xyz[s * 3 + 1]! - buyer.y) ** 2 + (xyz[s * 3 + 2]! - buyer.z) ** 2;
      if (limit && !(c <= this.maxChord)) return false;
      this.scratch[s] = c;
    }
    return this.tests.length === 0 || passesAll(this.tests, s);
  }
}

/** The buyer's unit vector when there is no buyer (no distance is computed then). */
const ORIGIN = { x: 0, y: 0, z: 0 } as const;

/** Keeps the `k` smallest items under `cmp` (a max-heap of size k); all of them when k is Infinity. */
class TopK {
  private heap: number[] = [];
  constructor(
    private readonly k: number,
    private readonly cmp: (a: number, b: number) => number,
  ) {}

  get full(): boolean {
    return this.heap.length >= this.k;
  }

  /** The worst hit kept (when full). */
  get top(): number {
    return this.heap[0]!;
  }

  push(s: number): void {
    const h = this.heap;
    if (this.k === Infinity) {
      h.push(s);
      return;
    }
    if (this.k === 0) return;
    if (h.length < this.k) {
      h.push(s);
      let i = h.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        const hi = h[i]!;
        if (this.cmp(hi, h[p]!) <= 0) break;
        h[i] = h[p]!;
        h[p] = hi;
        i = p;
      }
      return;
    }
    if (this.cmp(s, h[0]!) >= 0) return;
    h[0] = s;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.cmp(h[l]!, h[m]!) > 0) m = l;
      if (r < h.length && this.cmp(h[r]!, h[m]!) > 0) m = r;
      if (m === i) break;
      const hi = h[i]!;
      h[i] = h[m]!;
      h[m] = hi;
      i = m;
    }
  }

  sorted(): number[] {
    return [...this.heap].sort(this.cmp);
  }
}
