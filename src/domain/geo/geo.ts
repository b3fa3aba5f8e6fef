import { CITIES, DEFAULT_LOCATION, EARTH_RADIUS_KM, REGIONS, type LatLon } from '../core/constants';

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (Haversine, Earth radius 6371 km). */
export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = toRad(b.latitude - a.latitude);
  const dLon = toRad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Average speed assumed for a drive: 60 km/h under 50 km, else 80 km/h (spec section 9). */
export function driveSpeedKmh(distanceKm: number): number {
  return distanceKm < 50 ? 60 : 80;
}

export function driveTimeMinutes(distanceKm: number): number {
  return Math.round((distanceKm / driveSpeedKmh(distanceKm)) * 60);
}

/** Distance rounded to one decimal, as shown and returned by the API. */
export function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}

export type DistanceBand = 'nearby' | 'close' | 'drive' | 'trip' | 'journey';

/** Badge band for a distance: under 1 km, under 5 km, under 25 km (drive), under 50 km (trip), else journey. */
export function distanceBand(distanceKm: number): DistanceBand {
  if (distanceKm < 1) return 'nearby';
  if (distanceKm < 5) return 'close';
  if (distanceKm < 25) return 'drive';
  if (distanceKm < 50) return 'trip';
  return 'journey';
}

export type KnownCity = (typeof CITIES)[number];
export type Region = (typeof REGIONS)[number];

/** Where `name` occurs in `text` as a whole word or words, case-insensitively; -1 when it does not. */
function placeIndex(text: string, name: string): number {
  const match = new RegExp(`(^|[^a-z])${name.toLowerCase().replace(/ /g, '\\s+')}(?![a-z])`).exec(text.toLowerCase());
  return match ? match.index + match[1]!.length : -1;
}

/**
 * The known city (spec section 9) a place text names: 'Bulawayo', 'Gweru, Zimbabwe', 'Avondale,
 * Harare' (the first one named, so a suburb's town comes before the province after it). Null when
 * it names none.
 */
export function knownCity(place: string | null | undefined): KnownCity | null {
  if (!place) return null;
  let best: { city: KnownCity; at: number } | null = null;
  for (const city of CITIES) {
    const at = placeIndex(place, city.name);
    if (at >= 0 && (!best || at < best.at)) best = { city, at };
  }
  return best?.city ?? null;
}

/** The region (province) a place text lies in: that of the known city it names, else a region it names. */
export function regionOf(place: string | null | undefined): Region | null {
  const city = knownCity(place);
  if (city) return city.region;
  if (!place) return null;
  return REGIONS.find((r) => placeIndex(place, r) >= 0) ?? null;
}

/** What an account says about where its owner is (the API's user fields). */
export interface AccountPlace {
  location: string | null;
  area: string | null;
  region: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Where a signed-in buyer is, until their device shares its position: the known city their account
 * names (its area, then its location, then its region), else the account's own coordinates. `town`
 * names the city, or is null when only the coordinates are known. Null when the account says neither
 * (the spec's default location applies).
 */
export function accountPosition(account: AccountPlace): { position: LatLon; town: string | null } | null {
  const city = knownCity(account.area) ?? knownCity(account.location) ?? knownCity(account.region);
  if (city) return { position: { latitude: city.latitude, longitude: city.longitude }, town: city.name };
  // Sign-up sends the default location's coordinates whatever town is typed (spec section 9): those
  // say nothing of the account's own.
  const { latitude, longitude } = account;
  if (!hasCoordinates(latitude, longitude) || (latitude === DEFAULT_LOCATION.latitude && longitude === DEFAULT_LOCATION.longitude)) return null;
  return { position: { latitude: latitude!, longitude: longitude! }, town: null };
}

export function hasCoordinates(lat: number | null | undefined, lon: number | null | undefined): boolean {
  return typeof lat === 'number' && typeof lon === 'number' && Number.isFinite(lat) && Number.isFinite(lon);
}

/** A point as a unit vector from the Earth's centre. */
export interface UnitVector {
  x: number;
  y: number;
  z: number;
}

export function unitVector(p: LatLon): UnitVector {
  const lat = toRad(p.latitude);
  const lon = toRad(p.longitude);
  return { x: Math.cos(lat) * Math.cos(lon), y: Math.cos(lat) * Math.sin(lon), z: Math.sin(lat) };
}

/**
 * The squared chord between two unit vectors. The chord grows with the great-circle distance
 * (d = 2R·asin(chord/2)), so ranking or bounding by it gives the same answer as Haversine with a
 * few multiplications instead of trigonometry per listing.
 */
export function chordSquared(a: UnitVector, b: UnitVector): number {
  return (a.x - b.x) ** 2 + (a.y - b.y) ** 2 + (a.z - b.z) ** 2;
}

/** The squared chord of a great-circle distance in km. */
export function chordSquaredForKm(km: number): number {
  return (2 * Math.sin(Math.min(km, Math.PI * EARTH_RADIUS_KM) / (2 * EARTH_RADIUS_KM))) ** 2;
}
