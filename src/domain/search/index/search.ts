import { chordSquaredForKm, unitVector } from '@/domain/geo/geo';
import { toClauses, type Clause, type SearchRequest } from '../filters';
import { CandidatePass, ORIGIN } from './candidatePass';
import type { ClauseSets } from './clauseSets';
import type { Columns } from './columns';
import type { Expiry } from './expiry';
import type { AreaRow, Grid } from './grid';
import { keptOrderOf, type KeptOrders } from './orders';
import { comparator, sortKey } from './ranking';
import type { SlotSet } from './slotSets';
import { TopK } from './topK';
import type { Vocabulary } from './vocabulary';

/** How many candidates a grid cell's visit costs, in the choice between the grid walk and a pass over the candidates. */
const GRID_WALK_RATIO = 4;
/** How many candidates (squared) per listing of the page times the listings make a walk of a kept order worth it. */
const ORDER_WALK_RATIO = 2;

type Buyer = { x: number; y: number; z: number };

/**
 * How a search is answered from the index's parts: its clauses become one bitset of candidates (the
 * intersection of their sets) and tests of a candidate (words, a distance limit); the page is then
 * taken from the grid's rings around the buyer, from a kept order, or from a pass over every candidate
 * into a bounded heap, whichever visits the fewest.
 */
export class Searcher {
  constructor(
    private readonly columns: Columns,
    private readonly sets: ClauseSets,
    private readonly grid: Grid,
    private readonly expiry: Expiry,
    private readonly orders: KeptOrders,
    private readonly vocabulary: Vocabulary,
  ) {}

