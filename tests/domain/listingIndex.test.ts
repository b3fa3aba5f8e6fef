import { describe, expect, it } from 'vitest';
import { seededRandom } from '../support/random';
import { BODY_TYPES, CITIES, CONDITIONS, CONSTRUCTION_ENGINE_POWER_BANDS, DRIVE_TYPES, ENGINE_SIZE_BANDS, FUEL_TYPES, SORT_ORDERS, TRANSMISSIONS } from '@/domain/core/constants';
import { haversineKm } from '@/domain/geo/geo';
import { normalizeSearch, parseSearchQuery, toClauses, type SearchRequest } from '@/domain/search/filters';
import { ListingIndex } from '@/domain/search/index/listingIndex';
import { SlotSet } from '@/domain/search/index/slotSets';
import type { Indexed } from '@/domain/search/index/columns';
import { compareRanked, matchesClauses } from '@/domain/search/match';

const rand = seededRandom(42);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const maybe = <T>(p: number, v: () => T): T | undefined => (rand() < p ? v() : undefined);
const MAKES = { Toyota: ['Hilux', 'Corolla'], Honda: ['Fit', 'CR-V'], Nissan: ['NP200'] } as const;
const NOW = Date.parse('2026-11-22T12:00:00Z');
/** The colour, the seller's words, drawn from a sequence of its own so the other fields' draws stay as they were. */
const colourRand = seededRandom(7);
const COLOURS = ['Pearl White', 'white', 'Soul Red', 'Redwood Brown', 'Blue-Grey', 'Silver', null];
const colour = () => COLOURS[Math.floor(colourRand() * COLOURS.length)] ?? null;
const COLOUR_QUERIES = ['red', 'WHITE', 'grey', 'pearl white'];
/** The verified phone (issue 37), from a sequence of its own too. */
const phoneRand = seededRandom(37);
/** A boost (issue 38), from a sequence of its own too. */
const boostRand = seededRandom(38);
/**
 * One listing in eight boosted, its boost's end a midday or a midnight of November: often later than
 * its listing (it then ranks newest-first there), sometimes the very instant another was listed (a tie
 * broken by id), sometimes earlier than its own listing (a boost before a relist: no effect).
 */
const boostedUntil = (): string | null => (boostRand() < 0.125 ? new Date(Date.UTC(2026, 10, 1 + Math.floor(boostRand() * 20), boostRand() < 0.5 ? 0 : 12)).toISOString() : null);

