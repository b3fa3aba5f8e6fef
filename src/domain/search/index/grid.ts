import type { CandidatePass } from './candidatePass';
import { SlotLists } from './slotLists';
import type { TopK } from './topK';

// The grid: listings filed in small cells by their coordinates, so a nearest-first search over many
// candidates visits the cells around the buyer, ring after ring, instead of every candidate, and a
// distance limit may be counted from the cells within it.

/** The grid's cell: 0.025 degrees a side (about 2.8 km in Zimbabwe). */
const CELL_DEG = 0.025;
const GRID_COLS = Math.ceil(360 / CELL_DEG);
const cellRow = (latitude: number) => Math.floor((latitude + 90) / CELL_DEG);
const cellCol = (longitude: number) => Math.floor((longitude + 180) / CELL_DEG);
/** A point's grid cell as one number (row * GRID_COLS + col); -1 without coordinates (null or NaN). */
export const cellKeyOf = (latitude: number | null, longitude: number | null): number =>
  latitude === null || longitude === null || latitude !== latitude || longitude !== longitude ? -1 : cellRow(latitude) * GRID_COLS + cellCol(longitude);

/**
 * The build's slot order: positions of the given listings sorted by grid cell (those without
 * coordinates last, each group in the order given), and how many have coordinates.
 */
export function cellOrder(latitude: Float64Array, longitude: Float64Array): { order: Uint32Array; ranged: number } {
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

/** The most grid rows a distance limit's area is looked up in (at 0.025 degrees a row, about 2,200 km across). */
const AREA_MAX_ROWS = 800;
/** The most cells a grid walk visits before it leaves the page to a pass over the candidates (about 90 km around the buyer). */
const MAX_WALK_CELLS = 4096;

/** A grid row within a distance limit: its columns wholly inside it (none when `insideFrom` > `insideTo`) and those that may hold a listing within it. */
export interface AreaRow {
  row: number;
  insideFrom: number;
  insideTo: number;
  edgeFrom: number;
  edgeTo: number;
}

/** The listings' grid cells, and the walks and areas a search around a buyer reads from them. */
export class Grid {
  /**
   * The listings of each grid cell filed since the build (a listing without coordinates is in none).
   * Those of the build are not filed here: `fromColumns` gives them slots in cell order, so each cell's,
   * and each row's run of cells, are one range of slots (see `spatial`).
   */
  private readonly cells = new SlotLists();
  /**
   * The build's cells in slot order: the cells' keys (row * GRID_COLS + col) ascending, and the first
   * slot of each (one more entry: the end of the last). Slots below `ranged` are a build's listings
   * with coordinates, each in its cell's range; a slot there leaves its range only by being retired
   * (its listing removed or moved to another cell takes no slot back), so a range's live slots are
   * always its cell's listings.
   */
  private spatial = { keys: new Float64Array(0), starts: new Int32Array(1) };
  ranged = 0;
  /** The grid's extent (rows and columns of the cells ever used) and the largest absolute latitude and longitude placed. */
  private readonly gridBounds = { minRow: Infinity, maxRow: -Infinity, minCol: Infinity, maxCol: -Infinity, maxAbsLat: 0, maxAbsLon: 0 };

  resize(capacity: number): void {
    this.cells.resize(capacity);
  }

  /** The build's cells (see `spatial`): their keys ascending, and the first slot of each and the end of the last. */
  setBuilt(keys: number[], starts: number[]): void {
    this.spatial = { keys: Float64Array.from(keys), starts: Int32Array.from(starts) };
  }

  /** Files a slot in its coordinates' grid cell. */
  file(slot: number, latitude: number, longitude: number): void {
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

  unfile(slot: number): void {
    this.cells.delete(slot);
  }

  /** How many grid cells hold listings (about: a cell of the build's that has since emptied still counts). */
  occupiedCells(): number {
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
   * Counts the shown listings through `pass` (`ranked`: each one's distance computed for the page;
   * `countOnly`: the pass has no heap and no tests).
   */
  within(rows: AreaRow[], pass: CandidatePass, candidates: Uint32Array, ranked: boolean, countOnly: boolean): number {
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
  areaWords(rows: AreaRow[], words: number): [number, number][] {
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
  areaRows(at: { latitude: number; longitude: number }, maxChord: number): AreaRow[] | null {
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
  usable(b: { latitude: number; longitude: number }): boolean {
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
   * MAX_WALK_CELLS cells (the candidates are far away): the heap is then not the page. `scratch` holds
   * the distances the pass writes (the worst hit kept is read from it).
   */
  walk(b: { latitude: number; longitude: number }, heap: TopK, maxChord: number, pass: CandidatePass, chord: boolean, scratch: Float64Array): boolean {
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
}

/**
 * The first position in an ascending array whose value is at least `v` (the grid's cells are found by it).
 * It and popcountRange are in this module because the grid calls them for each row of an area: a call
 * into another module was measurably slower there.
 */
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
export function popcountRange(bits: Uint32Array, from: number, to: number): number {
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
