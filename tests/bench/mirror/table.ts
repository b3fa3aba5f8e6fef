// The figures of npm run bench:mirror, its table and the section it writes into tests/bench/RESULTS.md.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { SUMMARY_FORMAT } from '@/domain/search/summary';
import { CHROMIUM } from '../../e2e/browser';
import { NEW_FEED, OLD_FEED, type FeedRun } from '../feeds';
import { writeResultsSection } from '../results';
import { CPU_SLOWDOWN, type LongTasks } from './browser';
import type { AppFormat, MakeChoice } from './measure';
import { EDGE, PHONE_3G, profileText } from './relay';
import { KB, MB, S, median } from './util';

/** One measured moment: its time (ms) and the machine's one-minute load average then. */
export interface Moment {
  ms: number;
  load: number;
}

/** One first visit on a fresh profile: first cards, the bytes that reached the browser before them, the load. */
export interface FirstVisit extends Moment {
  shell: number;
}

/** One cold offline start on the relaunched profile. */
export interface ColdStart extends Moment {
  /** The page's long tasks from navigation to a second after the first cards. */
  longTasks: LongTasks;
}

export interface Figures {
  /** The two feeds downloaded from Node through the relay (the network part alone). */
  feeds: { old: FeedRun | string; new: FeedRun | string };
  /** Which app the browser ran: its sync's end was read from the old record or the new. */
  app: AppFormat;
  syncBytes: number;
  otherBytes: number;
  photoBytes: number;
  relayDown: number;
  encodings: string;
  homeCards: FirstVisit;
  /** First visits to /cars, each on a fresh profile, in the order run (the last continued to the full sync). */
  firstVisits: FirstVisit[];
  /** When the cookie banner opened on the visit that continued (page's clock), null if it never did. */
  bannerAt: number | null;
  syncDone: Moment;
  idbUsage: number;
  idbDetail: number | null;
  /** The search worker's JavaScript heap and its ArrayBuffers' contents, bytes. */
  workerMemory: { heap: number; buffers: number } | null;
  /** Chromium's answers to slowing the worker's CPU, and a loop timed in the worker and in the page, slowed and not. */
  workerThrottle: string[];
  workerLoop: { slowed: number; unslowed: number } | null;
  pageLoop: { slowed: number; unslowed: number } | null;
  coldStarts: ColdStart[];
  makes: (MakeChoice & { load: number })[];
  day: { syncBytes: number; relayDown: number; changed: number; added: number; expired: number; load: number };
  /** The EDGE profile: first visits on fresh profiles (the last continued), and the time the device copy was complete. */
  edge: { firstVisits: FirstVisit[]; copyDone: Moment; syncBytes: number } | null;
}

/**
 * The app before issue 16 (old format) measured by this bench on 2026-11-24 (the section of RESULTS.md
 * of that day, on the data of that day: sequential ids, 'seller-N' sellers, prompts answered before
 * the app ran, one run of each moment): quoted beside the new app's figures, for those that only the
 * old app gives (its IndexedDB, its worker heap, its screens).
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
      day: '49.6 KB (2% changed, 1% deleted)',
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
      day: '485.1 KB (2% changed, 1% deleted)',
    },
  },
};

const loads = (xs: readonly { load: number }[]) => `load ${xs.map((x) => x.load.toFixed(1)).join(' / ')}`;
/** The median of the runs, then each run's time and the load average at it. */
const medianOf = (xs: readonly Moment[]) => `${S(median(xs.map((x) => x.ms)))} (${xs.map((x) => S(x.ms)).join(', ')}; ${loads(xs)})`;
const tasksText = (xs: readonly LongTasks[]) => (xs.length ? `longest ${xs.map((t) => `${t.longest.toFixed(0)}`).join(' / ')} ms; ${xs.map((t) => t.count).join(' / ')} over 50 ms` : 'not measured');
const shellText = (xs: readonly FirstVisit[]) => `${MB(median(xs.map((x) => x.shell)))} (${xs.map((x) => MB(x.shell)).join(', ')})`;

