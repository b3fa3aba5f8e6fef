import { CITIES, PLACEHOLDER_IMAGE, type LatLon, type SellerType } from '../domain/core/constants';
import { allowedPlans, defaultPlan, PLAN_TERMS, type SubscriptionPlan } from '../domain/payments/fees';
import { LISTING_MESSAGES } from '../domain/core/messages';
import type { VehicleInput } from '../domain/listing/vehicleInput';
import { unprocessable } from './errors';
import { decodeDataUrl, MEDIA_PREFIX, NotAnImageError, type MediaStore } from './media/mediaStore';
import { keepUploads, recordLoosePhotos } from './repositories/uploads.repo';
import type { UserRow } from './repositories/users.repo';
import type { NewVehicle, VehicleRow } from './repositories/vehicles/rows';
import { activeListings } from './repositories/vehicles/reads';
import type { Db } from './db/client';
import type { ListingEligibility } from '../domain/core/wire';

const OWN_PATH = /^\/(media|samples)\/[\w.-]+$/;

/**
 * Turns the images of a create or update into our own URLs: data URLs are stored as WebP renditions
 * (no image bytes live in the database), our own paths are kept, anything else is refused. A stored
 * photo the listing does not hold already (`held`, an update's current images) must still be in the
 * store: one deleted meanwhile (an upload no listing took within a day, see purgeOrphanUploads) is
 * refused, rather than a listing shown with a broken photo, and the others are kept from the purge.
 */
export async function resolveImages(images: string[], ctx: { media: MediaStore; db: Db; publicUrl: string; now: Date }, held: readonly string[] = []): Promise<string[]> {
  const { media, publicUrl } = ctx;
  const out: string[] = [];
  for (const [i, img] of images.entries()) {
    if (img.startsWith('data:')) {
      const bytes = decodeDataUrl(img);
      if (!bytes) throw unprocessable(LISTING_MESSAGES.invalidImage(`Image ${i + 1}`));
      try {
        const { url } = await media.store(bytes);
        // Recorded as an upload is, at once (the request may yet be refused): the purge deletes it a day from now unless a listing shows it.
        await recordLoosePhotos(ctx.db, [url], ctx.now);
        out.push(url);
      } catch (e) {
        if (e instanceof NotAnImageError) throw unprocessable(LISTING_MESSAGES.invalidImage(`Image ${i + 1}`));
        throw e;
      }
      continue;
    }
    let p = img;
    if (/^https?:\/\//.test(img)) {
      const u = new URL(img);
      if (u.origin !== new URL(publicUrl).origin) throw unprocessable(LISTING_MESSAGES.imageSource);
      p = u.pathname;
    }
    if (p === PLACEHOLDER_IMAGE || OWN_PATH.test(p)) out.push(p);
    else throw unprocessable(LISTING_MESSAGES.imageSource);
  }
  const taken = [...new Set(out.filter((url) => isMediaUrl(url) && !held.includes(url)))];
  const gone = await keepUploads(ctx.db, media, taken, ctx.now);
  if (gone.length) throw unprocessable(LISTING_MESSAGES.imageGone(`Image ${out.indexOf(gone[0]!) + 1}`));
  return out;
}

export const isMediaUrl = (url: string) => url.startsWith(MEDIA_PREFIX);

export function sellerTypeOf(user: UserRow): SellerType {
  return user.userType === 'dealer' ? 'dealer' : 'private';
}

/** The seller's plan: the one asked for when the seller type allows it. */
export function resolvePlan(user: UserRow, requested: SubscriptionPlan | null | undefined): SubscriptionPlan {
  const type = sellerTypeOf(user);
  const plan = requested ?? defaultPlan(type);
  if (user.userType !== 'admin' && !allowedPlans(type).includes(plan)) throw unprocessable(LISTING_MESSAGES.planNotAllowed);
  return plan;
}

