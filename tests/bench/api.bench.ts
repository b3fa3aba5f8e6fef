// npm run bench:api: the API as buyers' browsers meet it, at 10,000, 100,000 and 1,000,000 realistic
// listings (BENCH_SIZES), on PostgreSQL (every size) and PGlite (up to 100,000) (BENCH_ENGINES): the
// server's start-up (process spawned to first answered search, and to its index being ready if
// /api/ready says so), its memory (VmRSS), search and /api/health throughput and latency at 16
// concurrent clients asking for compression as browsers do, one popular search repeated, and the
// delta sync's 500-listing pages. Not a test: it measures, and writes its table to tests/bench/RESULTS.md.
//
// BENCH_KEEP_DB=1 keeps each seeded database (PostgreSQL: motokari_bench_<size>; PGlite: a folder
// motokari-bench-pglite-<size> in the temporary directory) and reuses it on the next run, so the
// million can be measured again without seeding it again.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/server/db/client';
import { listingWordsOf } from '@/server/search/listingWords';
import { wholeNumberText } from '@/domain/core/numbers';
import { get, load, pct, type LoadResult } from './load';
import { type DetailShape } from './listings';
import { buyerSearches, POPULAR } from './searchMix';
import { copyListings, seedListings } from './seedListings';
import { writeResultsSection } from './results';
import { benchPostgres } from './benchPostgres';
import { postgresDatabase } from '../support/postgresDatabase';
import { startNodeOptions } from '../support/startCommand';
import { seededRandom } from '../support/random';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',') as Engine[];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const KEEP = process.env.BENCH_KEEP_DB === '1';
/** PGlite is there for one machine: measured up to this many listings. */
const PGLITE_MAX = 100_000;
/** Give up on a start-up after this long. */
const START_LIMIT_MS = 600_000;
/** A start-up poll's search not answered within this counts as not answered. */
const POLL_TIMEOUT_MS = 5000;
const SYNC_PAGE = 500;
/** Pages a sync walk reads from its random revision before starting again elsewhere. */
const SYNC_WALK = 10;
/** The listings: unique descriptions, 2-6 photos, published over 85 days so expiry is spread over the next 90 (some within days). */
const SHAPE: DetailShape = { publishedOverDays: 85, photos: [2, 6] };

type Engine = 'postgres' | 'pglite';

const TARGETS = { startS: 10, rssMb: 1024, searchP99: 50, searchShare: 25, syncP99: 100 } as const;

// ---- Databases -------------------------------------------------------------------------------

interface Prepared {
  databaseUrl: string | null;
  dataDir: string;
  /** Seconds the seeding took (a kept database's: when it was seeded). */
  seedS: number;
  /** Whether a kept database was reused. */
  kept: boolean;
  version: string;
  cleanup(): Promise<void>;
}

/** What marks a kept database as seeded in full, and how long its seeding took. */
const seededMark = (s: number) => `motokari bench: seeded in ${s.toFixed(1)} s`;
const seededTime = (mark: string | null | undefined) => {
  const m = /^motokari bench: seeded in ([\d.]+) s$/.exec(mark ?? '');
  return m ? Number(m[1]) : null;
};

async function pgAdmin<T>(baseUrl: string, fn: (c: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Opens the database with the app's own code (which applies the migrations) and reads its version. */
async function migrate(databaseUrl: string | null, dataDir: string): Promise<string> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const rows = (await database.db.execute(sql`select version() as v`)) as unknown as { rows: { v: string }[] };
    return rows.rows[0]!.v.split(' on ')[0]!.split(',')[0]!;
  } finally {
    await database.close();
  }
}

/**
 * Each listing's words, as the app writes them for every listing it stores (a server writes those of
 * listings it has not yet seen when it starts, which would otherwise run during the measurements); for
 * a kept database seeded before the words existed, written before its run.
 */
async function writeWords(databaseUrl: string | null, dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await listingWordsOf(database.db).catchUp();
  } finally {
    await database.close();
  }
}