type RowKey =
  | 'appSyncBytes'
  | 'syncDone'
  | 'firstCards'
  | 'shell'
  | 'homeCards'
  | 'idb'
  | 'heap'
  | 'workerMemory'
  | 'cold'
  | 'coldTasks'
  | 'make'
  | 'makeTasks'
  | 'other'
  | 'day'
  | 'edgeCards'
  | 'edgeShell'
  | 'edgeCopy';

/** The issue's rows the browser measures: the figure reported before at 100,000 listings, the goal. */
const ROWS: { key: RowKey; label: string; before: string; goal: string; value: (f: Figures) => string }[] = [
  { key: 'appSyncBytes', label: 'first full sync on the wire, in the app', before: '26.9 MB', goal: 'at most 5 MB', value: (f) => `${MB(f.syncBytes)} (${f.encodings})` },
  { key: 'syncDone', label: 'first full sync in the app, 3G (from navigation)', before: '225-253 s', goal: 'at most 40 s', value: (f) => `${S(f.syncDone.ms)} (load ${f.syncDone.load.toFixed(1)})` },
  {
    key: 'firstCards',
    label: 'first result cards on screen, first visit, /cars, 3G: median of 3 fresh profiles (each run; load average at each)',
    before: '5.0-6.2 s',
    goal: 'at most 3 s',
    value: (f) => medianOf(f.firstVisits),
  },
  { key: 'shell', label: 'bytes to the browser before the first cards, first visit, /cars, 3G (median; each run)', before: 'not measured', goal: '', value: (f) => shellText(f.firstVisits) },
  { key: 'homeCards', label: 'first result cards on screen, first visit, home (/), 3G: one fresh profile', before: 'not measured', goal: 'at most 3 s', value: (f) => medianOf([f.homeCards]) },
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
  {
    key: 'cold',
    label: 'cold offline start to first result cards: median of 3 relaunches (each run, the first right after the first visit; load average at each)',
    before: '9.5 s',
    goal: 'at most 1.5 s',
    value: (f) => medianOf(f.coldStarts),
  },
  {
    key: 'coldTasks',
    label: "cold offline start: the page's long tasks, navigation to 1 s after the first cards (each relaunch)",
    before: 'not measured',
    goal: 'none over 200 ms',
    value: (f) => tasksText(f.coldStarts.map((c) => c.longTasks)),
  },
  {
    key: 'make',
    label: 'a make chosen offline: its count / its result list, median of 3 relaunches (each run: make, count / list; load average at each)',
    before: '0.27 s / 0.40 s',
    goal: 'at most 0.1 s / 0.15 s',
    value: (f) =>
      f.makes.length
        ? `${S(median(f.makes.map((m) => m.count)))} / ${S(median(f.makes.map((m) => m.list)))} (${f.makes.map((m) => `${m.make} ${S(m.count)} / ${S(m.list)}`).join(', ')}; ${loads(f.makes)})`
        : 'not measured',
  },
  {
    key: 'makeTasks',
    label: "a make chosen offline: the page's long tasks, Apply to 0.5 s after the list changed (each run)",
    before: 'not measured',
    goal: 'none over 200 ms',
    value: (f) => tasksText(f.makes.map((m) => m.longTasks)),
  },
  { key: 'other', label: 'first visit, everything but the listings (photos apart)', before: '1.1 MB', goal: 'at most 0.5 MB', value: (f) => MB(f.otherBytes) },
  {
    key: 'day',
    label: "a day's changes (2% changed, 1% new listings, 1% expired), next sync",
    before: 'about 0.8 MB (estimated)',
    goal: 'at most 150 KB',
    value: (f) =>
      `${KB(f.day.syncBytes)} (${f.day.changed.toLocaleString('en-US')} changed, ${f.day.added.toLocaleString('en-US')} new, ${f.day.expired.toLocaleString('en-US')} expired; load ${f.day.load.toFixed(1)})`,
  },
  {
    key: 'edgeCards',
    label: 'EDGE: first result cards, first visit, /cars: median of 3 fresh profiles (each run; load average at each)',
    before: 'not measured',
    goal: 'at most 6 s',
    value: (f) => (f.edge ? medianOf(f.edge.firstVisits) : 'not run (--profiles)'),
  },
  {
    key: 'edgeShell',
    label: 'EDGE: bytes to the browser before the first cards (median; each run)',
    before: 'not measured',
    goal: '',
    value: (f) => (f.edge ? shellText(f.edge.firstVisits) : 'not run'),
  },
  {
    key: 'edgeCopy',
    label: 'EDGE: the device copy complete, first visit (from navigation; one run)',
    before: 'not measured',
    goal: 'at most 4 min',
    value: (f) => (f.edge ? `${S(f.edge.copyDone.ms)} (${MB(f.edge.syncBytes)} of sync; load ${f.edge.copyDone.load.toFixed(1)})` : 'not run'),
  },
];

