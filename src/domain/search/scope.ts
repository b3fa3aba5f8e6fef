import { REGIONS, VEHICLE_TYPES, type LatLon, type VehicleType } from '../core/constants';
import { haversineKm } from '../geo/geo';
import type { SearchFilters } from './filters';

// Which listings a device keeps: the whole country, or the person's choice of vehicle types, regions,
// and a distance around a place. The server sends the listings in the scope (and tombstones for those
// that leave it); the device answers a search itself only when every listing the server would answer
// with is in its scope, and otherwise asks the server (online) or says those listings are not kept
// on this device (offline).

export interface MirrorScope {
  /** The vehicle types kept; null for all. */
  types: VehicleType[] | null;
  /** The regions kept (a listing whose region is one, or whose location names one); null for all. */
  regions: string[] | null;
  /** Only listings within `km` of this point (listings without coordinates are not kept); null for no limit. */
  near: (LatLon & { km: number }) | null;
}

/** What an offline search outside the device's listings shows. */
export const NOT_KEPT_OFFLINE = {
  title: /*i18n*/ 'Not kept on this device',
  body: /*i18n*/ 'You are offline, and the listings this search looks for are not kept on this device. Connect to search them, or choose to keep them.',
  link: /*i18n*/ 'Data on this device',
} as const;

export const WHOLE_COUNTRY: MirrorScope = { types: null, regions: null, near: null };

/** The distances a person may choose to keep listings within. */
export const SCOPE_DISTANCES_KM = [25, 50, 100, 200, 400] as const;

export const isWholeCountry = (s: MirrorScope): boolean => s.types === null && s.regions === null && s.near === null;

/** The scope as query parameters of GET /api/sync/summary (absent parameters: no limit). */
export function scopeParams(s: MirrorScope): Record<string, string> {
  const out: Record<string, string> = {};
  if (s.types) out.types = s.types.join(',');
  if (s.regions) out.regions = s.regions.join(',');
  if (s.near) out.near = `${s.near.latitude},${s.near.longitude},${s.near.km}`;
  return out;
}

/** A scope's query parameters read back; throws an Error saying what is wrong. */
export function parseScopeParams(q: { types?: string | undefined; regions?: string | undefined; near?: string | undefined }): MirrorScope {
  const list = (v: string) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  let types: VehicleType[] | null = null;
  if (q.types !== undefined) {
    const ts = list(q.types);
    for (const t of ts) if (!(VEHICLE_TYPES as readonly string[]).includes(t)) throw new Error(`types: unknown vehicle type "${t}"`);
    if (ts.length === 0) throw new Error('types: name at least one vehicle type');
    types = ts as VehicleType[];
  }
  let regions: string[] | null = null;
  if (q.regions !== undefined) {
    const rs = list(q.regions);
    for (const r of rs) if (!(REGIONS as readonly string[]).includes(r)) throw new Error(`regions: unknown region "${r}"`);
    if (rs.length === 0) throw new Error('regions: name at least one region');
    regions = rs;
  }
  let near: MirrorScope['near'] = null;
  if (q.near !== undefined) {
    // An empty part is missing, not 0 (Number('') is 0).
    const parts = q.near.split(',').map((p) => (p.trim() === '' ? Number.NaN : Number(p)));
    const [latitude, longitude, km] = parts;
    if (parts.length !== 3 || !parts.every(Number.isFinite)) throw new Error('near: give latitude,longitude,km');
    if (Math.abs(latitude!) > 90 || Math.abs(longitude!) > 180) throw new Error('near: latitude and longitude out of range');
    if (!(km! >= 1 && km! <= 5000)) throw new Error('near: km must be from 1 to 5000');
    near = { latitude: latitude!, longitude: longitude!, km: km! };
  }
  return { types, regions, near };
}

/** The fields of a listing its scope depends on. */
export interface Scoped {
  vehicle_type: string;
  region: string | null;
  location: string | null;
  seller_latitude: number | null;
  seller_longitude: number | null;
}

/** Whether a listing belongs to a scope (the server's test; the device keeps what the server sends). */
export function inScope(v: Scoped, s: MirrorScope): boolean {
  if (s.types && !(s.types as string[]).includes(v.vehicle_type)) return false;
  if (s.regions) {
    const location = v.location?.toLowerCase() ?? '';
    const named = s.regions.some((r) => r === v.region || location.includes(r.toLowerCase()));
    if (!named) return false;
  }
  if (s.near) {
    if (v.seller_latitude === null || v.seller_longitude === null) return false;
    if (haversineKm(s.near, { latitude: v.seller_latitude, longitude: v.seller_longitude }) > s.near.km) return false;
  }
  return true;
}

/**
 * Whether every listing a search can find is in the scope, so the device's answer (results and
 * count) is the server's. A search names a type the scope keeps; its region (or place) contains one
 * the scope keeps (a listing whose location contains the searched text then contains the kept one);
 * its distance limit around the buyer lies inside the scope's circle.
 */
export function scopeCovers(s: MirrorScope, f: Pick<SearchFilters, 'vehicle_type' | 'region' | 'location' | 'distance'>, buyer?: LatLon): boolean {
  if (s.types && (f.vehicle_type === undefined || !s.types.includes(f.vehicle_type))) return false;
  if (s.regions) {
    const texts = [f.region, f.location].filter((t): t is string => t !== undefined).map((t) => t.toLowerCase());
    if (!texts.some((t) => s.regions!.some((r) => t.includes(r.toLowerCase())))) return false;
  }
  if (s.near) {
    if (f.distance === undefined || f.distance <= 0 || !buyer) return false;
    if (haversineKm(s.near, buyer) + f.distance > s.near.km) return false;
  }
  return true;
}

/**
 * Whether a listing's full record kept on the device (it was opened here) is still shown when the
 * device's summary does not hold the listing. Once the scope's download is done, a listing in the scope
 * that the summary lacks is gone from the market (its record is shown no more); a listing outside the
 * scope is not in the summary anyway, and its record stands (a removal reaches it as a tombstone).
 */
export function recordStands(record: Scoped, scope: MirrorScope, downloaded: boolean): boolean {
  return !downloaded || !inScope(record, scope);
}

/** Whether the first download's finished types answer a search (it names one of them, or all are in). */
export function completeCovers(complete: readonly VehicleType[], f: Pick<SearchFilters, 'vehicle_type'>, scope: MirrorScope): boolean {
  const all = scope.types ?? VEHICLE_TYPES;
  if (all.every((t) => complete.includes(t))) return true;
  return f.vehicle_type !== undefined && complete.includes(f.vehicle_type);
}
