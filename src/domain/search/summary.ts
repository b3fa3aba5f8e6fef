import type { SellerType, VehicleType } from '../core/constants';
import type { Vehicle } from '../listing/vehicle';
import { fromTrustBits, trustBits, type Indexed } from './index/columns';
import { ATTRIBUTE_FIELDS, attributesOf, type AttributeField } from './fields';

// The device's summary of a listing and its wire encoding (format 2 of the sync feed).
//
// A phone keeps, for every listing in the scope its owner chose, what a result card shows and what
// the search rules of spec section 5 (and distance ranking) need; the description, features, further
// photos and contact are fetched when the listing is opened. On the wire a page of summaries is one
// JSON object of columns, not an object per listing: repeated strings (makes and models, places,
// sellers, the small fixed vocabularies) go once into a dictionary and the rows hold their positions,
// numbers are small integers (dates in seconds, each the difference from the row before), ids are 22
// base64url characters instead of 36, and coordinates are rounded to about 100 m and written as the
// offset from their place's first. Brotli on the wire then finds the rest. A 100,000-listing market
// is about 4.5 MB to download this way against about 27 MB of listing JSON.

/** What the device holds of every listing in its scope: with each attribute a buyer filters by (fields.ts). */
export type ListingSummary = SummaryFields & { [K in AttributeField]: string | null };

interface SummaryFields extends Indexed {
  vehicle_type: VehicleType;
  operating_hours: number | null;
  seller_type: SellerType | null;
  seller_name: string | null;
  seller_location: string | null;
  region: string | null;
  /** Whether the listing has a photo (its thumbnail is `listingThumbUrl(id)`). */
  has_photo: boolean;
  /** While boosted: the boost's end, whole seconds (it ranks newest-first by it, and its card says 'Boosted'); null when not. */
  boosted_until: string | null;
}

/**
 * The summary feed's format number: a client asks for it, and a server that does not know it says so.
 * Format 3 sends a listing whose price alone changed as its price (`prices`), and no tombstone for a
 * listing that expired when the device knew it would (the device drops a listing once its expiry passes).
 */
export const SUMMARY_FORMAT = 3;

/**
 * The format before 3, still answered in full (every change a row, every removal a tombstone): a
 * service worker may run an app of the version before for a while, and it must neither break nor miss a change.
 */
export const SUMMARY_FORMAT_PREVIOUS = 2;

/**
 * The server's answer to an app asking for another feed format than its own (GENERIC_MESSAGES.appOutdated).
 * Here, not only in messages.ts: the search worker reads it and does not carry every message of the app.
 */
export const SUMMARY_OUT_OF_DATE = /*i18n*/ 'This app version is out of date: reload to update it.';

/**
 * How many summaries the app asks for a page: large enough that each page's dictionaries (makes and
 * models, places, sellers) are a small part of it, small enough that a type's listings arrive in a
 * few steps, each stored before the next.
 */
export const SUMMARY_PAGE_SIZE = 10_000;

/** One page of the summary feed (GET /api/sync/summary). */
export interface SummaryPage {
  format: typeof SUMMARY_FORMAT | typeof SUMMARY_FORMAT_PREVIOUS;
  /** The listings added or changed, as columns. */
  rows: SummaryColumns;
  /** Format 3: new prices of listings the device holds whose summary but for the price is unchanged. */
  prices?: SummaryPrices;
  /** Ids of listings to drop: removed, no longer public, or out of the asked scope. */
  tombstones: string[];
  /** The revision to ask `since` once this page is stored (see `cursor`). */
  revision: number;
  /** More pages follow now (ask again with `since` = revision and `cursor`). */
  has_more: boolean;
  /**
   * While the first download of a scope is in progress: where it goes on (send it back as `cursor`).
   * Null once it is done, when the feed is a plain delta from `revision`.
   */
  cursor: string | null;
  /**
   * The vehicle types whose every listing in the scope is now on the device (the first download
   * sends one type after another): the device answers searches of these types before the rest arrives.
   */
  complete: VehicleType[];
}