function listing(i: number): Indexed {
  const make = pick(Object.keys(MAKES) as (keyof typeof MAKES)[]);
  const city = pick(CITIES);
  const coords = rand() < 0.95;
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    vehicle_type: pick(['car', 'car', 'construction', 'farming']),
    make: rand() < 0.5 ? make : make.toUpperCase(),
    model: pick(MAKES[make]),
    variant: maybe(0.7, () => pick(['GD-6', 'Hybrid'])) ?? null,
    category: pick(BODY_TYPES),
    fuel_type: maybe(0.9, () => pick(FUEL_TYPES)) ?? null,
    transmission: maybe(0.9, () => pick(TRANSMISSIONS)) ?? null,
    condition: pick(CONDITIONS),
    drive_type: maybe(0.8, () => pick(DRIVE_TYPES)) ?? null,
    // A few dealers with many listings and private sellers with one or two each, as a real market:
    // the dealers' sets become bitsets, the private sellers' stay short lists.
    seller_id: rand() < 0.3 ? pick(['s1', 's2', 's3']) : `p${Math.floor(i / 2)}`,
    price: maybe(0.9, () => Math.round(rand() * 250_000)) ?? null,
    mileage: maybe(0.9, () => Math.floor(rand() * 300_000)) ?? null,
    year: 1990 + Math.floor(rand() * 36),
    engine_size: maybe(0.9, () => Math.round((0.8 + rand() * 4.5) * 10) / 10) ?? null,
    location: maybe(0.95, () => `Area, ${city.name}, ${city.region}`) ?? null,
    seller_type: pick(['private', 'dealer', null]),
    featured: rand() < 0.2,
    duty_paid: pick([true, false, null]),
    papers_ready: pick([true, false, null]),
    verified_dealer: rand() < 0.3,
    phone_verified: phoneRand() < 0.4,
    seller_latitude: coords ? city.latitude + (rand() - 0.5) * 0.5 : null,
    seller_longitude: coords ? city.longitude + (rand() - 0.5) * 0.5 : null,
    created_at: new Date(Date.UTC(2026, 10, 1 + (i % 15))).toISOString(),
    expires_at: pick([null, null, '2026-11-25T00:00:00.000Z', '2026-11-20T00:00:00.000Z']),
    // The bands' edges on purpose, so an off-by-one in the index shows.
    engine_power_hp: maybe(0.6, () => (rand() < 0.4 ? pick([49, 50, 100, 101, 200, 201, 300, 301, 400, 401]) : 1 + Math.floor(rand() * 700))) ?? null,
    operating_hours: maybe(0.3, () => Math.floor(rand() * 20_000)) ?? null,
    seller_name: maybe(0.8, () => pick(['Tendai Moyo', 'Chipo Ncube', 'Żaneta Dube'])) ?? null,
    seller_location: maybe(0.5, () => city.name) ?? null,
    region: maybe(0.9, () => city.region) ?? null,
    color: colour(),
    boosted_until: boostedUntil(),
  };
}

function randomRequest(): SearchRequest {
  const q: Record<string, unknown> = {
    vehicle_type: maybe(0.3, () => pick(['car', 'construction', 'farming'])),
    make: maybe(0.35, () => pick(['toyota', 'HONDA', 'Nissan'])),
    model: maybe(0.2, () => pick(['hilux', 'Fit', 'np200'])),
    fuel_type: maybe(0.2, () => pick(FUEL_TYPES)),
    color: colourRand() < 0.15 ? COLOUR_QUERIES[Math.floor(colourRand() * COLOUR_QUERIES.length)] : undefined,
    car_category: maybe(0.1, () => pick(BODY_TYPES)),
    max_price: maybe(0.3, () => pick([5000, 50_000, 199_999, 200_000])),
    year_from: maybe(0.2, () => 1995 + Math.floor(rand() * 25)),
    year_to: maybe(0.2, () => 2000 + Math.floor(rand() * 26)),
    max_mileage: maybe(0.1, () => 100_000),
    engine_size: maybe(0.15, () => pick(ENGINE_SIZE_BANDS)),
    region: maybe(0.2, () => pick(['harare', 'MIDLANDS', 'bulawayo'])),
    seller_type: maybe(0.2, () => pick(['private', 'dealer'])),
    seller_id: maybe(0.15, () => pick(['s1', 'S2', 'p3', 'p400', 'p50001'])),
    featured: maybe(0.1, () => pick(['true', 'false'])),
    duty_paid: maybe(0.1, () => pick(['true', 'false'])),
    papers_ready: maybe(0.1, () => pick(['true', 'false'])),
    verified_dealer: maybe(0.1, () => pick(['true', 'false'])),
    phone_verified: phoneRand() < 0.1 ? (phoneRand() < 0.7 ? 'true' : 'false') : undefined,
    engine_power: maybe(0.2, () => pick(CONSTRUCTION_ENGINE_POWER_BANDS)),
    sort: pick(SORT_ORDERS),
    limit: maybe(0.8, () => pick([1, 5, 20, 100])),
    offset: maybe(0.3, () => pick([0, 3, 20])),
  };
  if (rand() < 0.5) {
    const c = pick(CITIES);
    q.buyer_lat = c.latitude;
    q.buyer_lon = c.longitude;
    q.distance = maybe(0.5, () => pick([20, 50, 100, 200]));
  }
  return normalizeSearch(parseSearchQuery(q));
}

