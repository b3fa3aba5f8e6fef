import type { SortOrder } from '../constants';
import { chordSquared, chordSquaredForKm, unitVector, type UnitVector } from '../geo';
import { toClauses, type Clause, type SearchRequest } from './filters';
import { matchesClause, type Searchable } from './match';

// An in-memory index of listings that answers the searches of spec section 5 with the same
// results and order as `matchesClauses` + `compareRanked` (tests check it), fast enough for
// 100,000 listings: numbers live in typed columns, exact-match fields in inverted lists, and
// only the page asked for is fully sorted (a bounded heap keeps the best offset+limit).

export interface Indexed extends Searchable {
  expires_at: string | null;
}

export interface IndexHit<T> {
  item: T;
  /** Squared chord to the buyer (orders like distance); null without a buyer or coordinates. */
  chord: number | null;
}

export interface IndexResult<T> {
  hits: IndexHit<T>[];
  total: number;
}

type TextKey = 'vehicle_type' | 'make' | 'model' | 'variant' | 'category' | 'fuel_type' | 'transmission' | 'condition' | 'drive_type' | 'seller_id';
const TEXT_KEYS: TextKey[] = ['vehicle_type', 'make', 'model', 'variant', 'category', 'fuel_type', 'transmission', 'condition', 'drive_type', 'seller_id'];

const NONE = Number.NaN;

export class ListingIndex<T extends Indexed> {
  private items: (T | undefined)[] = [];
  private slotOf = new Map<string, number>();
  private freeSlots: number[] = [];
  private capacity = 0;
  private price = new Float64Array(0);
  private mileage = new Float64Array(0);
  private year = new Float64Array(0);
  private engine = new Float64Array(0);
  private created = new Float64Array(0);
  private expires = new Float64Array(0);
  private gx = new Float64Array(0);
  private gy = new Float64Array(0);
  private gz = new Float64Array(0);
  /** Per-search distances (squared chords), written during the scan and read by the comparator. */
  private scratch = new Float64Array(0);
  private location: string[] = [];
  private inverted = new Map<TextKey, Map<string, Set<number>>>(TEXT_KEYS.map((k) => [k, new Map()]));

  get size(): number {
    return this.slotOf.size;
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
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
    this.created = resize(this.created);
    this.expires = resize(this.expires);
    this.gx = resize(this.gx);
    this.gy = resize(this.gy);
    this.gz = resize(this.gz);
    this.scratch = resize(this.scratch);
    this.capacity = cap;
  }

  private postings(key: TextKey, value: string | null): Set<number> | undefined {
    return value === null ? undefined : this.inverted.get(key)!.get(value.toLowerCase());
  }

  private link(slot: number, item: T): void {
    for (const key of TEXT_KEYS) {
      const value = item[key];
      if (value === null) continue;
      const map = this.inverted.get(key)!;
      const v = value.toLowerCase();
      let set = map.get(v);
      if (!set) map.set(v, (set = new Set()));
      set.add(slot);
    }
  }

