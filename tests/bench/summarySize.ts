// The summary feed's first download measured through the route (npx tsx tests/bench/summarySize.ts):
// 100,000 listings from `detailedListings` with random UUIDs for listings and sellers (one seller per
// two listings, each with a name and a place), the sum of the brotli-compressed page sizes of a full
// snapshot (GET /api/sync/summary?format=2, accept-encoding: br) at limit 5000 and 10000, and the
// server's time per page (the request handled in-process, compression included). Not a test.
//
//   --sizes=100000        listing counts (comma-separated)
//   --limits=5000,10000   page sizes
//   --engine=pglite       or postgres (a throwaway database on TEST_DATABASE_URL)
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { buildServer } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { users, vehicles } from '../../src/server/db/schema';
import { decodeSummaries, type SummaryPage } from '../../src/domain/search/summary';
import { CITIES } from '../../src/domain/constants';
import { detailedListings } from './listings';
import { seededRandom } from '../support/random';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const SIZES = arg('sizes', '100000').split(',').map(Number);
const LIMITS = arg('limits', '5000,10000').split(',').map(Number);
const ENGINE = arg('engine', 'pglite');

const FIRST = ['Tendai', 'Chiedza', 'Tatenda', 'Rutendo', 'Farai', 'Nyasha', 'Tinashe', 'Kudakwashe', 'Blessing', 'Precious', 'Tafadzwa', 'Simbarashe', 'Rumbidzai', 'Takudzwa', 'Vimbai'];
const LAST = ['Moyo', 'Ncube', 'Sibanda', 'Dube', 'Mpofu', 'Chikwanha', 'Mutasa', 'Gumbo', 'Zhou', 'Mlambo', 'Chirwa', 'Nyathi', 'Banda', 'Marufu', 'Makoni'];
const TRADE = ['Motors', 'Auto Sales', 'Car Centre', 'Vehicles', 'Equipment', 'Tractors'];

async function throwawayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('--engine=postgres needs TEST_DATABASE_URL (source /work/testenv.sh)');
  const name = `motokari_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Sellers (one per two listings, a fifth of them dealers with a trading name) and their listings, in bulk. */
async function seed(db: Database['db'], n: number): Promise<void> {
  const rand = seededRandom(n + 16);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const sellers = Array.from({ length: Math.ceil(n / 2) }, (_, k) => {
    const person = `${pick(FIRST)} ${pick(LAST)}`;
    const dealer = k % 5 === 0;
    const city = pick(CITIES);
    return { id: randomUUID(), name: dealer ? `${pick(LAST)} ${pick(TRADE)}` : person, email: `${k}-${randomBytes(3).toString('hex')}@bench.invalid`, dealer, city };
  });
  const batch = 2000;
  for (let start = 0; start < sellers.length; start += batch) {
    await db.insert(users).values(
      sellers.slice(start, start + batch).map((s) => ({ id: s.id, name: s.name, email: s.email, userType: s.dealer ? 'dealer' : 'private', location: s.city.name, region: s.city.region })),
    );
  }
  const all = detailedListings(n);
  for (let start = 0; start < n; start += batch) {
    await db.insert(vehicles).values(
      all.slice(start, start + batch).map((v, k) => {
        const seller = sellers[Math.floor((start + k) / 2)]!;
        const created = new Date(v.created_at);
        return {
          id: randomUUID(),
          vehicleType: v.vehicle_type,
          make: v.make,
          model: v.model,
          variant: v.variant,
          year: v.year,
          price: v.price,
          mileage: v.mileage,
          engineSize: v.engine_size,
          fuelType: v.fuel_type,
          transmission: v.transmission,
          condition: v.condition,
          category: v.category,
          description: v.description,
          images: v.images,
          featured: v.featured,
          sellerId: seller.id,
          sellerName: seller.name,
          sellerLocation: seller.city.name,
          sellerType: seller.dealer ? 'dealer' : 'private',
          location: v.location,
          region: v.region,
          sellerLatitude: v.seller_latitude,
          sellerLongitude: v.seller_longitude,
          isPublished: true,
          createdAt: created,
          updatedAt: created,
          publishedAt: created,
          firstPublishedAt: created,
          revision: start + k + 1,
        };
      }),
    );
  }
  await db.execute(`select setval('listing_revision_seq', ${n + 1})` as never);
  await db.execute('analyze' as never);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function measure(n: number): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motokari-summary-bench-'));
  const pgdb = ENGINE === 'postgres' ? await throwawayPostgres() : null;
  const database = await openDatabase({ databaseUrl: pgdb?.url ?? null, dataDir });
  const lines: string[] = [];
  try {
    let t = performance.now();
    await seed(database.db, n);
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

const out = ['| listings | engine | limit | pages | brotli total | per listing | JSON total | brotli a page (median) | server time a page (median) | (max) |', '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|'];
for (const n of SIZES) out.push(...(await measure(n)));
console.log(out.join('\n'));
