import { BODY_TYPES, CONSTRUCTION_CATEGORIES, FARMING_CATEGORIES, type VehicleType } from './constants';

// The choices of spec section 9 that only some screens offer (the wizard's, the search dialogs', the
// dealer's and the admin's), apart from constants.ts: every first screen carries that one.

export const WIZARD_FUEL_TYPES = ['petrol', 'diesel', 'hybrid', 'electric'] as const;
export const CATEGORIES_BY_TYPE: Record<VehicleType, readonly string[]> = {
  car: BODY_TYPES,
  construction: CONSTRUCTION_CATEGORIES,
  farming: FARMING_CATEGORIES,
};
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'] as const;
/** The wizard's 26 popular feature choices (spec section 9). */
export const POPULAR_FEATURES = [
  'Air conditioning',
  'Airbags',
  'Bluetooth',
  'Cruise Control',
  'GPS Navigation',
  'Parking Sensors',
  'Reverse Camera',
  'Leather Seats',
  'Sunroof',
  'Keyless Entry',
  'Push Start',
  'Electric Windows',
  'Central Locking',
  'Power Steering',
  'ABS',
  'Alloy Wheels',
  'Tow Bar',
  'Roof Rails',
  'Fog Lights',
  'LED Headlights',
  'Heated Seats',
  'Apple CarPlay',
  'Android Auto',
  'USB Charging',
  'Third Row Seating',
  'Four-Wheel Drive',
] as const;
export const HOME_PRICE_SLIDER = { min: 1500, max: 200_000, step: 1000 } as const;
export const DEALER_PRICE_SLIDER = { min: 0, max: 200_000, step: 5000, default: 200_000 } as const;
/** Distance options in km; `null` is countrywide (the default). */
export const DISTANCE_OPTIONS_KM: readonly number[] = [20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 100, 125, 150, 175, 200];
/** The browse dialog's options (spec section 9 "Browse options"): prices from $1,000 up to $100,000. */
export const BROWSE_PRICE_OPTIONS = [1000, 2000, 5000, 10_000, 15_000, 20_000, 30_000, 50_000, 75_000, 100_000] as const;
/** Mileage 10,000 to 300,000+ km: "up to" each value, and the last one also as "and more". */
export const BROWSE_MILEAGE_OPTIONS_KM = [10_000, 25_000, 50_000, 75_000, 100_000, 150_000, 200_000, 300_000] as const;
/**
 * Operating hours of construction and farming equipment, where kilometres mean little: "up to" each
 * value, and the last one also as "and more" (the one option that sets `min_hours`).
 */
export const BROWSE_HOURS_OPTIONS = [1000, 2500, 5000, 7500, 10_000, 15_000, 20_000] as const;
/** Engine CC 1000 to 4000+: "up to" each value, and the last one also as "and more" (an `engine_cc` value "4000+"). */
export const BROWSE_ENGINE_CC_OPTIONS = [1000, 1500, 2000, 2500, 3000, 3500, 4000] as const;
/** The admin vehicle table shows the first rows in a scroll area of this height (spec section 9). */
export const ADMIN_VEHICLE_ROWS = 20;
export const ADMIN_VEHICLE_SCROLL_PX = 500;
