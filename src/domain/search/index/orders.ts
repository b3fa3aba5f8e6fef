import type { SortOrder } from '@/domain/core/constants';
import { forEachBit } from './slotSets';
import type { Columns, NumberColumn } from './columns';
import { columnComparator, comparator } from './ranking';

// The orders a page is walked in when a search finds many listings (newest first, the default without
// a buyer's place; by price, year or mileage): each made on its first use and then kept by every change.

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

/** The orders a page may be walked in (see `KeptOrders`): each sort but distance, by its number column and direction. */
const KEPT_ORDERS = {
  price_asc: ['price', 1],
  price_desc: ['price', -1],
  year_desc: ['year', -1],
  year_asc: ['year', 1],
  mileage_asc: ['mileage', 1],
} as const satisfies Record<string, readonly [NumberColumn, 1 | -1]>;
type KeptOrder = keyof typeof KEPT_ORDERS | 'newest';

/** The kept order a sort is walked in without a buyer's place (distance then falls back to newest first). */
export const keptOrderOf = (sort: SortOrder): KeptOrder => (sort === 'distance' ? 'newest' : sort);

/** The listings in each kept order, each made on its first use and then kept by every change. */
export class KeptOrders {
  private readonly orders = new Map<KeptOrder, SortedSlots>();

  constructor(private readonly columns: Columns) {}

  /** Puts a slot (its columns written) in each order made. */
  add(slot: number): void {
    for (const order of this.orders.values()) order.add(slot);
  }

  /** Takes a slot out of each order made, before its columns change: its place in each order is found by them. */
  delete(slot: number): void {
    for (const order of this.orders.values()) order.delete(slot);
  }

  /** The live listings in a kept order (ties newest first, then by id), sorted once and then kept by every change. */
  get(kept: KeptOrder): SortedSlots {
    let order = this.orders.get(kept);
    if (!order) {
      const slots: number[] = [];
      forEachBit(this.columns.alive, this.columns.capacity >>> 5, (s) => slots.push(s));
      const cmp = this.comparator(kept);
      order = new SortedSlots(cmp, Int32Array.from(slots).sort(cmp));
      this.orders.set(kept, order);
    }
    return order;
  }

  /**
   * A kept order's comparator: `comparator`'s order, reading its column as it is at each call (the
   * columns are replaced when the index grows, and an order is kept across that).
   */
  private comparator(kept: KeptOrder): (a: number, b: number) => number {
    if (kept === 'newest') return comparator(this.columns, this.columns.newest, -1);
    const [field, dir] = KEPT_ORDERS[kept];
    return columnComparator(this.columns, field, dir);
  }
}
