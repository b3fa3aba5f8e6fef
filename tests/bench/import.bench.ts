// Stock file benchmark (issue 38): a dealer's 2,000-row CSV (with its wrong rows, no photos) through
// the real server and HTTP, as the dashboard sends it: upload, the dry run, the import (a background
// job; the client polls its progress every 250 ms as the page does), then the same file again (all
// unchanged). Baseline in the same run, on the same server: the same vehicles sent one by one through
// the Stock API's PUT (what a dealer's system without the file import does). Run on the embedded
// database (what `npm start` uses) and on PostgreSQL. Goal: 2,000 rows imported in at most 60 s.
//
//   npm run bench:import   (BENCH_ROWS changes the size; BENCH_DATABASE_URL or TEST_DATABASE_URL
//   for PostgreSQL, else a throwaway cluster; BENCH_DRY=1 leaves RESULTS.md alone)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StockImport } from '@/domain/listing/stockImport';
import { postgresDatabase } from '../support/postgresDatabase';
import { startNodeOptions } from '../support/startCommand';
import { stockCsv } from '../support/stockFile';
import { listingBody } from '../support/listingBody';
import { writeResultsSection } from './results';
import { benchPostgres } from './benchPostgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROWS = Number(process.env.BENCH_ROWS ?? 2000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const load = () => os.loadavg()[0]!.toFixed(2);

interface Server {
  child: ChildProcess;
  base: string;
  peakRssKb: number;
  timer: NodeJS.Timeout;
}

async function startServer(port: number, dataDir: string, databaseUrl: string | null): Promise<Server> {
  const child = spawn(process.execPath, [...startNodeOptions(), path.join(root, 'src/server/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_BUILD: '1',
      SEED: 'off',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited (${child.exitCode})`);
    const ready = await fetch(`${base}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    await sleep(200);
  }
  const server: Server = { child, base, peakRssKb: 0, timer: setInterval(() => (server.peakRssKb = Math.max(server.peakRssKb, rssKb(child.pid!))), 250) };
  return server;
}

async function stopServer(s: Server) {
  clearInterval(s.timer);
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await exited;
}

async function call<T>(base: string, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: { 'accept-encoding': 'gzip', ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function dealer(base: string, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@bench.example`;
  const ans = await call<{ access_token: string }>(base, 'POST', '/api/auth/signup', null, {
    name,
    email,
    phone: '+263 77 123 4567',
    location: 'Harare',
    password: 'bench-import-pass',
    user_type: 'dealer',
    business_name: name,
  });
  return ans.access_token;
}

/** Upload, dry run, import, and wait for it: the seconds of each step. */
async function importFile(base: string, token: string, csv: string) {
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'stock.csv');
  const uploaded = await call<StockImport>(base, 'POST', '/api/dealer/imports', token, form);
  const t1 = performance.now();
  const checked = await call<StockImport>(base, 'POST', `/api/dealer/imports/${uploaded.id}/check`, token, { mapping: uploaded.mapping });
  const t2 = performance.now();
  await call<StockImport>(base, 'POST', `/api/dealer/imports/${uploaded.id}/apply`, token, { mapping: uploaded.mapping });
  let state: StockImport;
  for (;;) {
    state = await call<StockImport>(base, 'GET', `/api/dealer/imports/${uploaded.id}`, token);
    if (state.state !== 'applying') break;
    await sleep(250);
  }
  const t3 = performance.now();
  if (state.state !== 'done') throw new Error(`import ${state.state}`);
  return { upload: (t1 - t0) / 1000, check: (t2 - t1) / 1000, apply: (t3 - t2) / 1000, total: (t3 - t0) / 1000, summary: state.summary!, dry: checked.summary! };
}

/** The baseline: the same good rows sent one by one through PUT /api/dealer/stock/{n} with an API key. */
async function putOneByOne(base: string, token: string, count: number): Promise<number> {
  const key = (await call<{ key: string }>(base, 'POST', '/api/dealer/keys', token, { name: 'Bench', scope: 'write' })).key;
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await call(base, 'PUT', `/api/dealer/stock/BASE-${i}`, key, listingBody({ images: [], price: 5000 + i }));
  return (performance.now() - t0) / 1000;
}

async function run(engine: 'embedded' | 'postgres', databaseUrl: string | null, port: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `motokari-bench-import-${engine}-`));
  const loadBefore = load();
  const server = await startServer(port, dataDir, databaseUrl);
  try {
    const { csv, wrongRows } = stockCsv(ROWS);
    const first = await importFile(server.base, await dealer(server.base, `Import ${engine}`), csv);
    const token = await dealer(server.base, `Again ${engine}`);
    await importFile(server.base, token, csv);
    const again = await importFile(server.base, token, csv);
    const baseline = await putOneByOne(server.base, await dealer(server.base, `Baseline ${engine}`), ROWS - wrongRows.size);
    return { engine, first, again, baseline, good: ROWS - wrongRows.size, wrong: wrongRows.size, rssMb: Math.round(server.peakRssKb / 1024), loadBefore, loadAfter: load() };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const results = [await run('embedded', null, 18191)];
  const { url, stop } = benchPostgres(root);
  try {
    const database = await postgresDatabase('motokari_bench_import', url);
    results.push(await run('postgres', database.url, 18192));
  } finally {
    stop?.();
  }
  const f = (n: number) => n.toFixed(1);
  const rows = results.map(
    (r) =>
      `| ${r.engine} | ${ROWS} (${r.wrong} wrong) | ${f(r.first.upload)} | ${f(r.first.check)} | ${f(r.first.apply)} | **${f(r.first.total)}** | ${r.first.summary.add} | ${f(r.again.total)} (${r.again.summary.unchanged} unchanged) | ${f(r.baseline)} | ${r.rssMb} | ${r.loadBefore} / ${r.loadAfter} |`,
  );
  const section = `## Stock file import (issue 38, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, Node ${process.version})

A dealer's CSV of ${ROWS} vehicles with wrong rows in it (a year in words, a missing make, a stock number twice, a photo that is not a web address, a price in words; no photos), through the real server (\`src/server/start.ts\`) and HTTP as the dashboard sends it: upload, the dry run, the import (a background job; the client polls every 250 ms), in seconds. Then the same file again (every row unchanged). Baseline in the same run and server: the good rows sent one by one through \`PUT /api/dealer/stock/{stock_number}\` with an API key. Goal: ${ROWS} rows in at most 60 s.

| database | rows | upload s | dry run s | import s | total s | listings made | same file again s | baseline: one PUT a row s | server peak RSS MB | load avg (1 min) before/after |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
  console.log(section);
  if (!process.env.BENCH_DRY) writeResultsSection('## Stock file import', section);
  for (const r of results) if (r.first.total > 60) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