async function preparePostgres(baseUrl: string, size: number): Promise<Prepared> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'motokari-bench-'));
  let url: string;
  let drop = async () => {};
  let keptS: number | null = null;
  if (KEEP) {
    const name = `motokari_bench_${size}`;
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    keptS = await pgAdmin(baseUrl, async (c) => {
      const found = await c.query<{ mark: string | null }>("select shobj_description(oid, 'pg_database') as mark from pg_database where datname = $1", [name]);
      const seeded = seededTime(found.rows[0]?.mark);
      if (seeded !== null) return seeded;
      await c.query(`drop database if exists ${name} with (force)`);
      await c.query(`create database ${name}`);
      return null;
    });
  } else {
    const database = await postgresDatabase('motokari_bench', baseUrl);
    url = database.url;
    drop = database.drop;
  }
  const version = await migrate(url, dataDir);
  let seedS = keptS;
  if (seedS === null) {
    const t0 = performance.now();
    await copyListings(url, size, SHAPE);
    await writeWords(url, dataDir);
    seedS = (performance.now() - t0) / 1000;
    if (KEEP) await pgAdmin(url, (c) => c.query(`comment on database ${new URL(url).pathname.slice(1)} is '${seededMark(seedS!)}'`));
  } else await writeWords(url, dataDir);
  return {
    databaseUrl: url,
    dataDir,
    seedS,
    kept: keptS !== null,
    version,
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      await drop();
    },
  };
}

