// The generated listings the benchmarks share: a real market's shape, the same for a given count on
// every run. Ids and seller ids are random v4 UUIDs (as the app makes them; sequential ids would
// compress far better than a real market's); one seller per two listings (private sellers are most of
// a real market), each with a name (a first name and a surname, or a dealer's business name), a place
// and coordinates its two listings share; makes, models and variants from the catalogue with a skew
// towards the common ones; each listing expires 30, 60 or 90 days after it was published. The
// generators stream the same listings one at a time, so a million of them need not be held at once.
import { createHash } from 'node:crypto';
import { BODY_TYPES, CITIES, FUEL_TYPES, TRANSMISSIONS, type SellerType } from '@/domain/core/constants';
import { CAR_CATALOGUE, CONSTRUCTION_CATALOGUE, FARMING_CATALOGUE, type CatalogueMake } from '@/domain/catalogue/catalogueData';
import type { Vehicle } from '@/domain/listing/vehicle';
import { wholeNumberText } from '@/domain/core/numbers';
import { seededRandom } from '../support/random';

/** The common makes first: a car's make is drawn with a skew towards the front of the list. */
const POPULAR = ['Toyota', 'Nissan', 'Honda', 'Mazda', 'Isuzu', 'Ford', 'Volkswagen', 'Mercedes-Benz', 'BMW', 'Mitsubishi', 'Audi', 'Kia', 'Hyundai', 'Subaru', 'Suzuki'];
const CARS = [...POPULAR.map((name) => CAR_CATALOGUE.find((m) => m.name === name)!), ...CAR_CATALOGUE.filter((m) => !POPULAR.includes(m.name))];
export const CATALOGUES: Record<'car' | 'construction' | 'farming', CatalogueMake[]> = { car: CARS, construction: CONSTRUCTION_CATALOGUE, farming: FARMING_CATALOGUE };

const FIRST_NAMES = [
  'Tendai',
  'Tatenda',
  'Farai',
  'Rumbidzai',
  'Chipo',
  'Tafadzwa',
  'Nyasha',
  'Kudakwashe',
  'Tinashe',
  'Rutendo',
  'Blessing',
  'Precious',
  'Simbarashe',
  'Takudzwa',
  'Munyaradzi',
  'Tapiwa',
  'Chiedza',
  'Fadzai',
  'Memory',
  'Gift',
  'Brighton',
  'Tonderai',
  'Kundai',
  'Ruvimbo',
  'Nokuthula',
  'Sibusiso',
  'Themba',
  'Sipho',
  'Nomsa',
  'Langton',
  'Lovemore',
  'Prosper',
  'Trust',
  'Godfrey',
  'Takunda',
  'Panashe',
  'Anesu',
  'Vimbai',
  'Shingai',
  'Tsitsi',
  'Rufaro',
  'Tariro',
  'Wellington',
  'Charity',
  'Patience',
  'Obert',
  'Kudzai',
  'Nkosana',
  'Bongani',
  'Thandiwe',
  'Sithembile',
  'Mthokozisi',
  'Rudo',
  'Tawanda',
  'Tichaona',
  'Ngonidzashe',
  'Chenai',
  'Netsai',
  'Edmore',
  'Fungai',
];
const SURNAMES = [
  'Moyo',
  'Ncube',
  'Sibanda',
  'Dube',
  'Ndlovu',
  'Mpofu',
  'Nyathi',
  'Mhlanga',
  'Khumalo',
  'Tshuma',
  'Ngwenya',
  'Zhou',
  'Gumbo',
  'Shumba',
  'Mashiri',
  'Marufu',
  'Makoni',
  'Chinyama',
  'Mutasa',
  'Chikore',
  'Musoni',
  'Chigwada',
  'Mapfumo',
  'Matanda',
  'Nyoni',
  'Banda',
  'Phiri',
  'Mlambo',
  'Mandaza',
  'Chari',
  'Mushonga',
  'Manyika',
  'Madziva',
  'Chitando',
  'Gwenzi',
  'Hove',
  'Kanengoni',
  'Muzenda',
  'Nyamande',
  'Sithole',
  'Chimombe',
  'Maposa',
  'Mutema',
  'Chakanetsa',
  'Marume',
  'Rusike',
  'Murwira',
  'Chidziva',
  'Mazarura',
  'Chiweshe',
  'Mukanya',
  'Chirwa',
  'Masuku',
  'Nkomo',
  'Bhebhe',
  'Tembo',
  'Kativhu',
  'Gore',
  'Mangwana',
  'Dzvova',
];
const BUSINESSES = ['Motors', 'Auto Sales', 'Car Sales', 'Motor World', 'Autos', 'Vehicle Traders', 'Motor Mart', 'Car Centre', 'Plant & Equipment', 'Tractors & Implements'];
/** Whole days a listing stays up after it is published (its plan's period). */
const LISTING_DAYS = [30, 60, 90];
export const DAY = 86_400_000;
/** The generated listings are published in the 20 days before this day. */
export const GENERATED_UNTIL = Date.UTC(2026, 10, 21);

