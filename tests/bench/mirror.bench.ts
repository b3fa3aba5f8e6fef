// npm run bench:mirror: the offline mirror on a cheap phone (issue 16), as a person meets it. Seeds
// 10,000 and 100,000 generated listings (tests/bench/listings.ts: random ids, unique descriptions, five
// photos each, one seller per two listings, skewed makes and models), starts the real server, and
// downloads the old feed (listings in full) and the new one (the summary's columns, format 2) from Node
// through a local relay that shapes the network as a phone's (3G: 1.6 Mbit/s down, 750 kbit/s up,
// +150 ms). Then it drives Debian's Chromium through the same relay on persistent profiles, the page's
// CPU slowed 4x through CDP, running the built app with nothing answered beforehand: first visits on
// three fresh profiles (the cookie banner showing; the last answers it and runs on to the full sync:
// its bytes, IndexedDB, the search worker's memory), three cold offline starts on the relaunched
// profile with a make chosen on each (and the page's long tasks), the same first visit on 2G (EDGE)
// with the time until the device copy is complete, and a day's changes (2% changed, 1% new, 1%
// expired). Each moment carries the machine's load average. It prints the table, the old format beside
// the new, and writes it to tests/bench/RESULTS.md. The parts live in tests/bench/mirror/.
// Not a test: it measures. Options: --sizes=10000 (or BENCH_SIZES) for a quick run; --profiles=3g to
// leave out EDGE (default 3g,edge); --trace=DIR for a Chrome trace of the first cold offline start.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { buildAppIfStale } from '@/server/buildApp';
import { downloadFeeds } from './feeds';
import { answerCookieBanner, firstCards, launch, longTasks, pageClockPasses, pageOrigin, phonePage, startTrace, watchTraffic, type Workers } from './mirror/browser';
import { applyDay, dayMix, seed } from './mirror/day';
import { chooseMake, mirrorReaches, pageSlowdown, workerMemory, workerSlowdown } from './mirror/measure';
import { EDGE, PHONE_3G, startRelay, type Relay } from './mirror/relay';
import { record, type ColdStart, type Figures, type FirstVisit } from './mirror/table';
import { MB, MINUTE, S, cpuLoopMs, load1, sleep } from './mirror/util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SIZES = (arg('sizes') ?? process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const PROFILES = (arg('profiles') ?? '3g,edge').toLowerCase().split(',');
const WITH_EDGE = PROFILES.includes('edge');
const TRACE_DIR = arg('trace') ? path.resolve(arg('trace')!) : null;

/** Runs of each moment (first visit, cold offline start, a make offline): the median is reported. */
const RUNS = 3;
/** The makes chosen offline, one on each relaunch. */
const MAKES = ['Toyota', 'Nissan', 'Honda'];

// ---------------------------------------------------------------------------------------------
// The server