const feedBytes = (run: FeedRun | string, size: number) =>
  typeof run === 'string' ? run : `${MB(run.wire)} (${(run.wire / size).toFixed(0)} B a listing; ${run.requests} requests, ${run.encoding}; ${MB(run.json)} of JSON)`;
const feedTime = (run: FeedRun | string) => (typeof run === 'string' ? run : S(run.ms));

interface Result {
  size: number;
  figures: Figures;
}

/** What a browser row shows in a format's column: measured when the app of that format ran, else the old app's baseline or nothing. */
function browserCell(format: AppFormat, r: Result, row: (typeof ROWS)[number]): string {
  if (r.figures.app === format) return row.value(r.figures);
  if (format === 'new') return 'new app not built';
  const quoted = OLD_APP_BASELINE.figures[r.size]?.[row.key];
  return quoted ? `${quoted} (baseline ${OLD_APP_BASELINE.date})` : 'not measured';
}

function table(results: Result[]): string[] {
  const formats: AppFormat[] = ['old', 'new'];
  const cells = (f: (format: AppFormat, r: Result) => string) => results.flatMap((r) => formats.map((format) => f(format, r))).join(' | ');
  const head = results.flatMap((r) => formats.map((format) => `${format} format, ${r.size.toLocaleString('en-US')}`));
  return [
    `| measured | ${head.join(' | ')} | before (issue, 100,000) | goal (100,000) |`,
    `|---|${head.map(() => '---:').join('|')}|---:|---:|`,
    `| first full sync on the wire, from Node (brotli) | ${cells((format, r) => feedBytes(r.figures.feeds[format], r.size))} | 26.9 MB | at most 5 MB |`,
    `| first full sync, network alone, 3G, from Node | ${cells((format, r) => feedTime(r.figures.feeds[format]))} | | |`,
    ...ROWS.map((row) => `| ${row.label} | ${cells((format, r) => browserCell(format, r, row))} | ${row.before} | ${row.goal} |`),
    `| (relay: all bytes to the browser, first visit / day) | ${cells((format, r) => (r.figures.app === format ? `${MB(r.figures.relayDown)} / ${KB(r.figures.day.relayDown)}` : ''))} | | |`,
    `| (photo requests, first visit: not served by the bench) | ${cells((format, r) => (r.figures.app === format ? KB(r.figures.photoBytes) : ''))} | | |`,
    `| (the cookie banner opened, first visit that continued) | ${cells((format, r) => (r.figures.app === format ? (r.figures.bannerAt === null ? 'never' : `at ${S(r.figures.bannerAt)}`) : ''))} | | |`,
    `| (the CPU: Chromium's answer to slowing the worker; a loop in the worker, then in the page, slowed / not) | ${cells((format, r) => (r.figures.app === format ? throttleText(r.figures) : ''))} | | |`,
  ];
}

