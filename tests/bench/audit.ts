/**
 * `npm run audit`: Lighthouse 12 (mobile emulation, its default) on /, /cars and a listing's page of
 * the real server (built app, sample data, its own data folder), in Debian's Chromium, and whether
 * Chromium finds the app installable. Prints the scores against the targets and writes the "Audit"
 * section of tests/bench/RESULTS.md.
 *
 * A benchmark reports: a missed target is printed as MISSED, and the exit code is 0 unless the run
 * itself failed (no browser, a page that would not load, Lighthouse erroring). The score targets
 * belong to the product, and scores on a shared machine vary from run to run.
 *
 * AUDIT_RUNS (default 3): Lighthouse runs per page; the run with the median performance score is
 * reported, as Lighthouse's own guidance suggests for noisy machines.
 * AUDIT_REPORT_DIR: when set, that run's full Lighthouse report of each page is written there
 * (HTML to read, JSON to query).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import lighthouse, { generateReport, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, hasChromium, startAppServer } from '../e2e/browser';
import { writeResultsSection } from './results';

/** The project's Chromium flags (tests/e2e/browser.ts), headless: nothing reaches the internet. */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = { performance: 90, accessibility: 100, 'best-practices': 95 };
const LABELS: Record<Category, string> = { performance: 'Performance', accessibility: 'Accessibility', 'best-practices': 'Best practices' };
/** The lab metrics reported beside the scores, with their display unit. */
const METRICS: Array<[id: string, label: string, unit: 'ms' | 's' | '']> = [
  ['first-contentful-paint', 'FCP', 's'],
  ['largest-contentful-paint', 'LCP', 's'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'SI', 's'],
];

const RUNS = Math.max(1, Number(process.env.AUDIT_RUNS ?? 3));
const REPORT_DIR = process.env.AUDIT_REPORT_DIR ? path.resolve(process.env.AUDIT_REPORT_DIR) : null;

interface PageResult {
  /** What the table calls the page: the route, with `:id` for the listing's id. */
  label: string;
  route: string;
  /** Lighthouse's measure of the machine's speed during the run (higher is faster). */
  benchmarkIndex: number;
  scores: Record<Category, number>;
  performanceRuns: number[];
  metrics: Record<string, number>;
  /** Audits that fail or lose points, per category: what to fix. */
  findings: Record<Category, string[]>;
  installabilityErrors: string[];
}

function score(lhr: Result, category: Category): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

/** Every audit of a category that is not passed, with the savings Lighthouse estimates where it has some. */
function findings(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const out: string[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
    if (category === 'performance' && ref.group === 'metrics') continue;
    const value = audit.displayValue ? ` (${audit.displayValue})` : '';
    out.push(`${audit.id}: ${audit.title}${value}`);
  }
  return out;
}

function format(value: number, unit: 'ms' | 's' | ''): string {
  if (unit === 's') return `${(value / 1000).toFixed(1)} s`;
  if (unit === 'ms') return `${Math.round(value)} ms`;
  return value.toFixed(3);
}