async function startServer(databaseUrl: string | null, dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'src/server/start.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', SEED: 'off', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // /api/health answers from the first moment; /api/ready once the database is open and the API serves.
  const start = Date.now();
  while (Date.now() - start < 10 * MINUTE) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  await stop(child);
  throw new Error('server did not start');
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// One run: the built app at a size

/**
 * Waits until the page's service worker is active (its precache downloaded), as the cold start offline
 * needs: asked each second without waiting on `navigator.serviceWorker.ready` (which never settles when
 * nothing registers), its state logged every half minute; a last guard after 20 minutes.
 */
async function serviceWorkerActive(page: Page, log: (s: string) => void): Promise<void> {
  const start = Date.now();
  let logged = start;
  for (;;) {
    const state = (await page.evaluate(`(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return r ? (r.active ? 'active' : r.waiting ? 'waiting' : r.installing ? 'installing' : 'registered') : 'not registered';
    })()`)) as string;
    if (state === 'active') return;
    if (Date.now() - start > 20 * MINUTE) throw new Error(`the service worker is not active after 20 minutes (${state})`);
    if (Date.now() - logged > 30_000) {
      logged = Date.now();
      log(`  the service worker: ${state}`);
    }
    await sleep(1000);
  }
}

interface Visit {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  workers: Workers;
  traffic: ReturnType<typeof watchTraffic>;
  visit: FirstVisit;
}

async function measure(size: number, databaseUrl: string | null, port: number): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'motokari-mirror-'));
  const dirs = [dataDir];
  const newProfile = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'motokari-mirror-profile-'));
    dirs.push(dir);
    return dir;
  };
  let dbUrl = databaseUrl;
  if (databaseUrl) {
    const u = new URL(databaseUrl);
    u.pathname = `/bench_mirror_${size}_${Date.now()}`;
    execFileSync('psql', [databaseUrl, '-qc', `create database ${u.pathname.slice(1)}`]);
    dbUrl = u.toString();
  }
  let server: ChildProcess | null = null;
  const relays: Relay[] = [];
  let context: BrowserContext | null = null;
  const log = (s: string) => console.log(`[${size.toLocaleString('en-US')}] ${s}`);
  /** Closes the browser, and lets nothing it left on the network delay the next. */
  const close = async () => {
    await context?.close();
    context = null;
    for (const r of relays) r.idle();
    await sleep(1000);
  };

  /** A first visit to `where` on `profile` through `relay` (a fresh browser), until its first result cards. */
  const firstVisit = async (relay: Relay, where: string, profile: string): Promise<Visit> => {
    context = await launch(profile);
    const traffic = watchTraffic(context);
    const { page, cdp, workers } = await phonePage(context);
    relay.reset();
    await page.goto(`http://localhost:${relay.port}${where}`, { waitUntil: 'commit', timeout: 10 * MINUTE });
    const ms = await firstCards(page, 10 * MINUTE);
    const load = load1();
    const shell = relay.downBefore((await pageOrigin(page)) + ms);
    log(`${relay.profile.name} first visit to ${where}: first cards at ${S(ms)}, ${MB(shell)} to the browser before them (load ${load.toFixed(2)})`);
    return { context, page, cdp, workers, traffic, visit: { ms, load, shell } };
  };

  /** The cookie banner answered when it opens (see answerCookieBanner): its opening time, or null (and why) if it never came. */
  const answerBanner = (page: Page) =>
    answerCookieBanner(page).then(
      (at) => {
        log(`cookie banner: opened at ${at === null ? '?' : S(at)}, answered Reject All`);
        return at;
      },
      (e: unknown) => {
        log(`cookie banner not answered: ${String(e).slice(0, 200)}`);
        return null;
      },
    );

  try {
    log('seeding...');
    let t = performance.now();
    const head = await seed(dbUrl, dataDir, size);
    log(`seeded in ${((performance.now() - t) / 1000).toFixed(0)} s (head revision ${head})`);
    server = await startServer(dbUrl, dataDir, port);
    const relay = await startRelay(port, PHONE_3G);
    relays.push(relay);
    const edgeRelay = WITH_EDGE ? await startRelay(port, EDGE) : null;
    if (edgeRelay) relays.push(edgeRelay);
    const origin = `http://localhost:${relay.port}`;

    // The network part of a first download, old feed and new, from Node through the same relay.
    const feeds = await downloadFeeds(relay);
    for (const [name, run] of Object.entries(feeds)) {
      log(typeof run === 'string' ? `${name} feed: ${run}` : `${name} feed: ${MB(run.wire)} on the wire in ${S(run.ms)}, ${run.requests} requests, ${run.listings} listings`);
      if (typeof run !== 'string' && run.listings !== size) log(`  ${name} feed: ${run.listings} listings of ${size}`);
    }

    // First visit to / on an empty profile of its own, until its first result cards (the sync it starts is cut short).
    const home = (await firstVisit(relay, '/', newProfile())).visit;
    await close();

    // First visits to /cars, each on a new empty profile: the first ones until their first cards, the
    // last then answers the cookie banner and runs on until the mirror holds every listing.
    const firstVisits: FirstVisit[] = [];
    for (let i = 0; i < RUNS - 1; i++) {
      firstVisits.push((await firstVisit(relay, '/cars', newProfile())).visit);
      await close();
    }
    const profile = newProfile();
    const first = await firstVisit(relay, '/cars', profile);
    firstVisits.push(first.visit);
    // The person answers the banner when it opens; the sync goes on meanwhile.
    const banner = answerBanner(first.page);
    const sync = await mirrorReaches(first.page, head, 30 * MINUTE, log);
    const syncLoad = load1();
    log(`sync done at ${(sync.at / 1000).toFixed(1)} s (the ${sync.by} app's record; load ${syncLoad.toFixed(2)})`);
    // The cold start offline needs the service worker installed (its precache downloaded).
    await serviceWorkerActive(first.page, log);
    log('service worker active');
    const bannerAt = await banner;
    await sleep(3000);
    await first.traffic.settle();
    const bytes = first.traffic.traffic;
    const relayDown = relay.down;
    const estimate = await first.page.evaluate(async () => {
      const e = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
      return { usage: e.usage ?? 0, indexedDB: e.usageDetails?.indexedDB ?? null };
    });
    log('measuring the search worker...');
    const memory = await workerMemory(first.workers).catch((e: unknown) => {
      log(`worker memory not measured: ${String(e)}`);
      return null;
    });
    const workerThrottle = [...first.workers.throttle];
    log(`worker CPU slowdown: ${workerThrottle.join(', ') || 'no worker started'}`);
    const workerLoop = await workerSlowdown(first.workers).catch((e: unknown) => {
      log(`worker loop not timed: ${String(e)}`);
      return null;
    });
    const pageLoop = await pageSlowdown(first.page, first.cdp).catch((e: unknown) => {
      log(`page loop not timed: ${String(e)}`);
      return null;
    });
    if (workerLoop) log(`worker loop: ${workerLoop.slowed.toFixed(0)} ms slowed, ${workerLoop.unslowed.toFixed(0)} ms not`);
    if (pageLoop) log(`page loop: ${pageLoop.slowed.toFixed(0)} ms slowed, ${pageLoop.unslowed.toFixed(0)} ms not`);
    await close();

    // Cold starts offline: the same profile relaunched, no network at all; a make chosen on each.
    // The first launch follows the first visit's browser directly, and loads nothing before /cars.
    const coldStarts: ColdStart[] = [];
    const makes: Figures['makes'] = [];
    relay.setOffline(true);
    for (let i = 0; i < RUNS; i++) {
      context = await launch(profile);
      await context.setOffline(true);
      const { page } = await phonePage(context, { bannerInTheWay: true });
      const endTrace = i === 0 && TRACE_DIR ? await startTrace(context, page) : null;
      const tapped = Date.now();
      await page.goto(`${origin}/cars`, { waitUntil: 'commit', timeout: 10 * MINUTE });
      const ms = await firstCards(page, 10 * MINUTE);
      const load = load1();
      const fromTap = (await pageOrigin(page)) + ms - tapped;
      await pageClockPasses(page, ms + 1000);
      const tasks = await longTasks(page, 0, ms + 1000);
      coldStarts.push({ ms, load, longTasks: tasks });
      log(
        `cold offline start ${i + 1}: first cards at ${S(ms)} (${S(fromTap)} from the call to open the page), long tasks: ${tasks.count}, the longest ${tasks.longest.toFixed(0)} ms (load ${load.toFixed(2)})`,
      );
      if (endTrace) {
        const file = path.join(TRACE_DIR!, `mirror-cold-offline-${size}.json`);
        await endTrace(file);
        log(`trace of the first cold offline start: ${file}`);
      }
      const make = await chooseMake(page, MAKES[i % MAKES.length]!);
      makes.push({ ...make, load: load1() });
      log(`make offline (${make.make}): count ${make.count.toFixed(0)} ms, list ${make.list.toFixed(0)} ms, long tasks: ${make.longTasks.count}, the longest ${make.longTasks.longest.toFixed(0)} ms`);
      await close();
    }
    relay.setOffline(false);

    // EDGE: first visits on fresh profiles; the last runs on until the device copy is complete.
    let edge: Figures['edge'] = null;
    if (edgeRelay) {
      const visits: FirstVisit[] = [];
      for (let i = 0; i < RUNS - 1; i++) {
        visits.push((await firstVisit(edgeRelay, '/cars', newProfile())).visit);
        await close();
      }
      const run = await firstVisit(edgeRelay, '/cars', newProfile());
      visits.push(run.visit);
      const edgeBanner = answerBanner(run.page);
      const copy = await mirrorReaches(run.page, head, 60 * MINUTE, log);
      const copyLoad = load1();
      log(`EDGE: device copy complete at ${S(copy.at)} (load ${copyLoad.toFixed(2)})`);
      await edgeBanner;
      await run.traffic.settle();
      edge = { firstVisits: visits, copyDone: { ms: copy.at, load: copyLoad }, syncBytes: run.traffic.traffic.sync };
      await close();
    }

    // A day's changes (2% changed, 1% new, 1% expired), then the next sync on the wire.
    await stop(server);
    server = null;
    const mix = dayMix(size);
    t = performance.now();
    const dayHead = await applyDay(dbUrl, dataDir, size);
    log(`a day's changes written in ${((performance.now() - t) / 1000).toFixed(0)} s (head revision ${dayHead})`);
    server = await startServer(dbUrl, dataDir, port);
    context = await launch(profile);
    const dayWatch = watchTraffic(context);
    const { page } = await phonePage(context, { bannerInTheWay: true });
    relay.reset();
    await page.goto(`${origin}/cars`, { waitUntil: 'commit', timeout: 10 * MINUTE });
    await mirrorReaches(page, dayHead, 20 * MINUTE, log);
    const dayLoad = load1();
    await sleep(3000);
    await dayWatch.settle();
    const dayDown = relay.down;
    await close();
    return {
      feeds,
      app: sync.by,
      syncBytes: bytes.sync,
      otherBytes: bytes.other,
      photoBytes: bytes.photos,
      relayDown,
      encodings: [...bytes.encodings].join(', '),
      homeCards: home,
      firstVisits,
      bannerAt,
      syncDone: { ms: sync.at, load: syncLoad },
      idbUsage: estimate.usage,
      idbDetail: estimate.indexedDB,
      workerMemory: memory,
      workerThrottle,
      workerLoop,
      pageLoop,
      coldStarts,
      makes,
      day: { syncBytes: dayWatch.traffic.sync, relayDown: dayDown, ...mix, load: dayLoad },
      edge,
    };
  } finally {
    await (context as BrowserContext | null)?.close().catch(() => undefined);
    for (const r of relays) await r.close();
    if (server) await stop(server);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    if (databaseUrl && dbUrl && dbUrl !== databaseUrl) execFileSync('psql', [databaseUrl, '-qc', `drop database if exists ${new URL(dbUrl).pathname.slice(1)} with (force)`]);
  }
}

async function main() {
  const loadBefore = os.loadavg();
  const cpu = cpuLoopMs();
  buildAppIfStale();
  const databaseUrl = process.env.DATABASE_URL || null;
  const results: { size: number; figures: Figures }[] = [];
  let port = 18480;
  for (const size of SIZES) {
    results.push({ size, figures: await measure(size, databaseUrl, port++) });
    // Written after each measurement, so a run stopped at a larger size keeps what it measured.
    record(results, { databaseUrl, loadBefore, cpuLoopMs: cpu, edge: WITH_EDGE, trace: TRACE_DIR });
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
