// The database of npm run bench:mirror: the seeded listings, and a day's changes made through the
// app's repositories as its routes and jobs make them.
import { randomUUID } from 'node:crypto';
import { openDatabase } from '@/server/db/client';
import { publishColumns } from '@/server/listings';
import { currentRevision, insertVehicle, sweepExpired, updateVehicle, withListingWrite } from '@/server/repositories/vehicles/writes';
import { seededRandom } from '../../support/random';
import { detailedListingStream, listings } from '../listings';
import { seedListings, sellerColumns, vehicleColumns } from '../seedListings';

/**
 * How long after seeding the listings of the day's expiries expire. They are listings whose expiry the
 * device holds from its first visit and which then passes, as a day's do: the day's sync must not
 * need to tell the device of them. The day's changes wait for it if the runs before them were quicker.
 */
const EXPIRE_IN_MS = 10 * 60_000;
let expiresAt: Date | null = null;

/**
 * Inserts the sellers (one account per seller of the listings) and the listings in bulk, and gives
 * the listings that are to expire during the day an expiry EXPIRE_IN_MS ahead (as a renewal would:
 * `updateVehicle`, a new revision); returns the head revision.
 */
export async function seed(databaseUrl: string | null, dataDir: string, n: number): Promise<number> {
  const { db, close } = await openDatabase({ databaseUrl, dataDir });
  try {
    await seedListings(db, n);
    const at = new Date(Date.now() + EXPIRE_IN_MS);
    const { expiring, id } = dayPicks(n);
    await withListingWrite(db, async (tx, nextRevision) => {
      for (const i of expiring) await updateVehicle(tx, id(i), { expiresAt: at }, await nextRevision());
    });
    expiresAt = at;
    return await currentRevision(db);
  } finally {
    await close();
  }
}

/** The listings a day changes and expires (indexes into the seeded set), the same for seed() and applyDay(). */
function dayPicks(n: number) {
  const { changed, expired } = dayMix(n);
  const rand = seededRandom(n + 2);
  const all = listings(n);
  const picked = [...new Set(Array.from({ length: (changed + expired) * 2 }, () => Math.floor(rand() * n)))].slice(0, changed + expired);
  return { rand, all, changing: picked.slice(0, changed), expiring: picked.slice(changed), id: (i: number) => all[i]!.id };
}

/** A day's changes at `n` listings: 2% changed (a new price), 1% new listings published, 1% expired. */
export const dayMix = (n: number) => ({ changed: Math.round(n * 0.02), added: Math.round(n * 0.01), expired: Math.round(n * 0.01) });

/**
 * A day's changes as the app makes them, each with new revisions: `changed` listings get a new price
 * (`updateVehicle`, as an edit does); `added` listings are published by sellers already on the site
 * (`insertVehicle` with `publishColumns`, in `withListingWrite`, as the create route publishes a free
 * listing: a new random id, a description and five photos in the style of tests/bench/listings.ts, a
 * seven-day plan); `expired` listings reach the expiry seed() gave them (waited for, if need be) and
 * are expired by `sweepExpired`, the job the server runs (and runs before each sync answer).
 * Returns the head revision after.
 */
export async function applyDay(databaseUrl: string | null, dataDir: string, n: number): Promise<number> {
  const { added, expired } = dayMix(n);
  const wait = (expiresAt?.getTime() ?? 0) + 1000 - Date.now();
  if (wait > 0) {
    console.log(`  waiting ${(wait / 1000).toFixed(0)} s for the day's listings to reach their expiry`);
    await new Promise((r) => setTimeout(r, wait));
  }
  const { db, close } = await openDatabase({ databaseUrl, dataDir });
  try {
    const { rand, all, changing } = dayPicks(n);
    const id = (i: number) => all[i]!.id;
    // New listings: what sellers fill in (listings of another generated set, so other makes, words and
    // photos), placed with a seller of the seeded set, whose account exists.
    const fresh = [...detailedListingStream(added + 1)].slice(0, added);
    const now = new Date();
    await withListingWrite(db, async (tx, nextRevision) => {
      for (const i of changing) await updateVehicle(tx, id(i), { price: Math.round(1500 + rand() * 150_000) }, await nextRevision());
      for (const v of fresh) {
        const seller = all[Math.floor(rand() * n)]!;
        await insertVehicle(
          tx,
          {
            id: randomUUID(),
            ...vehicleColumns(v),
            description: v.description,
            images: v.images,
            ...sellerColumns(seller),
            createdAt: now,
            updatedAt: now,
            ...publishColumns({ firstPublishedAt: null, featured: false }, 'standard', now),
            isFreeUpdate: true,
          },
          await nextRevision(),
        );
      }
    });
    const swept = await sweepExpired(db);
    if (swept !== expired) console.log(`  sweepExpired expired ${swept} listings (${expired} reached their expiry)`);
    return await currentRevision(db);
  } finally {
    await close();
  }
}