/** Chromium with a debugging port of its choosing (read from its stderr), for Lighthouse and CDP to drive. */
async function launchChromium(profile: string): Promise<{ process: ChildProcess; port: number }> {
  const child = spawn(CHROMIUM, [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chromium did not open its debugging port within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before opening its debugging port`)));
    createInterface({ input: child.stderr! }).on('line', (line) => {
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
  });
  return { process: child, port };
}

/** What Chromium says stops the page from being installed (an empty list: installable), once the service worker runs. */
async function installabilityErrors(port: number, url: string): Promise<string[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    // Chromium reads the manifest after load; give the service worker its first activation too (a
    // worker that never activates is not what this row reports, so the wait is bounded).
    await page.evaluate(() => Promise.race([navigator.serviceWorker?.ready, new Promise((resolve) => setTimeout(resolve, 15_000))]).then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors: errors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string; errorArguments: Array<{ name: string; value: string }> }>;
    };
    await page.close();
    return errors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '));
  } finally {
    // Only the CDP connection: the browser is closed by main().
    await browser.close().catch(() => undefined);
  }
}

async function auditPage(port: number, base: string, label: string, route: string): Promise<PageResult> {
  const url = base + route;
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  const runs: Result[] = [];
  for (let i = 0; i < RUNS; i++) {
    let lhr: Result | undefined;
    // A loaded machine sometimes loses the trace (NO_NAVSTART, NO_FCP): such a run is repeated once.
    for (let attempt = 1; !lhr; attempt++) {
      const result = await lighthouse(url, flags);
      if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
      const error = result.lhr.runtimeError;
      if (!error) lhr = result.lhr;
      else if (attempt >= 2) throw new Error(`Lighthouse on ${route}: ${error.code} ${error.message}`);
      else process.stdout.write(`  ${label} run ${i + 1}/${RUNS}: ${error.code}, once more\n`);
    }
    runs.push(lhr);
    process.stdout.write(`  ${label} run ${i + 1}/${RUNS}: performance ${score(lhr, 'performance')}\n`);
  }
  const byPerformance = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const lhr = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    const name = route === '/' ? 'home' : route.slice(1).split('/')[0]!;
    writeFileSync(path.join(REPORT_DIR, `${name}.html`), generateReport(lhr, 'html'));
    writeFileSync(path.join(REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
  }
  const metrics: Record<string, number> = {};
  for (const [id] of METRICS) metrics[id] = lhr.audits[id]?.numericValue ?? NaN;
  return {
    label,
    route,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)])) as Record<Category, number>,
    performanceRuns: runs.map((r) => score(r, 'performance')),
    metrics,
    findings: Object.fromEntries(CATEGORIES.map((c) => [c, findings(lhr, c)])) as Record<Category, string[]>,
    installabilityErrors: await installabilityErrors(port, url),
  };
}

function table(results: PageResult[]): string {
  const head = `| | target | ${results.map((r) => `\`${r.label}\``).join(' | ')} |`;
  const rule = `|---|---|${results.map(() => '---:').join('|')}|`;
  const rows = CATEGORIES.map((c) => {
    const cells = results.map((r) => {
      const runs = c === 'performance' && r.performanceRuns.length > 1 ? ` (runs ${r.performanceRuns.join(', ')})` : '';
      return `${r.scores[c]}${r.scores[c] < TARGETS[c] ? ' MISSED' : ''}${runs}`;
    });
    return `| ${LABELS[c]} | ${c === 'accessibility' ? '100' : `at least ${TARGETS[c]}`} | ${cells.join(' | ')} |`;
  });
  const installable = `| Installable | yes | ${results.map((r) => (r.installabilityErrors.length === 0 ? 'yes' : `no: ${r.installabilityErrors.join('; ')} MISSED`)).join(' | ')} |`;
  const metrics = METRICS.map(([id, label, unit]) => `| ${label} | | ${results.map((r) => format(r.metrics[id] ?? NaN, unit)).join(' | ')} |`);
  const machine = `| CPU benchmark index | | ${results.map((r) => r.benchmarkIndex).join(' | ')} |`;
  return [head, rule, ...rows, installable, ...metrics, machine].join('\n');
}

function missed(results: PageResult[]): string[] {
  const out: string[] = [];
  for (const r of results) {
    for (const c of CATEGORIES) if (r.scores[c] < TARGETS[c]) out.push(`${r.label}: ${LABELS[c]} ${r.scores[c]} < ${TARGETS[c]}`);
    if (r.installabilityErrors.length) out.push(`${r.label}: not installable (${r.installabilityErrors.join('; ')})`);
  }
  return out;
}

async function main(): Promise<void> {
  if (!hasChromium) throw new Error(`No Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  const server = await startAppServer();
  const profile = mkdtempSync(path.join(tmpdir(), 'motokari-audit-chrome-'));
  let chrome: { process: ChildProcess; port: number } | undefined;
  try {
    const [sample] = (await (await fetch(`${server.url}/api/vehicles?vehicle_type=car&limit=1`)).json()) as Array<{ id: string }>;
    if (!sample) throw new Error('The sample data has no car listing');
    const pages: Array<[label: string, route: string]> = [
      ['/', '/'],
      ['/cars', '/cars'],
      ['/car/:id', `/car/${sample.id}`],
    ];
    chrome = await launchChromium(profile);
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string };
    const runs = RUNS === 1 ? 'one run' : `${RUNS} runs`;
    console.log(`Lighthouse 12, mobile emulation, ${runs} per page, in ${version.Browser}, against ${server.url}`);
    const results: PageResult[] = [];
    const load = os.loadavg()[0]!.toFixed(1);
    for (const [label, route] of pages) results.push(await auditPage(chrome.port, server.url, label, route));

    const date = new Date().toISOString().slice(0, 10);
    const summary = table(results);
    const misses = missed(results);
    console.log(`\n${summary}\n`);
    for (const r of results) {
      for (const c of CATEGORIES) {
        if (r.findings[c].length) console.log(`${r.label} ${LABELS[c]}:\n  ${r.findings[c].join('\n  ')}`);
      }
    }
    console.log(misses.length ? `\nTargets missed:\n  ${misses.join('\n  ')}` : '\nEvery target met.');

    writeResultsSection(
      '## Audit',
      [
        '## Audit (`npm run audit`)',
        '',
        `Run on ${date} with Lighthouse 12 (mobile emulation, simulated slow 4G and 4x CPU slowdown, its defaults) in ${version.Browser}, against \`npm start\`'s server with the sample data (\`:id\`: a sample car); ${runs} per page, the run with the median performance score shown. Installable: Chromium's \`Page.getInstallabilityErrors\` on the same page (no error: installable). Load average ${load} on ${os.cpus().length} cores when the run started: the performance scores move with the machine's load (the CPU benchmark index row is Lighthouse's measure of it; higher is faster).`,
        'Targets: performance at least 90, accessibility 100, best practices at least 95, installable.',
        '',
        summary,
        '',
        misses.length ? `Missed: ${misses.join('; ')}.` : 'Every target met.',
      ].join('\n'),
    );
  } finally {
    if (chrome && chrome.process.exitCode === null) {
      const exited = new Promise((resolve) => chrome!.process.once('exit', resolve));
      chrome.process.kill();
      await exited;
    }
    rmSync(profile, { recursive: true, force: true });
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
