// npm run bench:start: the server's start-up on this machine (issue 34), from spawning it as `npm start`
// runs it (node with package.json's start options, PGlite in DATA_DIR, the sample listings on, the app
// built once up front so each start skips the build) to the first `GET /api/vehicles` answered 200 with
// a JSON body, and to the first HTTP answer of any kind (a 503 while the database opens counts): each
// is polled every 50 ms with a short timeout, asking for compression as a browser does.
//
// Scenarios (BENCH_SCENARIOS, default all): quiet (nothing else running); one-busy (another process
// spinning on one core); both-busy (two, one a core). Each runs fresh starts on a new empty temporary
// DATA_DIR (BENCH_RUNS, default 5, and 10 with both cores busy unless BENCH_RUNS says), each followed,
// once stopped with SIGTERM, by a restart on the same folder. A crash is a server that exits before
// answering a search or answers none within 2 minutes; its output's tail is printed. Not a test: it
// reports each target as met or missed beside the figures and the 1-minute load average at each
// scenario's start and end, and writes its table to tests/bench/RESULTS.md (BENCH_RECORD=0: print only).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildAppIfStale } from '@/server/buildApp';
import { get, pct, type Answer } from './load';
import { writeResultsSection } from './results';
import { freePort } from '../support/ports';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';
import { startNodeOptions } from '../support/startCommand';

type ScenarioName = 'quiet' | 'one-busy' | 'both-busy';

/** Busy-loop processes running beside the server in each scenario. */
const BUSY: Record<ScenarioName, number> = { quiet: 0, 'one-busy': 1, 'both-busy': 2 };
const ALL_SCENARIOS = Object.keys(BUSY) as ScenarioName[];
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? ALL_SCENARIOS.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Starts with both cores busy: the issue asks for none to crash of 10. */
const CRASH_TARGET_RUNS = 10;
const RECORD = process.env.BENCH_RECORD !== '0';
const POLL_MS = 50;
/** A poll not answered within this is abandoned and counts as not answered yet. */
const POLL_TIMEOUT_MS = 2000;
/** A start that has not answered a search by then is a failure. */
const START_CAP_MS = 120_000;
/** A server still running this long after SIGTERM is killed (its own shutdown gives up after 30 s by default). */
const STOP_LIMIT_MS = 60_000;
/** Lines of a failed server's output printed. */
const TAIL_LINES = 40;

interface Target {
  fresh: { limitS: number } | { crashes: 0 } | null;
  restart: { limitS: number } | null;
}

/** The targets, per scenario and kind of start. */
const TARGETS: Record<ScenarioName, Target> = {
  quiet: { fresh: { limitS: 5 }, restart: { limitS: 3 } },
  'one-busy': { fresh: { limitS: 10 }, restart: null },
  'both-busy': { fresh: { crashes: 0 }, restart: null },
};

type Kind = 'fresh' | 'restart';

interface Start {
  /** Spawn to the first HTTP answer of any status, s; null if none came. */
  answerS: number | null;
  /** Spawn to the first search answered 200 with JSON, s; null if none came (a failure). */
  searchS: number | null;
  failure: string | null;
  /** Whether SIGTERM stopped it with exit code 0. */
  cleanStop: boolean;
  /** SIGTERM to the process's exit, s. */
  stopS: number;
}

