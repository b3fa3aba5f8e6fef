// Debian's Chromium as the bench's phone (npm run bench:mirror): a persistent profile, the page's CPU
// slowed through CDP, the bytes of each request, the first result cards, the page's long tasks, the
// prompts a person answers, and a performance trace for DevTools.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { ANDROID_PHONE, CHROMIUM, CHROMIUM_ARGS } from '../../e2e/browser';
import { NEW_FEED, OLD_FEED } from '../feeds';
import { MINUTE, sleep, within } from './util';

/** The page's CPU (and the search worker's, where Chromium takes it) is slowed this many times. */
export const CPU_SLOWDOWN = 4;

/** Requests that carry the listings (the sync), for the split of the bytes. */
const isSync = (u: URL) => u.pathname === OLD_FEED || u.pathname === NEW_FEED;
/** Requests for photos: the listings' own (`/media/...`, not served by the bench) and the summary's card thumbnails. */
const isPhoto = (u: URL) => u.pathname.startsWith('/media/') || /^\/api\/vehicles\/[^/]+\/thumb$/.test(u.pathname);

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
export function watchTraffic(context: BrowserContext): { traffic: Traffic; settle(): Promise<void> } {
  const traffic: Traffic = { sync: 0, other: 0, photos: 0, encodings: new Set(), requests: 0, unsized: 0 };
  const pending = new Set<Promise<void>>();
  context.on('requestfinished', (request) => {
    const p = (async () => {
      // Playwright's response() as well as sizes() may never answer for a request: both are waited for a while.
      const response = await Promise.race([request.response(), sleep(SIZES_WAIT_MS).then(() => undefined)]);
      if (response === undefined) {
        traffic.unsized++;
        console.log(`  no response for ${request.method()} ${request.url()} after ${SIZES_WAIT_MS / 1000} s: left out of the bytes`);
        return;
      }
      // A page's request the service worker answered from its cache crossed no network.
      if (!response || response.fromServiceWorker()) return;
      const sizes = await Promise.race([request.sizes(), sleep(SIZES_WAIT_MS).then(() => null)]);
      if (!sizes) {
        traffic.unsized++;
        console.log(`  no sizes for ${request.method()} ${request.url()} after ${SIZES_WAIT_MS / 1000} s: left out of the bytes`);
        return;
      }
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize + sizes.requestHeadersSize + sizes.requestBodySize;
      const url = new URL(request.url());
      traffic.requests++;
      if (isSync(url)) {
        traffic.sync += bytes;
        traffic.encodings.add(response.headers()['content-encoding'] ?? 'identity');
      } else if (isPhoto(url)) traffic.photos += bytes;
      else traffic.other += bytes;
    })().catch(() => undefined);
    pending.add(p);
    void p.finally(() => pending.delete(p));
  });
  return {
    traffic,
    async settle() {
      // Each request gives up after its own waits; this is a last guard, which says what it left out.
      const left = await Promise.race([Promise.all([...pending]).then(() => 0), sleep(3 * SIZES_WAIT_MS).then(() => pending.size)]);
      if (left) {
        traffic.unsized += left;
        console.log(`  ${left} requests' sizes still unanswered after ${(3 * SIZES_WAIT_MS) / 1000} s: left out of the bytes`);
      }
    },
  };
}

/**
 * Runs in every document before the app: records when the first result card appears and when the
 * cookie banner opens (ms of the page's clock from navigation start), and every long task of the
 * page's main thread (a buffered `longtask` PerformanceObserver: start and duration).
 */
