// A day's listing writes for the benchmarks, through the app's repository calls: new prices as an edit
// records them, and new listings as publishing writes them (one revision each). Used by daySize.ts.
import type { Database } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { findVehicle } from '@/server/repositories/vehicles/reads';
import { insertVehicle, recordPriceChange, updateVehicle, withListingWrite } from '@/server/repositories/vehicles/writes';
import type { Vehicle } from '@/domain/listing/vehicle';
import { PLAN_TERMS } from '@/domain/payments/fees';
import { DAY, listingStream } from './listings';
import { sellerColumns, vehicleColumns } from './seedListings';

type Db = Database['db'];

/** A new price for each listing, in one write (as applyDay in mirror.bench.ts), recorded as an edit records it. */
export async function changePrices(db: Db, ids: readonly string[], rand: () => number): Promise<void> {
  const now = new Date();
  await withListingWrite(db, async (tx, nextRevision) => {
    for (const id of ids) {
      const row = (await findVehicle(tx, id))!;
      const price = Math.round(1500 + rand() * 150_000);
      await updateVehicle(tx, id, { price, ...(await recordPriceChange(tx, row, price, now)) }, await nextRevision());
    }
  });
}

/**
 * Publishes `count` new listings over the past day, oldest first, each in a write of its own: realistic
 * listings of the bench generator with new ids, half of them by sellers of `existing` (their name, place
 * and coordinates), half by new sellers (an account each).
 */
export async function publishNew(db: Db, existing: readonly Vehicle[], count: number, rand: () => number): Promise<void> {
  const fresh = [...listingStream(count)];
  const newSellers = new Map<string, Vehicle>();
  const start = Date.now() - DAY;
  for (const [i, generated] of fresh.entries()) {
    let v = generated;
    if (rand() < 0.5) {
      const s = existing[Math.floor(rand() * existing.length)]!;
      v = {
        ...v,
        seller_id: s.seller_id,
        seller_name: s.seller_name,
        seller_location: s.seller_location,
        location: s.location,
        region: s.region,
        seller_type: s.seller_type,
        seller_latitude: s.seller_latitude,
        seller_longitude: s.seller_longitude,
      };
    } else if (!newSellers.has(v.seller_id)) {
      newSellers.set(v.seller_id, v);
      await db.insert(users).values({
        id: v.seller_id,
        name: v.seller_name ?? 'Seller',
        email: `day-seller-${newSellers.size}@bench.invalid`,
        location: v.seller_location,
        region: v.region,
        latitude: v.seller_latitude,
        longitude: v.seller_longitude,
        userType: v.seller_type ?? 'private',
        businessName: v.seller_type === 'dealer' ? v.seller_name : null,
      });
    }
    const created = new Date(start + Math.floor(((i + rand()) / count) * DAY));
    await withListingWrite(db, async (tx, nextRevision) => {
      await insertVehicle(
        tx,
        {
          id: v.id,
          ...vehicleColumns(v),
          images: [`/media/${randomHex(rand)}-full.webp`],
          featured: v.featured,
          ...sellerColumns(v),
          isPublished: true,
          subscriptionPlan: 'standard',
          createdAt: created,
          updatedAt: created,
          publishedAt: created,
          firstPublishedAt: created,
          expiresAt: new Date(created.getTime() + PLAN_TERMS.standard.days * DAY),
        },
        await nextRevision(),
      );
    });
  }
}

const randomHex = (rand: () => number) => Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join('');
