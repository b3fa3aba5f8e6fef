// npm run bench:search: the search worker's engine (ListingIndex) over 10,000 and 100,000 generated
// listings on a fixed mix of queries, beside two baselines on the same data and queries in the same
// run: a plain Array.filter + sort over the objects, and Orama (a real in-browser search engine). It
// checks that the engine returns the same ids as the plain baseline, times building the index from
// 100,000 records of the device mirror, and measures the gzipped JavaScript the first screen of / loads in Chromium.
// The data is a real market's shape: one seller per two listings (50,000 sellers at 100,000), makes,
// models and variants from the catalogue with a skew towards the common ones. It also measures the
// index's memory (heap + ArrayBuffers after a full GC; run with --expose-gc) beside the index before
// issue 16 (tests/bench/listingIndex.baseline.ts, one bitset per distinct value).
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { haversineKm } from '@/domain/geo/geo';
import { engineBandLitres, normalizeSearch, parseSearchQuery, toClauses, type SearchRequest } from '@/domain/search/filters';
import { ListingIndex } from '@/domain/search/index/listingIndex';
import { summarize, type ListingSummary } from '@/domain/search/summary';
import { BaselineListingIndex } from './listingIndex.baseline';
import { compareRanked, matchesClauses } from '@/domain/search/match';
import type { Vehicle } from '@/domain/listing/vehicle';
import { Mirror } from '@/data/mirror';
import { ANDROID_PHONE, hasChromium, launchBrowser, startAppServer } from '../e2e/browser';
import { distDir } from '@/server/buildApp';
import { writeResultsSection } from './results';
import { listings } from './listings';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

const BUYER = { buyer_lat: -17.8252, buyer_lon: 31.0335 };
/** The query mix over `all` (the seller's query names the seller of the 2,469th listing, as ids are random). */
const queries = (all: Vehicle[]): { name: string; query: Record<string, unknown> }[] =>
  [
    { name: 'no filter, by distance', query: { ...BUYER, sort: 'distance' } },
    { name: 'make only', query: { ...BUYER, make: 'toyota' } },
    { name: 'make + model + max price', query: { ...BUYER, make: 'Honda', model: 'fit', max_price: 60000 } },
    { name: 'region + year range', query: { ...BUYER, region: 'midlands', year_from: 2010, year_to: 2020 } },
    { name: 'fuel + engine band, by price', query: { ...BUYER, fuel_type: 'diesel', engine_size: '2.6-3.0', sort: 'price_asc' } },
    { name: "one seller's listings, newest", query: { ...BUYER, seller_id: all[2468]!.seller_id, sort: 'newest' } },
  ].map((q) => ({ ...q, query: { ...q.query, limit: 20 } }));

function plainSearch(all: Vehicle[], req: SearchRequest): string[] {
  const clauses = toClauses(req.filters, req.buyer);
  return all
    .filter((v) => matchesClauses(v, clauses))
    .map((v) => ({
      item: v,
      distance: req.buyer && v.seller_latitude !== null && v.seller_longitude !== null ? haversineKm(req.buyer, { latitude: v.seller_latitude, longitude: v.seller_longitude }) : null,
    }))
    .sort((a, b) => compareRanked(req.sort, a, b))
    .slice(req.offset, req.offset + (req.limit ?? Infinity))
    .map((r) => r.item.id);
}

const ORAMA_SCHEMA = {
  id: 'string',
  vehicle_type: 'enum',
  make: 'enum',
  model: 'enum',
  fuel_type: 'enum',
  location: 'string',
  price: 'number',
  year: 'number',
  engine_size: 'number',
  created: 'number',
  position: 'geopoint',
} as const;

type OramaDb = Awaited<ReturnType<typeof create<typeof ORAMA_SCHEMA>>>;

async function buildOrama(all: Vehicle[]): Promise<OramaDb> {
  const db = create({ schema: ORAMA_SCHEMA });
  await insertMultiple(
    db,
    all.map((v) => ({
      id: v.id,
      vehicle_type: v.vehicle_type,
      make: v.make.toLowerCase(),
      model: v.model.toLowerCase(),
      fuel_type: v.fuel_type ?? '',
      location: v.location ?? '',
      price: v.price ?? Number.MAX_SAFE_INTEGER,
      year: v.year,
      engine_size: v.engine_size ?? 0,
      created: Date.parse(v.created_at),
      position: { lat: v.seller_latitude ?? 0, lon: v.seller_longitude ?? 0 },
    })),
    1000,
  );
  return db;
}