const PAGE_SCRIPT = `(() => {
  const marks = (window.__marks = {});
  const check = () => {
    if (marks.cards === undefined && document.querySelector('main a[href^="/car/"]')) marks.cards = performance.now();
    if (marks.banner === undefined && document.querySelector('dialog#cookie-banner[open]')) marks.banner = performance.now();
    if (marks.cards !== undefined && marks.banner !== undefined) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
  const tasks = (window.__longTasks = []);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

/** Chromium on a persistent profile, as the phone's browser: nothing answered for the person beforehand. */
export async function launch(profile: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, ...ANDROID_PHONE });
  await context.addInitScript(PAGE_SCRIPT);
  // The app's warnings (a sync that stopped, say) and errors, from the page and its workers.
  context.on('console', (m) => {
    if ((m.type() === 'warning' || m.type() === 'error') && !/404|ERR_FAILED|Failed to fetch|preload/.test(m.text())) console.log(`  browser ${m.type()}: ${m.text().slice(0, 300)}`);
  });
  context.on('requestfailed', (r) => {
    // Offline, the service worker's own requests meet the relay's refusal (Playwright's offline mode does not cover them).
    if (!r.url().includes('/media/') && !/INTERNET_DISCONNECTED|ERR_FAILED|ERR_ABORTED|ERR_CONNECTION_RESET|ERR_CONNECTION_REFUSED|ERR_SOCKET_NOT_CONNECTED/.test(r.failure()?.errorText ?? ''))
      console.log(`  browser request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  context.on('weberror', (e) => console.log(`  browser error: ${String(e.error()).slice(0, 300)}`));
  return context;
}

/**
 * The page's dedicated workers (the search worker), reached through CDP from the page's session
 * (attached as they start, paused until their CPU is slowed; messages go through
 * Target.sendMessageToTarget). Chromium's answers to slowing each worker's CPU are kept.
 */
export interface Workers {
  /** Per worker started: 'accepted', or Chromium's refusal. */
  throttle: string[];
  /** A CDP command to the search worker (else the first worker running); null when none runs. */
  send(method: string, params?: object): Promise<unknown> | null;
  /** Calls `listener` with the params of each `method` event from the workers until the returned function is called. */
  on(method: string, listener: (params: unknown) => void): () => void;
}

async function attachWorkers(cdp: CDPSession): Promise<Workers> {
  /** The workers attached and still running: session id to script URL. */
  const sessions = new Map<string, string>();
  const throttle: string[] = [];
  const answers = new Map<number, (msg: { result?: unknown; error?: { message: string } }) => void>();
  const listeners = new Set<{ method: string; listener: (params: unknown) => void }>();
  let id = 0;
  const sendTo = async (sessionId: string, method: string, params: object = {}) => {
    const n = ++id;
    const answer = new Promise<{ result?: unknown; error?: { message: string } }>((resolve) => answers.set(n, resolve));
    await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: n, method, params }) });
    const msg = await within(5 * MINUTE, method, answer);
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
        sessions.set(sessionId, e.targetInfo.url);
        try {
          await sendTo(sessionId, 'Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
          throttle.push('accepted');
        } catch (err) {
          throttle.push(`refused (${err instanceof Error ? err.message : String(err)})`);
        }
      }
      await sendTo(sessionId, 'Runtime.runIfWaitingForDebugger').catch(() => undefined);
    })();
  });
  cdp.on('Target.detachedFromTarget', (e) => sessions.delete(e.sessionId));
  /** The search worker (the listings worker's script), else the first worker still running. */
  const searchWorker = () => [...sessions].find(([, url]) => /listings\.worker/.test(url))?.[0] ?? [...sessions.keys()][0];
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return {
    throttle,
    send: (method, params) => {
      const session = searchWorker();
      return session ? sendTo(session, method, params) : null;
    },
    on: (method, listener) => {
      const entry = { method, listener };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
  };
}

/**
 * The browser's first tab (about:blank, nothing loaded in it before the clock starts) with the phone's
 * slow CPU: the page's target, and the workers' as they start (if Chromium takes it). The install and
 * notification prompts, should one cover what the bench taps, are dismissed with "Not now" as a
 * person would (the cookie banner is answered on the first visit, see answerCookieBanner).
 */
