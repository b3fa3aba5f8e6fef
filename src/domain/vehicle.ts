import type { LatLon, SellerType, VehicleType } from './constants';
import type { SubscriptionPlan } from './fees';
import { driveTimeMinutes, hasCoordinates, haversineKm, roundKm } from './geo';

// The listing as the API returns it and the pure facts derived from it. No zod here: the screens
// import these helpers, and the seller's input schema (vehicleInput.ts) stays out of their bundle.

/** A vehicle listing as the API returns it (spec section 3). */
export interface Vehicle {
  id: string;
  vehicle_type: VehicleType;
  make: string;
  model: string;
  variant: string | null;
  year: number;
  price: number | null;
  mileage: number | null;
  operating_hours: number | null;
  engine_size: number | null;
  /** Construction equipment's engine power in horsepower. */
  engine_power_hp: number | null;
  fuel_type: string | null;
  transmission: string | null;
  drive_type: string | null;
  condition: string | null;
  category: string | null;
  car_category: string | null;
  color: string | null;
  description: string | null;
  images: string[];
  features: string[];
  featured: boolean;
  subscription_plan: SubscriptionPlan | null;
  seller_id: string;
  seller_name: string | null;
  seller_location: string | null;
  location: string | null;
  region: string | null;
  seller_type: SellerType | null;
  seller_latitude: number | null;
  seller_longitude: number | null;
  is_published: boolean;
  is_expired: boolean;
  is_free_update: boolean;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  /** The listing's expiry; `null` for sample listings, which stay live. */
  expires_at: string | null;
  listing_expires_at: string | null;
  views: number;
  revision: number;
  /** Present when the request carried the buyer's coordinates. */
  distance_km?: number | null;
  drive_time_minutes?: number | null;
  /** Only the device's summary of the listing (search/summary.ts): no description, features or further photos. */
  summary_only?: true;
}

/**
 * A listing's contact details. Public answers never carry them (they could be scraped); a signed-in
 * user asks for one listing's at a time (GET /api/vehicles/{id}/contact), and its seller reads them
 * on their own listings. The email is a dealer's business address; private sellers' is never shown.
 */
export interface SellerContact {
  seller_phone: string | null;
  seller_email: string | null;
}

/** A listing as its seller (or an administrator) reads it: the public listing and its contact. */
export type OwnVehicle = Vehicle & SellerContact;

/** Status of a listing in the seller's history (spec section 4). */
export type ListingStatus = 'Expired' | 'Active' | 'Pending';

export function listingStatus(
  v: Pick<Vehicle, 'is_expired' | 'is_published' | 'expires_at'>,
  now: Date = new Date(),
): ListingStatus {
  if (v.is_expired || (v.expires_at !== null && new Date(v.expires_at).getTime() <= now.getTime())) return 'Expired';
  if (v.is_published) return 'Active';
  return 'Pending';
}

/** Whole days left before expiry, rounded up; `null` when the listing has no expiry. */
export function daysLeft(expiresAt: string | null, now: Date = new Date()): number | null {
  if (expiresAt === null) return null;
  return Math.ceil((new Date(expiresAt).getTime() - now.getTime()) / 86_400_000);
}

/** A listing is public when it is published and not expired. */
export function isPublic(v: Pick<Vehicle, 'is_published' | 'is_expired' | 'expires_at'>, now: Date = new Date()): boolean {
  return v.is_published && !v.is_expired && (v.expires_at === null || new Date(v.expires_at).getTime() > now.getTime());
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