function throttleText(f: Figures): string {
  const answer = f.workerThrottle.length ? [...new Set(f.workerThrottle)].join(', ') : 'no worker started';
  const loop = (l: { slowed: number; unslowed: number } | null, where: string) => (l ? `; ${where} ${l.slowed.toFixed(0)} ms / ${l.unslowed.toFixed(0)} ms` : '');
  return `${answer}${loop(f.workerLoop, 'worker')}${loop(f.pageLoop, 'page')}`;
}

interface RunInfo {
  databaseUrl: string | null;
  loadBefore: number[];
  /** Node's fixed loop on this machine (util.cpuLoopMs), ms. */
  cpuLoopMs: number;
  edge: boolean;
  trace: string | null;
}

export function record(results: Result[], info: RunInfo): void {
  const lines = table(results);
  const cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  const chromiumVersion = execSync(`"${CHROMIUM}" --version`, { encoding: 'utf8' }).trim();
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  const section = [
    '## Offline mirror on a phone (`npm run bench:mirror`)',
    '',
    `Run on ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${cpu}; a fixed loop of 50 million steps in Node: ${info.cpuLoopMs.toFixed(0)} ms, best of five), load average ${load(info.loadBefore)} before and ${load(os.loadavg())} at the end, ${chromiumVersion}, headless, database ${info.databaseUrl ? 'PostgreSQL' : 'PGlite'}; sizes run: ${results.map((r) => r.size.toLocaleString('en-US')).join(', ')}; network profiles: 3G${info.edge ? ' and EDGE' : ' only (--profiles=3g)'}${info.trace ? `; a trace of the first cold offline start was recorded (--trace), which slows that start` : ''}. The app measured in the browser: ${[...new Set(results.map((r) => (r.figures.app === 'new' ? `the new one (format ${SUMMARY_FORMAT} summary)` : 'the old one (listings in full)')))].join(', ')}.`,
    "Data (tests/bench/listings.ts): random v4 ids and seller ids, one seller per two listings (25% dealers with business names, the rest a first name and a surname), a seller's two listings at the seller's place and coordinates, unique descriptions, 5 photo names each, makes and models from the catalogue with a skew, each listing expiring 30, 60 or 90 days after it was published (dates moved so the newest were published the day before the run).",
    `Networks: every connection to the server passes a TCP relay on loopback that shapes both directions (one queue per direction shared by all connections, the round trip added to the data, not to TCP handshakes; a browser closed mid-download leaves no queue behind), so the page, the search worker and the service worker are all shaped. 3G: ${profileText(PHONE_3G)}. EDGE: ${profileText(EDGE)}, its own relay to the same server. The page's CPU is slowed ${CPU_SLOWDOWN}x with CDP \`Emulation.setCPUThrottlingRate\` on the page's target before it navigates, and the same is sent to each dedicated worker's target as it starts (paused until then); the last row says whether Chromium took it, and times one loop in the worker and in the page (after its navigation) slowed and with the rate set back to 1. The one-minute load average (\`os.loadavg()[0]\`) is read at each measured moment and printed beside it: the 4x slowdown comes on top of whatever else the machine runs.`,
    `Old format beside new: from Node, through the 3G relay and before the browser runs, the whole old feed (\`GET ${OLD_FEED}\`, pages of 500 by revision, as the app before issue 16 read it) and the new feed's first download (\`GET ${NEW_FEED}?format=${SUMMARY_FORMAT}\`, pages of 5,000 by cursor), each stop and wait (a page asked once the last has arrived) with \`accept-encoding: br, gzip\`: the bytes the relay carried to the client (headers and bodies) and the time from the first request to the last byte. That is the network part; the browser's rows are the device's. The browser runs the built app, and its column is the format that app used (read from which record in IndexedDB said the sync was done); the old format's browser figures, when the new app ran, are quoted from this bench's run on the app before issue 16 (${OLD_APP_BASELINE.date}, on that day's data: sequential ids, numbered sellers, the prompts answered before the app ran, one run each).`,
    "How each moment is measured. Debian's Chromium on a persistent profile (`launchPersistentContext`) as a phone (360x780, touch, mobile user agent), with nothing answered beforehand: a first visit meets the cookie banner as a person does. Times are the page's `performance.now()` from navigation start, recorded in the page by a MutationObserver of an init script. First cards = the first `a[href^=\"/car/\"]` in `main`, whatever covers it (the cookie banner opens a second after the page's load event, its code fetched from the start). First visit, /cars: three browser launches, each on a new empty profile, the median and each run; the first two are closed at their first cards; the third then answers the cookie banner (its \"Reject All\", tapped once it opens; the install or notification prompt, should one cover what the bench taps, gets \"Not now\") and runs on until the mirror holds every listing: its bytes, IndexedDB and worker rows. Bytes before the first cards: what the relay delivered to the browser (headers and bodies, all requests) up to the first cards' moment on the wall clock. Home (/): one more launch on a profile of its own. Sync done = the new app's meta row 'summary' has `cursor` null and `revision` at the server's head (read from IndexedDB each second), or the old app's meta row 'sync' reaches it. Cold offline start: three times the browser closed and relaunched on the synced profile (the first launch right after the first visit's browser closed, nothing loaded in it before /cars), `context.setOffline(true)` and the relay refusing every connection, /cars opened in the launch's first tab: median and each run. Long tasks: a buffered `PerformanceObserver` for `longtask` in an init script records each task of the page's main thread (start, duration; every one is over 50 ms); reported per run, for the cold start from navigation to a second after the first cards, and for the make from the tap on Apply to half a second after the list changed: the longest and how many. A make chosen offline: on each of the three relaunches after its cold start, Filter and Sort, Make = Toyota, Nissan, Honda in turn, times from the tap on Apply (a capture listener) to the \"N cars found\" text changing and to the first six cards' links changing (the count's element found once by its text, one MutationObserver reading it and the links, stopped when both changed; one DOM update changing both shows one time for both). A day's changes: the server stopped, then through the repositories as the app writes (new revisions each): 2% of listings given a new price (`updateVehicle`), 1% new listings published by sellers already there (`insertVehicle` with `publishColumns` in `withListingWrite`, new random ids, descriptions and five photos as the seeded ones), 1% reaching the expiry seeding gave them ten minutes ahead (`updateVehicle` before the first visit, so the device holds it, as a day's expiries are; waited for if the runs before were quicker) and expired by `sweepExpired` (the server's job); the server restarted, the profile relaunched online on /cars until the mirror reaches the new head. EDGE: the same first visit on three fresh profiles through the EDGE relay (the third continues until the mirror holds every listing: the device copy complete), after the 3G runs and before the day's changes. Bytes on the wire in the browser: per request, the encoded body plus request and response headers (Playwright `request.sizes()`, as CDP `encodedDataLength` counts), for requests that reached the network (not those the service worker answered); \"the sync\" is the old feed or the new; photos (`/media/...` and card thumbnails, not served by the bench: 404s) are apart. Worker heap: `Runtime.getHeapUsage` on the dedicated worker's target after `HeapProfiler.collectGarbage` (ArrayBuffers' contents are not in it); worker memory: that heap plus the ArrayBuffers' and typed arrays' contents, summed from a heap snapshot of the worker taken then (its 'system / JSArrayBufferData' nodes; the baseline measured the heap alone). `--trace=DIR` writes a Chrome performance trace (CDP `Tracing.start` on the browser's session: devtools.timeline, v8.execute, disabled-by-default-devtools.timeline and a few more) of the first cold offline start to DIR, for DevTools' Performance panel.",
    '',
    ...lines,
    '',
  ].join('\n');
  writeResultsSection('## Offline mirror on a phone', section);
  console.log(`\n${lines.join('\n')}`);
}
