import type { FastifyBaseLogger } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { CITIES } from '@/domain/core/constants';
import type { Db } from '../db/client';
import { users, vehicles } from '../db/schema';
import { hashPassword, verifyPassword } from '../passwords';
import { findUserByEmail } from '../repositories/users.repo';
import { insertVehicle, withListingWrite } from '../repositories/vehicles/writes';
import { SAMPLE_LISTINGS, SAMPLE_SELLERS, type SampleSeller } from './sampleData';

function placeOf(s: SampleSeller) {
  const city = CITIES.find((c) => c.name === s.city) ?? CITIES[0]!;
  // A small fixed offset per seller so sellers in one city are not all at one point.
  const h = [...s.key].reduce((a, ch) => (a * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const latitude = city.latitude + ((h % 1000) / 1000 - 0.5) * 0.06;
  const longitude = city.longitude + (((h >>> 10) % 1000) / 1000 - 0.5) * 0.06;
  const location = city.region === city.name ? `${s.area}, ${city.name}` : `${s.area}, ${city.name}, ${city.region}`;
  return { city, latitude, longitude, location };
}

/**
 * Seeds the sample sellers and listings when there are no listings at all (the first start, or
 * POST /api/initialize-data after a reset). Sample sellers have no password, so nobody can sign
 * in as them; sample listings have no expiry, so a demo never goes empty.
 */
export async function seedSampleData(db: Db, log: FastifyBaseLogger): Promise<number> {
  return withListingWrite(db, async (tx, nextRevision) => {
    const [existing] = await tx.select({ n: count() }).from(vehicles);
    if (Number(existing?.n ?? 0) > 0) return 0;
    const sellerIds = new Map<string, { id: string; seller: SampleSeller; place: ReturnType<typeof placeOf> }>();
    for (const s of SAMPLE_SELLERS) {
      const place = placeOf(s);
      const [row] = await tx
        .insert(users)
        .values({
          name: s.name,
          email: s.email.toLowerCase(),
          phone: s.phone,
          location: place.location,
          region: place.city.region,
          area: s.area,
          latitude: place.latitude,
          longitude: place.longitude,
          userType: s.user_type,
          businessName: s.business_name,
          passwordHash: null,
        })
        .onConflictDoUpdate({ target: users.email, set: { name: s.name } })
        .returning({ id: users.id });
      sellerIds.set(s.key, { id: row!.id, seller: s, place });
    }
    const now = Date.now();
    for (const [i, l] of SAMPLE_LISTINGS.entries()) {
      const owner = sellerIds.get(l.seller);
      if (!owner) throw new Error(`sample listing ${i} names unknown seller ${l.seller}`);
      const created = new Date(now - l.days_ago * 86_400_000 - i * 60_000);
      await insertVehicle(
        tx,
        {
          vehicleType: l.vehicle_type,
          make: l.make,
          model: l.model,
          variant: l.variant,
          year: l.year,
          price: l.price,
          mileage: l.mileage,
          operatingHours: l.operating_hours,
          engineSize: l.engine_size,
          enginePowerHp: l.engine_power_hp ?? null,
          fuelType: l.fuel_type,
          transmission: l.transmission,
          driveType: l.drive_type,
          condition: l.condition,
          category: l.category,
          color: l.color,
          description: l.description,
          images: [`/samples/${l.image}.svg`],
          features: l.features,
          featured: l.featured,
          subscriptionPlan: owner.seller.user_type === 'dealer' ? 'premium' : 'standard',
          sellerId: owner.id,
          sellerName: owner.seller.business_name ?? owner.seller.name,
          sellerPhone: owner.seller.phone,
          sellerEmail: null,
          sellerLocation: owner.place.location,
          location: owner.place.location,
          region: owner.place.city.region,
          sellerType: owner.seller.user_type,
          sellerLatitude: owner.place.latitude,
          sellerLongitude: owner.place.longitude,
          isPublished: true,
          isExpired: false,
          createdAt: created,
          updatedAt: created,
          publishedAt: created,
          firstPublishedAt: created,
          expiresAt: null,
        },
        await nextRevision(),
      );
    }
    log.info({ listings: SAMPLE_LISTINGS.length, sellers: SAMPLE_SELLERS.length }, 'sample data seeded');
    return SAMPLE_LISTINGS.length;
  });
}

/** Creates the administrator from ADMIN_EMAIL / ADMIN_PASSWORD, or makes the account match them. */
export async function ensureAdmin(db: Db, email: string, password: string, log: FastifyBaseLogger): Promise<void> {
  const existing = await findUserByEmail(db, email);
  if (!existing) {
    // Another instance starting at the same moment may create it first, with the same settings.
    const created = await db
      .insert(users)
      .values({ name: 'Administrator', email: email.toLowerCase(), userType: 'admin', passwordHash: await hashPassword(password) })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created.length) log.info({ email }, 'administrator created');
    return;
  }
  const patch: Partial<typeof users.$inferInsert> = {};
  if (existing.userType !== 'admin') patch.userType = 'admin';
  if (!(await verifyPassword(password, existing.passwordHash))) patch.passwordHash = await hashPassword(password);
  if (Object.keys(patch).length) {
    await db.update(users).set(patch).where(eq(users.id, existing.id));
    log.info({ email }, 'administrator account updated');
  }
}
