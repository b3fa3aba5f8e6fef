import { realPhotos } from './photos';
import type { Vehicle } from './vehicle';
import { titleOf } from './display';
import { listingPath } from '../content/seo';

// The stock feeds a dealer pastes into the tools where their buyers also look (issue 38): Facebook's
// automotive catalogue (vehicle ads) and a Google Merchant-style vehicle feed. One row per public car;
// the column lists are the providers' published fields (the links below), in their words and enums.
// Construction and farming equipment are not vehicles these ads take: the feeds carry cars.

export type FeedFormat = 'facebook' | 'google';

/** Where a feed is served: the whole market's, or a dealer's (`dealerId`). One source for the server's routes and the dashboard. */
export function feedPath(format: FeedFormat, dealerId: string | null = null): string {
  const file = format === 'facebook' ? 'vehicles.csv' : 'vehicles.tsv';
  return `/api/feeds/${format}/${dealerId === null ? '' : `dealers/${dealerId}/`}${file}`;
}

/** The dashboard's words for a dealer's feeds. */
export const FEED_TEXTS = {
  title: /*i18n*/ 'Your stock feeds',
  intro: /*i18n*/ 'Paste these addresses into the tools where your buyers also look. They list your cars that have a price and a photo, and follow every change you make here.',
  facebook: /*i18n*/ 'Facebook catalogue (Commerce Manager, data feed)',
  google: /*i18n*/ 'Google Merchant Center (scheduled fetch)',
} as const;

/** Facebook's automotive inventory fields (developers.facebook.com/docs/marketing-api/auto-ads/reference). */
export const FACEBOOK_VEHICLE_FIELDS = [
  'vehicle_id',
  'title',
  'description',
  'url',
  'make',
  'model',
  'year',
  'mileage.value',
  'mileage.unit',
  ...Array.from({ length: 10 }, (_, i) => `image[${i}].url`),
  'transmission',
  'fuel_type',
  'body_style',
  'drivetrain',
  'price',
  'address',
  'exterior_color',
  'availability',
  'state_of_vehicle',
  'latitude',
  'longitude',
] as const;
export type FacebookVehicleField = (typeof FACEBOOK_VEHICLE_FIELDS)[number];

/** Facebook's body_style values; Motokari's body types map onto them, anything else is OTHER. */
export const FACEBOOK_BODY_STYLES = ['CONVERTIBLE', 'COUPE', 'CROSSOVER', 'ESTATE', 'HATCHBACK', 'MINIVAN', 'MPV', 'PICKUP', 'SEDAN', 'SUV', 'TRUCK', 'VAN', 'WAGON', 'OTHER'] as const;
const BODY_STYLE: Record<string, (typeof FACEBOOK_BODY_STYLES)[number]> = {
  saloon: 'SEDAN',
  suv: 'SUV',
  hatchback: 'HATCHBACK',
  coupe: 'COUPE',
  estate: 'ESTATE',
  convertible: 'CONVERTIBLE',
  pickup: 'PICKUP',
  van: 'VAN',
  mpv: 'MPV',
};
const FUEL: Record<string, string> = { petrol: 'PETROL', diesel: 'DIESEL', electric: 'ELECTRIC', hybrid: 'HYBRID', lpg: 'OTHER' };
const DRIVETRAIN: Record<string, string> = { fwd: 'FWD', rwd: 'RWD', awd: 'AWD', '4wd': '4X4' };

/** Google's vehicle listing attributes, Merchant Center style (support.google.com/merchants: vehicle ads specification). */
export const GOOGLE_VEHICLE_FIELDS = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'additional_image_link',
  'availability',
  'price',
  'condition',
  'brand',
  'model',
  'year',
  'mileage',
  'color',
  'vehicle_fulfillment',
] as const;
export type GoogleVehicleField = (typeof GOOGLE_VEHICLE_FIELDS)[number];

