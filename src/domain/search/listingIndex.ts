import type { SortOrder } from '../constants';
import { chordSquaredForKm, unitVector } from '../geo';
import { toClauses, type Clause, type SearchRequest } from './filters';
import type { Searchable } from './match';

// An in-memory index of listings that answers the searches of spec section 5 with the same
// results and order as `matchesClauses` + `compareRanked` (tests check it), fast enough for
// 100,000 listings: numbers live in typed columns, each exact-match value has a set of the
// listings holding it (a sorted list of slots while few hold it, a bitset once the bitset is the
// smaller, so memory grows with the listings, not with listings x distinct values such as one seller
// per listing), a search starts from its smallest set and tests the others (bitsets are intersected
// 32 listings at a time), locations are interned so "region contained in the location" is tested
// once per distinct place, the sets of the ranges and places buyers ask for are kept and updated
// with each change, and only the page asked for is fully sorted (a bounded heap keeps the best
// offset+limit).

export interface Indexed extends Searchable {
  expires_at: string | null;
}

export interface IndexHit<T> {
  item: T;
}

export interface IndexResult<T> {
  hits: IndexHit<T>[];
  total: number;
}

type TextKey = 'vehicle_type' | 'make' | 'model' | 'variant' | 'category' | 'fuel_type' | 'transmission' | 'condition' | 'drive_type' | 'seller_id';
const TEXT_KEYS: TextKey[] = ['vehicle_type', 'make', 'model', 'variant', 'category', 'fuel_type', 'transmission', 'condition', 'drive_type', 'seller_id'];
/** Set keys: the text fields (lower-cased), and the seller-type and featured rules. */
type BitKey = TextKey | 'seller_type' | 'featured';
/** Clauses whose sets are built on demand and then kept current (see `derived`). */
type DerivedClause = Extract<Clause, { kind: 'range' | 'contains_ci' }>;
/** Clauses answered by the sets of exact-match values. */
type ExactClause = Extract<Clause, { kind: 'eq_ci' | 'seller_type' | 'featured' }>;

/** The bitset values a listing holds; a listing without a seller type counts as private (spec section 5). */
function bitValues(item: Searchable): [BitKey, string][] {
  const out: [BitKey, string][] = [];
  for (const key of TEXT_KEYS) {
    const v = item[key];
    if (v !== null) out.push([key, v.toLowerCase()]);
  }
  out.push(['seller_type', item.seller_type === null ? 'private' : item.seller_type]);
  out.push(['featured', String(item.featured)]);
  return out;
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

  /** The set of a bitset's slots, in the form its count calls for. */
  static fromBits(bits: Uint32Array, capacity: number): SlotSet {
    const set = new SlotSet();
    set.bits = bits;
    set.list = null;
    for (let w = 0; w < bits.length; w++) {
      let word = bits[w]!;
      while (word !== 0) {
        word &= word - 1;
        set.size++;
      }
    }
    if (set.size < capacity >>> 6) set.toList();
    return set;
  }
}

const EMPTY = new SlotSet();
/** How many range and place sets to keep; the least recently built goes first. */
const DERIVED_MAX = 256;

export class ListingIndex<T extends Indexed> {
  private items: (T | undefined)[] = [];
  private slotOf = new Map<string, number>();
  private freeSlots: number[] = [];
  private capacity = 0;
  private price = new Float64Array(0);
  private mileage = new Float64Array(0);
  private year = new Float64Array(0);
  private engine = new Float64Array(0);
  /** Engine power in whole horsepower (1 to 5000), 0 for none: two bytes a listing. */
  private power = new Uint16Array(0);
  private created = new Float64Array(0);
  private expires = new Float64Array(0);
  private gx = new Float64Array(0);
  private gy = new Float64Array(0);
  private gz = new Float64Array(0);
  /** Per-search distances (squared chords), written during the scan and read by the comparator. */
  private scratch = new Float64Array(0);
  private alive = new Uint32Array(0);
  /** The slots of each exact-match value (key and value joined by a NUL); a value no listing holds has none. */
  private sets = new Map<string, SlotSet>();
  /** Interned location: each listing's place id, and the places (lower-cased; '' for none). */
  private placeOf = new Int32Array(0);
  private places: string[] = [];
  private placeId = new Map<string, number>();
  /** The listings in each place, so a region clause visits only the places that match. */
  private placeSlots: SlotSet[] = [];