/** 32 hex digits drawn from a hash of `key`: random-looking, and the same on every run. */
const hexOf = (key: string): string => createHash('sha256').update(key).digest('hex').slice(0, 32);

/** A v4 UUID drawn from a hash of `key`. */
function uuidOf(key: string): string {
  const h = hexOf(key);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[parseInt(h[16]!, 16) & 3]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

interface Seller {
  id: string;
  name: string;
  type: SellerType;
  location: string;
  region: string;
  latitude: number;
  longitude: number;
}

/** How the listings are spread: the days they were published over (20 unless given). */
export interface ListingShape {
  /**
   * Published over this many days before GENERATED_UNTIL (under 90); a plan that would have ended
   * by the day after it is replaced by the next longer one, so every listing is still up and some
   * end within days.
   */
  publishedOverDays?: number;
}

export function listings(n: number): Vehicle[] {
  return Array.from(listingStream(n));
}

/** `listings(n)` one at a time. */
export function* listingStream(n: number, shape: ListingShape = {}): Generator<Vehicle> {
  const days = shape.publishedOverDays ?? 20;
  const rand = seededRandom(n);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  // Skewed: the front of the list far more often (about half of the cars from the 15 popular makes).
  const skewed = <T>(xs: readonly T[], power: number) => xs[Math.floor(rand() ** power * xs.length)]!;
  const newSeller = (k: number): Seller => {
    const city = pick(CITIES);
    const type: SellerType = rand() < 0.25 ? 'dealer' : 'private';
    const surname = pick(SURNAMES);
    return {
      id: uuidOf(`bench seller ${n} ${k}`),
      name: type === 'dealer' ? `${rand() < 0.3 ? `${city.name} ` : ''}${surname} ${pick(BUSINESSES)}` : `${pick(FIRST_NAMES)} ${surname}`,
      type,
      location: `Area ${1 + Math.floor(rand() * 40)}, ${city.name}, ${city.region}`,
      region: city.region,
      latitude: city.latitude + (rand() - 0.5) * 0.4,
      longitude: city.longitude + (rand() - 0.5) * 0.4,
    };
  };
  let seller = newSeller(0);
  for (let i = 0; i < n; i++) {
    // One seller per two listings: the seller's name, place and coordinates on both.
    if (i % 2 === 0 && i > 0) seller = newSeller(i / 2);
    const published = GENERATED_UNTIL - days * DAY + Math.floor(rand() * days * DAY);
    const created = new Date(published).toISOString();
    let plan = LISTING_DAYS.indexOf(pick(LISTING_DAYS));
    while (plan < LISTING_DAYS.length - 1 && published + LISTING_DAYS[plan]! * DAY <= GENERATED_UNTIL + DAY) plan++;
    const expires = new Date(published + LISTING_DAYS[plan]! * DAY).toISOString();
    const type = rand() < 0.8 ? 'car' : rand() < 0.5 ? 'construction' : 'farming';
    const make = skewed(CATALOGUES[type], 3);
    const model = skewed(make.models, 2);
    yield {
      id: uuidOf(`bench listing ${n} ${i}`),
      vehicle_type: type,
      make: make.name,
      model: model.name,
      variant: rand() < 0.7 && model.variants.length ? pick(model.variants) : null,
      year: 1995 + Math.floor(rand() * 31),
      price: rand() < 0.97 ? Math.round(1500 + rand() * 150_000) : null,
      mileage: Math.floor(rand() * 350_000),
      operating_hours: null,
      engine_size: Math.round((1 + rand() * 4) * 10) / 10,
      engine_power_hp: null,
      fuel_type: pick(FUEL_TYPES),
      transmission: pick(TRANSMISSIONS),
      drive_type: null,
      condition: 'used',
      category: pick(BODY_TYPES),
      car_category: null,
      color: null,
      description: null,
      images: [],
      features: [],
      featured: rand() < 0.1,
      subscription_plan: null,
      seller_id: seller.id,
      seller_name: seller.name,
      seller_location: seller.location,
      location: seller.location,
      region: seller.region,
      seller_type: seller.type,
      duty_paid: null,
      papers_ready: null,
      verified_dealer: false,
      phone_verified: false,
      seller_latitude: seller.latitude,
      seller_longitude: seller.longitude,
      is_published: true,
      is_expired: false,
      is_free_update: false,
      created_at: created,
      updated_at: created,
      published_at: created,
      expires_at: expires,
      listing_expires_at: expires,
      views: 0,
      revision: i + 1,
    } satisfies Vehicle;
  }
}

const WORDS = [
  'clean',
  'serviced',
  'one owner',
  'new tyres',
  'full service history',
  'no accidents',
  'cold aircon',
  'leather seats',
  'towbar',
  'canopy',
  'roof rack',
  'alloy wheels',
  'reverse camera',
  'new battery',
  'recently resprayed',
  'diff lock',
  'low fuel use',
  'papers in order',
  'licensed',
  'insured',
];

/** What a seller fills in: the listings' shape, and how many photos each has (5 unless given: from `photos[0]` to `photos[1]`). */
export interface DetailShape extends ListingShape {
  photos?: readonly [number, number];
}

/**
 * `listings(n)` with what a seller fills in: a description of its own (no two alike) and five
 * photos, named as the server names uploads (`/media/{32 hex}-full.webp`).
 */
export function detailedListings(n: number): Vehicle[] {
  return Array.from(detailedListingStream(n));
}

/** `detailedListings(n)` one at a time, or listings of another shape. */
export function* detailedListingStream(n: number, shape: DetailShape = {}): Generator<Vehicle> {
  const rand = seededRandom(n + 1);
  let i = 0;
  for (const v of listingStream(n, shape)) {
    const photos = shape.photos ? shape.photos[0] + Math.floor(rand() * (shape.photos[1] - shape.photos[0] + 1)) : 5;
    const points = Array.from({ length: 3 + Math.floor(rand() * 5) }, () => WORDS[Math.floor(rand() * WORDS.length)]!);
    const description = `${v.year} ${v.make} ${v.model}${v.variant ? ` ${v.variant}` : ''} for sale in ${v.location}: ${[...new Set(points)].join(', ')}. ${wholeNumberText(v.mileage ?? 0)} km. Viewing by appointment, reference MK-${(i + 1).toString(36).toUpperCase()}.`;
    yield { ...v, description, images: Array.from({ length: photos }, (_, k) => `/media/${hexOf(`bench photo ${n} ${i} ${k}`)}-full.webp`) };
    i++;
  }
}