  private unlink(slot: number, item: T): void {
    for (const key of TEXT_KEYS) {
      const set = this.postings(key, item[key]);
      if (!set) continue;
      set.delete(slot);
      if (set.size === 0) this.inverted.get(key)!.delete(item[key]!.toLowerCase());
    }
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
    this.location[slot] = item.location?.toLowerCase() ?? '';
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

  clear(): void {
    this.items = [];
    this.slotOf.clear();
    this.freeSlots = [];
    for (const m of this.inverted.values()) m.clear();
  }

  /** A test of one clause against a slot, reading the typed columns. */
  private predicate(c: Clause): (slot: number) => boolean {
    switch (c.kind) {
      case 'eq_ci': {
        const set = this.postings(c.field, c.value) ?? new Set<number>();
        return (s) => set.has(s);
      }
      case 'contains_ci': {
        const needle = c.value.toLowerCase();
        return (s) => this.items[s]!.location !== null && this.location[s]!.includes(needle);
      }
      case 'range': {
        const col = c.field === 'price' ? this.price : c.field === 'mileage' ? this.mileage : c.field === 'year' ? this.year : this.engine;
        const min = c.min ?? -Infinity;
        const max = c.max ?? Infinity;
        // NaN (no value) fails both comparisons, as SQL's NULL does.
        return (s) => col[s]! >= min && col[s]! <= max;
      }
      case 'within_km': {
        const b = unitVector(c.center);
        const limit = chordSquaredForKm(c.km);
        return (s) => {
          const x = this.gx[s]!;
          return x === x && (x - b.x) ** 2 + (this.gy[s]! - b.y) ** 2 + (this.gz[s]! - b.z) ** 2 <= limit;
        };
      }
      case 'seller_type':
      case 'featured':
        return (s) => matchesClause(this.items[s]!, c);
    }
  }

  /** The smallest inverted list among the exact-match clauses, to start from instead of every listing. */
  private seed(clauses: Clause[]): Iterable<number> {
    let best: Set<number> | undefined;
    for (const c of clauses) {
      if (c.kind !== 'eq_ci') continue;
      const set = this.postings(c.field, c.value) ?? new Set<number>();
      if (!best || set.size < best.size) best = set;
    }
    return best ?? this.slotOf.values();
  }

  search(req: SearchRequest, now: number = Date.now()): IndexResult<T> {
    const clauses = toClauses(req.filters, req.buyer);
    const tests = clauses.map((c) => this.predicate(c));
    const buyer = req.buyer ? unitVector(req.buyer) : null;
    const want = req.limit === undefined ? Infinity : req.offset + req.limit;
    const byDistance = req.sort === 'distance' && buyer !== null;
    const heap = new TopK(want, this.comparator(req.sort, byDistance));
    let total = 0;
    outer: for (const s of this.seed(clauses)) {
      const exp = this.expires[s]!;
      if (exp === exp && exp <= now) continue;
      for (const t of tests) if (!t(s)) continue outer;
      total++;
      if (byDistance) this.scratch[s] = this.chordOf(s, buyer) ?? NONE;
      heap.push(s);
    }
    const slots = heap.sorted().slice(req.offset, req.limit === undefined ? undefined : req.offset + req.limit);
    return {
      total,
      hits: slots.map((s) => ({ item: this.items[s]!, chord: buyer ? this.chordOf(s, buyer) : null })),
    };
  }

  private chordOf(s: number, b: UnitVector): number | null {
    const x = this.gx[s]!;
    return x === x ? chordSquared(b, { x, y: this.gy[s]!, z: this.gz[s]! }) : null;
  }

  /** `compareRanked` of src/domain/search/match.ts over slots: the key (nulls last), newest, then id. */
  private comparator(sort: SortOrder, byDistance: boolean): (a: number, b: number) => number {
    const tail = (a: number, b: number) => {
      const d = this.created[b]! - this.created[a]!;
      if (d !== 0) return d;
      const ia = this.items[a]!.id;
      const ib = this.items[b]!.id;
      return ia < ib ? -1 : ia > ib ? 1 : 0;
    };
    const byColumn = (col: Float64Array, dir: 1 | -1) => (a: number, b: number) => {
      const x = col[a]!;
      const y = col[b]!;
      const xn = x !== x;
      const yn = y !== y;
      if (xn || yn) return xn && yn ? tail(a, b) : xn ? 1 : -1;
      return x !== y ? (x - y) * dir : tail(a, b);
    };
    switch (sort) {
      case 'price_asc':
        return byColumn(this.price, 1);
      case 'price_desc':
        return byColumn(this.price, -1);
      case 'year_desc':
        return byColumn(this.year, -1);
      case 'year_asc':
        return byColumn(this.year, 1);
      case 'mileage_asc':
        return byColumn(this.mileage, 1);
      case 'distance':
        return byDistance ? byColumn(this.scratch, 1) : tail;
      case 'newest':
        return tail;
    }
  }
}

/** Keeps the `k` smallest items under `cmp` (a max-heap of size k); all of them when k is Infinity. */
class TopK {
  private heap: number[] = [];
  constructor(
    private readonly k: number,
    private readonly cmp: (a: number, b: number) => number,
  ) {}

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