  get size(): number {
    return this.slotOf.size;
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  /** Every listing held, in no particular order. */
  *values(): IterableIterator<T> {
    for (const item of this.items) if (item !== undefined) yield item;
  }

  get(id: string): T | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.items[slot];
  }

  private grow(min: number): void {
    let cap = Math.max(1024, this.capacity * 2);
    while (cap < min) cap *= 2;
    const resize = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a);
      return b;
    };
    this.price = resize(this.price);
    this.mileage = resize(this.mileage);
    this.year = resize(this.year);
    this.engine = resize(this.engine);
    const power = new Uint16Array(cap);
    power.set(this.power);
    this.power = power;
    this.created = resize(this.created);
    this.expires = resize(this.expires);
    this.gx = resize(this.gx);
    this.gy = resize(this.gy);
    this.gz = resize(this.gz);
    this.scratch = resize(this.scratch);
    const words = cap >>> 5;
    const resizeBits = (a: Uint32Array) => {
      const b = new Uint32Array(words);
      b.set(a);
      return b;
    };
    this.alive = resizeBits(this.alive);
    for (const set of this.sets.values()) set.resize(cap);
    for (const set of this.placeSlots) set.resize(cap);
    for (const d of this.derived.values()) d.set.resize(cap);
    const places = new Int32Array(cap);
    places.set(this.placeOf);
    this.placeOf = places;
    this.capacity = cap;
  }

  private link(slot: number, item: T): void {
    const cap = this.capacity;
    for (const d of this.derived.values()) {
      if (this.slotMatches(d.clause, slot)) d.set.add(slot, cap);
      else d.set.delete(slot, cap);
    }
    this.placeSlots[this.placeOf[slot]!]!.add(slot, cap);
    for (const [key, value] of bitValues(item)) {
      const name = `${key}\u0000${value}`;
      let set = this.sets.get(name);
      if (!set) this.sets.set(name, (set = new SlotSet()));
      set.add(slot, cap);
    }
    this.alive[slot >>> 5]! |= 1 << (slot & 31);
  }

  private unlink(slot: number, item: T): void {
    const cap = this.capacity;
    for (const d of this.derived.values()) d.set.delete(slot, cap);
    this.placeSlots[this.placeOf[slot]!]!.delete(slot, cap);
    for (const [key, value] of bitValues(item)) {
      const name = `${key}\u0000${value}`;
      const set = this.sets.get(name);
      if (!set) continue;
      set.delete(slot, cap);
      // A seller's last listing gone: the value goes with it.
      if (set.size === 0) this.sets.delete(name);
    }
    this.alive[slot >>> 5]! &= ~(1 << (slot & 31));
  }

  private intern(location: string | null): number {
    const place = location === null ? '' : location.toLowerCase();
    let id = this.placeId.get(place);
    if (id === undefined) {
      id = this.places.push(place) - 1;
      this.placeSlots.push(new SlotSet());
      this.placeId.set(place, id);
    }
    return id;
  }

  /** Adds a listing or replaces the one with its id. */
  upsert(item: T): void {
    let slot = this.slotOf.get(item.id);
    if (slot !== undefined) this.unlink(slot, this.items[slot]!);
    else {
      slot = this.freeSlots.pop() ?? this.items.length;
      if (slot >= this.capacity) this.grow(slot + 1);
      this.slotOf.set(item.id, slot);
    }
    this.items[slot] = item;
    this.price[slot] = item.price ?? NONE;
    this.mileage[slot] = item.mileage ?? NONE;
    this.year[slot] = item.year;
    this.engine[slot] = item.engine_size ?? NONE;
    this.power[slot] = item.engine_power_hp ?? 0;
    this.created[slot] = Date.parse(item.created_at);
    this.expires[slot] = item.expires_at === null ? NONE : Date.parse(item.expires_at);
    if (item.seller_latitude !== null && item.seller_longitude !== null) {
      const u = unitVector({ latitude: item.seller_latitude, longitude: item.seller_longitude });
      this.gx[slot] = u.x;
      this.gy[slot] = u.y;
      this.gz[slot] = u.z;
    } else {
      this.gx[slot] = NONE;
      this.gy[slot] = NONE;
      this.gz[slot] = NONE;
    }
    this.placeOf[slot] = this.intern(item.location);
    this.link(slot, item);
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.unlink(slot, this.items[slot]!);
    this.items[slot] = undefined;
    this.slotOf.delete(id);
    this.freeSlots.push(slot);
  }

  /**
   * The sets of the range and place clauses searched so far (a year range, a price limit, an engine
   * band, a region), built by one pass on first use and then kept current by every change: buyers
   * repeat the same few of them, and a kept set turns a test per listing into one intersection.
   */
  private derived = new Map<string, { clause: DerivedClause; set: SlotSet }>();

  /** The set a clause selects, for the clauses answered by sets; an empty one when no listing has the value. */
  private clauseSet(c: Exclude<Clause, { kind: 'within_km' }>): SlotSet {
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
        return [this.price, NONE];
      case 'mileage':
        return [this.mileage, NONE];
      case 'year':
        return [this.year, NONE];
      case 'engine_size':
        return [this.engine, NONE];
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
    const place = this.places[this.placeOf[slot]!]!;
    return place !== '' && place.includes(c.value.toLowerCase());
  }

  private buildBits(c: DerivedClause): Uint32Array {
    const words = this.capacity >>> 5;
    const out = new Uint32Array(words);
    if (c.kind === 'range') {
      const [col, none] = this.column(c.field);
      const min = c.min ?? -Infinity;
      const max = c.max ?? Infinity;
      for (let w = 0; w < words; w++) {
        let word = this.alive[w]!;
        while (word !== 0) {
          const bit = word & -word;
          word ^= bit;
          const v = col[(w << 5) + (31 - Math.clz32(bit))]!;
          if (v !== none && v >= min && v <= max) out[w]! |= bit;
        }
      }
      return out;
    }
    // Decided once per distinct place; a listing without a location never matches.
    const needle = c.value.toLowerCase();
    this.places.forEach((p, i) => {
      if (p === '' || !p.includes(needle)) return;
      this.placeSlots[i]!.forEach((slot) => {
        out[slot >>> 5]! |= 1 << (slot & 31);
      });
    });
    return out;
  }

  private exactSet(c: ExactClause): SlotSet {
    const key: [BitKey, string] = c.kind === 'eq_ci' ? [c.field, c.value.toLowerCase()] : c.kind === 'seller_type' ? ['seller_type', c.value] : ['featured', String(c.value)];
    return this.sets.get(`${key[0]}\u0000${key[1]}`) ?? EMPTY;
  }

  /**
   * The listings in every one of `sets` (all live listings when there is none), as a bitset. With a
   * list among them, its smallest list is walked and each slot tested in the others (a list holds
   * under one listing in 32, so that costs no more than a pass over the words); with only bitsets,
   * the smallest is copied and the others ANDed into it, 32 listings at a time.
   */
  private intersect(sets: SlotSet[], words: number): Uint32Array {
    if (sets.length === 0) return this.alive.slice(0, words);
    const bySize = [...sets].sort((a, b) => a.size - b.size);
    const first = bySize.find((s) => !s.isBitset);
    if (first) {
      const others = bySize.filter((s) => s !== first);
      const out = new Uint32Array(words);
      first.forEach((slot) => {
        for (let i = 0; i < others.length; i++) if (!others[i]!.has(slot)) return;
        out[slot >>> 5]! |= 1 << (slot & 31);
      });
      return out;
    }
    const out = bySize[0]!.bits!.slice(0, words);
    for (let i = 1; i < bySize.length; i++) {
      const bits = bySize[i]!.bits!;
      for (let w = 0; w < words; w++) out[w]! &= bits[w]!;
    }
    return out;
  }

  /** A distance limit around another point than the buyer, tested against a slot's coordinates. */
  private withinTest(c: Extract<Clause, { kind: 'within_km' }>): (slot: number) => boolean {
    const b = unitVector(c.center);
    const limit = chordSquaredForKm(c.km);
    const { gx, gy, gz } = this;
    return (s) => {
      const x = gx[s]!;
      return x === x && (x - b.x) ** 2 + (gy[s]! - b.y) ** 2 + (gz[s]! - b.z) ** 2 <= limit;
    };
  }

  search(req: SearchRequest, now: number = Date.now()): IndexResult<T> {
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
      sets.push(this.clauseSet(c));
    }
    const candidates = this.intersect(sets, words);
    const want = req.limit === undefined ? Infinity : req.offset + req.limit;
    const byDistance = req.sort === 'distance' && buyer !== null;
    const needChord = byDistance || maxChord !== Infinity;
    const { gx, gy, gz, scratch } = this;
    const bx = buyer?.x ?? 0;
    const by = buyer?.y ?? 0;
    const bz = buyer?.z ?? 0;
    const [key, dir] = this.sortKey(req.sort, byDistance);
    const heap = new TopK(want, this.comparator(key, dir));
    const expires = this.expires;
    let total = 0;
    for (let w = 0; w < words; w++) {
      let word = candidates[w]!;
      while (word !== 0) {
        const bit = word & -word;
        word ^= bit;
        const s = (w << 5) + (31 - Math.clz32(bit));
        const exp = expires[s]!;
        if (exp === exp && exp <= now) continue;
        if (needChord) {
          // NaN for a listing without coordinates: it fails a distance limit and ranks last.
          const x = gx[s]!;
          const chord = (x - bx) ** 2 + (gy[s]! - by) ** 2 + (gz[s]! - bz) ** 2;
          if (!(chord <= maxChord) && maxChord !== Infinity) continue;
          scratch[s] = chord;
        }
        let ok = true;
        for (let i = 0; i < tests.length; i++) {
          if (!tests[i]!(s)) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        total++;
        // Plainly worse than the worst kept hit: skip the heap (ties and missing values go through it).
        if (heap.full && (dir === 1 ? key[s]! > key[heap.top]! : key[s]! < key[heap.top]!)) continue;
        heap.push(s);
      }
    }
    const slots = heap.sorted().slice(req.offset, req.limit === undefined ? undefined : req.offset + req.limit);
    return {
      total,
      hits: slots.map((s) => ({ item: this.items[s]! })),
    };
  }

  /** The column a sort order ranks by first, and its direction. */
  private sortKey(sort: SortOrder, byDistance: boolean): [Float64Array, 1 | -1] {
    switch (sort) {
      case 'price_asc':
        return [this.price, 1];
      case 'price_desc':
        return [this.price, -1];
      case 'year_desc':
        return [this.year, -1];
      case 'year_asc':
        return [this.year, 1];
      case 'mileage_asc':
        return [this.mileage, 1];
      case 'distance':
        return byDistance ? [this.scratch, 1] : [this.created, -1];
      case 'newest':
        return [this.created, -1];
    }
  }

  /** `compareRanked` of src/domain/search/match.ts over slots: the key (nulls last), newest, then id. */
  private comparator(col: Float64Array, dir: 1 | -1): (a: number, b: number) => number {
    const tail = (a: number, b: number) => {
      const d = this.created[b]! - this.created[a]!;
      if (d !== 0) return d;
      const ia = this.items[a]!.id;
      const ib = this.items[b]!.id;
      return ia < ib ? -1 : ia > ib ? 1 : 0;
    };
    // Newest first is the tail itself (the created column, descending).
    if (col === this.created) return tail;
    return (a: number, b: number) => {
      const x = col[a]!;
      const y = col[b]!;
      const xn = x !== x;
      const yn = y !== y;
      if (xn || yn) return xn && yn ? tail(a, b) : xn ? 1 : -1;
      return x !== y ? (x - y) * dir : tail(a, b);
    };
  }
}

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
        if (this.cmp(h[i]!, h[p]!) <= 0) break;
        [h[i], h[p]] = [h[p]!, h[i]!];
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
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }

  sorted(): number[] {
    return [...this.heap].sort(this.cmp);
  }
}