  /**
   * A search's clauses sorted by how they are answered: the sets to intersect, the tests of each
   * candidate, and a distance limit around the buyer (as a squared chord; Infinity for none), which is
   * tested on the chord computed once for ranking too.
   */
  private plan(clauses: Clause[], req: SearchRequest, buyer: Buyer | null): { sets: SlotSet[]; tests: ((slot: number) => boolean)[]; maxChord: number } {
    const sets: SlotSet[] = [];
    const tests: ((slot: number) => boolean)[] = [];
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
        tests.push(this.vocabulary.wordsTest(c.terms));
        continue;
      }
      sets.push(this.sets.clauseSet(c));
    }
    return { sets, tests, maxChord };
  }

  /** The slots of a search's page, in order, and how many listings it found. */
  slots(req: SearchRequest, now: number): { slots: number[]; total: number } {
    const clauses = toClauses(req.filters, req.buyer);
    // Exact-match, range and place clauses become one bitset (the intersection of their sets).
    const words = this.columns.capacity >>> 5;
    const buyer = req.buyer ? unitVector(req.buyer) : null;
    const { sets, tests, maxChord } = this.plan(clauses, req, buyer);
    // A distance limit around the buyer: the grid's rows within it. Their slots (one range, the build's
    // listings in cell order) and those filed since the build are the only candidates that can be shown.
    const area = maxChord !== Infinity && this.grid.usable(req.buyer!) ? this.grid.areaRows(req.buyer!, maxChord) : null;
    const found = this.sets.intersect(sets, words, area ? this.grid.areaWords(area, words) : null);
    const candidates = found.bits;
    /** How many candidates there are (found while intersecting, not counted again). */
    const count = found.count - this.expiry.dropExpired(candidates, now);
    const want = req.limit === undefined ? Infinity : req.offset + req.limit;
    const byDistance = req.sort === 'distance' && buyer !== null;
    const needChord = byDistance || maxChord !== Infinity;
    const limited = maxChord !== Infinity;
    const [key, dir] = sortKey(this.columns, req.sort, byDistance);
    const { xyz, scratch } = this.columns;
    /** A pass over the candidates ranking them into `heap` (none: counting them). */
    const passOf = (heap: TopK | null) => new CandidatePass(candidates, xyz, scratch, buyer ?? ORIGIN, maxChord, tests, heap, key, dir);
    /** Every shown candidate counted, and ranked into `heap` when given: from the grid's area when it can, else by a pass over them all. */
    const countAll = (heap: TopK | null) =>
      this.within(area, buyer, maxChord, candidates, tests, heap, key, dir, byDistance) ?? this.scan(candidates, words, buyer, maxChord, needChord, tests, heap, key, dir);
    let heap: TopK | null = null;
    let total = -1;
    if (byDistance && want !== Infinity && want > 0) {
      // Nearest first over many candidates: the grid's cells around the buyer, ring after ring, hold the
      // page long before every candidate is visited. The rings are expected to visit the page's share
      // of the candidates' cells (want / count of the occupied cells), a pass every candidate; a cell
      // costs about what GRID_WALK_RATIO candidates do.
      if (count * count > GRID_WALK_RATIO * want * this.grid.occupiedCells() && this.grid.usable(req.buyer!)) {
        heap = new TopK(want, comparator(this.columns, key, dir));
        const walked = this.grid.walk(req.buyer!, heap, maxChord, passOf(heap), needChord, scratch);
        // Candidates too far to walk to, or short of a page (the rest have no coordinates, and rank
        // last): the plain pass below.
        if (!walked || !heap.full) heap = null;
        else if (maxChord === Infinity && tests.length === 0) total = count;
      }
    }
    const kept = byDistance ? null : keptOrderOf(req.sort);
    // Newest first, or by price, year or mileage, over many candidates: the listings in that order,
    // until the page is full (a cheapest-first page of 20 among 150,000 candidates at a million
    // listings visits about 130 listings instead of ranking every candidate).
    if (kept !== null && want !== Infinity && want > 0 && count * count > ORDER_WALK_RATIO * want * this.columns.ids.size) {
      const picked: number[] = [];
      const pass = passOf(null);
      this.orders.get(kept).walk((s) => {
        if (((candidates[s >>> 5]! >>> (s & 31)) & 1) === 1 && pass.shows(s, needChord, limited)) picked.push(s);
        return picked.length >= want;
      });
      // Short of a page: every candidate was visited.
      if (picked.length < want) total = picked.length;
      else if (maxChord === Infinity && tests.length === 0) total = count;
      else total = countAll(null);
      return { total, slots: picked.slice(req.offset, req.offset + req.limit!) };
    }
    if (heap && total < 0) total = countAll(null);
    if (!heap) {
      heap = new TopK(want, comparator(this.columns, key, dir));
      total = countAll(heap);
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
    buyer: Buyer | null,
    maxChord: number,
    needChord: boolean,
    tests: ((slot: number) => boolean)[],
    heap: TopK | null,
    key: Float64Array,
    dir: 1 | -1,
  ): number {
    const pass = new CandidatePass(candidates, this.columns.xyz, this.columns.scratch, buyer ?? ORIGIN, maxChord, tests, heap, key, dir);
    pass.range(0, words << 5, needChord, maxChord !== Infinity);
    return pass.total;
  }

  /**
   * A search with a distance limit around the buyer answered from the grid's rows within the limit
   * (Grid.within) rather than from every candidate: counts the shown listings and, given a heap, ranks
   * them; null when the grid cannot answer.
   */
  private within(
    rows: AreaRow[] | null,
    b: Buyer | null,
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
    const pass = new CandidatePass(candidates, this.columns.xyz, this.columns.scratch, b, maxChord, tests, heap, key, dir);
    return this.grid.within(rows, pass, candidates, ranked, countOnly);
  }

  /** A distance limit around another point than the buyer, tested against a slot's coordinates. */
  private withinTest(c: Extract<Clause, { kind: 'within_km' }>): (slot: number) => boolean {
    const b = unitVector(c.center);
    const limit = chordSquaredForKm(c.km);
    const { xyz } = this.columns;
    return (s) => {
      const x = xyz[s * 3]!;
      return x === x && (x - b.x) ** 2 + (xyz[s * 3 + 1]! - b.y) ** 2 + (xyz[s * 3 + 2]! - b.z) ** 2 <= limit;
    };
  }
}