function reference(all: Indexed[], req: SearchRequest): { ids: string[]; total: number } {
  const clauses = toClauses(req.filters, req.buyer);
  const matched = all
    .filter((v) => (v.expires_at === null || Date.parse(v.expires_at) > NOW) && matchesClauses(v, clauses))
    .map((v) => ({
      item: v,
      distance: req.buyer && v.seller_latitude !== null && v.seller_longitude !== null ? haversineKm(req.buyer, { latitude: v.seller_latitude, longitude: v.seller_longitude }) : null,
    }))
    .sort((a, b) => compareRanked(req.sort, a, b));
  const end = req.limit === undefined ? undefined : req.offset + req.limit;
  return { ids: matched.slice(req.offset, end).map((r) => r.item.id), total: matched.length };
}

/** Searches the index and checks its total and ids against the domain rules' answer over the same listings. */
function expectAsReference(index: ListingIndex<Indexed>, byId: Map<string, Indexed>, req: SearchRequest, label: string = JSON.stringify(req)) {
  const got = index.search(req, NOW);
  const want = reference([...byId.values()], req);
  expect(got.total, label).toBe(want.total);
  expect(
    got.hits.map((h) => h.item.id),
    label,
  ).toEqual(want.ids);
  return { got, want };
}

/** Removes `n` random listings or replaces them with new ones of the same id, in the index and the reference map. */
function churn(index: ListingIndex<Indexed>, byId: Map<string, Indexed>, n: number): void {
  for (let j = 0; j < n; j++) {
    const id = pick([...byId.keys()]);
    if (rand() < 0.5) {
      index.remove(id);
      byId.delete(id);
    } else {
      const v = { ...listing(Number(id.slice(-12))), id };
      index.upsert(v);
      byId.set(id, v);
    }
  }
}

/** An index filled listing by listing with listings 0 to n-1, and the same listings by id (the reference's). */
/** An empty index and its reference listings by id, with `add` putting a listing in both. */
function growing(): { index: ListingIndex<Indexed>; byId: Map<string, Indexed>; add: (v: Indexed) => void } {
  const index = new ListingIndex<Indexed>();
  const byId = new Map<string, Indexed>();
  return {
    index,
    byId,
    add: (v) => {
      index.upsert(v);
      byId.set(v.id, v);
    },
  };
}

function filled(n: number): { index: ListingIndex<Indexed>; byId: Map<string, Indexed> } {
  const index = new ListingIndex<Indexed>();
  const byId = new Map<string, Indexed>();
  for (let i = 0; i < n; i++) {
    const v = listing(i);
    index.upsert(v);
    byId.set(v.id, v);
  }
  return { index, byId };
}