/** A page's rows: `n` listings, each column holding one entry per listing in the same order. */
export interface SummaryColumns {
  n: number;
  /** The ids, 22 base64url characters each (the UUID's 16 bytes), one after another. */
  id: string;
  /** created_at in seconds since 1970: the first row's value, then each row's difference from the row before. */
  created: number[];
  /** expires_at - created_at in seconds, or null for a listing without expiry. */
  expires: (number | null)[];
  /**
   * boosted_until - created_at in seconds, or null for a listing not boosted. Left out of a page with
   * no boosted listing, and absent from a server's before boosts: every listing of it is not boosted.
   */
  boosted?: (number | null)[];
  /** Position in `kinds`: vehicle type, make, model, variant. */
  kind: number[];
  kinds: [VehicleType, string, string, string | null][];
  year: number[];
  price: (number | null)[];
  mileage: (number | null)[];
  hours: (number | null)[];
  engine: (number | null)[];
  power: (number | null)[];
  /**
   * Position in `attrs`: fuel, transmission, condition, category, drive type, seller type, featured (0/1),
   * the trust signals as bits (see `trustBits`; an app older than them reads the first seven only), then
   * every attribute filter added since (`LATER_ATTRIBUTES`; an app older than one reads up to it).
   */
  attr: number[];
  attrs: [string | null, string | null, string | null, string | null, string | null, SellerType | null, 0 | 1, number, ...(string | null)[]][];
  /** Position in `places`: location text, region, and the first listing's coordinates there (thousandths of a degree). */
  place: number[];
  places: [string | null, string | null, number | null, number | null][];
  /** Latitude and longitude in thousandths of a degree, as the offset from the place's; null without coordinates. */
  lat: (number | null)[];
  lon: (number | null)[];
  /**
   * Position in `sellers`: a dealer's id (22 base64url characters; null for a private seller), name,
   * seller's location. Only a dealer's listings are searched by seller on the device (its page, More
   * from the dealer); a private seller's id would cost a third of the feed for nothing, and the same
   * name is one entry for all who share it. A private seller's location is kept only for a listing
   * without a location of its own (a card shows it then).
   */
  seller: number[];
  sellers: [string | null, string | null, string | null][];
  /** One character a listing: '1' with a photo, '0' without. */
  photo: string;
}

/** New prices, `n` of them: each listing's id (22 base64url characters, one after another) and its price. */
export interface SummaryPrices {
  n: number;
  id: string;
  price: (number | null)[];
}

/** The prices of listings, for a page's `prices`. */
export function encodePrices(rows: readonly Pick<ListingSummary, 'id' | 'price'>[]): SummaryPrices {
  return { n: rows.length, id: rows.map((r) => packUuid(r.id)).join(''), price: rows.map((r) => r.price) };
}

export function decodePrices(p: SummaryPrices): { id: string; price: number | null }[] {
  return p.price.map((price, i) => ({ id: unpackUuid(p.id, i * 22), price }));
}

/** The seller id of a private seller's listing on the device: not sent (see `SummaryColumns.sellers`). */
export const UNKNOWN_SELLER = '';

const HEX = '0123456789abcdef';
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A UUID's 16 bytes as 22 base64url characters (the last carries 2 bits). */
export function packUuid(id: string): string {
  const lower = id.toLowerCase();
  if (!UUID.test(lower)) throw new Error(`not a UUID: ${id}`);
  const hex = lower.replace(/-/g, '');
  let out = '';
  // 32 hex digits = 128 bits: 21 groups of 6 bits, then the last 2 bits.
  let acc = 0;
  let bits = 0;
  for (const h of hex) {
    acc = (acc << 4) | HEX.indexOf(h);
    bits += 4;
    while (bits >= 6) {
      bits -= 6;
      out += B64[(acc >> bits) & 63];
    }
    acc &= (1 << bits) - 1;
  }
  return out + B64[acc << (6 - bits)];
}

