// npm run bench:mirror: the offline mirror on a cheap phone (issue 16). Seeds 10,000 and 100,000
// generated listings (tests/bench/listings.ts: random ids, unique descriptions, five photos each, one
// seller per two listings, skewed makes and models), starts the real server, and downloads the old
// feed (listings in full) and the new one (the summary's columns, format 2) from Node through a local
// relay that shapes the network as a phone's (1.6 Mbps down, 750 kbps up, 150 ms round trip). Then it
// drives Debian's Chromium through the same relay on a persistent profile, the page's CPU (and the
// search worker's, where Chromium takes it) slowed 4x through CDP, running the built app, old or new:
// the bytes of the first visit and the first sync, the time to the first result cards (on / and on
// /cars) and to the sync's end, IndexedDB's usage, the search worker's heap, a cold start offline on
// the relaunched profile, a make chosen offline, and a day's changes. It prints the table, the old
// format beside the new, and writes it to tests/bench/RESULTS.md.
// Not a test: it measures. Option: --sizes=10000 (or BENCH_SIZES) for a quick run.
import { spawn, execFileSync, execSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { openDatabase } from '../../src/server/db/client';
import { currentRevision, deleteVehicles, updateVehicle, withListingWrite } from '../../src/server/repositories/vehicles.repo';
import { buildAppIfStale } from '../../src/server/buildApp';
import { DB_NAME } from '../../src/data/schema';
import { SUMMARY_FORMAT } from '../../src/domain/search/summary';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { rejectAll } from '../../src/domain/consent';
import { ANDROID_PHONE, CHROMIUM, CHROMIUM_ARGS } from '../e2e/browser';
import { listings } from './listings';
import { writeResultsSection } from './results';
import { seedListings } from './seedListings';
import { NEW_FEED, OLD_FEED, downloadFeeds, type FeedRun } from './feeds';
import { seededRandom } from '../support/random';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SIZES = (arg('sizes') ?? process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);

/** The phone profile of issue 16. */
const PHONE = { downBps: 1.6e6, upBps: 750e3, rttMs: 150, cpuSlowdown: 4 };
const MINUTE = 60_000;

/** Requests that carry the listings (the sync), for the split of the bytes. */
const isSync = (u: URL) => u.pathname === OLD_FEED || u.pathname === NEW_FEED;
/** Requests for photos: the listings' own (`/media/...`, not served by the bench) and the summary's card thumbnails. */
const isPhoto = (u: URL) => u.pathname.startsWith('/media/') || /^\/api\/vehicles\/[^/]+\/thumb$/.test(u.pathname);

/**
 * The app before issue 16 (old format) measured by this bench on 2026-11-24 (the section of RESULTS.md
 * of that day, on the data of that day: sequential ids, 'seller-N' sellers): quoted beside the new app's
 * figures, for those that only the old app gives (its IndexedDB, its worker heap, its screens).
 */
const OLD_APP_BASELINE: { date: string; figures: Record<number, Partial<Record<RowKey, string>>> } = {
  date: '2026-11-24',
  figures: {
    10_000: {
      appSyncBytes: '2.32 MB (br)',
      syncDone: '21.89 s',
      firstCards: '3.41 s',
      homeCards: '',
      idb: '12.27 MB (indexedDB 10.04 MB)',
      heap: '13.24 MB',
      cold: '1.49 s',
      make: '0.35 s / 0.35 s',
      other: '0.77 MB',
      day: '49.6 KB',
    },
    100_000: {
      appSyncBytes: '23.24 MB (br)',
      syncDone: '185.68 s',
      firstCards: '9.36 s',
      homeCards: '',
      idb: '81.92 MB (indexedDB 79.68 MB)',
      heap: '121.22 MB',
      cold: '3.68 s',
      make: '0.32 s / 0.32 s',
      other: '0.77 MB',
      day: '485.1 KB',
    },
  },
};

// ---------------------------------------------------------------------------------------------
// The database and the server

/** Inserts the sellers (one account per seller of the listings) and the listings in bulk; returns the head revision. */
async function seed(databaseUrl: string | null, dataDir: string, n: number): Promise<number> {
  const { db, close } = await openDatabase({ databaseUrl, dataDir });
  try {
    await seedListings(db, n);
    return await currentRevision(db);
  } finally {
    await close();
  }
}

/**
 * A day's changes as the app's writes make them (a new revision each, tombstones for the removed):
 * `changed` listings get a new price, `removed` are deleted. Returns the head revision after.
 */
async function applyDay(databaseUrl: string | null, dataDir: string, n: number, changed: number, removed: number): Promise<number> {
  const { db, close } = await openDatabase({ databaseUrl, dataDir });
  try {
    const rand = seededRandom(n + 2);
    const all = listings(n);
    const picked = [...new Set(Array.from({ length: (changed + removed) * 2 }, () => Math.floor(rand() * n)))].slice(0, changed + removed);
    const id = (i: number) => all[i]!.id;
    await withListingWrite(db, async (tx, nextRevision) => {
      for (const i of picked.slice(0, changed)) await updateVehicle(tx, id(i), { price: Math.round(1500 + rand() * 150_000) }, await nextRevision());
      await deleteVehicles(
        tx,
        picked.slice(changed).map((i) => ({ id: id(i), firstPublishedAt: new Date() })),
        nextRevision,
      );
    });
    return await currentRevision(db);
  } finally {
    await close();
  }
}

async function startServer(databaseUrl: string | null, dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'src/server/start.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', SEED: 'off', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// The phone's network: a TCP relay on loopback between the browser and the server

interface Relay {
  port: number;
  /** Bytes the relay carried towards the browser since the last reset (HTTP headers and bodies). */
  down: number;
  up: number;
  reset(): void;
  /** No network: connections open now are cut and new ones refused (a phone with no signal). */
  setOffline(offline: boolean): void;
  close(): Promise<void>;
}

/**
 * Every connection of the browser (page, search worker, service worker alike) passes through it, so
 * all of them are shaped the same: each direction is one queue at its rate shared by all connections,
 * and each chunk arrives half a round trip after it left. TCP's handshake itself is not delayed.
 */
async function startRelay(target: number): Promise<Relay> {
  const lane = (bps: number) => {
    let free = 0;
    return (bytes: number) => {
      const now = performance.now();
      free = Math.max(free, now) + (bytes * 8 * 1000) / bps;
      return free + PHONE.rttMs / 2 - now;
    };
  };
  const downLane = lane(PHONE.downBps);
  const upLane = lane(PHONE.upBps);
  const sockets = new Set<net.Socket>();
  let offline = false;
  const relay: Relay = {
    port: 0,
    down: 0,
    up: 0,
    reset() {
      relay.down = 0;
      relay.up = 0;
    },
    setOffline(value) {
      offline = value;
      if (offline) for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  // Each direction of a connection delivers in order from its own queue: timers of different lengths
  // may fire out of order, so one timer at a time serves the queue's head.
  const forward = (from: net.Socket, to: net.Socket, delay: (bytes: number) => number, count: (bytes: number) => void) => {
    const queue: { at: number; act: () => void }[] = [];
    let timer: NodeJS.Timeout | null = null;
    const pump = () => {
      timer = null;
      while (queue.length && queue[0]!.at <= performance.now()) queue.shift()!.act();
      if (queue.length) timer = setTimeout(pump, Math.max(1, queue[0]!.at - performance.now()));
    };
    const later = (ms: number, act: () => void) => {
      queue.push({ at: performance.now() + ms, act });
      if (!timer) timer = setTimeout(pump, Math.max(1, ms));
    };
    from.on('data', (chunk: Buffer) => {
      count(chunk.length);
      later(delay(chunk.length), () => to.destroyed || to.write(chunk));
    });
    from.on('end', () => later(delay(0), () => to.destroyed || to.end()));
    from.on('error', (e) => {
      if (process.env.BENCH_DEBUG) console.log(`  relay: ${e.message}`);
      to.destroy();
    });
    from.on('close', () => later(delay(0) + 50, () => to.destroy()));
  };
  const server = net.createServer((client) => {
    if (offline) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    forward(client, upstream, upLane, (b) => (relay.up += b));
    forward(upstream, client, downLane, (b) => (relay.down += b));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.port = (server.address() as net.AddressInfo).port;
  return relay;
}

// ---------------------------------------------------------------------------------------------
// The browser

interface Traffic {
  sync: number;
  other: number;
  photos: number;
  encodings: Set<string>;
  requests: number;
  /** Requests whose sizes Chromium never gave (Playwright's request.sizes() unanswered after a while): not in the bytes. */
  unsized: number;
}

/** How long a finished request's sizes are waited for. */
const SIZES_WAIT_MS = 20_000;

/** Adds up what each request took on the wire (encoded body and headers), as CDP's encodedDataLength counts. */
function watchTraffic(context: BrowserContext): { traffic: Traffic; reset(): void; settle(): Promise<void> } {
  const fresh = (): Traffic => ({ sync: 0, other: 0, photos: 0, encodings: new Set(), requests: 0, unsized: 0 });
  let traffic = fresh();
  const pending = new Set<Promise<void>>();
  context.on('requestfinished', (request) => {
    const counting = traffic;
    const p = (async () => {
      const response = await request.response();
      // A page's request the service worker answered from its cache crossed no network.
      if (!response || response.fromServiceWorker()) return;
      const sizes = await Promise.race([request.sizes(), sleep(SIZES_WAIT_MS).then(() => null)]);
      if (!sizes) {
        counting.unsized++;
        console.log(`  no sizes for ${request.method()} ${request.url()} after ${SIZES_WAIT_MS / 1000} s: left out of the bytes`);
        return;
      }
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize + sizes.requestHeadersSize + sizes.requestBodySize;
      const url = new URL(request.url());
      counting.requests++;
      if (isSync(url)) {
        counting.sync += bytes;
        counting.encodings.add(response.headers()['content-encoding'] ?? 'identity');
      } else if (isPhoto(url)) counting.photos += bytes;
      else counting.other += bytes;
    })().catch(() => undefined);
    pending.add(p);
    void p.finally(() => pending.delete(p));
  });
  return {
    get traffic() {
      return traffic;
    },
    reset() {
      traffic = fresh();
    },
    async settle() {
      await within(SIZES_WAIT_MS + 10_000, 'request sizes', Promise.all([...pending]));
    },
  };
}

/** Records, in the page, when the first result card appears (ms from navigation start). */
const FIRST_CARDS_SCRIPT = `(() => {
  const seen = () => document.querySelector('main a[href^="/car/"]');
  const mark = () => { if (!window.__firstCards && seen()) window.__firstCards = performance.now(); };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true });
})();`;

/**
 * The cookie banner answered (necessary only) and the install and notification prompts dismissed, as
 * the end-to-end tests start (tests/e2e/appInBrowser.ts), so no prompt covers the screens driven here.
 */
const PROMPTS_SCRIPT = `(() => {
  try {
    const answer = (key, value) => { if (localStorage.getItem(key) === null) localStorage.setItem(key, value); };
    answer(${JSON.stringify(STORAGE_KEYS.cookieConsent)}, ${JSON.stringify(JSON.stringify(rejectAll(new Date())))});
    answer(${JSON.stringify(STORAGE_KEYS.installPromptDismissedAt)}, String(Date.now()));
    answer(${JSON.stringify(STORAGE_KEYS.notificationPromptDismissedAt)}, String(Date.now()));
  } catch {}
})();`;

async function launch(profile: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, ...ANDROID_PHONE });
  await context.addInitScript(PROMPTS_SCRIPT);
  await context.addInitScript(FIRST_CARDS_SCRIPT);
  // The app's warnings (a sync that stopped, say) and errors, from the page and its workers.
  context.on('console', (m) => {
    if ((m.type() === 'warning' || m.type() === 'error') && !/404|ERR_FAILED|Failed to fetch|preload/.test(m.text())) console.log(`  browser ${m.type()}: ${m.text().slice(0, 300)}`);
  });
  context.on('requestfailed', (r) => {
    if (!r.url().includes('/media/') && !/INTERNET_DISCONNECTED|ERR_FAILED/.test(r.failure()?.errorText ?? '')) console.log(`  browser request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  context.on('weberror', (e) => console.log(`  browser error: ${String(e.error()).slice(0, 300)}`));
  return context;
}

/**
 * The page's dedicated workers (the search worker), reached through CDP from the page's session
 * (attached as they start, paused until their CPU is slowed; messages go through
 * Target.sendMessageToTarget). Chromium's answers to slowing each worker's CPU are kept.
 */
interface Workers {
  /** Per worker started: 'accepted', or Chromium's refusal. */
  throttle: string[];
  /** A CDP command to the first worker; null when no worker started. */
  send(method: string, params?: object): Promise<unknown> | null;
  /** Calls `listener` with the params of each `method` event from the workers until the returned function is called. */
  on(method: string, listener: (params: unknown) => void): () => void;
}

async function attachWorkers(cdp: CDPSession): Promise<Workers> {
  const sessions: string[] = [];
  const throttle: string[] = [];
  const answers = new Map<number, (msg: { result?: unknown; error?: { message: string } }) => void>();
  const listeners = new Set<{ method: string; listener: (params: unknown) => void }>();
  let id = 0;
  const sendTo = async (sessionId: string, method: string, params: object = {}) => {
    const n = ++id;
    const answer = new Promise<{ result?: unknown; error?: { message: string } }>((resolve) => answers.set(n, resolve));
    await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: n, method, params }) });
    const msg = await within(60_000, method, answer);
    if (msg.error) throw new Error(`${method}: ${msg.error.message}`);
    return msg.result;
  };
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const msg = JSON.parse(e.message) as { id?: number; method?: string; params?: unknown; result?: unknown; error?: { message: string } };
    if (msg.id !== undefined) answers.get(msg.id)?.(msg);
    else for (const l of listeners) if (l.method === msg.method) l.listener(msg.params);
  });
  cdp.on('Target.attachedToTarget', (e) => {
    const sessionId = e.sessionId;
    void (async () => {
      if (e.targetInfo.type === 'worker') {
        sessions.push(sessionId);
        try {
          await sendTo(sessionId, 'Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
          throttle.push('accepted');
        } catch (err) {
          throttle.push(`refused (${err instanceof Error ? err.message : String(err)})`);
        }
      }
      await sendTo(sessionId, 'Runtime.runIfWaitingForDebugger').catch(() => undefined);
    })();
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return {
    throttle,
    send: (method, params) => (sessions[0] ? sendTo(sessions[0], method, params) : null),
    on: (method, listener) => {
      const entry = { method, listener };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
  };
}

/** A page with the phone's slow CPU: the page's target, and the workers' as they start (if Chromium takes it). */
async function phonePage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession; workers: Workers }> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  const workers = await attachWorkers(cdp);
  return { page, cdp, workers };
}

async function firstCards(page: Page, timeoutMs: number): Promise<number> {
  const handle = await page.waitForFunction(() => (window as unknown as { __firstCards?: number }).__firstCards, undefined, { timeout: timeoutMs, polling: 250 });
  return (await handle.jsonValue()) as number;
}

/**
 * Waits until the device's mirror stands at `revision`; returns the page's clock then (polled each
 * second, so up to a second late) and which app's record said so. The app of issue 16 keeps the meta
 * row 'summary' ({ revision, cursor, complete, syncedAt }, its first download done once `cursor` is
 * null); the app before it keeps the row 'sync' (its cursor, written in the same transaction as each
 * page's listings). Read straight from IndexedDB, not from the app's state, so it does not depend on a screen.
 */
async function mirrorReaches(page: Page, revision: number, timeoutMs: number, log: (s: string) => void): Promise<{ at: number; by: AppFormat }> {
  const read = `(async () => {
    const name = ${JSON.stringify(DB_NAME)};
    const at = performance.now();
    if (!(await indexedDB.databases()).some((d) => d.name === name)) return { summary: null, sync: null, at };
    const db = await new Promise((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      if (!db.objectStoreNames.contains('meta')) return { summary: null, sync: null, at };
      const get = (key) => new Promise((resolve, reject) => {
        const req = db.transaction('meta').objectStore('meta').get(key);
        req.onsuccess = () => resolve(req.result ?? null);
        req.onerror = () => reject(req.error);
      });
      const summary = await get('summary');
      const sync = await get('sync');
      return { summary: summary && { revision: summary.revision ?? 0, cursor: summary.cursor ?? null }, sync: sync && { revision: sync.revision ?? 0 }, at };
    } finally {
      db.close();
    }
  })()`;
  const start = Date.now();
  let logged = start;
  while (Date.now() - start < timeoutMs) {
    const rows = (await within(MINUTE, 'reading the sync cursor', page.evaluate(read))) as {
      summary: { revision: number; cursor: string | null } | null;
      sync: { revision: number } | null;
      at: number;
    };
    if (rows.summary && rows.summary.cursor === null && rows.summary.revision >= revision) return { at: rows.at, by: 'new' };
    if (rows.sync && rows.sync.revision >= revision) return { at: rows.at, by: 'old' };
    if (Date.now() - logged > 30_000) {
      logged = Date.now();
      const where = rows.summary ? `summary at revision ${rows.summary.revision}${rows.summary.cursor === null ? '' : ' (first download under way)'}` : `sync at revision ${rows.sync?.revision ?? 0}`;
      log(`  the mirror stands at ${where} of ${revision}`);
    }
    await sleep(1000);
  }
  throw new Error(`the mirror did not reach revision ${revision} in ${timeoutMs / 1000} s`);
}

/** Which app was measured: the one before issue 16 (old format) or the one with the summary (new). */
type AppFormat = 'old' | 'new';

/**
 * The search worker's memory after a full GC, through CDP on the worker's own target: its JavaScript
 * heap (`Runtime.getHeapUsage`), and the contents of its ArrayBuffers and typed arrays, which live
 * outside that heap: summed from a heap snapshot, where V8 gives each backing store a node of its own
 * ('system / JSArrayBufferData', its size the buffer's length, a store shared by several views once).
 */
async function workerMemory(workers: Workers): Promise<{ heap: number; buffers: number } | null> {
  const enabled = workers.send('HeapProfiler.enable');
  if (!enabled) return null;
  await enabled;
  await workers.send('HeapProfiler.collectGarbage');
  await workers.send('HeapProfiler.collectGarbage');
  const heap = (await workers.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
  const chunks: string[] = [];
  const off = workers.on('HeapProfiler.addHeapSnapshotChunk', (params) => chunks.push((params as { chunk: string }).chunk));
  try {
    await workers.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  } finally {
    off();
  }
  return { heap: heap.usedSize, buffers: arrayBufferBytes(chunks.join('')) };
}

/** The bytes of the ArrayBuffers' backing stores in a V8 heap snapshot (its JSON text). */
function arrayBufferBytes(snapshotText: string): number {
  const snapshot = JSON.parse(snapshotText) as { snapshot: { meta: { node_fields: string[] } }; nodes: number[]; strings: string[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const backing = snapshot.strings.indexOf('system / JSArrayBufferData');
  let bytes = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) if (snapshot.nodes[i + nameAt] === backing) bytes += snapshot.nodes[i + sizeAt]!;
  return bytes;
}

/**
 * Whether the worker's CPU is really slowed: the same loop timed in the worker at the phone's rate and
 * with no slowdown (the best of three each); the rate is put back after. Null when no worker started.
 */
async function workerSlowdown(workers: Workers): Promise<{ slowed: number; unslowed: number } | null> {
  const loop = '(() => { const t = performance.now(); let x = 0; for (let i = 0; i < 20000000; i++) x += i % 7; return x >= 0 ? performance.now() - t : 0; })()';
  const time = async () => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const r = (await workers.send('Runtime.evaluate', { expression: loop, returnByValue: true })) as { result: { value: number } };
      best = Math.min(best, r.result.value);
    }
    return best;
  };
  const enabled = workers.send('Runtime.enable');
  if (!enabled) return null;
  await enabled;
  const slowed = await time();
  await workers.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const unslowed = await time();
  await workers.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  return { slowed, unslowed };
}

/**
 * On /cars, opens Filter and Sort, picks `make` and applies it; returns the page's times from the
 * click on Apply to the count changing and to the result cards changing.
 */
async function chooseMake(page: Page, make: string): Promise<{ count: number; list: number }> {
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'Filter and Sort' }).click({ timeout: MINUTE });
  await dialog.getByRole('button', { name: 'Make', exact: true }).click({ timeout: MINUTE });
  await dialog.getByRole('combobox', { name: 'Make', exact: true }).click({ timeout: MINUTE });
  await page.getByRole('option', { name: make, exact: true }).click({ timeout: MINUTE });
  // A string, not a function: tsx's helpers (__name) do not exist in the page.
  await page.evaluate(`(() => {
    const countText = () => [...document.querySelectorAll('main p, main div')].map((e) => e.textContent ?? '').find((t) => /^[\\d,]+ (cars|vehicles) found$/.test(t)) ?? null;
    const cards = () => [...document.querySelectorAll('main a[href^="/car/"]')].slice(0, 6).map((a) => a.getAttribute('href')).join(' ');
    const before = { count: countText(), cards: cards() };
    const m = (window.__make = {});
    const apply = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Apply');
    apply?.addEventListener('click', () => (m.start = performance.now()), { capture: true, once: true });
    const check = () => {
      if (m.start === undefined) return;
      const now = performance.now();
      const count = countText();
      if (m.count === undefined && count && count !== before.count) m.count = now - m.start;
      if (m.list === undefined && cards() && cards() !== before.cards) m.list = now - m.start;
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
  await page.getByRole('button', { name: 'Apply' }).click({ timeout: MINUTE });
  const handle = await page.waitForFunction(
    () => {
      const m = (window as unknown as { __make?: { count?: number; list?: number } }).__make;
      return m?.count !== undefined && m.list !== undefined ? m : null;
    },
    undefined,
    { timeout: 2 * MINUTE, polling: 250 },
  );
  return (await handle.jsonValue()) as { count: number; list: number };
}

// ---------------------------------------------------------------------------------------------
// One run: the built app at a size

interface Figures {
  /** The two feeds downloaded from Node through the relay (the network part alone). */
  feeds: { old: FeedRun | string; new: FeedRun | string };
  /** Which app the browser ran: its sync's end was read from the old record or the new. */
  app: AppFormat;
  syncBytes: number;
  otherBytes: number;
  photoBytes: number;
  relayDown: number;
  encodings: string;
  homeCards: number;
  firstCards: number;
  syncDone: number;
  idbUsage: number;
  idbDetail: number | null;
  /** The search worker's JavaScript heap and its ArrayBuffers' contents, bytes. */
  workerMemory: { heap: number; buffers: number } | null;
  /** Chromium's answers to slowing the worker's CPU, and a loop timed in the worker slowed and not. */
  workerThrottle: string[];
  workerLoop: { slowed: number; unslowed: number } | null;
  coldOffline: number;
  makeCount: number;
  makeList: number;
  daySyncBytes: number;
  dayRelayDown: number;
  dayChanged: number;
  dayRemoved: number;
}

async function measure(size: number, databaseUrl: string | null, port: number): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'motokari-mirror-'));
  const profile = mkdtempSync(path.join(os.tmpdir(), 'motokari-mirror-profile-'));
  const homeProfile = mkdtempSync(path.join(os.tmpdir(), 'motokari-mirror-home-'));
  let dbUrl = databaseUrl;
  if (databaseUrl) {
    const u = new URL(databaseUrl);
    u.pathname = `/bench_mirror_${size}_${Date.now()}`;
    execFileSync('psql', [databaseUrl, '-qc', `create database ${u.pathname.slice(1)}`]);
    dbUrl = u.toString();
  }
  let server: ChildProcess | null = null;
  let relay: Relay | null = null;
  let context: BrowserContext | null = null;
  const log = (s: string) => console.log(`[${size.toLocaleString('en-US')}] ${s}`);
  try {
    log('seeding...');
    let t = performance.now();
    const head = await seed(dbUrl, dataDir, size);
    log(`seeded in ${((performance.now() - t) / 1000).toFixed(0)} s (head revision ${head})`);
    server = await startServer(dbUrl, dataDir, port);
    relay = await startRelay(port);
    const origin = `http://localhost:${relay.port}`;

    // The network part of a first download, old feed and new, from Node through the same relay.
    const feeds = await downloadFeeds(relay);
    for (const [name, run] of Object.entries(feeds)) {
      log(typeof run === 'string' ? `${name} feed: ${run}` : `${name} feed: ${MB(run.wire)} on the wire in ${S(run.ms)}, ${run.requests} requests, ${run.listings} listings`);
      if (typeof run !== 'string' && run.listings !== size) log(`  ${name} feed: ${run.listings} listings of ${size}`);
    }

    // First visit to / on an empty profile of its own, until its first result cards (the sync it starts is cut short).
    context = await launch(homeProfile);
    let { page, workers } = await phonePage(context);
    await page.goto(`${origin}/`, { waitUntil: 'commit', timeout: 2 * MINUTE });
    const homeCards = await firstCards(page, 5 * MINUTE);
    log(`home: first cards at ${(homeCards / 1000).toFixed(2)} s`);
    await context.close();
    context = null;
    await sleep(2000);

    // First visit: /cars on an empty profile, until the mirror holds every listing.
    context = await launch(profile);
    const watch = watchTraffic(context);
    ({ page, workers } = await phonePage(context));
    relay.reset();
    await page.goto(`${origin}/cars`, { waitUntil: 'commit', timeout: 2 * MINUTE });
    const cards = await firstCards(page, 5 * MINUTE);
    log(`first cards at ${(cards / 1000).toFixed(2)} s`);
    const sync = await mirrorReaches(page, head, 20 * MINUTE, log);
    log(`sync done at ${(sync.at / 1000).toFixed(1)} s (the ${sync.by} app's record)`);
    // The cold start offline needs the service worker installed (its precache downloaded).
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active, undefined, { timeout: 10 * MINUTE, polling: 1000 });
    await sleep(3000);
    await watch.settle();
    const first = watch.traffic;
    const relayDown = relay.down;
    const estimate = await page.evaluate(async () => {
      const e = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
      return { usage: e.usage ?? 0, indexedDB: e.usageDetails?.indexedDB ?? null };
    });
    const memory = await workerMemory(workers).catch((e: unknown) => {
      log(`worker memory not measured: ${String(e)}`);
      return null;
    });
    const workerThrottle = [...workers.throttle];
    log(`worker CPU slowdown: ${workerThrottle.join(', ') || 'no worker started'}`);
    const workerLoop = await workerSlowdown(workers).catch((e: unknown) => {
      log(`worker loop not timed: ${String(e)}`);
      return null;
    });
    if (workerLoop) log(`worker loop: ${workerLoop.slowed.toFixed(0)} ms slowed, ${workerLoop.unslowed.toFixed(0)} ms not`);
    await context.close();
    context = null;

    // Cold start offline: the same profile relaunched, no network at all.
    context = await launch(profile);
    await context.setOffline(true);
    relay.setOffline(true);
    ({ page, workers } = await phonePage(context));
    await page.goto(`${origin}/cars`, { waitUntil: 'commit', timeout: 2 * MINUTE });
    const cold = await firstCards(page, 5 * MINUTE);
    log(`cold offline start: first cards at ${(cold / 1000).toFixed(2)} s`);
    const make = await chooseMake(page, 'Toyota');
    log(`make offline: count ${make.count.toFixed(0)} ms, list ${make.list.toFixed(0)} ms`);
    await context.close();
    context = null;

    // A day's changes (2% changed, 1% removed), then the next sync on the wire.
    await stop(server);
    server = null;
    const changed = Math.round(size * 0.02);
    const removed = Math.round(size * 0.01);
    t = performance.now();
    const dayHead = await applyDay(dbUrl, dataDir, size, changed, removed);
    log(`a day's changes written in ${((performance.now() - t) / 1000).toFixed(0)} s (head revision ${dayHead})`);
    server = await startServer(dbUrl, dataDir, port);
    relay.setOffline(false);
    context = await launch(profile);
    const dayWatch = watchTraffic(context);
    ({ page, workers } = await phonePage(context));
    relay.reset();
    await page.goto(`${origin}/cars`, { waitUntil: 'commit', timeout: 2 * MINUTE });
    await mirrorReaches(page, dayHead, 10 * MINUTE, log);
    await sleep(3000);
    await dayWatch.settle();
    const day = dayWatch.traffic;
    return {
      feeds,
      app: sync.by,
      syncBytes: first.sync,
      otherBytes: first.other,
      photoBytes: first.photos,
      relayDown,
      encodings: [...first.encodings].join(', '),
      homeCards,
      firstCards: cards,
      syncDone: sync.at,
      idbUsage: estimate.usage,
      idbDetail: estimate.indexedDB,
      workerMemory: memory,
      workerThrottle,
      workerLoop,
      coldOffline: cold,
      makeCount: make.count,
      makeList: make.list,
      daySyncBytes: day.sync,
      dayRelayDown: relay.down,
      dayChanged: changed,
      dayRemoved: removed,
    };
  } finally {
    await context?.close().catch(() => undefined);
    await relay?.close();
    if (server) await stop(server);
    for (const dir of [profile, homeProfile, dataDir]) rmSync(dir, { recursive: true, force: true });
    if (databaseUrl && dbUrl && dbUrl !== databaseUrl) execFileSync('psql', [databaseUrl, '-qc', `drop database if exists ${new URL(dbUrl).pathname.slice(1)} with (force)`]);
  }
}

// ---------------------------------------------------------------------------------------------
// The table

const MB = (b: number) => `${(b / 1e6).toFixed(2)} MB`;
const KB = (b: number) => `${(b / 1e3).toFixed(1)} KB`;
const S = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

type RowKey = 'appSyncBytes' | 'syncDone' | 'firstCards' | 'homeCards' | 'idb' | 'heap' | 'workerMemory' | 'cold' | 'make' | 'other' | 'day';

/** The issue's rows the browser measures: the figure reported before at 100,000 listings, the goal. */
const ROWS: { key: RowKey; label: string; before: string; goal: string; value: (f: Figures) => string }[] = [
  { key: 'appSyncBytes', label: 'first full sync on the wire, in the app', before: '26.9 MB', goal: 'at most 5 MB', value: (f) => `${MB(f.syncBytes)} (${f.encodings})` },
  { key: 'syncDone', label: 'first full sync in the app, phone profile (from navigation)', before: '225-253 s', goal: 'at most 40 s', value: (f) => S(f.syncDone) },
  { key: 'firstCards', label: 'first result cards on screen, first visit, browse screen (/cars)', before: '5.0-6.2 s', goal: 'at most 3 s', value: (f) => S(f.firstCards) },
  { key: 'homeCards', label: 'first result cards on screen, first visit, home (/)', before: 'not measured', goal: 'at most 3 s', value: (f) => S(f.homeCards) },
  {
    key: 'idb',
    label: 'IndexedDB used afterwards (storage.estimate usage)',
    before: '130 MB',
    goal: 'at most 30 MB',
    value: (f) => `${MB(f.idbUsage)}${f.idbDetail !== null ? ` (indexedDB ${MB(f.idbDetail)})` : ''}`,
  },
  { key: 'heap', label: 'search worker heap after sync (after GC)', before: '160 MB', goal: 'in the next row', value: (f) => (f.workerMemory ? MB(f.workerMemory.heap) : 'not measured') },
  {
    key: 'workerMemory',
    label: 'search worker memory after sync (after GC): heap + ArrayBuffers and typed arrays',
    before: 'not measured',
    goal: 'at most 50 MB',
    value: (f) => (f.workerMemory ? `${MB(f.workerMemory.heap + f.workerMemory.buffers)} (${MB(f.workerMemory.heap)} + ${MB(f.workerMemory.buffers)})` : 'not measured'),
  },
  { key: 'cold', label: 'cold offline start to first result cards', before: '9.5 s', goal: 'at most 1.5 s', value: (f) => S(f.coldOffline) },
  { key: 'make', label: 'a make chosen offline: its count / its result list', before: '0.27 s / 0.40 s', goal: 'at most 0.1 s / 0.15 s', value: (f) => `${S(f.makeCount)} / ${S(f.makeList)}` },
  { key: 'other', label: 'first visit, everything but the listings (photos apart)', before: '1.1 MB', goal: 'at most 0.5 MB', value: (f) => MB(f.otherBytes) },
  { key: 'day', label: "a day's changes (2% changed, 1% removed), next sync", before: 'about 0.8 MB (estimated)', goal: 'at most 150 KB', value: (f) => KB(f.daySyncBytes) },
];

const feedBytes = (run: FeedRun | string, size: number) =>
  typeof run === 'string' ? run : `${MB(run.wire)} (${(run.wire / size).toFixed(0)} B a listing; ${run.requests} requests, ${run.encoding}; ${MB(run.json)} of JSON)`;
const feedTime = (run: FeedRun | string) => (typeof run === 'string' ? run : S(run.ms));

/** What a browser row shows in a format's column: measured when the app of that format ran, else the old app's baseline or nothing. */
function browserCell(format: AppFormat, r: { size: number; figures: Figures }, row: (typeof ROWS)[number]): string {
  if (r.figures.app === format) return row.value(r.figures);
  if (format === 'new') return 'new app not built';
  const quoted = OLD_APP_BASELINE.figures[r.size]?.[row.key];
  return quoted ? `${quoted} (baseline ${OLD_APP_BASELINE.date})` : 'not measured';
}

function table(results: { size: number; figures: Figures }[]): string[] {
  const formats: AppFormat[] = ['old', 'new'];
  const cells = (f: (format: AppFormat, r: { size: number; figures: Figures }) => string) => results.flatMap((r) => formats.map((format) => f(format, r))).join(' | ');
  const head = results.flatMap((r) => formats.map((format) => `${format} format, ${r.size.toLocaleString('en-US')}`));
  return [
    `| measured | ${head.join(' | ')} | before (issue, 100,000) | goal (100,000) |`,
    `|---|${head.map(() => '---:').join('|')}|---:|---:|`,
    `| first full sync on the wire, from Node (brotli) | ${cells((format, r) => feedBytes(r.figures.feeds[format], r.size))} | 26.9 MB | at most 5 MB |`,
    `| first full sync, network alone, phone profile, from Node | ${cells((format, r) => feedTime(r.figures.feeds[format]))} | | |`,
    ...ROWS.map((row) => `| ${row.label} | ${cells((format, r) => browserCell(format, r, row))} | ${row.before} | ${row.goal} |`),
    `| (relay: all bytes to the browser, first visit / day) | ${cells((format, r) => (r.figures.app === format ? `${MB(r.figures.relayDown)} / ${KB(r.figures.dayRelayDown)}` : ''))} | | |`,
    `| (photo requests, first visit: not served by the bench) | ${cells((format, r) => (r.figures.app === format ? KB(r.figures.photoBytes) : ''))} | | |`,
    `| (the worker's CPU: Chromium's answer to slowing it; a loop in it slowed / not) | ${cells((format, r) => (r.figures.app === format ? workerThrottleText(r.figures) : ''))} | | |`,
  ];
}

function workerThrottleText(f: Figures): string {
  const answer = f.workerThrottle.length ? [...new Set(f.workerThrottle)].join(', ') : 'no worker started';
  return f.workerLoop ? `${answer}; ${f.workerLoop.slowed.toFixed(0)} ms / ${f.workerLoop.unslowed.toFixed(0)} ms` : answer;
}

async function main() {
  const loadBefore = os.loadavg();
  buildAppIfStale();
  const databaseUrl = process.env.DATABASE_URL || null;
  const results: { size: number; figures: Figures }[] = [];
  let port = 18480;
  for (const size of SIZES) {
    results.push({ size, figures: await measure(size, databaseUrl, port++) });
    // Written after each measurement, so a run stopped at a larger size keeps what it measured.
    record(results, databaseUrl, loadBefore);
  }
}

function record(results: { size: number; figures: Figures }[], databaseUrl: string | null, loadBefore: number[]): void {
  const lines = table(results);
  const cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  const chromiumVersion = execSync(`"${CHROMIUM}" --version`, { encoding: 'utf8' }).trim();
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  const section = [
    '## Offline mirror on a phone (`npm run bench:mirror`)',
    '',
    `Run on ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${cpu}), load average ${load(loadBefore)} before and ${load(os.loadavg())} at the end, ${chromiumVersion}, headless, database ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; sizes run: ${results.map((r) => r.size.toLocaleString('en-US')).join(', ')}. The app measured in the browser: ${[...new Set(results.map((r) => (r.figures.app === 'new' ? 'the new one (format 2 summary)' : 'the old one (listings in full)')))].join(', ')}.`,
    "Data (tests/bench/listings.ts): random v4 ids and seller ids, one seller per two listings (25% dealers with business names, the rest a first name and a surname), a seller's two listings at the seller's place and coordinates, unique descriptions, 5 photo names each, makes and models from the catalogue with a skew, each listing expiring 30, 60 or 90 days after it was published (dates moved so the newest were published the day before the run).",
    `Phone profile: every connection to the server passes a TCP relay on loopback that shapes both directions (${PHONE.downBps / 1e6} Mbps down, ${PHONE.upBps / 1e3} kbps up, one queue per direction shared by all connections, ${PHONE.rttMs} ms round trip added to the data, not to TCP handshakes), so the page, the search worker and the service worker are all shaped; the page's CPU is slowed ${PHONE.cpuSlowdown}x with CDP \`Emulation.setCPUThrottlingRate\` on the page's target, and the same is sent to each dedicated worker's target as it starts (paused until then); the last row says whether Chromium took it, and times one loop in the worker slowed and with the rate set back to 1.`,
    `Old format beside new: from Node, through the same relay and before the browser runs, the whole old feed (\`GET ${OLD_FEED}\`, pages of 500 by revision, as the app before issue 16 read it) and the new feed's first download (\`GET ${NEW_FEED}?format=${SUMMARY_FORMAT}\`, pages of 5,000 by cursor), each stop and wait (a page asked once the last has arrived) with \`accept-encoding: br, gzip\`: the bytes the relay carried to the client (headers and bodies) and the time from the first request to the last byte. That is the network part; the browser's rows are the device's. The browser runs the built app, and its column is the format that app used (read from which record in IndexedDB said the sync was done); the old format's browser figures, when the new app ran, are quoted from this bench's run on the app before issue 16 (${OLD_APP_BASELINE.date}, on that day's data: sequential ids, numbered sellers).`,
    "Bytes on the wire in the browser: per request, the encoded body plus request and response headers (Playwright `request.sizes()`, as CDP `encodedDataLength` counts), for requests that reached the network (not those the service worker answered); \"the sync\" is the old feed or the new; photos (`/media/...` and card thumbnails, not served by the bench: 404s) are apart. Times are the page's `performance.now()` from navigation start: first cards = the first `a[href^=\"/car/\"]` in `main`, on /cars and, on an empty profile of its own, on /; sync done = the new app's meta row 'summary' has `cursor` null and `revision` at the server's head, or the old app's meta row 'sync' (written with each page) reaches it. Worker heap: `Runtime.getHeapUsage` on the dedicated worker's target after `HeapProfiler.collectGarbage` (ArrayBuffers' contents are not in it); worker memory: that heap plus the ArrayBuffers' and typed arrays' contents, summed from a heap snapshot of the worker taken then (its 'system / JSArrayBufferData' nodes; the baseline measured the heap alone). Cold offline start: the browser closed and relaunched on the same profile, `context.setOffline(true)` and the relay cutting every connection, /cars opened. A make chosen offline: Filter and Sort, Make = Toyota, times from the click on Apply to the \"N cars found\" text changing and to the first cards changing (one DOM update changing both shows one time for both). A day's changes: the server stopped, 2% of listings given a new price and 1% deleted through the repositories (`withListingWrite`, `updateVehicle`, `deleteVehicles`: new revisions and tombstones), the server restarted, the profile relaunched online on /cars until the mirror reaches the new head.",
    '',
    ...lines,
    '',
  ].join('\n');
  writeResultsSection('## Offline mirror on a phone', section);
  console.log(`\n${lines.join('\n')}`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