describe('the in-memory listing index', () => {
  // 'built' is filled listing by listing; 'stored' is loaded from an index's stored columns (a cold
  // start) and goes on from there.
  it.each(['built', 'stored'] as const)('answers 300 random searches exactly as the domain rules and order do, through upserts and removals (%s)', (mode) => {
    const start = filled(1500);
    let index = start.index;
    const byId = start.byId;
    let nonEmpty = 0;
    for (let round = 0; round < 300; round++) {
      if (round % 30 === 29) {
        // Churn between rounds: replace some listings, remove others, add new ones.
        churn(index, byId, 40);
        for (let j = 0; j < 20; j++) {
          const v = listing(100_000 + round * 100 + j);
          index.upsert(v);
          byId.set(v.id, v);
        }
      }
      if (mode === 'stored' && round % 50 === 0) index = ListingIndex.fromColumns(structuredClone(index.toColumns()));
      const req = randomRequest();
      const { got, want } = expectAsReference(index, byId, req);
      // What a hit holds is the listing given, made from the columns.
      for (const h of got.hits.slice(0, 3)) expect(h.item).toEqual({ ...byId.get(h.item.id), has_photo: false });
      if (want.ids.length) nonEmpty++;
    }
    expect(index.size).toBe(byId.size);
    expect(nonEmpty).toBeGreaterThan(150);
  });

  // 'stored': loaded from stored columns, so its listings sit in cell order and a distance limit is
  // counted by the runs of slots of its rows; the changes then move listings out of their cells' runs.
  it.each(['built', 'stored'] as const)('ranks nearest first through its grid, and newest first through its kept order, exactly as the domain rules do, through changes (%s)', (mode) => {
    // Many candidates a search (no filter, one make, one type): the nearest come from the grid's cells
    // around the buyer rather than from a pass over every candidate.
    const start = filled(6000);
    let index = start.index;
    const byId = start.byId;
    if (mode === 'stored') index = ListingIndex.fromColumns(structuredClone(index.toColumns()));
    const places = [
      ...CITIES.map((c) => ({ latitude: c.latitude, longitude: c.longitude })),
      { latitude: -16.2, longitude: 29.4 },
      { latitude: -22.4, longitude: 31.9 },
      { latitude: -5, longitude: 20 },
    ];
    for (let round = 0; round < 120; round++) {
      if (round % 20 === 19) {
        // A replaced listing mostly moves: it changes cell.
        churn(index, byId, 60);
      }
      const at = pick(places);
      const placed = rand() < 0.8;
      const req = normalizeSearch(
        parseSearchQuery({
          buyer_lat: placed ? at.latitude + (rand() - 0.5) * 0.2 : undefined,
          buyer_lon: placed ? at.longitude + (rand() - 0.5) * 0.2 : undefined,
          sort: pick(['distance', 'distance', 'newest', 'price_asc', 'price_desc', 'year_desc', 'year_asc', 'mileage_asc']),
          make: maybe(0.3, () => pick(['toyota', 'Honda'])),
          vehicle_type: maybe(0.2, () => 'car'),
          year_from: maybe(0.1, () => 2010),
          distance: placed ? maybe(0.4, () => pick([20, 50, 100, 150, 200, 400])) : undefined,
          limit: pick([1, 20, 50]),
          offset: pick([0, 0, 20]),
        }),
      );
      expectAsReference(index, byId, req);
    }
  });

  it('is made from stored columns a step at a time, letting go between steps, into the same index', async () => {
    const { index: built, byId } = filled(3000);
    let pauses = 0;
    const index = await ListingIndex.fromColumnsYielding<Indexed>(structuredClone(built.toColumns()), async () => {
      pauses++;
    });
    // Between reading the ids, copying the columns, placing the listings and each field's sets.
    expect(pauses).toBeGreaterThan(10);
    expect(index.size).toBe(byId.size);
    for (let round = 0; round < 60; round++) expectAsReference(index, byId, randomRequest());
  });

  it('loads columns stored before boosts (no boost column) as none boosted, newest first by listing time alone', () => {
    const { index: built, byId } = filled(2000);
    expect([...byId.values()].filter((v) => v.boosted_until).length).toBeGreaterThan(100);
    const stored = structuredClone(built.toColumns());
    expect(stored.numbers.boosted).toHaveLength(stored.n);
    // As an app before boosts stored them.
    delete stored.numbers.boosted;
    const index = ListingIndex.fromColumns<Indexed>(stored);
    const unboosted = new Map([...byId].map(([id, v]) => [id, { ...v, boosted_until: null }]));
    const newest = normalizeSearch(parseSearchQuery({ sort: 'newest', limit: 50 }));
    const { got } = expectAsReference(index, unboosted, newest);
    expect(got.hits.every((h) => h.item.boosted_until === null)).toBe(true);
    for (const sort of ['price_asc', 'year_desc'] as const) expectAsReference(index, unboosted, normalizeSearch(parseSearchQuery({ sort, limit: 40, offset: 20 })));
    // The same columns with their boosts: the boosted come first.
    const boosted = ListingIndex.fromColumns<Indexed>(structuredClone(built.toColumns()));
    const first = expectAsReference(boosted, byId, newest).got.hits[0]!.item;
    expect(first.boosted_until).not.toBeNull();
    expect(Date.parse(first.boosted_until!)).toBeGreaterThan(Date.parse(first.created_at));
  });

  it('ranks a boosted listing newest first at its boost, and back at its listing once the boost is cleared', () => {
    const { index, byId, add } = growing();
    for (let i = 0; i < 3000; i++) add({ ...listing(i), boosted_until: null });
    const newest = normalizeSearch(parseSearchQuery({ sort: 'newest', limit: 5 }));
    const top = () => index.search(newest, NOW).hits.map((h) => h.item.id);
    const before = top();
    // The oldest listing, boosted to after every listing's time; then another boosted later still.
    const oldest = [...byId.values()].reduce((a, b) => (Date.parse(b.created_at) < Date.parse(a.created_at) || (b.created_at === a.created_at && b.id > a.id) ? b : a));
    add({ ...oldest, boosted_until: '2026-11-21T09:00:00.000Z' });
    expect(top()).toEqual([oldest.id, ...before.slice(0, 4)]);
    const other = byId.get(before[3]!)!;
    add({ ...other, boosted_until: '2026-11-21T10:00:00.000Z' });
    expect(top()).toEqual([other.id, oldest.id, ...before.filter((id) => id !== other.id).slice(0, 3)]);
    expectAsReference(index, byId, newest);
    // Ties of another sort are broken by the same key: the boosted first among equal prices.
    expectAsReference(index, byId, normalizeSearch(parseSearchQuery({ sort: 'year_desc', year_from: oldest.year, year_to: oldest.year })));
    add({ ...oldest, boosted_until: null });
    add({ ...other, boosted_until: null });
    expect(top()).toEqual(before);
  });

  it('keeps its price, year and mileage orders as it grows past the columns they were sorted on', () => {
    // Each order is made on its first use and kept; the columns it compares are replaced (larger)
    // each time the index grows, so an order that read the old ones would place new listings wrongly.
    const { index, byId, add } = growing();
    for (let i = 0; i < 1000; i++) add(listing(i));
    const sorts = ['price_asc', 'price_desc', 'year_desc', 'year_asc', 'mileage_asc'] as const;
    const check = () => {
      for (const sort of sorts) for (const offset of [0, 40]) expectAsReference(index, byId, normalizeSearch(parseSearchQuery({ sort, limit: 20, offset })));
    };
    check();
    for (let i = 1000; i < 9000; i++) add(listing(i));
    check();
    for (const id of [...byId.keys()].filter((_, k) => k % 4 === 0)) {
      index.remove(id);
      byId.delete(id);
    }
    check();
  });

  it('keeps its newest-first order through thousands of additions at the front and removals', () => {
    const { index, byId, add } = growing();
    for (let i = 0; i < 12_000; i++) add(listing(i));
    // Pages deep enough to reach past a block's split point (at a page of 1,030 the index still walks its order).
    const newest = (offset: number) => normalizeSearch(parseSearchQuery({ sort: 'newest', limit: 30, offset }));
    const check = () => {
      for (const offset of [0, 500, 1000]) {
        expectAsReference(index, byId, newest(offset));
      }
    };
    check();
    // Newer than all: every one lands in the first block, which splits again and again; a listing lost
    // at a split would be about the 1,024th newest just after it, so that depth is checked every 32.
    for (let i = 0; i < 8000; i++) {
      add({ ...listing(100_000 + i), created_at: new Date(Date.UTC(2026, 10, 20, 0, 0, i)).toISOString(), expires_at: null });
      if (i % 32 === 31 && byId.size > 17_000) {
        const req = normalizeSearch(parseSearchQuery({ sort: 'newest', limit: 100, offset: 960 }));
        expect(index.search(req, NOW).hits.map((h) => h.item.id)).toEqual(reference([...byId.values()], req).ids);
      }
    }
    check();
    for (const id of [...byId.keys()].filter((_, k) => k % 3 === 0)) {
      index.remove(id);
      byId.delete(id);
    }
    check();
  });

  it('keeps the sets of repeated searches current as listings change between them', () => {
    // The same few ranges and regions asked again and again, with changes in between, as buyers do.
    const { index, byId } = filled(800);
    const pool = Array.from({ length: 12 }, () => randomRequest());
    for (let round = 0; round < 200; round++) {
      const id = pick([...byId.keys()]);
      const roll = rand();
      if (roll < 0.3) {
        index.remove(id);
        byId.delete(id);
      } else {
        // A changed price, year, engine, engine power, place or coordinates, or a brand-new listing.
        const v = roll < 0.8 ? { ...listing(200_000 + round), id } : listing(300_000 + round);
        index.upsert(v);
        byId.set(v.id, v);
      }
      for (const req of [pick(pool), pick(pool)]) expectAsReference(index, byId, req);
    }
  });

  it("answers a seller's searches exactly while the seller's set grows past the list/bitset threshold and shrinks back", () => {
    // 1,000 listings from one-or-two-listing sellers (1,024 slots, 2,048 once more come: a list turns
    // into a bitset above one listing in 32 slots, back below one in 64), then one seller adds
    // listings, takes over others' and gives or removes them again, crossing both ways, with
    // searches after every change.
    const index = new ListingIndex<Indexed>();
    const byId = new Map<string, Indexed>();
    for (let i = 0; i < 1000; i++) {
      const v = { ...listing(i), seller_id: `p${Math.floor(i / 2)}` };
      index.upsert(v);
      byId.set(v.id, v);
    }
    const mine = () => [...byId.values()].filter((v) => v.seller_id === 'grower').map((v) => v.id);
    const check = () => {
      for (const q of [{ seller_id: 'grower' }, { seller_id: 'GROWER', sort: 'price_asc', limit: 5 }, { seller_id: 'grower', make: 'toyota' }, { seller_id: 'p7' }]) {
        expectAsReference(index, byId, normalizeSearch(parseSearchQuery(q)), JSON.stringify(q));
      }
    };
    let peak = 0;
    for (let step = 0; step < 400; step++) {
      const growing = step < 200;
      const roll = rand();
      const own = mine();
      if (own.length === 0 || (growing ? roll < 0.75 : roll < 0.15)) {
        // A new listing, or one of another seller's taken over.
        const v = rand() < 0.7 ? listing(500_000 + step) : { ...byId.get(pick([...byId.keys()]))! };
        v.seller_id = 'grower';
        index.upsert(v);
        byId.set(v.id, v);
      } else if (rand() < 0.5) {
        const id = pick(own);
        index.remove(id);
        byId.delete(id);
      } else {
        const v = { ...byId.get(pick(own))!, seller_id: `p${step}` };
        index.upsert(v);
        byId.set(v.id, v);
      }
      peak = Math.max(peak, mine().length);
      check();
    }
    expect(peak).toBeGreaterThan(64);
    expect(mine().length).toBeLessThan(16);
  });

  it('holds a market of one-listing sellers in memory proportional to the listings, not to listings x sellers', () => {
    // 20,000 listings, each from its own seller (and its own place): a bitset per seller would be
    // 20,000 x 4 KB = 80 MB of ArrayBuffers; the numeric columns are about 3 MB.
    const before = process.memoryUsage().arrayBuffers;
    const index = new ListingIndex<Indexed>();
    for (let i = 0; i < 20_000; i++) index.upsert({ ...listing(i), seller_id: `p${i}`, location: `Stand ${i}, Harare, Harare` });
    const grown = process.memoryUsage().arrayBuffers - before;
    expect(grown).toBeLessThan(20 * 2 ** 20);
    const req = normalizeSearch(parseSearchQuery({ seller_id: 'p12345', region: 'stand 12345' }));
    expect(index.search(req, Date.parse('2026-01-01T00:00:00Z')).hits.map((h) => h.item.id)).toEqual(['00000000-0000-4000-8000-000000012345']);
  });

  it('keeps a value held by few listings as a sorted list and a common one as a bitset, converting both ways', () => {
    const capacity = 1024;
    const set = new SlotSet();
    const held = new Set<number>();
    const slots = Array.from({ length: 100 }, (_, i) => (i * 389) % capacity);
    for (const s of slots.slice(0, 32)) {
      set.add(s, capacity);
      held.add(s);
    }
    expect(set.isBitset).toBe(false);
    set.add(slots[32]!, capacity);
    held.add(slots[32]!);
    expect(set.isBitset).toBe(true);
    for (const s of slots.slice(33)) {
      set.add(s, capacity);
      held.add(s);
    }
    set.add(slots[0]!, capacity);
    expect(set.size).toBe(100);
    for (const s of slots.slice(0, 84)) {
      set.delete(s, capacity);
      held.delete(s);
    }
    expect(set.isBitset).toBe(true);
    set.delete(slots[84]!, capacity);
    held.delete(slots[84]!);
    expect(set.isBitset).toBe(false);
    set.delete(slots[0]!, capacity);
    expect(set.size).toBe(15);
    const listed: number[] = [];
    set.forEach((s) => listed.push(s));
    expect(listed).toEqual([...held].sort((a, b) => a - b));
    for (let s = 0; s < capacity; s++) expect(set.has(s)).toBe(held.has(s));
    // Twice the slots: a set of 15 stays a list; one of 40 that was a bitset becomes one again below 2048 / 64.
    const big = new SlotSet();
    for (let s = 0; s < 40; s++) big.add(s * 7, capacity);
    expect(big.isBitset).toBe(true);
    big.resize(capacity * 2);
    expect(big.isBitset).toBe(true);
    big.resize(capacity * 4);
    expect(big.isBitset).toBe(false);
    expect(Array.from({ length: 300 }, (_, s) => big.has(s)).filter(Boolean)).toHaveLength(40);
  });

  it('hides listings whose expiry has passed at the time of the search', () => {
    const index = new ListingIndex<Indexed>();
    const v = { ...listing(1), expires_at: '2026-11-23T00:00:00.000Z' };
    index.upsert(v);
    const req = normalizeSearch(parseSearchQuery({}));
    expect(index.search(req, Date.parse('2026-11-22T00:00:00Z')).total).toBe(1);
    expect(index.search(req, Date.parse('2026-11-23T00:00:00Z')).total).toBe(0);
  });

  it('forgets a removed listing in every inverted list', () => {
    const index = new ListingIndex<Indexed>();
    const v = { ...listing(1), make: 'Toyota', expires_at: null };
    index.upsert(v);
    index.upsert({ ...v, make: 'Honda' });
    const make = (m: string) => index.search(normalizeSearch(parseSearchQuery({ make: m })), NOW).total;
    expect(make('toyota')).toBe(0);
    expect(make('honda')).toBe(1);
    index.remove(v.id);
    expect(make('honda')).toBe(0);
    expect(index.size).toBe(0);
  });

  it("gives one listing of each model it holds, priced or not (what a model's price fit is computed from)", () => {
    const index = new ListingIndex<Indexed>();
    const all = Array.from({ length: 400 }, (_, i) => listing(i));
    for (const v of all) index.upsert(v);
    index.remove(all[0]!.id);
    const models = (vs: Pick<Indexed, 'vehicle_type' | 'make' | 'model'>[]) => new Set(vs.map((v) => `${v.vehicle_type}|${v.make}|${v.model}`));
    const samples = index.modelSamples();
    expect(models(samples)).toEqual(models(all.slice(1)));
    expect(samples).toHaveLength(models(all.slice(1)).size);
    expect(samples.some((v) => v.price === null)).toBe(true);
  });
});