/** The fields each provider requires of every row. */
export const FACEBOOK_REQUIRED: readonly FacebookVehicleField[] = [
  'vehicle_id',
  'title',
  'description',
  'url',
  'make',
  'model',
  'year',
  'mileage.value',
  'mileage.unit',
  'image[0].url',
  'body_style',
  'price',
  'address',
  'state_of_vehicle',
  'availability',
];
export const GOOGLE_REQUIRED: readonly GoogleVehicleField[] = ['id', 'title', 'description', 'link', 'image_link', 'availability', 'price', 'condition', 'brand', 'model', 'year', 'mileage'];

/** The listing's own photos (not the placeholder a listing without photos shows). */
const photosOf = (v: Vehicle) => realPhotos(v.images);
/** A photo's address as another site fetches it: this site's photos absolute. */
const absolute = (url: string, site: string) => (/^https?:\/\//.test(url) ? url : `${site}${url.startsWith('/') ? '' : '/'}${url}`);
const words = (v: Vehicle) => (v.description?.trim() ? v.description.trim() : `${titleOf(v)} for sale on Motokari.`).slice(0, 5000);
const priceText = (price: number, decimals: boolean) => `${decimals ? price.toFixed(2) : Math.round(price)} USD`;
const isNew = (v: Vehicle) => v.condition === 'new';

/** Whether a listing can stand in the feeds: a public car with a price and a photo (both providers require them). */
export function feedable(v: Vehicle): boolean {
  return v.vehicle_type === 'car' && v.price !== null && v.price > 0 && photosOf(v).length > 0;
}

/** A car as a row of Facebook's catalogue. `site` is this site's public address (no trailing slash). */
export function facebookVehicleRow(v: Vehicle, site: string): Record<FacebookVehicleField, string> {
  const images = photosOf(v).slice(0, 10);
  const row = Object.fromEntries(FACEBOOK_VEHICLE_FIELDS.map((f) => [f, ''])) as Record<FacebookVehicleField, string>;
  images.forEach((url, i) => (row[`image[${i}].url` as FacebookVehicleField] = absolute(url, site)));
  const place = v.location ?? v.seller_location ?? '';
  return {
    ...row,
    vehicle_id: v.id,
    title: titleOf(v),
    description: words(v),
    url: `${site}${listingPath(v.id)}`,
    make: v.make,
    model: v.model,
    year: String(v.year),
    'mileage.value': String(Math.round(v.mileage ?? 0)),
    'mileage.unit': 'KM',
    transmission: v.transmission ? v.transmission.toUpperCase() : '',
    fuel_type: v.fuel_type ? (FUEL[v.fuel_type] ?? 'OTHER') : '',
    body_style: BODY_STYLE[v.car_category ?? v.category ?? ''] ?? 'OTHER',
    drivetrain: v.drive_type ? (DRIVETRAIN[v.drive_type] ?? 'OTHER') : '',
    price: priceText(v.price ?? 0, false),
    address: JSON.stringify({ addr1: place, city: place.split(',')[0]?.trim() ?? '', region: v.region ?? '', country: 'ZW' }),
    exterior_color: v.color ?? '',
    availability: 'AVAILABLE',
    state_of_vehicle: isNew(v) ? 'NEW' : v.condition === 'certified' ? 'CPO' : 'USED',
    latitude: v.seller_latitude === null ? '' : String(v.seller_latitude),
    longitude: v.seller_longitude === null ? '' : String(v.seller_longitude),
  };
}

/** A car as a row of the Google Merchant-style vehicle feed (tab-separated: no tab or line break in a value). */
export function googleVehicleRow(v: Vehicle, site: string): Record<GoogleVehicleField, string> {
  const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
  const images = photosOf(v).map((u) => absolute(u, site));
  return {
    id: v.id,
    title: flat(titleOf(v)).slice(0, 150),
    description: flat(words(v)),
    link: `${site}${listingPath(v.id)}`,
    image_link: images[0] ?? '',
    additional_image_link: images.slice(1, 11).join(','),
    availability: 'in_stock',
    price: priceText(v.price ?? 0, true),
    condition: isNew(v) ? 'new' : 'used',
    brand: flat(v.make),
    model: flat(v.model),
    year: String(v.year),
    mileage: `${Math.round(v.mileage ?? 0)} km`,
    color: flat(v.color ?? ''),
    vehicle_fulfillment: 'in_store',
  };
}