/** Where a listing is: its own coordinates, else a known city named in its location, else the seller's. */
export function resolveCoordinates(input: { location: string | null; seller_latitude?: number | null | undefined; seller_longitude?: number | null | undefined }, user: UserRow): LatLon | null {
  if (typeof input.seller_latitude === 'number' && typeof input.seller_longitude === 'number') {
    return { latitude: input.seller_latitude, longitude: input.seller_longitude };
  }
  const loc = input.location?.toLowerCase() ?? '';
  const city = CITIES.find((c) => loc.includes(c.name.toLowerCase()));
  if (city) return { latitude: city.latitude, longitude: city.longitude };
  if (user.latitude !== null && user.longitude !== null) return { latitude: user.latitude, longitude: user.longitude };
  return null;
}

/** The listing's location text: as given, else "area, region" from the wizard, else the seller's. */
export function resolveLocation(input: Pick<VehicleInput, 'location' | 'region' | 'seller_location'>, user: UserRow): string | null {
  if (input.location) return input.location;
  const parts = [input.seller_location, input.region].filter((p): p is string => !!p);
  if (parts.length) return [...new Set(parts)].join(', ');
  return user.location;
}

/** The listing fields that come from the account, never from the request body. */
export function sellerFields(user: UserRow) {
  return {
    sellerId: user.id,
    sellerName: user.userType === 'dealer' ? (user.businessName ?? user.name) : user.name,
    sellerPhone: user.phone,
    sellerEmail: user.email,
    sellerLocation: user.location,
    sellerType: sellerTypeOf(user),
    verifiedDealer: isVerifiedDealer(user),
    phoneVerified: user.phoneVerifiedAt !== null,
  };
}

/** A dealer whose business details an administrator verified: their listings carry the 'Verified dealer' badge. */
export function isVerifiedDealer(user: Pick<UserRow, 'userType' | 'businessStatus'>): boolean {
  return user.userType === 'dealer' && user.businessStatus === 'verified';
}

export function inputToColumns(input: Partial<VehicleInput>): Partial<NewVehicle> {
  const out: Partial<NewVehicle> = {};
  const map: [keyof VehicleInput, keyof NewVehicle][] = [
    ['vehicle_type', 'vehicleType'],
    ['make', 'make'],
    ['model', 'model'],
    ['variant', 'variant'],
    ['year', 'year'],
    ['price', 'price'],
    ['mileage', 'mileage'],
    ['operating_hours', 'operatingHours'],
    ['engine_size', 'engineSize'],
    ['engine_power_hp', 'enginePowerHp'],
    ['duty_paid', 'dutyPaid'],
    ['papers_ready', 'papersReady'],
    ['fuel_type', 'fuelType'],
    ['transmission', 'transmission'],
    ['drive_type', 'driveType'],
    ['condition', 'condition'],
    ['color', 'color'],
    ['description', 'description'],
    ['features', 'features'],
    ['region', 'region'],
    ['contact_preference', 'contactPreference'],
  ];
  for (const [from, to] of map) {
    if (input[from] !== undefined) (out as Record<string, unknown>)[to] = input[from] ?? null;
  }
  const category = input.car_category ?? input.category;
  if (category !== undefined) out.category = category ? category.toLowerCase() : null;
  return out;
}

/** A free listing inherits the expiry of the seller's active listing that runs longest (spec section 9). */
export async function freeListingEligibility(db: Db, userId: string): Promise<ListingEligibility> {
  const active = await activeListings(db, userId);
  const latest = active.reduce<Date | null>((acc, a) => (a.expiresAt && (!acc || a.expiresAt > acc) ? a.expiresAt : acc), null);
  return {
    eligible_for_free_listing: active.length > 0 && latest !== null,
    active_listings_count: active.length,
    expires_at: latest ? latest.toISOString() : null,
  };
}

/** The columns that publish a listing for a paid 7-day period. */
export function publishColumns(row: Pick<VehicleRow, 'firstPublishedAt' | 'featured'>, plan: SubscriptionPlan, now: Date): Partial<NewVehicle> {
  return {
    isPublished: true,
    isExpired: false,
    publishedAt: now,
    firstPublishedAt: row.firstPublishedAt ?? now,
    expiresAt: new Date(now.getTime() + PLAN_TERMS[plan].days * 86_400_000),
    subscriptionPlan: plan,
    featured: row.featured || PLAN_TERMS[plan].featured,
    // A 7-day fee ends whatever advertising plan the listing had before (issue 38).
    advertisingPlan: null,
  };
}
