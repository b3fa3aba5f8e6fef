// The searches bench:api sends: buyers' searches in the four shapes of the mix, and the popular one.
import { CITIES, ENGINE_SIZE_BANDS, FUEL_TYPES, REGIONS } from '@/domain/core/constants';
import { BROWSE_PRICE_OPTIONS, DISTANCE_OPTIONS_KM } from '@/domain/core/screenChoices';
import { CATALOGUES } from './listings';
import { seededRandom } from '../support/random';

/** A buyer somewhere around one of the cities (within about 30 km of it). */
function buyerAt(rand: () => number) {
  const city = CITIES[Math.floor(rand() * CITIES.length)]!;
  const lat = (city.latitude + (rand() - 0.5) * 0.5).toFixed(4);
  const lon = (city.longitude + (rand() - 0.5) * 0.5).toFixed(4);
  return { city, query: `buyer_lat=${lat}&buyer_lon=${lon}` };
}

/**
 * The i-th search of the mix: today's four query shapes (make and price; make and model; region,
 * years and distance; fuel, engine band and distance, by price), each from a buyer at another place,
 * with the make (skewed towards the common ones, as the listings are), region, price step, years,
 * distance and band drawn from a fixed seed: a server's answer cache meets them as it would meet
 * real buyers, not the same four URLs.
 */
export function buyerSearches(seed: number): (i: number) => string {
  const rand = seededRandom(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const skewed = <T>(xs: readonly T[], power: number) => xs[Math.floor(rand() ** power * xs.length)]!;
  const q = (s: string) => encodeURIComponent(s.toLowerCase());
  return (i) => {
    const { city, query: buyer } = buyerAt(rand);
    switch (i % 4) {
      case 0:
        return `/api/vehicles?vehicle_type=car&make=${q(skewed(CATALOGUES.car, 3).name)}&max_price=${pick(BROWSE_PRICE_OPTIONS.slice(3))}&${buyer}&sort=distance&limit=20`;
      case 1: {
        const make = skewed(CATALOGUES.car, 3);
        return `/api/vehicles?vehicle_type=car&make=${q(make.name)}&model=${q(skewed(make.models, 2).name)}&${buyer}&sort=distance&limit=20`;
      }
      case 2: {
        const region = rand() < 0.8 ? city.region : pick(REGIONS);
        const from = 1998 + Math.floor(rand() * 20);
        return `/api/vehicles?region=${q(region)}&year_from=${from}&year_to=${from + 3 + Math.floor(rand() * 8)}&${buyer}&distance=${pick(DISTANCE_OPTIONS_KM.slice(6))}&sort=distance&limit=20`;
      }
      default:
        return `/api/vehicles?fuel_type=${q(pick(FUEL_TYPES))}&engine_size=${encodeURIComponent(pick(ENGINE_SIZE_BANDS))}&${buyer}&distance=${pick(DISTANCE_OPTIONS_KM.slice(6))}&sort=price_asc&limit=20`;
    }
  };
}

/** The popular search, the same URL every time (what an answer cache is for). */
export const POPULAR = '/api/vehicles?vehicle_type=car&make=toyota&max_price=60000&buyer_lat=-17.8252&buyer_lon=31.0335&sort=distance&limit=20';