/** The same filters as Orama queries (its own filters; distance ranking done on its results). */
async function oramaQuery(db: OramaDb, q: Record<string, unknown>, byId: Map<string, Vehicle>): Promise<number> {
  const where: Record<string, unknown> = {};
  if (q.make) where.make = { eq: String(q.make).toLowerCase() };
  if (q.model) where.model = { eq: String(q.model).toLowerCase() };
  if (q.fuel_type) where.fuel_type = { eq: q.fuel_type };
  if (q.max_price) where.price = { lte: Number(q.max_price) };
  if (q.year_from) where.year = { between: [Number(q.year_from), Number(q.year_to)] };
  if (q.engine_size) {
    const b = engineBandLitres(q.engine_size as '2.6-3.0');
    where.engine_size = { between: [b.min, b.max ?? 100] };
  }
  const res = await oramaSearch(db, {
    ...(q.region ? { term: String(q.region), properties: ['location'] } : {}),
    where,
    // Ranking by distance needs every match; a price sort lets Orama return only the page.
    limit: q.sort === 'price_asc' ? 20 : 1_000_000,
    ...(q.sort === 'price_asc' ? { sortBy: { property: 'price', order: 'ASC' } } : {}),
  } as never);
  const hits = (res as { hits: { document: { id: string } }[] }).hits;
  if (q.sort === 'price_asc') return hits.slice(0, 20).length;
  const buyer = { latitude: BUYER.buyer_lat, longitude: BUYER.buyer_lon };
  const ranked = hits
    .map((h) => byId.get(h.document.id)!)
    .map((v) => ({ v, d: haversineKm(buyer, { latitude: v.seller_latitude!, longitude: v.seller_longitude! }) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 20);
  return ranked.length;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

async function time(fn: () => unknown | Promise<unknown>, runs: number): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function firstScreenJs(): Promise<{ files: number; gzipKb: number } | null> {
  if (!hasChromium) return null;
  const server = await startAppServer();
  const browser = await launchBrowser();
  try {
    // A phone's browser, not a desktop one in a narrow window: the server picks the home page's
    // variant to send with the page from the browser's mobile hint.
    const page = await browser.newPage(ANDROID_PHONE);
    const scripts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    await page.goto(`${server.url}/`);
    await page.getByText('Start Your Search').waitFor();
    let bytes = 0;
    for (const p of scripts) bytes += gzipSync(readFileSync(path.join(distDir, p))).length;
    return { files: scripts.size, gzipKb: bytes / 1024 };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Heap used + ArrayBuffers after a full collection, in MB. */
function memoryMb(): number {
  if (!globalThis.gc) throw new Error('Run with --expose-gc (npm run bench:search does)');
  globalThis.gc();
  globalThis.gc();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 2 ** 20;
}

interface Engine {
  upsert(v: Vehicle): void;
  search(req: SearchRequest): { hits: { item: Vehicle }[] };
}

/** Builds an index from the listings as the worker and the server do (one upsert each): its memory, build time and slowest query's p95. */
async function measureIndex(name: string, all: Vehicle[], make: () => Engine): Promise<string> {
  const before = memoryMb();
  const t0 = performance.now();
  const index = make();
  for (const v of all) index.upsert(v);
  const build = performance.now() - t0;
  const mb = memoryMb() - before;
  let worst = 0;
  for (const q of queries(all)) {
    const req = normalizeSearch(parseSearchQuery(q.query));
    worst = Math.max(worst, pct(await time(() => index.search(req), RUNS), 95));
  }
  return `| ${all.length.toLocaleString('en-US')} | ${name} | ${mb.toFixed(1)} | ${build.toFixed(0)} | ${worst.toFixed(2)} |`;
}

/** The server's index (src/server/search/publicIndex.ts): what a search tests or ranks, without the seller's name and place. */
function serverIndex(): Engine {
  const index = new ListingIndex<Vehicle>();
  return {
    upsert: (v) => index.upsert({ ...v, seller_name: null, seller_location: null }),
    search: (req) => index.search(req) as unknown as { hits: { item: Vehicle }[] },
  };
}

/** The phone's index: the summary of each listing (summarize), in columns only, hits made from the columns. */
function columnsOnly(): Engine {
  const index = new ListingIndex<ListingSummary>();
  return {
    upsert: (v) => index.upsert(summarize(v)),
    search: (req) => index.search(req) as unknown as { hits: { item: Vehicle }[] },
  };
}

async function main() {
  // Memory first, on a quiet heap: the index before issue 16 and the current one over the same listings.
  const memRows: string[] = [];
  for (const size of SIZES) {
    const all = listings(size);
    for (const [name, make] of [
      ['before issue 16 (a bitset per value)', () => new BaselineListingIndex<Vehicle>()],
      ['current, server (the fields a search tests or ranks)', () => serverIndex()],
      ["current, phone (columns only: the device's summaries)", () => columnsOnly()],
    ] as const) {
      const line = await measureIndex(name, all, make);
      console.log(line);
      memRows.push(line);
    }
  }
  const rows: string[] = [];
  for (const size of SIZES) {
    const all = listings(size);
    const byId = new Map(all.map((v) => [v.id, v]));
    const index = new ListingIndex<Vehicle>();
    for (const v of all) index.upsert(v);
    const orama = await buildOrama(all);
    for (const q of queries(all)) {
      const req = normalizeSearch(parseSearchQuery(q.query));
      const ours = index.search(req).hits.map((h) => h.item.id);
      const plain = plainSearch(all, req);
      if (JSON.stringify(ours) !== JSON.stringify(plain)) throw new Error(`${q.name}: the index and the plain baseline disagree`);
      const tIndex = await time(() => index.search(req), RUNS);
      const tPlain = await time(() => plainSearch(all, req), Math.max(10, Math.floor(RUNS / 3)));
      const tOrama = await time(() => oramaQuery(orama, q.query, byId), Math.max(10, Math.floor(RUNS / 3)));
      const line = `| ${size.toLocaleString('en-US')} | ${q.name} | ${pct(tIndex, 50).toFixed(2)} | ${pct(tIndex, 95).toFixed(2)} | ${pct(tPlain, 50).toFixed(2)} | ${pct(tPlain, 95).toFixed(2)} | ${pct(tOrama, 50).toFixed(2)} | ${pct(tOrama, 95).toFixed(2)} | ${(pct(tPlain, 95) / pct(tIndex, 95)).toFixed(1)}x |`;
      console.log(line);
      rows.push(line);
    }
  }
  // The phone's cold start as the worker does it: the stored columns of 100,000 listings read from
  // IndexedDB (fake-indexeddb in Node) and the index made from them, against the way before issue 16
  // (100,000 listing records read and each upserted).
  const mirror = new Mirror(`bench-${Date.now()}`);
  const source = new ListingIndex<ListingSummary>();
  for (const v of listings(100_000)) source.upsert(summarize(v));
  await mirror.storeSummaryBase(source.toColumns(), { key: 'summary', revision: 1, cursor: null });
  const t0 = performance.now();
  const stored = await mirror.summary();
  const tRead = performance.now() - t0;
  const base = stored[0];
  if (!base || !('columns' in base)) throw new Error('no stored base');
  const loaded = ListingIndex.fromColumns(base.columns);
  const tBuild = performance.now() - t0 - tRead;
  if (loaded.size !== 100_000) throw new Error(`loaded ${loaded.size} listings`);
  const records = listings(100_000);
  const t1 = performance.now();
  const before = new ListingIndex<Vehicle>();
  for (const v of records) before.upsert(v);
  const tUpserts = performance.now() - t1;
  const js = await firstScreenJs();

  const memSection = [
    '## Index memory, issue 16 (`npm run bench:search`)',
    '',
    `Run on ${new Date().toISOString().slice(0, 10)} in Node ${process.version} on this machine (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' / ',
      )} at the end of the run, shared with other jobs). Data: one seller per two listings (50,000 sellers at 100,000 listings), makes, models and variants from the catalogue with a skew, 40 areas per city. Memory: heap used + ArrayBuffers after a full GC, with the index built minus before. Both indexes keep only columns: the server's (src/server/search/publicIndex.ts, which adds its bounded JSON cache, not counted here) the fields a search tests or ranks, the phone's the device's summaries. Slowest p95: the worst of the query mix below, ms, measured right after the build (so it includes the collector clearing the build's garbage; the table below times the same queries later).`,
    '',
    '| listings | index | memory MB | build ms | slowest p95 |',
    '|---:|---|---:|---:|---:|',
    ...memRows,
    '',
  ].join('\n');
  writeResultsSection('## Index memory, issue 16', memSection);
  console.log(`\n${memSection}`);

  const section = [
    '## Search engine (`npm run bench:search`)',
    '',
    `Run on ${new Date().toISOString().slice(0, 10)} in Node ${process.version} on this machine; each query limited to 20 results with the buyer in Harare. Times in ms. The engine's ids are checked equal to the plain baseline's. Orama (@orama/orama) applies the same filters with its own where-clauses and term search; distance ranking is done on its results.`,
    'Targets: 100,000 listings under 20 ms at p95, at least 3 times faster than the plain baseline, faster than Orama.',
    '',
    '| listings | query | index p50 | index p95 | plain p50 | plain p95 | Orama p50 | Orama p95 | plain / index (p95) |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `Cold start of the phone's index from its stored columns (100,000 listings, IndexedDB): reading them ${tRead.toFixed(0)} ms (fake-indexeddb in Node; a browser's IndexedDB differs), making the index ${tBuild.toFixed(0)} ms; before issue 16 the 100,000 listing objects were upserted one by one: ${tUpserts.toFixed(0)} ms (their reading not counted).`,
    js
      ? `First screen of / on a phone (Chromium as Chrome on Android, 360 px): ${js.files} JavaScript files, ${js.gzipKb.toFixed(1)} KB gzipped (target: under 170 KB).`
      : 'First screen of /: not measured (no Chromium on this machine).',
    '',
  ].join('\n');
  writeResultsSection('## Search engine', section);
  console.log(`\n${section}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
