// The generated listings the benchmarks share: a real market's shape (one seller per two listings,
// makes, models and variants from the catalogue with a skew towards the common ones), the same for a
// given count on every run.
import { BODY_TYPES, CITIES, FUEL_TYPES, TRANSMISSIONS } from '../../src/domain/constants';
import { CAR_CATALOGUE, CONSTRUCTION_CATALOGUE, FARMING_CATALOGUE, type CatalogueMake } from '../../src/domain/catalogue/catalogueData';
import type { Vehicle } from '../../src/domain/vehicle';
import { seededRandom } from '../support/random';

/** The common makes first: a car's make is drawn with a skew towards the front of the list. */
const POPULAR = ['Toyota', 'Nissan', 'Honda', 'Mazda', 'Isuzu', 'Ford', 'Volkswagen', 'Mercedes-Benz', 'BMW', 'Mitsubishi', 'Audi', 'Kia', 'Hyundai', 'Subaru', 'Suzuki'];
const CARS = [...POPULAR.map((name) => CAR_CATALOGUE.find((m) => m.name === name)!), ...CAR_CATALOGUE.filter((m) => !POPULAR.includes(m.name))];
const CATALOGUES: Record<'car' | 'construction' | 'farming', CatalogueMake[]> = { car: CARS, construction: CONSTRUCTION_CATALOGUE, farming: FARMING_CATALOGUE };

export function listings(n: number): Vehicle[] {
  const rand = seededRandom(n);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  // Skewed: the front of the list far more often (about half of the cars from the 15 popular makes).
  const skewed = <T,>(xs: readonly T[], power: number) => xs[Math.floor(rand() ** power * xs.length)]!;
  return Array.from({ length: n }, (_, i) => {
    const city = pick(CITIES);
    const created = new Date(Date.UTC(2026, 10, 1) + Math.floor(rand() * 20 * 86_400_000)).toISOString();
    const type = rand() < 0.8 ? 'car' : rand() < 0.5 ? 'construction' : 'farming';
    const make = skewed(CATALOGUES[type], 3);
    const model = skewed(make.models, 2);
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
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
      // One seller per two listings: private sellers are most of a real market.
      seller_id: `seller-${Math.floor(i / 2)}`,
      seller_name: null,
      seller_location: null,
      location: `Area ${1 + Math.floor(rand() * 40)}, ${city.name}, ${city.region}`,
      region: city.region,
      seller_type: rand() < 0.5 ? 'dealer' : 'private',
      seller_latitude: city.latitude + (rand() - 0.5) * 0.4,
      seller_longitude: city.longitude + (rand() - 0.5) * 0.4,
      is_published: true,
      is_expired: false,
      is_free_update: false,
      created_at: created,
      updated_at: created,
      published_at: created,
      expires_at: null,
      listing_expires_at: null,
      views: 0,
      revision: i + 1,
    } satisfies Vehicle;
  });
}

const WORDS = ['clean', 'serviced', 'one owner', 'new tyres', 'full service history', 'no accidents', 'cold aircon', 'leather seats', 'towbar', 'canopy', 'roof rack', 'alloy wheels', 'reverse camera', 'new battery', 'recently resprayed', 'diff lock', 'low fuel use', 'papers in order', 'licensed', 'insured'];

/**
 * `listings(n)` with what a seller fills in: a description of its own (no two alike) and five
 * photos, named as the server names uploads (`/media/{32 hex}-full.webp`).
 */
export function detailedListings(n: number): Vehicle[] {
  const rand = seededRandom(n + 1);
  const hex = () => Array.from({ length: 4 }, () => Math.floor(rand() * 2 ** 32).toString(16).padStart(8, '0')).join('');
  return listings(n).map((v, i) => {
    const points = Array.from({ length: 3 + Math.floor(rand() * 5) }, () => WORDS[Math.floor(rand() * WORDS.length)]!);
    const description = `${v.year} ${v.make} ${v.model}${v.variant ? ` ${v.variant}` : ''} for sale in ${v.location}: ${[...new Set(points)].join(', ')}. ${(v.mileage ?? 0).toLocaleString('en-US')} km. Viewing by appointment, reference MK-${(i + 1).toString(36).toUpperCase()}.`;
    return { ...v, description, images: Array.from({ length: 5 }, () => `/media/${hex()}-full.webp`) };
  });
}
