// The summary feed's first download measured through the route (npx tsx tests/bench/summarySize.ts):
// 100,000 listings from `detailedListings` with random UUIDs for listings and sellers (one seller per
// two listings, each with a name and a place), the sum of the brotli-compressed page sizes of a full
// snapshot (GET /api/sync/summary?format=2, accept-encoding: br) at limit 5000 and 10000, and the
// server's time per page (the request handled in-process, compression included). Not a test.
//
//   --sizes=100000        listing counts (comma-separated)
//   --limits=5000,10000   page sizes
//   --engine=pglite       or postgres (a throwaway database on TEST_DATABASE_URL)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { buildServer } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { decodeSummaries, type SummaryPage } from '@/domain/search/summary';
import { seedListings } from './seedListings';
import { postgresDatabase } from '../support/postgresDatabase';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const SIZES = arg('sizes', '100000').split(',').map(Number);
const LIMITS = arg('limits', '5000,10000').split(',').map(Number);
const ENGINE = arg('engine', 'pglite');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function measure(n: number): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motokari-summary-bench-'));
  const pgdb = ENGINE === 'postgres' ? await postgresDatabase('motokari_bench') : null;
  const database = await openDatabase({ databaseUrl: pgdb?.url ?? null, dataDir });
  const lines: string[] = [];
  try {
    let t = performance.now();
    await seedListings(database.db, n);
    console.error(`${n} listings seeded on ${ENGINE} in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    const config = loadConfig({}, { dataDir, databaseUrl: pgdb?.url ?? null, seed: false, logLevel: 'silent', jwtSecret: randomBytes(16).toString('hex') });
    const app = await buildServer(config, { database, logger: false });
    await app.ready();
    try {
      for (const limit of LIMITS) {
        let cursor: string | null = null;
        let brotli = 0;
        let json = 0;
        let rows = 0;
        const times: number[] = [];
        const pageBytes: number[] = [];
        for (;;) {
          const qs = new URLSearchParams({ format: '2', since: '0', limit: String(limit), first: 'car', ...(cursor && { cursor }) });
          t = performance.now();
          const res = await app.inject({ method: 'GET', url: `/api/sync/summary?${qs}`, headers: { 'accept-encoding': 'br' } });
          times.push(performance.now() - t);
          if (res.statusCode !== 200 || res.headers['content-encoding'] !== 'br') throw new Error(`page: ${res.statusCode} ${res.headers['content-encoding']}`);
          const text = brotliDecompressSync(res.rawPayload);
          const page = JSON.parse(text.toString('utf8')) as SummaryPage;
          rows += decodeSummaries(page.rows).length;
          brotli += res.rawPayload.length;
          pageBytes.push(res.rawPayload.length);
          json += text.length;
          cursor = page.cursor;
          if (!page.has_more) break;
        }
        if (rows !== n) throw new Error(`the snapshot sent ${rows} listings of ${n}`);
        lines.push(
          `| ${n.toLocaleString('en-US')} | ${ENGINE} | ${limit} | ${times.length} | ${mb(brotli)} | ${(brotli / n).toFixed(1)} B | ${mb(json)} | ${kb(median(pageBytes))} | ${median(times).toFixed(0)} ms | ${Math.max(...times).toFixed(0)} ms |`,
        );
        console.error(lines.at(-1));
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

const out = [
  '| listings | engine | limit | pages | brotli total | per listing | JSON total | brotli a page (median) | server time a page (median) | (max) |',
  '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
];
for (const n of SIZES) out.push(...(await measure(n)));
console.log(out.join('\n'));
