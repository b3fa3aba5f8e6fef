import { toClauses, type SearchFilters, type SearchRequest } from '../filters';
import { forEachBit } from './slotSets';
import { ClauseSets, type SetClause } from './clauseSets';
import { Columns, FLAG_BIT, idStartsOf, type IndexColumns, type Indexed, type PricedFields, type StoredText } from './columns';
import { Expiry } from './expiry';
import { cellKeyOf, cellOrder, Grid } from './grid';
import { KeptOrders } from './orders';
import { Searcher } from './search';
import { Vocabulary } from './vocabulary';

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
//
// This class puts the parts together, each in its own file of this folder: the columns and their
// bulk builder (columns.ts, with the text dictionaries of dictionaries.ts), the sets the clauses
// select (clauseSets.ts, of slotSets.ts's sets), the grid (grid.ts), the kept orders (orders.ts), the
// expiry hours (expiry.ts) and the words vocabulary (vocabulary.ts); a search is answered by
// search.ts, ranking a page with ranking.ts, candidatePass.ts and topK.ts.

export interface IndexHit<T> {
  item: T;
}

export interface IndexResult<T> {
  hits: IndexHit<T>[];
  total: number;
}

/**
 * The index keeps only the columns (the server's million listings, a phone's summary of 100,000): a
 * hit is a `ListingSummary`-shaped object made from them for the page asked for, or (`searchIds`)
 * only its id and coordinates.
 */
export class ListingIndex<T extends Indexed> {
  private readonly columns = new Columns();
  private readonly sets = new ClauseSets(this.columns);
  private readonly grid = new Grid();
  private readonly expiry = new Expiry(this.columns);
  private readonly orders = new KeptOrders(this.columns);
  private readonly searcher = new Searcher(this.columns, this.sets, this.grid, this.expiry, this.orders, new Vocabulary(this.columns));

  get size(): number {
    return this.columns.ids.size;
  }

  has(id: string): boolean {
    return this.columns.ids.get(id) !== undefined;
  }

  /** Every listing held, in no particular order. */
  *values(): IterableIterator<T> {
    for (let slot = 0; slot < this.columns.slotsUsed; slot++) if (this.columns.ids.holds(slot)) yield this.item(slot);
  }

  /** Each live slot with a reader of its text fields, for passes over every listing that need no object. */
  forEachSlot(fn: (slot: number, text: (field: StoredText) => string | null) => void): void {
    const { ids, text } = this.columns;
    for (let slot = 0; slot < this.columns.slotsUsed; slot++) {
      if (!ids.holds(slot)) continue;
      fn(slot, (field) => text[field].value(slot));
    }
  }

  get(id: string): T | undefined {
    const slot = this.columns.ids.get(id);
    return slot === undefined ? undefined : this.item(slot);
  }

  /** The ids of the listings whose expiry is `now` or before (a device drops them: the feed sends no tombstone for them). */
  expiredIds(now: number): string[] {
    return this.expiry.expiredIds(now);
  }

  /** Whether a listing of this seller has been held (the seller's id is known to the index). */
  holdsSeller(id: string): boolean {
    return this.columns.text.seller_id.codesOf(id).length > 0;
  }

  /** Whether the listing in a live slot has a photo. */
  hasPhoto(slot: number): boolean {
    return (this.columns.flags[slot]! & 2) === 2;
  }

  /** Whether the listing in a live slot is a verified dealer's. */
  isVerifiedDealer(slot: number): boolean {
    return (this.columns.flags[slot]! & FLAG_BIT.verified_dealer) !== 0;
  }

  /** The listing in a live slot (see `forEachSlot`). */
  atSlot(slot: number): T {
    return this.item(slot);
  }

  /** The listing in a slot, made from the columns. */
  private item(slot: number): T {
    return this.columns.item(slot) as unknown as T;
  }

  private grow(min: number): void {
    let cap = Math.max(1024, this.columns.capacity * 2);
    while (cap < min) cap *= 2;
    this.grid.resize(cap);
    this.expiry.resize(cap);
    this.sets.resize(cap);
    this.columns.resize(cap);
  }

  /** Puts a slot (its columns written) in the sets, the live slots, the expiry hours and the kept orders. */
  private link(slot: number): void {
    this.sets.link(slot);
    this.columns.alive[slot >>> 5]! |= 1 << (slot & 31);
    this.expiry.add(slot);
    this.orders.add(slot);
  }

  /** Takes a slot out of everything `link` put it in, before its columns change. */
  private unlink(slot: number): void {
    this.sets.unlink(slot);
    this.columns.alive[slot >>> 5]! &= ~(1 << (slot & 31));
    this.expiry.delete(slot);
    // Before the slot's columns change: its place in each order is found by them.
    this.orders.delete(slot);
  }

  /** Adds a listing or replaces the one with its id. */
  upsert(item: T): void {
    const columns = this.columns;
    let slot = columns.ids.get(item.id);
    // A build's listing leaving its cell's range takes a new slot.
    if (slot !== undefined && slot < this.grid.ranged && cellKeyOf(item.seller_latitude, item.seller_longitude) !== cellKeyOf(columns.latitude[slot]!, columns.longitude[slot]!)) {
      this.remove(item.id);
      slot = undefined;
    }
    if (slot !== undefined) this.unlink(slot);
    else {
      slot = columns.freeSlots.pop() ?? columns.slotsUsed++;
      if (slot >= columns.capacity) this.grow(slot + 1);
      columns.ids.set(item.id, slot);
    }
    columns.write(slot, item);
    this.place(slot, item.seller_latitude, item.seller_longitude);
    this.link(slot);
  }

