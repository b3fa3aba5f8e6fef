// npm run bench:api: throughput and p99 latency of a filtered, distance-ranked GET /api/vehicles
// beside a trivial endpoint on the same server, at 10,000 and 100,000 listings, on PGlite and on
// PostgreSQL. Not a test: it measures, and writes its table to tests/bench/RESULTS.md.
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/server/db/client';
import { users, vehicles } from '../../src/server/db/schema';
import { CITIES, BODY_TYPES, FUEL_TYPES, TRANSMISSIONS } from '../../src/domain/constants';
import { CAR_CATALOGUE, CONSTRUCTION_CATALOGUE, FARMING_CATALOGUE } from '../../src/domain/catalogue/catalogueData';
import { load, type LoadResult } from './load';
import { writeResultsSection } from './results';
import { seededRandom } from '../support/random';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);


/** The 30 most common car makes carry most listings, as on real roads. */
const POPULAR = ['Toyota', 'Nissan', 'Honda', 'Mazda', 'Isuzu', 'Ford', 'Volkswagen', 'Mercedes-Benz', 'BMW', 'Mitsubishi'];
const popular = CAR_CATALOGUE.filter((m) => POPULAR.includes(m.name));

async function seed(databaseUrl: string | null, dataDir: string, n: number): Promise<void> {
  const { db, close } = await openDatabase({ databaseUrl, dataDir });
  const rand = seededRandom(n);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const [seller] = await db.insert(users).values({ name: 'Bench Seller', email: `bench-${n}@example.invalid`, userType: 'dealer' }).returning();
  const batch = 2000;
  for (let start = 0; start < n; start += batch) {
    const rows = Array.from({ length: Math.min(batch, n - start) }, (_, k) => {
      const i = start + k;
      const type = rand() < 0.8 ? 'car' : rand() < 0.5 ? 'construction' : 'farming';
      const cat = type === 'car' ? CAR_CATALOGUE : type === 'construction' ? CONSTRUCTION_CATALOGUE : FARMING_CATALOGUE;
      const make = type === 'car' && rand() < 0.7 ? pick(popular) : pick(cat);
      const model = pick(make.models);
      const city = pick(CITIES);
      return {
        vehicleType: type,
        make: make.name,
        model: model.name,
        variant: pick(model.variants),
        year: 1995 + Math.floor(rand() * 31),
        price: Math.round(1500 + rand() * 150_000),
        mileage: Math.floor(rand() * 350_000),
        engineSize: Math.round((1 + rand() * 4) * 10) / 10,
        fuelType: pick(FUEL_TYPES),
        transmission: pick(TRANSMISSIONS),
        condition: 'used',
        category: pick(BODY_TYPES),
        location: `${city.name}, ${city.region}`,
        sellerType: rand() < 0.5 ? 'dealer' : 'private',
        sellerId: seller!.id,
        sellerLatitude: city.latitude + (rand() - 0.5) * 0.4,
        sellerLongitude: city.longitude + (rand() - 0.5) * 0.4,
        isPublished: true,
        createdAt: new Date(Date.now() - Math.floor(rand() * 30 * 86_400_000)),
        revision: i + 1,
      };
    });
    await db.insert(vehicles).values(rows);
  }
  await db.execute(`select setval('listing_revision_seq', ${n + 1})` as never);
  await db.execute('analyze' as never);
  await close();
}

async function startServer(databaseUrl: string | null, dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'src/server/start.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', SEED: 'off', LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not start');
}

const SEARCHES = [
  '/api/vehicles?vehicle_type=car&make=toyota&max_price=60000&buyer_lat=-17.8252&buyer_lon=31.0335&sort=distance&limit=20',
  '/api/vehicles?vehicle_type=car&make=honda&model=fit&buyer_lat=-20.1325&buyer_lon=28.6265&sort=distance&limit=20',
  '/api/vehicles?region=midlands&year_from=2010&year_to=2020&buyer_lat=-19.4167&buyer_lon=29.8167&distance=100&sort=distance&limit=20',
  '/api/vehicles?fuel_type=diesel&engine_size=2.6-3.0&buyer_lat=-18.97&buyer_lon=32.67&distance=50&sort=price_asc&limit=20',
];