export function unpackUuid(packed: string, at = 0): string {
  let hex = '';
  let acc = 0;
  let bits = 0;
  for (let i = at; i < at + 22; i++) {
    const v = B64_VALUE.get(packed[i]!);
    if (v === undefined) throw new Error('bad packed id');
    acc = (acc << 6) | v;
    bits += 6;
    while (bits >= 4 && hex.length < 32) {
      bits -= 4;
      hex += HEX[(acc >> bits) & 15];
    }
    acc &= (1 << bits) - 1;
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const milli = (deg: number) => Math.round(deg * 1000);

/** The attribute filters the feed's `attrs` held first, in their places; each one added since goes after the trust signals. */
const FIRST_ATTRIBUTES = ['fuel_type', 'transmission', 'condition', 'category', 'drive_type'] as const satisfies readonly AttributeField[];
type LaterAttribute = Exclude<AttributeField, (typeof FIRST_ATTRIBUTES)[number]>;
const LATER_ATTRIBUTES = ATTRIBUTE_FIELDS.filter((f): f is LaterAttribute => !(FIRST_ATTRIBUTES as readonly string[]).includes(f));

/** Positions in a dictionary of tuples, by their JSON text. */
class Dictionary<T> {
  readonly values: T[] = [];
  private readonly at = new Map<string, number>();
  code(value: T): number {
    const key = JSON.stringify(value);
    let i = this.at.get(key);
    if (i === undefined) {
      i = this.values.push(value) - 1;
      this.at.set(key, i);
    }
    return i;
  }
}

/** What `summarize` reads of a listing: a full listing, or a server's narrower selection of its columns. */
export type SummarySource = Omit<ListingSummary, 'has_photo' | 'boosted_until'> & { images: readonly string[]; boosted_until?: string | null };

/** A time in whole seconds (rounded down), as ISO text: the precision the feed carries. */
const toSecond = (iso: string): string => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();

/** The summary of a listing (the fields the device keeps). */
export function summarize(v: SummarySource): ListingSummary {
  // Only a dealer's listings are searched by seller on the device (see SummaryColumns.sellers), and a
  // private seller's own location shows only on a card without a listing location.
  const dealer = v.seller_type === 'dealer';
  return {
    id: v.id,
    vehicle_type: v.vehicle_type,
    make: v.make,
    model: v.model,
    variant: v.variant,
    ...attributesOf(v),
    seller_id: dealer ? v.seller_id : UNKNOWN_SELLER,
    seller_name: v.seller_name,
    seller_location: dealer || v.location === null ? v.seller_location : null,
    seller_type: v.seller_type,
    price: v.price,
    mileage: v.mileage,
    operating_hours: v.operating_hours,
    year: v.year,
    engine_size: v.engine_size,
    engine_power_hp: v.engine_power_hp,
    duty_paid: v.duty_paid,
    papers_ready: v.papers_ready,
    verified_dealer: v.verified_dealer,
    phone_verified: v.phone_verified,
    location: v.location,
    region: v.region,
    featured: v.featured,
    // A position needs both coordinates (the encoding writes both or neither).
    seller_latitude: v.seller_latitude === null || v.seller_longitude === null ? null : milli(v.seller_latitude) / 1000,
    seller_longitude: v.seller_latitude === null || v.seller_longitude === null ? null : milli(v.seller_longitude) / 1000,
    // Whole seconds: the order newest-first is decided at this precision on the device and the server alike.
    created_at: toSecond(v.created_at),
    expires_at: v.expires_at,
    has_photo: v.images.length > 0,
    // Whole seconds as created_at (a boost's end is one already: boostEnd in payments/boosts.ts).
    boosted_until: v.boosted_until ? toSecond(v.boosted_until) : null,
  };
}

/**
 * A listing's attributes besides the feed's first five, from the listing or from a row's `attrs` after
 * the trust signals (a page from a server older than an attribute has none of it).
 */
function laterAttributes(later: readonly (string | null)[]): Record<LaterAttribute, string | null> {
  const out = {} as Record<LaterAttribute, string | null>;
  LATER_ATTRIBUTES.forEach((f, j) => (out[f] = later[j] ?? null));
  return out;
}

/** Encodes summaries as a page's columns (in the order given: the server sends newest first). */
export function encodeSummaries(rows: readonly ListingSummary[]): SummaryColumns {
  const kinds = new Dictionary<SummaryColumns['kinds'][number]>();
  const attrs = new Dictionary<SummaryColumns['attrs'][number]>();
  const places = new Dictionary<[string | null, string | null]>();
  const placeRef: SummaryColumns['places'] = [];
  const sellers = new Dictionary<SummaryColumns['sellers'][number]>();
  const out: SummaryColumns = {
    n: rows.length,
    id: '',
    created: [],
    expires: [],
    kind: [],
    kinds: kinds.values,
    year: [],
    price: [],
    mileage: [],
    hours: [],
    engine: [],
    power: [],
    attr: [],
    attrs: attrs.values,
    place: [],
    places: placeRef,
    lat: [],
    lon: [],
    seller: [],
    sellers: sellers.values,
    photo: '',
  };
  const ids: string[] = [];
  const photos: string[] = [];
  const boosted: (number | null)[] = [];
  let anyBoosted = false;
  let prevCreated = 0;
  for (const r of rows) {
    ids.push(packUuid(r.id));
    const created = Math.floor(Date.parse(r.created_at) / 1000);
    out.created.push(created - prevCreated);
    prevCreated = created;
    out.expires.push(r.expires_at === null ? null : Math.ceil(Date.parse(r.expires_at) / 1000) - created);
    const until = r.boosted_until ? Math.floor(Date.parse(r.boosted_until) / 1000) - created : null;
    boosted.push(until);
    if (until !== null) anyBoosted = true;
    out.kind.push(kinds.code([r.vehicle_type, r.make, r.model, r.variant]));
    out.year.push(r.year);
    out.price.push(r.price);
    out.mileage.push(r.mileage);
    out.hours.push(r.operating_hours);
    out.engine.push(r.engine_size);
    out.power.push(r.engine_power_hp);
    out.attr.push(attrs.code([...FIRST_ATTRIBUTES.map((f) => r[f]), r.seller_type, r.featured ? 1 : 0, trustBits(r), ...LATER_ATTRIBUTES.map((f) => r[f])] as SummaryColumns['attrs'][number]));
    const place = places.code([r.location, r.region]);
    out.place.push(place);
    const lat = r.seller_latitude === null || r.seller_longitude === null ? null : milli(r.seller_latitude);
    const lon = lat === null ? null : milli(r.seller_longitude!);
    if (place === placeRef.length) placeRef.push([r.location, r.region, lat, lon]);
    const ref = placeRef[place]!;
    // A place's first listing without coordinates leaves it without a reference: offsets from 0.
    out.lat.push(lat === null ? null : lat - (ref[2] ?? 0));
    out.lon.push(lon === null ? null : lon - (ref[3] ?? 0));
    out.seller.push(sellers.code([r.seller_id === UNKNOWN_SELLER ? null : packUuid(r.seller_id), r.seller_name, r.seller_location]));
    photos.push(r.has_photo ? '1' : '0');
  }
  out.id = ids.join('');
  out.photo = photos.join('');
  if (anyBoosted) out.boosted = boosted;
  return out;
}

/** The listings of a page's columns. */
export function decodeSummaries(c: SummaryColumns): ListingSummary[] {
  const out: ListingSummary[] = new Array(c.n);
  let created = 0;
  for (let i = 0; i < c.n; i++) {
    created += c.created[i]!;
    const [vehicle_type, make, model, variant] = c.kinds[c.kind[i]!]!;
    const [fuel_type, transmission, condition, category, drive_type, seller_type, featured, trust, ...later] = c.attrs[c.attr[i]!]!;
    const [location, region, refLat, refLon] = c.places[c.place[i]!]!;
    const [seller, seller_name, seller_location] = c.sellers[c.seller[i]!]!;
    const lat = c.lat[i];
    const lon = c.lon[i];
    const expires = c.expires[i];
    const boosted = c.boosted?.[i];
    out[i] = {
      id: unpackUuid(c.id, i * 22),
      vehicle_type,
      make,
      model,
      variant,
      category,
      fuel_type,
      transmission,
      condition,
      drive_type,
      ...laterAttributes(later),
      seller_id: seller === null ? UNKNOWN_SELLER : unpackUuid(seller),
      seller_name,
      seller_location,
      seller_type,
      price: c.price[i] ?? null,
      mileage: c.mileage[i] ?? null,
      operating_hours: c.hours[i] ?? null,
      year: c.year[i]!,
      engine_size: c.engine[i] ?? null,
      engine_power_hp: c.power[i] ?? null,
      // A page from a server older than the trust signals has no eighth attribute.
      ...fromTrustBits(trust ?? 0),
      location,
      region,
      featured: featured === 1,
      seller_latitude: lat == null || lon == null ? null : (lat + (refLat ?? 0)) / 1000,
      seller_longitude: lat == null || lon == null ? null : (lon + (refLon ?? 0)) / 1000,
      created_at: new Date(created * 1000).toISOString(),
      expires_at: expires == null ? null : new Date((created + expires) * 1000).toISOString(),
      has_photo: c.photo[i] === '1',
      boosted_until: boosted == null ? null : new Date((created + boosted) * 1000).toISOString(),
    };
  }
  return out;
}

/** A listing page shown from the device's summary alone (offline, never opened before). */
export const SUMMARY_ONLY_NOTE = /*i18n*/ 'Only a summary of this listing is kept on this device. Its description, features and other photos show when you are online.';

/** Where a listing's card thumbnail is served (its first photo's, whatever its name). */
export const listingThumbUrl = (id: string): string => `/api/vehicles/${id}/thumb`;

/**
 * A summary in the listing's shape, for the cards and a listing page opened offline before its full
 * record was ever fetched: what the device does not hold is empty, and `summary_only` says so.
 */
export function summaryAsVehicle(s: ListingSummary): Vehicle {
  return {
    ...s,
    car_category: null,
    description: null,
    images: s.has_photo ? [listingThumbUrl(s.id)] : [],
    features: [],
    subscription_plan: null,
    is_published: true,
    is_expired: false,
    is_free_update: false,
    updated_at: s.created_at,
    published_at: s.created_at,
    listing_expires_at: s.expires_at,
    views: 0,
    revision: 0,
    summary_only: true,
  };
}
