import type { TopK } from './topK';

/**
 * One pass of a search over runs of its candidates: counts those shown (within the distance limit,
 * passing the tests) and, given a heap, ranks them into it. Each run is one loop with no call per
 * candidate but the tests' and the heap's: at a million listings a search may visit a hundred
 * thousand of them.
 */
export class CandidatePass {
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
export const ORIGIN = { x: 0, y: 0, z: 0 } as const;

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