interface ScenarioResult {
  name: ScenarioName;
  fresh: Start[];
  restart: Start[];
  loadStart: number;
  loadEnd: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- What must not outlive the run ------------------------------------------------------------

const liveServers = new Set<ServerProcess>();
const busyChildren = new Set<ChildProcess>();
const tempDirs = new Set<string>();

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** SIGTERM, then SIGKILL if it has not exited within STOP_LIMIT_MS; resolves with the exit code. */
async function stopServer(server: ServerProcess): Promise<number | null> {
  if (running(server.child)) server.child.kill('SIGTERM');
  const killer = setTimeout(() => server.child.kill('SIGKILL'), STOP_LIMIT_MS);
  const code = await server.exited;
  clearTimeout(killer);
  liveServers.delete(server);
  return code;
}

function startBusy(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
  busyChildren.add(child);
  return child;
}

async function stopBusy(child: ChildProcess): Promise<void> {
  if (running(child)) {
    const exit = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exit;
  }
  busyChildren.delete(child);
}

function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Kills the busy loops, stops the servers and removes the folders: on failure and on Ctrl-C. */
async function cleanUp(): Promise<void> {
  await Promise.all([...busyChildren].map(stopBusy));
  await Promise.all([...liveServers].map(stopServer));
  for (const dir of tempDirs) removeDir(dir);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and busy loops`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---- One start ----------------------------------------------------------------------------------

/**
 * One GET as a browser makes it (tests/bench/load.ts), on a connection of its own that is cut, and
 * the answer given up, after POLL_TIMEOUT_MS whatever state the request is in.
 */
async function ask(url: URL): Promise<Answer> {
  const agent = new http.Agent({ keepAlive: false });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      agent.destroy();
      reject(new Error(`not answered within ${POLL_TIMEOUT_MS} ms`));
    }, POLL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([get(agent, url), deadline]);
  } finally {
    clearTimeout(timer);
    agent.destroy();
  }
}

const tail = (output: string) => output.trimEnd().split('\n').slice(-TAIL_LINES).join('\n');

/** Spawns the server on `dataDir`, times its start-up, then stops it with SIGTERM. */
async function timeStart(dataDir: string, label: string): Promise<Start> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const server = startServerProcess(dataDir, { PORT: String(port), SEED: 'on', LOG_LEVEL: 'warn' });
  liveServers.add(server);
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const elapsed = () => (performance.now() - t0) / 1000;
  let answerS: number | null = null;
  let lastSeen = 'nothing';
  const over = () => exitCode !== undefined || performance.now() - t0 > START_CAP_MS;

  /** Polls `pathname` until `done` says so (null: it gave up); any answer marks the port as answering. */
  const poll = async (pathname: string, done: (answer: Answer) => boolean, until: () => boolean) => {
    while (!over() && !until()) {
      const tick = performance.now();
      try {
        const answer = await ask(new URL(pathname, base));
        answerS ??= elapsed();
        if (done(answer)) return elapsed();
      } catch (e) {
        lastSeen = `${pathname}: ${e instanceof Error ? e.message : String(e)}`;
      }
      await sleep(Math.max(0, POLL_MS - (performance.now() - tick)));
    }
    return null;
  };
  const isJsonSearch = (answer: Answer) => {
    const body = answer.body.toString('utf8');
    if (answer.status !== 200) {
      lastSeen = `/api/vehicles: ${answer.status} ${body.slice(0, 120)}`;
      return false;
    }
    try {
      JSON.parse(body);
      return true;
    } catch {
      lastSeen = `/api/vehicles: 200 but not JSON: ${body.slice(0, 120)}`;
      return false;
    }
  };
  const [searchS] = await Promise.all([
    poll('/api/vehicles', isJsonSearch, () => false),
    poll(
      '/api/health',
      () => true,
      () => answerS !== null,
    ),
  ]);

  let failure: string | null = null;
  if (searchS === null) {
    failure =
      exitCode !== undefined ? `exited (code ${exitCode}) after ${elapsed().toFixed(1)} s without answering a search` : `no search answered within ${START_CAP_MS / 1000} s (last: ${lastSeen})`;
    console.log(`  ${label}: FAILED: ${failure}\n  the server's output, its last ${TAIL_LINES} lines:\n${tail(server.output()).replace(/^/gm, '    | ')}`);
  }
  const stopping = performance.now();
  const code = await stopServer(server);
  const stopS = (performance.now() - stopping) / 1000;
  if (searchS !== null && code !== 0) console.log(`  ${label}: SIGTERM stopped it after ${stopS.toFixed(1)} s with exit code ${code}:\n${tail(server.output()).replace(/^/gm, '    | ')}`);
  return { answerS, searchS, failure, cleanStop: code === 0, stopS };
}

