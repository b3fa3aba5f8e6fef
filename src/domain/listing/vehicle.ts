import type { z } from 'zod';
import type { LatLon } from '../core/constants';
import type { ownVehicleSchema, sellerContactSchema, vehicleSchema } from '../core/wire';
import { driveTimeMinutes, hasCoordinates, haversineKm, roundKm } from '../geo/geo';

// The listing as the API returns it and the pure facts derived from it. Its types are inferred from
// wire.ts's schemas by type-only imports: the screens import these helpers, and zod stays out of their bundle.

/** A vehicle listing as the API returns it (spec section 3); its schema is wire.ts's. */
export type Vehicle = z.infer<typeof vehicleSchema>;

/** A listing's contact details: never in public answers (see wire.ts's sellerContactSchema). */
export type SellerContact = z.infer<typeof sellerContactSchema>;

/** A listing as its seller (or an administrator) reads it: the public listing and its contact. */
export type OwnVehicle = z.infer<typeof ownVehicleSchema>;

/** Status of a listing in the seller's history (spec section 4). */
export type ListingStatus = 'Expired' | 'Active' | 'Pending' | 'Sold';

/** A listing's life as its status says it; `sold_at` is absent on the device's summaries, which are never sold. */
export type Lifecycle = Pick<Vehicle, 'is_expired' | 'is_published' | 'expires_at'> & { sold_at?: string | null };

export function listingStatus(v: Lifecycle, now: Date = new Date()): ListingStatus {
  if (isSold(v)) return 'Sold';
  if (v.is_expired || (v.expires_at !== null && new Date(v.expires_at).getTime() <= now.getTime())) return 'Expired';
  if (v.is_published) return 'Active';
  return 'Pending';
}

/** Whole days left before expiry, rounded up; `null` when the listing has no expiry. */
export function daysLeft(expiresAt: string | null, now: Date = new Date()): number | null {
  if (expiresAt === null) return null;
  return Math.ceil((new Date(expiresAt).getTime() - now.getTime()) / 86_400_000);
}

/** Its seller marked it sold (issue 20): it left search but is not deleted. */
export function isSold(v: { sold_at?: string | null }): boolean {
  return typeof v.sold_at === 'string';
}

/** A listing is public when it is published, not expired, not sold and not hidden pending review. */
export function isPublic(v: Lifecycle & Pick<Vehicle, 'hidden_for_review'>, now: Date = new Date()): boolean {
  return v.is_published && !isSold(v) && !v.is_expired && (v.expires_at === null || new Date(v.expires_at).getTime() > now.getTime()) && !v.hidden_for_review;
}

/** A copy of the listing with its distance (km, one decimal) and drive time from the buyer. */
export function withDistance(v: Vehicle, buyer: LatLon): Vehicle {
  return { ...v, ...distanceFields(v, buyer) };
}

/** The distance and drive time from the buyer to a listing's seller; null without the seller's coordinates. */
export function distanceFields(v: Pick<Vehicle, 'seller_latitude' | 'seller_longitude'>, buyer: LatLon): { distance_km: number | null; drive_time_minutes: number | null } {
  if (!hasCoordinates(v.seller_latitude, v.seller_longitude)) return { distance_km: null, drive_time_minutes: null };
  const km = haversineKm(buyer, { latitude: v.seller_latitude as number, longitude: v.seller_longitude as number });
  return { distance_km: roundKm(km), drive_time_minutes: driveTimeMinutes(km) };
}
