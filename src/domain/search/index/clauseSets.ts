import { FLAG_FIELDS, type Clause, type FlagField } from '../filters';
import { holdsWords, valueWords } from '../fields';
import { FLAG_BIT, NONE, SET_KEYS, type Columns, type IndexColumns, type TextKey } from './columns';
import { SlotSet } from './slotSets';

/** Set keys: the text fields (lower-cased), and the seller-type, featured and trust-signal rules. */
type BitKey = TextKey | 'seller_type' | 'featured' | FlagField;
/** Clauses whose sets are built on demand and then kept current (see `derived`). */
type DerivedClause = Extract<Clause, { kind: 'range' | 'contains_ci' | 'words_in' }>;
/** Clauses answered by the sets of exact-match values. */
type ExactClause = Extract<Clause, { kind: 'eq_ci' | 'seller_type' | 'featured' | 'flag' }>;
/** The clauses answered by sets (the others are a test of each candidate). */
export type SetClause = Exclude<Clause, { kind: 'within_km' | 'words' }>;

const EMPTY = new SlotSet();
/** How many range and place sets to keep; the least recently built goes first. */
const DERIVED_MAX = 256;

/**
 * The sets of listings the clauses select, kept current by every change: each exact-match value's
 * (a value no listing holds has none), each location's, and the ranges and places searched so far;
 * and their intersection, a search's candidates.
 */
export class ClauseSets {
  /** The slots of each exact-match value (key and value joined by a NUL); a value no listing holds has none. */
  private readonly sets = new Map<string, SlotSet>();
  /** The listings of each location (by its code in the location column), so a place clause visits only the places that match. */
  private placeSlots: SlotSet[] = [];
  /**
   * The sets of the range and place clauses searched so far (a year range, a price limit, an engine
   * band, a region), built by one pass on first use and then kept current by every change: buyers
   * repeat the same few of them, and a kept set turns a test per listing into one intersection.
   */
  private readonly derived = new Map<string, { clause: DerivedClause; set: SlotSet }>();
  /** A search's candidates, one bit a slot (see `intersect`). */
  private candidates = new Uint32Array(0);

  constructor(private readonly columns: Columns) {}

  /** Follows the slots' capacity. */
  resize(cap: number): void {
    for (const set of this.sets.values()) set.resize(cap);
    for (const set of this.placeSlots) set.resize(cap);
    for (const d of this.derived.values()) d.set.resize(cap);
  }

  /** The exact-match sets a slot belongs to, by name (key and lower-cased value joined by a NUL). */
  private setNames(slot: number): string[] {
    const { text, flags } = this.columns;
    const out: string[] = [];
    for (const key of SET_KEYS) {
      const v = text[key].value(slot);
      if (v !== null) out.push(`${key}\u0000${v.toLowerCase()}`);
    }
    // A listing without a seller type counts as private (spec section 5).
    out.push(`seller_type\u0000${text.seller_type.value(slot) ?? 'private'}`);
    out.push(`featured\u0000${(flags[slot]! & 1) === 1}`);
    for (const f of FLAG_FIELDS) out.push(`${f}\u0000${(flags[slot]! & FLAG_BIT[f]) !== 0}`);
    return out;
  }

  private placeSet(code: number): SlotSet {
    while (this.placeSlots.length <= code) this.placeSlots.push(new SlotSet());
    return this.placeSlots[code]!;
  }

  /** Puts a slot (its columns written) in the sets it belongs to. */
  link(slot: number): void {
    const cap = this.columns.capacity;
    for (const d of this.derived.values()) {
      if (this.slotMatches(d.clause, slot)) d.set.add(slot, cap);
      else d.set.delete(slot, cap);
    }
    this.placeSet(this.columns.text.location.codes[slot]!).add(slot, cap);
    for (const name of this.setNames(slot)) {
      let set = this.sets.get(name);
      if (!set) this.sets.set(name, (set = new SlotSet()));
      set.add(slot, cap);
    }
  }

  /** Takes a slot out of every set, before its columns change. */
  unlink(slot: number): void {
    const cap = this.columns.capacity;
    for (const d of this.derived.values()) d.set.delete(slot, cap);
    this.placeSet(this.columns.text.location.codes[slot]!).delete(slot, cap);
    for (const name of this.setNames(slot)) {
      const set = this.sets.get(name);
      if (!set) continue;
      set.delete(slot, cap);
      // A seller's last listing gone: the value goes with it.
      if (set.size === 0) this.sets.delete(name);
    }
  }

  /**
   * The sets of the listings loaded from stored columns (slots 0..n-1), each by one pass over its
   * field's codes (a value's set resolved once per dictionary entry), a pause after each field.
   */
  *load(c: IndexColumns): Generator<void> {
    const columns = this.columns;
    const cap = columns.capacity;
    /** Each value's set, from its listings counted and listed in one pass over the codes. */
    const bySet = (names: (string | null)[], codes: ArrayLike<number>) => {
      const lists = SlotSet.group(codes, c.n, names.length, cap);
      names.forEach((name, code) => {
        const set = lists[code];
        if (name === null || !set) return;
        const kept = this.sets.get(name);
        this.sets.set(name, kept ? SlotSet.union(kept, set, cap) : set);
      });
    };
    for (const key of SET_KEYS) {
      bySet(
        // The loaded dictionary: stored columns without this field (see `lacksFields`) hold none of it.
        columns.text[key].dict.map((v) => (v === null ? null : `${key}\u0000${v.toLowerCase()}`)),
        columns.text[key].codes,
      );
      yield;
    }
    // A listing without a seller type counts as private (spec section 5).
    bySet(
      c.text.seller_type.dict.map((v) => `seller_type\u0000${v ?? 'private'}`),
      columns.text.seller_type.codes,
    );
    yield;
    const flags = columns.flags.subarray(0, c.n);
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
    this.placeSlots = SlotSet.group(columns.text.location.codes, c.n, c.text.location.dict.length, cap).map((set) => set ?? new SlotSet());
  }