// ---- One scenario -------------------------------------------------------------------------------

const secs = (s: number | null) => (s === null ? '–' : `${s.toFixed(2)} s`);

async function runScenario(name: ScenarioName, runs: number): Promise<ScenarioResult> {
  const busy = Array.from({ length: BUSY[name] }, startBusy);
  try {
    if (busy.length) await sleep(1000);
    const loadStart = os.loadavg()[0]!;
    console.log(`[${name}] ${runs} fresh starts, each followed by a restart; ${busy.length} busy-loop process(es); load average ${loadStart.toFixed(2)}`);
    const fresh: Start[] = [];
    const restart: Start[] = [];
    for (let i = 1; i <= runs; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'motokari-bench-start-'));
      tempDirs.add(dataDir);
      try {
        const first = await timeStart(dataDir, `[${name} ${i}/${runs} fresh]`);
        fresh.push(first);
        const again = first.failure === null ? await timeStart(dataDir, `[${name} ${i}/${runs} restart]`) : null;
        if (again) restart.push(again);
        console.log(
          `[${name} ${i}/${runs}] fresh: answered ${secs(first.answerS)}, first search ${secs(first.searchS)}` +
            (again ? `; restart: answered ${secs(again.answerS)}, first search ${secs(again.searchS)}` : '; no restart'),
        );
      } finally {
        removeDir(dataDir);
      }
    }
    return { name, fresh, restart, loadStart, loadEnd: os.loadavg()[0]! };
  } finally {
    await Promise.all(busy.map(stopBusy));
  }
}

// ---- The table ----------------------------------------------------------------------------------

function spread(values: (number | null)[]): string {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (!sorted.length) return '–';
  return `${sorted[0]!.toFixed(2)} / ${pct(sorted, 50).toFixed(2)} / ${sorted.at(-1)!.toFixed(2)}`;
}

const longest = (values: number[]) => (values.length ? Math.max(...values).toFixed(1) : '–');

function verdict(starts: Start[], target: Target[Kind]): { target: string; verdict: string } {
  if (!target) return { target: '', verdict: '' };
  const text = 'crashes' in target ? `no crash of ${CRASH_TARGET_RUNS}` : `each at most ${target.limitS} s`;
  if (!starts.length) return { target: text, verdict: 'not run' };
  const crashes = starts.filter((s) => s.failure !== null).length;
  if ('crashes' in target) {
    if (crashes > 0) return { target: text, verdict: `missed (${crashes} of ${starts.length})` };
    if (starts.length < CRASH_TARGET_RUNS) return { target: text, verdict: `not judged (none of ${starts.length})` };
    return { target: text, verdict: 'met' };
  }
  const slowest = Math.max(...starts.map((s) => s.searchS ?? Infinity));
  return { target: text, verdict: crashes === 0 && slowest <= target.limitS ? 'met' : 'missed' };
}

function table(results: ScenarioResult[]): string[] {
  return [
    '| scenario | start | runs | port answered, s (min / median / max) | first search, s (min / median / max) | crashes | SIGTERM to exit, s (max); not clean | load average (1 min), start → end | target (first search) | verdict |',
    '|---|---|---:|---:|---:|---:|---|---|---|---|',
    ...results.flatMap((r) =>
      (['fresh', 'restart'] as const).map((kind) => {
        const starts = r[kind];
        const { target, verdict: judged } = verdict(starts, TARGETS[r.name][kind]);
        const v = judged && Math.max(r.loadStart, r.loadEnd) > BUSY[r.name] + 1 ? `${judged}; load above the scenario's` : judged;
        const crashes = starts.filter((s) => s.failure !== null).length;
        const unclean = starts.filter((s) => s.failure === null && !s.cleanStop).length;
        return `| ${r.name} | ${kind} | ${starts.length} | ${spread(starts.map((s) => s.answerS))} | ${spread(starts.map((s) => s.searchS))} | ${crashes} | ${longest(starts.filter((s) => s.failure === null).map((s) => s.stopS))}; ${unclean} | ${r.loadStart.toFixed(2)} → ${r.loadEnd.toFixed(2)} | ${target} | ${v} |`;
      }),
    ),
  ];
}