interface Row { engine: string; size: number; search: LoadResult; trivial: LoadResult }

async function run(engine: 'pglite' | 'postgres', url: string | null, size: number, port: number): Promise<Row> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motokari-bench-'));
  let dbUrl = url;
  if (engine === 'postgres' && url) {
    const name = `bench_${size}_${Date.now()}`;
    execSync(`psql "${url}" -qc "create database ${name}"`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
  }
  console.log(`[${engine} ${size}] seeding...`);
  await seed(dbUrl, dataDir, size);
  const server = await startServer(dbUrl, dataDir, port);
  try {
    await load(`http://127.0.0.1:${port}`, SEARCHES, { concurrency: CONCURRENCY, seconds: 2 });
    const search = await load(`http://127.0.0.1:${port}`, SEARCHES, { concurrency: CONCURRENCY, seconds: SECONDS });
    const trivial = await load(`http://127.0.0.1:${port}`, ['/api/health'], { concurrency: CONCURRENCY, seconds: SECONDS });
    console.log(`[${engine} ${size}] search ${search.rps.toFixed(0)} rps p99 ${search.p99.toFixed(1)} ms | trivial ${trivial.rps.toFixed(0)} rps p99 ${trivial.p99.toFixed(1)} ms`);
    return { engine, size, search, trivial };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres' && url && dbUrl !== url) execSync(`psql "${url}" -qc "drop database if exists ${new URL(dbUrl!).pathname.slice(1)} with (force)"`);
  }
}

async function main() {
  let pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
  let stopPg: (() => void) | null = null;
  if (!pgUrl) {
    const out = execSync(`bash ${path.join(root, '.ci/start-postgres.sh')}`, { encoding: 'utf8' });
    const env = Object.fromEntries(out.trim().split('\n').map((l) => l.replace(/^export /, '').split('=') as [string, string]));
    pgUrl = env.TEST_DATABASE_URL!;
    stopPg = () => execSync(`bash ${path.join(root, '.ci/stop-postgres.sh')}`, { env: { ...process.env, ...env } });
  }
  const rows: Row[] = [];
  let port = 18080;
  try {
    for (const size of SIZES) {
      rows.push(await run('pglite', null, size, port++));
      rows.push(await run('postgres', pgUrl, size, port++));
    }
  } finally {
    stopPg?.();
  }
  const lines = [
    '| engine | listings | search req/s | search p50 ms | search p99 ms | trivial req/s | trivial p99 ms | search / trivial | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) =>
      `| ${r.engine} | ${r.size.toLocaleString('en-US')} | ${r.search.rps.toFixed(0)} | ${r.search.p50.toFixed(1)} | ${r.search.p99.toFixed(1)} | ${r.trivial.rps.toFixed(0)} | ${r.trivial.p99.toFixed(1)} | ${((r.search.rps / r.trivial.rps) * 100).toFixed(0)}% | ${r.search.errors + r.trivial.errors} |`,
    ),
  ];
  const section = [
    '## API search (`npm run bench:api`)',
    '',
    `Run on ${new Date().toISOString().slice(0, 10)}, ${CONCURRENCY} concurrent keep-alive clients, ${SECONDS} s per measurement, server and load on the same 2-core machine. Search: a fixed mix of filtered, distance-ranked queries (${SEARCHES.length}); trivial: GET /api/health on the same server.`,
    'Targets with PostgreSQL at 100,000 listings: search p99 under 50 ms and at least 25% of the trivial endpoint\'s throughput.',
    '',
    ...lines,
    '',
  ].join('\n');
  writeResultsSection('## API search', section);
  console.log('\n' + lines.join('\n'));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