  /** A slot's coordinates: its grid cell, and the coordinates' columns. */
  private place(slot: number, latitude: number | null, longitude: number | null): void {
    this.grid.unfile(slot);
    if (latitude !== null && longitude !== null) this.grid.file(slot, latitude, longitude);
    this.columns.place(slot, latitude, longitude);
  }

  remove(id: string): void {
    const slot = this.columns.ids.get(id);
    if (slot === undefined) return;
    this.unlink(slot);
    this.grid.unfile(slot);
    this.columns.ids.delete(id);
    // A slot of a cell's range is not given to another listing (see Grid's `spatial`).
    if (slot >= this.grid.ranged) this.columns.freeSlots.push(slot);
  }

  /**
   * The columns of the listings held, packed (no free slots, each dictionary down to the values in use,
   * codes in the smallest integer type that holds them), for `ListingIndex.fromColumns`.
   */
  toColumns(): IndexColumns {
    return this.columns.toColumns();
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
    const idStarts = idStartsOf(c);
    // Slots in cell order (those without coordinates last): the listing given at `order[slot]`.
    const { order, ranged } = cellOrder(c.numbers.latitude, c.numbers.longitude);
    yield;
    yield* index.columns.loadIds(c, idStarts, order);
    yield;
    index.columns.loadText(c, order);
    yield;
    index.columns.loadNumbers(c, order);
    index.grid.ranged = ranged;
    yield;
    const built = index.placeLoaded(c, order, ranged);
    yield;
    index.grid.setBuilt(built.keys, built.starts);
    index.columns.markLive(c.n);
    yield* index.sets.load(c);
    return index;
  }

  /**
   * Places the loaded listings (slot `s` the one given at `order[s]`) and files them under their expiry
   * hours; the build's cells: their keys in slot order, and the first slot of each and the end of the last.
   */
  private placeLoaded(c: IndexColumns, order: Uint32Array, ranged: number): { keys: number[]; starts: number[] } {
    const keys: number[] = [];
    const starts: number[] = [];
    for (let slot = 0; slot < c.n; slot++) {
      const lat = c.numbers.latitude[order[slot]!]!;
      const lon = c.numbers.longitude[order[slot]!]!;
      this.place(slot, lat === lat ? lat : null, lat === lat ? lon : null);
      if (slot < ranged) {
        const key = cellKeyOf(lat, lon);
        if (keys.length === 0 || keys[keys.length - 1] !== key) {
          keys.push(key);
          starts.push(slot);
        }
      }
      this.expiry.add(slot);
    }
    starts.push(ranged);
    return { keys, starts };
  }

  search(req: SearchRequest, now: number = Date.now()): IndexResult<T> {
    const { slots, total } = this.searcher.slots(req, now);
    return { total, hits: slots.map((s) => ({ item: this.item(s) })) };
  }

  /**
   * A search's hits as ids and coordinates only (what a server needs to write the page from each
   * listing's own JSON, with the buyer's distance): no listing object made.
   */
  searchIds(req: SearchRequest, now: number = Date.now()): { hits: { id: string; latitude: number | null; longitude: number | null }[]; total: number } {
    const { slots, total } = this.searcher.slots(req, now);
    const { ids, latitude, longitude } = this.columns;
    return {
      total,
      hits: slots.map((s) => {
        const lat = latitude[s]!;
        return { id: ids.idAt(s)!, latitude: lat === lat ? lat : null, longitude: lat === lat ? longitude[s]! : null };
      }),
    };
  }

  /**
   * The price, year and usage of every listing that exact-match filters find (unexpired), in no order:
   * what a model's price fit reads (search/priceVerdict.ts), with no listing object made and no sort.
   */
  pricesOf(filters: SearchFilters, now: number = Date.now()): PricedFields[] {
    const sets = toClauses(filters).map((c) => this.sets.clauseSet(c as SetClause));
    const candidates = this.sets.intersect(sets, this.columns.capacity >>> 5, null).bits;
    this.expiry.dropExpired(candidates, now);
    const out: PricedFields[] = [];
    forEachBit(candidates, candidates.length, (slot) => out.push(this.columns.pricedAt(slot)));
    return out;
  }

  /** A listing's price, year and usage (what its price verdict reads), with no listing object made; undefined for one not held. */
  priced(id: string): PricedFields | undefined {
    const slot = this.columns.ids.get(id);
    return slot === undefined ? undefined : this.columns.pricedAt(slot, id);
  }

  /** One listing of each model held (type, make and model as spelt), for work done once a model: its price fit. */
  modelSamples(): PricedFields[] {
    // Model codes seen, by type and make code: a pass over a million slots makes no string per slot.
    const seen = new Map<number, Set<number>>();
    const out: PricedFields[] = [];
    const columns = this.columns;
    const { vehicle_type: type, make, model } = columns.text;
    const types = type.dict.length;
    for (let slot = 0; slot < columns.slotsUsed; slot++) {
      if (!columns.ids.holds(slot)) continue;
      const typeAndMake = make.codes[slot]! * types + type.codes[slot]!;
      let models = seen.get(typeAndMake);
      if (!models) seen.set(typeAndMake, (models = new Set()));
      if (models.has(model.codes[slot]!)) continue;
      models.add(model.codes[slot]!);
      out.push(columns.pricedAt(slot));
    }
    return out;
  }
}