/** Every run's figures ("answered / first search (stop)" in s), and every failure. */
function details(results: ScenarioResult[]): string[] {
  const pair = (s: Start) => (s.failure === null ? `${s.answerS?.toFixed(2) ?? '–'} / ${s.searchS!.toFixed(2)} (stop ${s.stopS.toFixed(1)})` : 'crash');
  return results.flatMap((r) => [
    `- ${r.name}, fresh: ${r.fresh.map(pair).join(', ')}; restart: ${r.restart.map(pair).join(', ') || 'none'}.`,
    ...[...r.fresh, ...r.restart].filter((s) => s.failure !== null).map((s) => `  - failure: ${s.failure}`),
  ]);
}

async function main() {
  const unknown = SCENARIOS.filter((s) => !ALL_SCENARIOS.includes(s as ScenarioName));
  if (unknown.length) throw new Error(`BENCH_SCENARIOS: unknown ${unknown.join(', ')} (known: ${ALL_SCENARIOS.join(', ')})`);
  buildAppIfStale();
  const started = new Date();
  const results: ScenarioResult[] = [];
  for (const name of ALL_SCENARIOS.filter((s) => SCENARIOS.includes(s))) {
    const runs = name === 'both-busy' && process.env.BENCH_RUNS === undefined ? CRASH_TARGET_RUNS : RUNS;
    results.push(await runScenario(name, runs));
  }
  const command = ['node', ...startNodeOptions(), 'src/server/start.ts'].join(' ');
  const section = [
    '## Start-up (`npm run bench:start`)',
    '',
    `Run on ${started.toISOString().slice(0, 10)} in Node ${process.version} on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), the benchmark on the same machine, shared with other jobs; the load average is the 1-minute one at each scenario's start (busy loops already running) and end.`,
    `Each start spawns the server as \`npm start\` runs it (\`${command}\`, the app built beforehand so SKIP_BUILD=1) on PGlite with the sample listings (SEED on) and LOG_LEVEL=warn. Fresh: a new empty DATA_DIR; restart: the same folder once SIGTERM stopped the server. Port answered: spawn to the first HTTP answer of any status (\`GET /api/health\` or the search, a 503 included); first search: spawn to \`GET /api/vehicles\` answered 200 with a JSON body, polled every ${POLL_MS} ms with \`Accept-Encoding: br, gzip\` (a poll not answered in ${POLL_TIMEOUT_MS / 1000} s is abandoned). A crash: the server exits before answering a search, or answers none within ${START_CAP_MS / 1000} s. One core busy: another process (\`node -e 'for(;;){}'\`) spinning beside the server; both busy: two. A verdict says "load above the scenario's" when the load average exceeded the scenario's busy processes by more than 1 (other work on the machine). SIGTERM to exit: the longest a stop took; not clean: stops whose exit code was not 0 (a server still running ${STOP_LIMIT_MS / 1000} s after SIGTERM is killed).`,
    '',
    ...table(results),
    '',
    'Each run, port answered / first search (stop: SIGTERM to exit), in seconds:',
    '',
    ...details(results),
    '',
  ].join('\n');
  if (RECORD) writeResultsSection('## Start-up', section);
  console.log(`\n${[...table(results), '', ...details(results)].join('\n')}`);
}

main().then(
  () => process.exit(0),
  async (e: unknown) => {
    console.error(e);
    await cleanUp();
    process.exit(1);
  },
);
