// The bench listings in a database as the app's server keeps them: one account per seller, the
// listings with their dates moved by whole days so none has expired on the day of the run. Shared by
// bench:mirror and the summary feed's size measurement.
import type { Database } from '../../src/server/db/client';
import { users, vehicles } from '../../src/server/db/schema';
import type { Vehicle } from '../../src/domain/vehicle';
import { DAY, GENERATED_UNTIL, detailedListings } from './listings';

/** The generated listings' dates moved by whole days so the newest were published the day before the run (none expired yet). */
export const dateShift = (): number => Math.max(0, Math.floor((Date.now() - GENERATED_UNTIL) / DAY)) * DAY;

function toRow(v: Vehicle, shift: number) {
  const created = new Date(Date.parse(v.created_at) + shift);
  return {
    id: v.id,
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
    sellerId: v.seller_id,
    sellerName: v.seller_name,
    sellerLocation: v.seller_location,
    location: v.location,
    region: v.region,
    sellerType: v.seller_type,
    sellerLatitude: v.seller_latitude,
    sellerLongitude: v.seller_longitude,
    isPublished: true,
    createdAt: created,
    updatedAt: created,
    publishedAt: created,
    firstPublishedAt: created,
    expiresAt: v.expires_at === null ? null : new Date(Date.parse(v.expires_at) + shift),
    revision: v.revision,
  };
}

/** Inserts the sellers of `detailedListings(n)` (one account each) and the listings, in bulk. */
export async function seedListings(db: Database['db'], n: number): Promise<void> {
  const all = detailedListings(n);
  const shift = dateShift();
  const batch = 2000;
  const sellers = [...new Map(all.map((v) => [v.seller_id, v])).values()].map((v, k) => ({
    id: v.seller_id,
    name: v.seller_name ?? `Seller ${k}`,
    email: `seller-${k}@bench.invalid`,
    location: v.seller_location,
    region: v.region,
    latitude: v.seller_latitude,
    longitude: v.seller_longitude,
    userType: v.seller_type ?? 'private',
    businessName: v.seller_type === 'dealer' ? v.seller_name : null,
  }));
  for (let start = 0; start < sellers.length; start += batch) await db.insert(users).values(sellers.slice(start, start + batch));
  for (let start = 0; start < n; start += batch) await db.insert(vehicles).values(all.slice(start, start + batch).map((v) => toRow(v, shift)));
  await db.execute(`select setval('listing_revision_seq', ${n + 1})` as never);
  await db.execute('analyze' as never);
}