async function preparePglite(size: number): Promise<Prepared> {
  const dataDir = KEEP ? path.join(os.tmpdir(), `motokari-bench-pglite-${size}`) : mkdtempSync(path.join(os.tmpdir(), 'motokari-bench-'));
  const mark = path.join(dataDir, 'bench-seeded');
  const keptS = KEEP && existsSync(mark) ? seededTime(readFileSync(mark, 'utf8')) : null;
  if (KEEP && keptS === null) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let seedS = keptS;
  if (seedS === null) {
    const t0 = performance.now();
    const database = await openDatabase({ databaseUrl: null, dataDir });
    await seedListings(database.db, size, SHAPE);
    await listingWordsOf(database.db).catchUp();
    await database.close();
    seedS = (performance.now() - t0) / 1000;
    if (KEEP) writeFileSync(mark, seededMark(seedS));
  } else await writeWords(null, dataDir);
  const version = `PGlite ${(JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version} (${await migrate(null, dataDir)})`;
  return {
    databaseUrl: null,
    dataDir,
    seedS,
    kept: keptS !== null,
    version,
    async cleanup() {
      if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---- The server --------------------------------------------------------------------------------

/**
 * Peak RSS of a process in MB per phase of the run: VmRSS sampled every 250 ms, and the kernel's
 * high-water mark (VmHWM, the exact peak since the start), which a phase takes when it rose during it.
 */
function rssSampler(pid: number) {
  const peaks = { startup: 0, load: 0 };
  let phase: keyof typeof peaks | null = 'startup';
  let hwmBefore = 0;
  const read = (field: 'VmRSS' | 'VmHWM') => {
    try {
      return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      return 0; // the process has exited
    }
  };
  const sample = () => {
    if (phase) peaks[phase] = Math.max(peaks[phase], read('VmRSS'));
  };
  /** The phase's peak from the high-water mark, when the mark rose during the phase. */
  const closePhase = () => {
    const hwm = read('VmHWM');
    if (phase && hwm > hwmBefore) peaks[phase] = Math.max(peaks[phase], hwm);
    hwmBefore = Math.max(hwmBefore, hwm);
  };
  sample();
  const timer = setInterval(sample, 250);
  return {
    peaks,
    set(next: keyof typeof peaks | null) {
      sample();
      closePhase();
      phase = next;
    },
    stop() {
      sample();
      closePhase();
      phase = null;
      clearInterval(timer);
    },
  };
}

interface Startup {
  /** Spawn to the first HTTP answer of any kind, s. */
  listeningS: number;
  /** Spawn to the first search answered 200, s. */
  firstSearchS: number;
  /** Spawn to GET /api/ready saying search_index "ready", s; null when the server does not say. */
  readyS: number | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Spawns the server (node itself, so the pid is the server's) and times its start-up. */
async function startServer(prepared: Prepared, port: number): Promise<{ child: ChildProcess; rss: ReturnType<typeof rssSampler>; startup: Startup }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...startNodeOptions(), path.join(root, 'src/server/start.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: prepared.dataDir, SKIP_BUILD: '1', SEED: 'off', LOG_LEVEL: 'warn', DATABASE_URL: prepared.databaseUrl ?? '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const rss = rssSampler(child.pid!);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const base = `http://127.0.0.1:${port}`;
  const elapsed = () => (performance.now() - t0) / 1000;
  let listeningS: number | null = null;
  const heard = () => {
    listeningS ??= elapsed();
  };
  const gaveUp = () => exited || performance.now() - t0 > START_LIMIT_MS;
  const firstSearch = (async () => {
    while (!gaveUp()) {
      try {
        const res = await fetch(base + POPULAR, { headers: { 'accept-encoding': 'br, gzip' }, signal: AbortSignal.timeout(POLL_TIMEOUT_MS) });
        heard();
        await res.arrayBuffer();
        if (res.status === 200) return elapsed();
      } catch {
        /* not listening yet, or not answered in time */
      }
      await sleep(100);
    }
    return null;
  })();
  const ready = (async () => {
    while (!gaveUp()) {
      try {
        const res = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(POLL_TIMEOUT_MS) });
        heard();
        // No such endpoint, or one that does not speak of the index: nothing to wait for.
        if (res.status === 404) return null;
        const body = (await res.json().catch(() => ({}))) as { search_index?: unknown };
        if (body.search_index === 'ready') return elapsed();
        if (res.ok && body.search_index === undefined) return null;
      } catch {
        /* not listening yet */
      }
      await sleep(100);
    }
    return null;
  })();
  const [firstSearchS, readyS] = await Promise.all([firstSearch, ready]);
  if (firstSearchS === null || listeningS === null) {
    child.kill('SIGKILL');
    rss.stop();
    throw new Error(exited ? 'the server exited during start-up' : `no search answered within ${START_LIMIT_MS / 1000} s`);
  }
  rss.set(null);
  return { child, rss, startup: { listeningS, firstSearchS, readyS } };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exit = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exit;
  clearTimeout(killer);
}

// ---- The sync feed -----------------------------------------------------------------------------

interface SyncResult {
  pages: number;
  median: number;
  p99: number;
  max: number;
  errors: number;
  encodings: Record<string, number>;
  listingsPerPage: number;
  wireBytes: number;
  bodyBytes: number;
}

/**
 * One phone at a time walking GET /api/sync/vehicles 500 listings a page (since = the revision the
 * previous page gave) from a random revision, SYNC_WALK pages, then from another, for `seconds`.
 */
async function syncWalk(base: string, size: number, seconds: number, seed: number): Promise<SyncResult> {
  const rand = seededRandom(seed);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const encodings: Record<string, number> = {};
  let errors = 0;
  let listings = 0;
  let wireBytes = 0;
  let bodyBytes = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    let since = Math.floor(rand() * Math.max(1, size - SYNC_WALK * SYNC_PAGE));
    for (let page = 0; page < SYNC_WALK && performance.now() < until; page++) {
      try {
        const answer = await get(agent, new URL(`/api/sync/vehicles?since=${since}&limit=${SYNC_PAGE}`, base));
        times.push(answer.ms);
        if (answer.encoding) encodings[answer.encoding] = (encodings[answer.encoding] ?? 0) + 1;
        wireBytes += answer.wireBytes;
        bodyBytes += answer.body.length;
        if (answer.status !== 200) {
          errors++;
          break;
        }
        const body = JSON.parse(answer.body.toString('utf8')) as { upserts: unknown[]; revision: number; has_more: boolean };
        listings += body.upserts.length;
        since = body.revision;
        if (!body.has_more) break;
      } catch {
        errors++;
        break;
      }
    }
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    pages: times.length,
    median: pct(times, 50),
    p99: pct(times, 99),
    max: times.at(-1) ?? 0,
    errors,
    encodings,
    listingsPerPage: times.length ? listings / times.length : 0,
    wireBytes,
    bodyBytes,
  };
}

// ---- One tier ----------------------------------------------------------------------------------

interface Row {
  engine: Engine;
  size: number;
  version: string;
  seedS: number;
  kept: boolean;
  startup: Startup;
  rss: { startup: number; load: number };
  search: LoadResult;
  popular: LoadResult;
  health: LoadResult;
  sync: SyncResult;
}

async function run(engine: Engine, pgUrl: string, size: number, port: number): Promise<Row> {
  const tag = `[${engine} ${wholeNumberText(size)}]`;
  console.log(`${tag} ${KEEP ? 'seeding (or reusing a kept database)' : 'seeding'}...`);
  const prepared = engine === 'postgres' ? await preparePostgres(pgUrl, size) : await preparePglite(size);
  console.log(`${tag} ${prepared.kept ? `kept database reused (seeded in ${prepared.seedS.toFixed(1)} s)` : `seeded in ${prepared.seedS.toFixed(1)} s`}; starting the server`);
  try {
    const { child, rss, startup } = await startServer(prepared, port);
    try {
      console.log(
        `${tag} listening ${startup.listeningS.toFixed(1)} s, first search ${startup.firstSearchS.toFixed(1)} s, index ready ${startup.readyS === null ? 'not reported' : `${startup.readyS.toFixed(1)} s`}`,
      );
      const base = `http://127.0.0.1:${port}`;
      const opts = { concurrency: CONCURRENCY, seconds: SECONDS };
      rss.set('load');
      await load(base, buyerSearches(size + 1), { concurrency: CONCURRENCY, seconds: 2 });
      const search = await load(base, buyerSearches(size), opts);
      const popular = await load(base, () => POPULAR, opts);
      const health = await load(base, () => '/api/health', opts);
      const sync = await syncWalk(base, size, SECONDS, size);
      rss.stop();
      for (const [name, r] of Object.entries({ search, popular, health })) if (r.firstError) console.warn(`${tag} ${name}: ${r.errors} failed, the first: ${r.firstError}`);
      const row: Row = { engine, size, version: prepared.version, seedS: prepared.seedS, kept: prepared.kept, startup, rss: { ...rss.peaks }, search, popular, health, sync };
      console.log(
        `${tag} RSS ${rss.peaks.startup.toFixed(0)} / ${rss.peaks.load.toFixed(0)} MB | search ${search.rps.toFixed(0)} rps p99 ${search.p99.toFixed(1)} ms | popular ${popular.rps.toFixed(0)} rps p99 ${popular.p99.toFixed(1)} ms | health ${health.rps.toFixed(0)} rps | sync ${sync.median.toFixed(0)} / ${sync.p99.toFixed(0)} / ${sync.max.toFixed(0)} ms (${sync.pages} pages)`,
      );
      return row;
    } finally {
      rss.stop();
      await stopServer(child);
    }
  } finally {
    await prepared.cleanup();
  }
}

// ---- The table ---------------------------------------------------------------------------------

const ms = (n: number) => n.toFixed(1);
const secs = (n: number) => `${n.toFixed(1)} s`;
const share = (r: Row) => (r.search.rps / r.health.rps) * 100;
/** "br 100%": how the answers came back. */
function encodingText(encodings: Record<string, number>, requests: number): string {
  const parts = Object.entries(encodings).map(([e, n]) => `${e} ${((n / Math.max(1, requests)) * 100).toFixed(0)}%`);
  return parts.length ? parts.join(', ') : 'none';
}

function missed(r: Row): string {
  const out: string[] = [];
  if (r.startup.firstSearchS > TARGETS.startS) out.push('start-up');
  if (Math.max(r.rss.startup, r.rss.load) > TARGETS.rssMb) out.push('RSS');
  if (r.search.p99 > TARGETS.searchP99) out.push('search p99');
  if (share(r) < TARGETS.searchShare) out.push('search / health');
  if (r.sync.p99 > TARGETS.syncP99) out.push('sync p99');
  return out.length ? out.join(', ') : 'none';
}

function table(rows: Row[]): string[] {
  return [
    '| engine | listings | seeding | first search | index ready | RSS start-up MB | RSS load MB | search req/s | search p50 ms | search p99 ms | health req/s | health p99 ms | search / health | popular req/s | popular p99 ms | sync page median / p99 / max ms | targets missed |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    `| target | | | at most ${TARGETS.startS} s | | at most ${TARGETS.rssMb} | at most ${TARGETS.rssMb} | | | at most ${TARGETS.searchP99} | | | at least ${TARGETS.searchShare}% | | | p99 at most ${TARGETS.syncP99} | |`,
    ...rows.map(
      (r) =>
        `| ${r.engine} | ${wholeNumberText(r.size)} | ${secs(r.seedS)}${r.kept ? ' (kept)' : ''} | ${secs(r.startup.firstSearchS)} | ${r.startup.readyS === null ? 'not reported' : secs(r.startup.readyS)} | ${r.rss.startup.toFixed(0)} | ${r.rss.load.toFixed(0)} | ${r.search.rps.toFixed(0)} | ${ms(r.search.p50)} | ${ms(r.search.p99)} | ${r.health.rps.toFixed(0)} | ${ms(r.health.p99)} | ${share(r).toFixed(0)}% | ${r.popular.rps.toFixed(0)} | ${ms(r.popular.p99)} | ${r.sync.median.toFixed(0)} / ${r.sync.p99.toFixed(0)} / ${r.sync.max.toFixed(0)} | ${missed(r)} |`,
    ),
  ];
}

/** "3.1 / 19.8": mean KB of an answer as sent and as read. */
const kb = (wire: number, body: number, n: number) => `${(wire / 1024 / Math.max(1, n)).toFixed(1)} / ${(body / 1024 / Math.max(1, n)).toFixed(1)}`;

function details(rows: Row[]): string[] {
  return [
    '| engine | listings | listening | errors (search, popular, health, sync) | search: compressed, KB sent / read, found nothing | popular: compressed, KB sent / read | sync: compressed, KB sent / read, pages (listings a page) |',
    '|---|---:|---:|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.engine} | ${wholeNumberText(r.size)} | ${secs(r.startup.listeningS)} | ${r.search.errors}, ${r.popular.errors}, ${r.health.errors}, ${r.sync.errors} | ${encodingText(r.search.encodings, r.search.requests)}, ${kb(r.search.wireBytes, r.search.bodyBytes, r.search.requests)}, ${((r.search.empty / Math.max(1, r.search.requests)) * 100).toFixed(0)}% | ${encodingText(r.popular.encodings, r.popular.requests)}, ${kb(r.popular.wireBytes, r.popular.bodyBytes, r.popular.requests)} | ${encodingText(r.sync.encodings, r.sync.pages)}, ${kb(r.sync.wireBytes, r.sync.bodyBytes, r.sync.pages)}, ${r.sync.pages} (${r.sync.listingsPerPage.toFixed(0)}) |`,
    ),
  ];
}

async function main() {
  const { url: pgUrl, stop: stopPg } = ENGINES.includes('postgres') ? benchPostgres(root) : { url: '', stop: null };
  const loadBefore = os.loadavg();
  const started = new Date();
  const rows: Row[] = [];
  let port = 18080;
  try {
    for (const size of SIZES) {
      if (ENGINES.includes('pglite') && size <= PGLITE_MAX) rows.push(await run('pglite', '', size, port++));
      if (ENGINES.includes('postgres')) rows.push(await run('postgres', pgUrl, size, port++));
    }
  } finally {
    stopPg?.();
  }
  const loadAfter = os.loadavg();
  const loadText = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  const versions = [...new Set(rows.map((r) => `${r.engine}: ${r.version}`))].join('; ');
  const section = [
    '## API search (`npm run bench:api`)',
    '',
    `Run on ${started.toISOString().slice(0, 10)} in Node ${process.version} on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), server and load generator on the same machine, shared with other jobs: load average ${loadText(loadBefore)} at the start and ${loadText(loadAfter)} at the end. Engines: ${versions}.`,
    `Listings: realistic rows (tests/bench/listings.ts): a description of its own and 2-6 photos each, one seller (a \`users\` row, dealer or private) per two listings, the catalogue's makes with a skew towards the common ones, coordinates around the cities, published over 85 days with 30-, 60- and 90-day plans (so some end within days); seeded with COPY on PostgreSQL, batched inserts on PGlite (up to ${wholeNumberText(PGLITE_MAX)}). Seeding: the time to write the listings and sellers into a migrated database, then \`ANALYZE\`, then each listing's words (written by the app's own catch-up, as a server writes them); "(kept)": a database seeded by an earlier run and kept (\`BENCH_KEEP_DB=1\`), with the seeding time measured then.`,
    `Start-up: from spawning the server process as \`npm start\` runs it (\`${['node', ...startNodeOptions(), 'src/server/start.ts'].join(' ')}\`) to the first search answered 200 (polled every 100 ms; a ${POLL_TIMEOUT_MS / 1000} s timeout or a 503 counts as not answered), and to \`GET /api/ready\` reporting \`search_index: "ready"\` when the server reports it. RSS: the server process's peak resident memory during start-up and during the measurements, from \`/proc/<pid>/status\`: VmRSS sampled every 250 ms, and the kernel's high-water mark VmHWM (the exact peak), which a phase takes when it rose during it.`,
    `Load: ${CONCURRENCY} concurrent keep-alive clients, ${SECONDS} s per measurement (after a 2 s warm-up), each request sent with \`Accept-Encoding: br, gzip\` as browsers send it, its body read in full and decompressed. Search: buyers' searches in four shapes (make and price; make and model; region, years and distance; fuel, engine band and distance, by price), each from a buyer at another place within about 30 km of a city, the make (skewed), region, price, years, distance and band drawn from a fixed seed, so no two requests repeat a URL. Popular: one search (Toyotas under $60,000 nearest Harare) repeated. Health: \`GET /api/health\`. Sync page: one client walking \`GET /api/sync/vehicles?since=…&limit=${SYNC_PAGE}\` from a random revision, ${SYNC_WALK} pages, then from another, for ${SECONDS} s.`,
    '',
    ...table(rows),
    '',
    "How the answers came back: the share compressed (the server sends answers under 1 KB, such as a search that found nothing, uncompressed), an answer's mean size as sent and as read (decompressed), and the share of searches that found nothing.",
    '',
    ...details(rows),
    '',
  ].join('\n');
  writeResultsSection('## API search', section);
  console.log(`\n${[...table(rows), '', ...details(rows)].join('\n')}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
