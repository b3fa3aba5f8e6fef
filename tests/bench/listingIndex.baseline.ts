// BASELINE ONLY, for \`npm run bench:search\`'s memory comparison (issue 16): the listing index as it
// was before each value's set became a list or a bitset by its size (src/domain/search/listingIndex.ts
// at commit 2828055), one full-size bitset per distinct value. Not used by the app or the server.
import type { SortOrder } from '@/domain/core/constants';
import { chordSquaredForKm, unitVector } from '@/domain/geo/geo';
import { toClauses, type Clause, type SearchRequest } from '@/domain/search/filters';
import type { Searchable } from '@/domain/search/match';

// An in-memory index of listings that answers the searches of spec section 5 with the same
// results and order as `matchesClauses` + `compareRanked` (tests check it), fast enough for
// 100,000 listings: numbers live in typed columns, each exact-match value has a bitset of the
// listings holding it (several are intersected 32 listings at a time), locations are interned so
// "region contained in the location" is tested once per distinct place, the sets of the ranges and
// places buyers ask for are kept and updated with each change, and only the page asked for is
// fully sorted (a bounded heap keeps the best offset+limit).

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
/** Bitset keys: the text fields (lower-cased), and the seller-type and featured rules. */
type BitKey = TextKey | 'seller_type' | 'featured';
/** Clauses whose sets are built on demand and then kept current (see `derived`). */
type DerivedClause = Extract<Clause, { kind: 'range' | 'contains_ci' }>;

/** The bitset values a listing holds; a listing without a seller type counts as private (spec section 5). */
function bitValues(item: Searchable): [BitKey, string][] {
  const out: [BitKey, string][] = [];
  for (const key of TEXT_KEYS) {
    const v = item[key] ?? null;
    if (v !== null) out.push([key, v.toLowerCase()]);
  }
  out.push(['seller_type', item.seller_type === null ? 'private' : item.seller_type]);
  out.push(['featured', String(item.featured)]);
  return out;
}

const NONE = Number.NaN;
/** How many range and place sets to keep; the least recently built goes first. */
const DERIVED_MAX = 256;

export class BaselineListingIndex<T extends Indexed> {
  private items: (T | undefined)[] = [];
  private slotOf = new Map<string, number>();
  private freeSlots: number[] = [];
  private capacity = 0;
  private price = new Float64Array(0);
  private mileage = new Float64Array(0);
  private hours = new Float64Array(0);
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
  private bits = new Map<string, Uint32Array>();
  /** Interned location: each listing's place id, and the places (lower-cased; '' for none). */
  private placeOf = new Int32Array(0);
  private places: string[] = [];
  private placeId = new Map<string, number>();
  /** The listings in each place, so a region clause visits only the places that match. */
  private placeSlots: Set<number>[] = [];

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
    this.hours = resize(this.hours);
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
    for (const [k, v] of this.bits) this.bits.set(k, resizeBits(v));
    for (const d of this.derived.values()) d.bits = resizeBits(d.bits);
    const places = new Int32Array(cap);
    places.set(this.placeOf);
    this.placeOf = places;
    this.capacity = cap;
  }

  private bitset(key: BitKey, value: string): Uint32Array | undefined {
    return this.bits.get(`${key}\u0000${value}`);
  }

  private link(slot: number, item: T): void {
    for (const d of this.derived.values()) {
      if (this.slotMatches(d.clause, slot)) d.bits[slot >>> 5]! |= 1 << (slot & 31);
      else d.bits[slot >>> 5]! &= ~(1 << (slot & 31));
    }
    this.placeSlots[this.placeOf[slot]!]!.add(slot);
    for (const [key, value] of bitValues(item)) {
      const name = `${key}\u0000${value}`;
      let set = this.bits.get(name);
      if (!set) this.bits.set(name, (set = new Uint32Array(this.capacity >>> 5)));
      set[slot >>> 5]! |= 1 << (slot & 31);
    }
    this.alive[slot >>> 5]! |= 1 << (slot & 31);
  }

  private unlink(slot: number, item: T): void {
    for (const d of this.derived.values()) d.bits[slot >>> 5]! &= ~(1 << (slot & 31));
    this.placeSlots[this.placeOf[slot]!]!.delete(slot);
    for (const [key, value] of bitValues(item)) {
      const set = this.bitset(key, value);
      if (set) set[slot >>> 5]! &= ~(1 << (slot & 31));
    }
    this.alive[slot >>> 5]! &= ~(1 << (slot & 31));
  }

  private intern(location: string | null): number {
    const place = location === null ? '' : location.toLowerCase();
    let id = this.placeId.get(place);
    if (id === undefined) {
      id = this.places.push(place) - 1;
      this.placeSlots.push(new Set());
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
    this.hours[slot] = item.operating_hours ?? NONE;
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
  private derived = new Map<string, { clause: DerivedClause; bits: Uint32Array }>();

  /** The bitset a clause selects, for the clauses answered by bitsets; an empty one when no listing has the value. */
  private clauseBits(c: Clause): Uint32Array | null {
    if (c.kind !== 'range' && c.kind !== 'contains_ci') return this.exactBits(c);
    const key = c.kind === 'range' ? `${c.field}\u0000${c.min ?? ''}\u0000${c.max ?? ''}` : `place\u0000${c.value.toLowerCase()}`;
    let entry = this.derived.get(key);
    if (!entry) {
      if (this.derived.size >= DERIVED_MAX) this.derived.delete(this.derived.keys().next().value!);
      this.derived.set(key, (entry = { clause: c, bits: this.buildBits(c) }));
    }
    return entry.bits;
  }

  /** A range field's column, and the value that stands for "none" in it (never in range, as SQL's NULL). */
  private column(field: Extract<Clause, { kind: 'range' }>['field']): [Float64Array | Uint16Array, number] {
    switch (field) {
      case 'price':
        return [this.price, NONE];
      case 'mileage':
        return [this.mileage, NONE];
      case 'operating_hours':
        return [this.hours, NONE];
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
      for (const slot of this.placeSlots[i]!) out[slot >>> 5]! |= 1 << (slot & 31);
    });
    return out;
  }

  private exactBits(c: Clause): Uint32Array | null {
    const key: [BitKey, string] | null =
      c.kind === 'eq_ci' ? [c.field as TextKey, c.value.toLowerCase()] : c.kind === 'seller_type' ? ['seller_type', c.value] : c.kind === 'featured' ? ['featured', String(c.value)] : null;
    if (!key) return null;
    return this.bitset(key[0], key[1]) ?? new Uint32Array(this.capacity >>> 5);
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
    // Exact-match clauses become one bitset (their intersection with the live listings).
    const words = this.capacity >>> 5;
    const candidates = this.alive.slice(0, words);
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
      const set = this.clauseBits(c)!;
      for (let w = 0; w < words; w++) candidates[w]! &= set[w]!;
    }
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
