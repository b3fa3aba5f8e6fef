import { VEHICLE_TYPES, VEHICLE_TYPE_LABELS, type VehicleType } from '@/domain/core/constants';
import { capitalise, priceText } from '@/domain/listing/display';
import { ATTRIBUTE_FILTERS } from '@/domain/search/fields';
import { ATTRIBUTE_WORDS } from '@/domain/search/fieldWords';
import { SAVED_SEARCH_NAME_MAX } from '@/domain/account/notifications';
import { wholeNumberText } from '@/domain/core/numbers';
import type { SavedQuery } from './savedSearchApi';
import { english, type Translate } from '@/domain/i18n/text';

// How a saved search reads on screen and where it opens. The browse screens read their filters from the
// URL, so a saved search opens as a link.

const BROWSE_PATHS: Record<VehicleType, string> = { car: '/cars', construction: '/construction', farming: '/farming' };

const str = (v: unknown): string | undefined => (v === undefined || v === null || v === '' ? undefined : String(v));
const num = (v: unknown): number | undefined => (v === undefined || v === null || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));

function vehicleTypeOf(q: SavedQuery): VehicleType {
  const t = str(q.vehicle_type);
  return (VEHICLE_TYPES as readonly string[]).includes(t ?? '') ? (t as VehicleType) : 'car';
}

/** The browse screen with the search's filters in its URL (the buyer's position is not part of a link). */
export function savedSearchPath(q: SavedQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (k === 'vehicle_type' || k === 'buyer_lat' || k === 'buyer_lon') continue;
    params.set(k, String(v));
  }
  const search = params.toString();
  return BROWSE_PATHS[vehicleTypeOf(q)] + (search ? `?${search}` : '');
}

function range(min: number | undefined, max: number | undefined, show: (n: number) => string, tr: Translate): string | null {
  if (min !== undefined && max !== undefined) return min === max ? show(min) : tr(/*i18n*/ '{min} to {max}', { min: show(min), max: show(max) });
  if (max !== undefined) return tr(/*i18n*/ 'up to {max}', { max: show(max) });
  if (min !== undefined) return tr(/*i18n*/ 'from {min}', { min: show(min) });
  return null;
}

/** An attribute filter's value in words (fields.ts), from the first of its parameters the search sets. */
function attributeText(a: (typeof ATTRIBUTE_FILTERS)[number], q: SavedQuery, tr: Translate): string | null {
  const value = a.params.map((p) => str(q[p])).find((v) => v !== undefined);
  return value === undefined ? null : ATTRIBUTE_WORDS[a.field].text(value, tr);
}

/** The filters in words, most telling first: "Toyota Hilux", "Pickup", "up to $20,000", ... */
export function savedSearchParts(q: SavedQuery, tr: Translate = english): string[] {
  const parts: string[] = [];
  const add = (p: string | null | undefined) => {
    if (p) parts.push(p);
  };
  const words = str(q.q);
  add(words ? `“${words}”` : null);
  add([str(q.make), str(q.model), str(q.variant)].filter(Boolean).join(' '));
  add(attributeText(ATTRIBUTE_FILTERS[0], q, tr));
  add(range(num(q.min_price), num(q.max_price), (n) => priceText(n), tr));
  add(range(num(q.min_mileage), num(q.max_mileage), (n) => `${wholeNumberText(n)} km`, tr));
  add(range(num(q.min_hours), num(q.max_hours), (n) => tr(/*i18n*/ '{hours} hrs', { hours: wholeNumberText(n) }), tr));
  const from = num(q.year_from);
  const to = num(q.year_to);
  add(
    from !== undefined && to === undefined
      ? tr(/*i18n*/ '{year} or newer', { year: from })
      : to !== undefined && from === undefined
        ? tr(/*i18n*/ '{year} or older', { year: to })
        : range(from, to, String, tr),
  );
  for (const a of ATTRIBUTE_FILTERS) if (a.field !== 'category') add(attributeText(a, q, tr));
  if (q.verified_dealer === true || q.verified_dealer === 'true') add(tr(/*i18n*/ 'verified dealers'));
  if (q.phone_verified === true || q.phone_verified === 'true') add(tr(/*i18n*/ 'phone verified'));
  if (q.duty_paid === true || q.duty_paid === 'true') add(tr(/*i18n*/ 'duty paid'));
  if (q.papers_ready === true || q.papers_ready === 'true') add(tr(/*i18n*/ 'papers ready'));
  const cc = str(q.engine_cc);
  add(cc ? (cc.endsWith('+') ? tr(/*i18n*/ '{cc} cc and more', { cc: wholeNumberText(Number(cc.slice(0, -1))) }) : tr(/*i18n*/ 'up to {cc} cc', { cc: wholeNumberText(Number(cc)) })) : null);
  const band = str(q.engine_size);
  add(band ? tr(/*i18n*/ '{size} L engine', { size: band }) : null);
  const power = str(q.engine_power);
  add(power ? `${power} HP` : null);
  const distance = num(q.distance);
  add(distance ? tr(/*i18n*/ 'within {km} km', { km: wholeNumberText(distance) }) : null);
  const place = str(q.location) ?? str(q.region);
  add(place ? tr(/*i18n*/ 'in {place}', { place }) : null);
  const seller = str(q.seller_type);
  add(seller === 'dealer' ? tr(/*i18n*/ 'dealers only') : seller === 'private' ? tr(/*i18n*/ 'private sellers') : null);
  if (q.featured === true) add(tr(/*i18n*/ 'featured only'));
  return parts;
}

/** "Cars", "Construction" or "Farming". */
export const savedSearchTypeLabel = (q: SavedQuery): string => VEHICLE_TYPE_LABELS[vehicleTypeOf(q)];

/** A name to start from: the filters in words, cut to the name's limit. */
const ALL_OF_TYPE: Record<VehicleType, string> = { car: /*i18n*/ 'All cars', construction: /*i18n*/ 'All construction', farming: /*i18n*/ 'All farming' };

export function suggestedSearchName(q: SavedQuery, tr: Translate = english): string {
  const parts = savedSearchParts(q, tr);
  const text = parts.length ? parts.join(', ') : tr(ALL_OF_TYPE[vehicleTypeOf(q)]);
  return text.length <= SAVED_SEARCH_NAME_MAX ? capitalise(text) : `${capitalise(text.slice(0, SAVED_SEARCH_NAME_MAX - 3).trimEnd())}...`;
}