  /** The set a clause selects, for the clauses answered by sets; an empty one when no listing has the value. */
  clauseSet(c: SetClause): SlotSet {
    if (c.kind !== 'range' && c.kind !== 'contains_ci' && c.kind !== 'words_in') return this.exactSet(c);
    const key =
      c.kind === 'range'
        ? `${c.field}\u0000${c.min ?? ''}\u0000${c.max ?? ''}`
        : c.kind === 'words_in'
          ? `words_in\u0000${c.field}\u0000${valueWords(c.value)}`
          : `place\u0000${c.value.toLowerCase()}`;
    let entry = this.derived.get(key);
    if (!entry) {
      if (this.derived.size >= DERIVED_MAX) this.derived.delete(this.derived.keys().next().value!);
      this.derived.set(key, (entry = { clause: c, set: SlotSet.fromBits(this.buildBits(c), this.columns.capacity) }));
    }
    return entry.set;
  }

  /** A range field's column, and the value that stands for "none" in it (never in range, as SQL's NULL). */
  private column(field: Extract<Clause, { kind: 'range' }>['field']): [Float64Array | Uint16Array, number] {
    const { num, power } = this.columns;
    switch (field) {
      case 'price':
        return [num.price, NONE];
      case 'mileage':
        return [num.mileage, NONE];
      case 'operating_hours':
        return [num.operating_hours, NONE];
      case 'year':
        return [num.year, NONE];
      case 'engine_size':
        return [num.engine_size, NONE];
      case 'engine_power_hp':
        return [power, 0];
    }
  }

  /** Whether a live slot satisfies a range or place clause (no value fails a range, as SQL's NULL does). */
  private slotMatches(c: DerivedClause, slot: number): boolean {
    if (c.kind === 'range') {
      const [col, none] = this.column(c.field);
      const v = col[slot]!;
      return v !== none && v >= (c.min ?? -Infinity) && v <= (c.max ?? Infinity);
    }
    if (c.kind === 'words_in') {
      const value = this.columns.text[c.field].value(slot);
      return value !== null && holdsWords(value, c.value);
    }
    const place = this.columns.text.location.value(slot);
    return place !== null && place.toLowerCase().includes(c.value.toLowerCase());
  }

  private buildBits(c: DerivedClause): Uint32Array {
    const words = this.columns.capacity >>> 5;
    const out = new Uint32Array(words);
    if (c.kind === 'range') {
      const [col] = this.column(c.field);
      const min = c.min ?? -Infinity;
      const max = c.max ?? Infinity;
      if (col instanceof Float64Array) rangeWords(col, min, max, this.columns.alive, out);
      else powerRangeWords(col, min, max, this.columns.alive, out);
      return out;
    }
    if (c.kind === 'words_in') {
      // Decided once per distinct value, then its exact-match set (by its lower-cased value) is added.
      for (const value of this.columns.text[c.field].dict) {
        if (value === null || !holdsWords(value, c.value)) continue;
        this.sets.get(`${c.field}\u0000${value.toLowerCase()}`)?.forEach((slot) => {
          out[slot >>> 5]! |= 1 << (slot & 31);
        });
      }
      return out;
    }
    // Decided once per distinct place; a listing without a location never matches.
    const needle = c.value.toLowerCase();
    this.columns.text.location.dict.forEach((p, code) => {
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
    const col = this.columns.text.seller_id;
    const want = col.codesOf(value);
    const set = new SlotSet();
    if (want.length === 0) return set;
    const codes = col.codes;
    const { alive, capacity } = this.columns;
    const [a, b = a] = want;
    for (let w = 0; w < capacity >>> 5; w++) {
      let word = alive[w]!;
      while (word !== 0) {
        const bit = word & -word;
        word ^= bit;
        const slot = (w << 5) + (31 - Math.clz32(bit));
        const code = codes[slot];
        if (code === a || code === b) set.add(slot, capacity);
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
  intersect(sets: SlotSet[], words: number, span: [number, number][] | null): { bits: Uint32Array; count: number } {
    // One buffer for every search (a search runs start to end without yielding): at a million
    // listings a fresh one would be 128 KB of memory to allocate, clear and collect a search.
    if (this.candidates.length !== words) this.candidates = new Uint32Array(words);
    const out = this.candidates;
    if (sets.length === 0) {
      out.set(this.columns.alive.subarray(0, words));
      return { bits: out, count: this.columns.ids.size };
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
    // Only the words a distance limit leaves (see Grid.areaWords) are intersected, the others cleared.
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