export async function phonePage(context: BrowserContext, options: { bannerInTheWay?: boolean } = {}): Promise<{ page: Page; cdp: CDPSession; workers: Workers }> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const workers = await attachWorkers(cdp);
  await page.addLocatorHandler(page.getByRole('button', { name: 'Not now', exact: true }), async (button) => {
    await button.click({ timeout: 5 * MINUTE });
  });
  // A relaunched profile keeps the first visit's answer; should the banner ask again, it is answered when in the way.
  if (options.bannerInTheWay)
    await page.addLocatorHandler(page.getByRole('dialog', { name: 'Cookies on Motokari' }), async (banner) => {
      console.log('  the cookie banner asked again on a relaunch: answered Reject All');
      await banner.getByRole('button', { name: 'Reject All', exact: true }).click({ timeout: 5 * MINUTE });
    });
  return { page, cdp, workers };
}

interface Marks {
  cards?: number;
  banner?: number;
}

const marks = (page: Page) => page.evaluate('window.__marks ?? {}') as Promise<Marks>;

/** The page's clock when the first result card appeared (recorded in the page; polled here). */
export async function firstCards(page: Page, timeoutMs: number): Promise<number> {
  const handle = await page.waitForFunction(() => (window as unknown as { __marks?: Marks }).__marks?.cards, undefined, { timeout: timeoutMs, polling: 250 });
  return (await handle.jsonValue()) as number;
}

/** The page's time origin on the wall clock (ms since 1970, as Date.now()). */
export const pageOrigin = (page: Page) => page.evaluate('performance.timeOrigin') as Promise<number>;

/** Waits until the page's clock passes `at` (ms from navigation start). */
export async function pageClockPasses(page: Page, at: number): Promise<void> {
  await page.waitForFunction((t) => performance.now() >= t, at, { timeout: 10 * MINUTE, polling: 100 });
}

/**
 * The cookie banner answered as a person answers it on a first visit: it opens (a second after the
 * page's load event), and its "Reject All" is tapped. Returns when it opened (page's clock).
 */
export async function answerCookieBanner(page: Page): Promise<number | null> {
  const banner = page.getByRole('dialog', { name: 'Cookies on Motokari' });
  await banner.getByRole('button', { name: 'Reject All', exact: true }).click({ timeout: 10 * MINUTE });
  await banner.waitFor({ state: 'hidden', timeout: 5 * MINUTE });
  return (await marks(page)).banner ?? null;
}

export interface LongTasks {
  /** Long tasks (all over 50 ms) of the page's main thread in the window. */
  count: number;
  /** The longest, ms (0 when none). */
  longest: number;
}

/** The page's long tasks that overlap [from, to] of its clock. */
export async function longTasks(page: Page, from: number, to: number): Promise<LongTasks> {
  const all = (await page.evaluate('window.__longTasks ?? []')) as [number, number][];
  const inside = all.filter(([start, duration]) => start < to && start + duration > from);
  return { count: inside.length, longest: inside.reduce((m, [, d]) => Math.max(m, d), 0) };
}

/** What a trace records: the categories DevTools' Performance panel asks for, in short. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
  'toplevel',
  'blink.user_timing',
  'loading',
  'latencyInfo',
  'disabled-by-default-v8.cpu_profiler',
];

/**
 * Starts a Chrome performance trace of the whole browser (on the browser's CDP session; the page's
 * when Playwright gives no browser for the persistent context). The returned function ends it and
 * writes it to `file` (JSON that DevTools' Performance panel loads).
 */
export async function startTrace(context: BrowserContext, page: Page): Promise<(file: string) => Promise<void>> {
  const browser = context.browser();
  const cdp = browser ? await browser.newBrowserCDPSession() : await context.newCDPSession(page);
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: TRACE_CATEGORIES, recordMode: 'recordAsMuchAsPossible' } });
  return async (file) => {
    const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    const { stream } = await within(5 * MINUTE, 'the trace', complete);
    if (!stream) throw new Error('the trace came with no stream');
    const chunks: Buffer[] = [];
    for (;;) {
      const read = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
      chunks.push(Buffer.from(read.data, read.base64Encoded ? 'base64' : 'utf8'));
      if (read.eof) break;
    }
    await cdp.send('IO.close', { handle: stream });
    await cdp.detach().catch(() => undefined);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.concat(chunks));
  };
}
