import { getTableColumns, sql } from 'drizzle-orm';
import { vehicles } from '@/server/db/schema';
import { withDistance, type OwnVehicle, type Vehicle } from '@/domain/listing/vehicle';
import type { SellerType, VehicleType } from '@/domain/core/constants';
import type { SubscriptionPlan } from '@/domain/payments/fees';
import { isAdvertisingPlan } from '@/domain/payments/boosts';

// A listing's row: the columns every read of whole listings selects, the test of being public, and the
// row as the API answers it (to everyone, or to its seller).

const { wordsTokens: _wordsTokens, ...listingColumns } = getTableColumns(vehicles);
/**
 * Every column of a listing but its words (words_tokens: tens of tokens a row, which only the words
 * search reads, in SQL): what every read of whole listings selects, so a page of them does not carry
 * and parse their words.
 */
export const LISTING_COLUMNS = listingColumns;
export type VehicleRow = Omit<typeof vehicles.$inferSelect, 'wordsTokens'>;
export type NewVehicle = typeof vehicles.$inferInsert;

/** Published, not flagged expired, not past its expiry, not sold and not hidden pending review: what visitors may see. */
export const publicSql = sql`(${vehicles.isPublished} and not ${vehicles.isExpired} and ${vehicles.soldAt} is null and (${vehicles.expiresAt} is null or ${vehicles.expiresAt} > now()) and ${vehicles.hiddenForReviewAt} is null)`;

/** A listing as everyone may read it: no phone, no email (a signed-in user asks for those one listing at a time). */
export function toApiVehicle(r: VehicleRow, buyer?: { latitude: number; longitude: number }): Vehicle {
  const expires = r.expiresAt ? r.expiresAt.toISOString() : null;
  const v: Vehicle = {
    id: r.id,
    vehicle_type: r.vehicleType as VehicleType,
    make: r.make,
    model: r.model,
    variant: r.variant,
    year: r.year,
    price: r.price,
    mileage: r.mileage,
    operating_hours: r.operatingHours,
    engine_size: r.engineSize,
    engine_power_hp: r.enginePowerHp,
    duty_paid: r.dutyPaid,
    papers_ready: r.papersReady,
    verified_dealer: r.verifiedDealer,
    phone_verified: r.phoneVerified,
    fuel_type: r.fuelType,
    transmission: r.transmission,
    drive_type: r.driveType,
    condition: r.condition,
    category: r.category,
    car_category: r.vehicleType === 'car' ? r.category : null,
    color: r.color,
    description: r.description,
    images: r.images,
    features: r.features,
    featured: r.featured,
    subscription_plan: (r.subscriptionPlan as SubscriptionPlan | null) ?? null,
    seller_id: r.sellerId,
    seller_name: r.sellerName,
    seller_location: r.sellerLocation,
    location: r.location,
    region: r.region,
    seller_type: (r.sellerType as SellerType | null) ?? null,
    seller_latitude: r.sellerLatitude,
    seller_longitude: r.sellerLongitude,
    is_published: r.isPublished,
    is_expired: r.isExpired || (r.expiresAt !== null && r.expiresAt.getTime() <= Date.now()),
    is_free_update: r.isFreeUpdate,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    published_at: r.publishedAt ? r.publishedAt.toISOString() : null,
    expires_at: expires,
    listing_expires_at: expires,
    views: r.views,
    revision: r.revision,
    sold_at: r.soldAt ? r.soldAt.toISOString() : null,
    price_drop: priceDropOf(r),
    advertising_plan: isAdvertisingPlan(r.advertisingPlan) ? r.advertisingPlan : null,
    boosted_until: r.boostedUntil ? r.boostedUntil.toISOString() : null,
    ...(r.hiddenForReviewAt && { hidden_for_review: true as const }),
  };
  return buyer ? withDistance(v, buyer) : v;
}

/** The last price change when it was a drop: its amount and when. */
function priceDropOf(r: Pick<VehicleRow, 'priceDropAmount' | 'priceDroppedAt'>): { amount: number; at: string } | null {
  return r.priceDropAmount !== null && r.priceDroppedAt !== null ? { amount: r.priceDropAmount, at: r.priceDroppedAt.toISOString() } : null;
}

/** A listing as its seller (or an administrator) reads it: with the contact it was listed with. */
export function toOwnVehicle(r: VehicleRow, buyer?: { latitude: number; longitude: number }): OwnVehicle {
  return { ...toApiVehicle(r, buyer), seller_phone: r.sellerPhone, seller_email: r.sellerEmail };
}
