// A day's changes to the summary feed measured through the route (npx tsx tests/bench/daySize.ts): the
// 100,000 listings of summarySize.ts, the device's position taken, then a day's writes through the
// app's own repository calls: new prices for 2,000 listings (as an edit records them), 1,000 new
// listings published (a revision each; half of them by sellers who already have listings, half by new
// ones) and 1,000 listings expired on schedule (their expiry, known to the device, passes and the
// expiry sweep runs). Then the sum of the brotli-compressed pages the app asks for its next sync
// (GET /api/sync/summary, as fetchSummaryPage in src/data/sync.ts asks: its format, since and page
// size, accept-encoding: br), and each kind alone, the delta from just before it (kinds are written in
// turn: the delta from before the expiries holds only them). Body bytes only: the response headers
// (about 200 bytes a page) are left out. Not a test.
//
//   --size=100000 --changed=2000 --added=1000 --expired=1000
//   --format=3   the feed format asked (2: the format before, every change in full and every removal a tombstone)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { buildServer } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { currentRevision, sweepExpired, updateVehicle, withListingWrite } from '@/server/repositories/vehicles/writes';
import { SUMMARY_FORMAT, SUMMARY_PAGE_SIZE, type SummaryPage } from '@/domain/search/summary';
import { seedListings } from './seedListings';
import { listings } from './listings';
import { changePrices, publishNew } from './dayWrites';
import { seededRandom } from '../support/random';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const SIZE = arg('size', 100_000);
const CHANGED = arg('changed', 2000);
const ADDED = arg('added', 1000);
const EXPIRED = arg('expired', 1000);
const FORMAT = arg('format', SUMMARY_FORMAT);
/** How long after the device's position the expiring listings' time runs out: the other writes are done by then. */
const EXPIRE_AFTER_MS = 30_000;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'motokari-day-bench-'));
const database = await openDatabase({ databaseUrl: null, dataDir });
try {
  let t = performance.now();
  await seedListings(database.db, SIZE);
  console.error(`${SIZE} listings seeded in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  const all = listings(SIZE);
  const rand = seededRandom(SIZE + 3);
  const picked = [...new Set(Array.from({ length: (CHANGED + EXPIRED) * 2 }, () => Math.floor(rand() * SIZE)))].slice(0, CHANGED + EXPIRED);
  const changed = picked.slice(0, CHANGED).map((i) => all[i]!.id);
  const expiring = picked.slice(CHANGED).map((i) => all[i]!.id);

  // The expiry the device will hold: these listings' plans end shortly after its position (written as
  // the app writes, with a revision, before the device's position).
  const expiresAt = new Date(Date.now() + EXPIRE_AFTER_MS);
  await withListingWrite(database.db, async (tx, nextRevision) => {
    for (const id of expiring) await updateVehicle(tx, id, { expiresAt }, await nextRevision());
  });
  const device = await currentRevision(database.db);

  t = performance.now();
  await changePrices(database.db, changed, rand);
  const afterChanged = await currentRevision(database.db);
  await publishNew(database.db, all, ADDED, rand);
  const afterAdded = await currentRevision(database.db);
  console.error(`${CHANGED} prices changed and ${ADDED} listings published in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  const wait = expiresAt.getTime() - Date.now() + 1000;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  console.error(`${await sweepExpired(database.db)} listings expired by the sweep`);

  const config = loadConfig({}, { dataDir, databaseUrl: null, seed: false, logLevel: 'silent', jwtSecret: randomBytes(16).toString('hex') });
  const app = await buildServer(config, { database, logger: false });
  await app.ready();
  try {
    /** The app's next sync from `since`: every page's brotli bytes, and what the pages held. */
    const sync = async (since: number) => {
      let bytes = 0;
      let json = 0;
      let rows = 0;
      let removed = 0;
      let pages = 0;
      for (;;) {
        const qs = new URLSearchParams({ format: String(FORMAT), since: String(since), limit: String(SUMMARY_PAGE_SIZE) });
        const res = await app.inject({ method: 'GET', url: `/api/sync/summary?${qs}`, headers: { 'accept-encoding': 'br' } });
        // A page under the server's threshold (1 KB) is sent as it is.
        const br = res.headers['content-encoding'] === 'br';
        if (res.statusCode !== 200 || (!br && res.rawPayload.length >= 1024)) throw new Error(`page: ${res.statusCode} ${res.headers['content-encoding']}`);
        const text = br ? brotliDecompressSync(res.rawPayload) : res.rawPayload;
        const page = JSON.parse(text.toString('utf8')) as SummaryPage;
        bytes += res.rawPayload.length;
        json += text.length;
        rows += page.rows.n + (page.prices?.n ?? 0);
        removed += page.tombstones.length;
        pages++;
        since = page.revision;
        if (!page.has_more) return { bytes, json, rows, removed, pages };
      }
    };
    const whole = await sync(device);
    const expiredPart = await sync(afterAdded);
    const addedAndExpired = await sync(afterChanged);
    const line = (label: string, count: number, bytes: number) => `| ${label} | ${count.toLocaleString('en-US')} | ${kb(bytes)} | ${count ? (bytes / count).toFixed(1) : '-'} B |`;
    console.log(
      [
        `${SIZE.toLocaleString('en-US')} listings, format ${FORMAT}, pages of ${SUMMARY_PAGE_SIZE}: ${whole.pages} page(s), ${whole.rows} rows and ${whole.removed} tombstones, ${kb(whole.json)} of JSON`,
        '| part | listings | brotli | per listing |',
        '|---|---:|---:|---:|',
        line('the whole day', CHANGED + ADDED + EXPIRED, whole.bytes),
        line('new prices (the whole day less the rest)', CHANGED, whole.bytes - addedAndExpired.bytes),
        line('new listings (from after the prices, less the expiries)', ADDED, addedAndExpired.bytes - expiredPart.bytes),
        line('expired (from after the new listings)', EXPIRED, expiredPart.bytes),
      ].join('\n'),
    );
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
