// Business constants of spec section 9, written once and shared by the server, the app and the worker.
import { english, type Translate } from '../i18n/text';

export const PRODUCT_NAME = 'Motokari';
/** The startup spinner's text, naming the product (spec section 2.1). */
export const startupText = (productName: string, tr: Translate = english): string => tr(/*i18n*/ 'Loading {name}...', { name: productName });

export const VEHICLE_TYPES = ['car', 'construction', 'farming'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
/** The tabs' names of the vehicle types (Cars / Construction / Farming, spec section 2). */
export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = { car: /*i18n*/ 'Cars', construction: /*i18n*/ 'Construction', farming: /*i18n*/ 'Farming' };

export const USER_TYPES = ['admin', 'dealer', 'private'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const SELLER_TYPES = ['private', 'dealer'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

export const FUEL_TYPES = ['petrol', 'diesel', 'electric', 'hybrid', 'lpg'] as const;
export const TRANSMISSIONS = ['automatic', 'manual'] as const;
export const DRIVE_TYPES = ['fwd', 'rwd', 'awd', '4wd'] as const;
/** The colours a buyer filters by: a listing's colour is the seller's words ("Pearl White"), found by the family's word in them. */
export const COLOUR_FAMILIES = ['white', 'silver', 'grey', 'black', 'blue', 'red', 'green', 'yellow', 'orange', 'brown', 'beige', 'gold'] as const;

/** Body types; the value `saloon` is shown as "Sedan". */
export const BODY_TYPES = ['saloon', 'suv', 'hatchback', 'coupe', 'estate', 'convertible', 'pickup', 'van', 'mpv', 'camper'] as const;
export type BodyType = (typeof BODY_TYPES)[number];
export const BODY_TYPE_LABELS: Record<BodyType, string> = {
  saloon: /*i18n*/ 'Sedan',
  suv: /*i18n*/ 'SUV',
  hatchback: /*i18n*/ 'Hatchback',
  coupe: /*i18n*/ 'Coupe',
  estate: /*i18n*/ 'Estate',
  convertible: /*i18n*/ 'Convertible',
  pickup: /*i18n*/ 'Pickup',
  van: /*i18n*/ 'Van',
  mpv: /*i18n*/ 'MPV',
  camper: /*i18n*/ 'Camper',
};

/** Conditions on browse and in the wizard; `certified` is shown as "Certified Pre-owned". */
export const CONDITIONS = ['new', 'used', 'certified'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const CONDITION_LABELS: Record<Condition, string> = { new: /*i18n*/ 'New', used: /*i18n*/ 'Used', certified: /*i18n*/ 'Certified Pre-owned' };
/** Conditions offered by the home page's advanced dialog. */
export const HOME_CONDITIONS = ['excellent', 'good', 'fair', 'poor'] as const;

export const CONSTRUCTION_CATEGORIES = ['excavator', 'bulldozer', 'crane', 'loader', 'roller', 'mixer'] as const;
export const FARMING_CATEGORIES = ['tractor', 'harvester', 'plow', 'seeder', 'sprayer', 'mower'] as const;

export const REGIONS = ['Bulawayo', 'Harare', 'Manicaland', 'Mashonaland Central', 'Mashonaland East', 'Mashonaland West', 'Masvingo', 'Matabeleland North', 'Matabeleland South', 'Midlands'] as const;
export const WIZARD_DEFAULT_REGION = 'Harare';

export interface LatLon {
  latitude: number;
  longitude: number;
}
export const DEFAULT_LOCATION: LatLon & { name: string } = { name: 'Harare', latitude: -17.8252, longitude: 31.0335 };
export const EARTH_RADIUS_KM = 6371;

/** Known city coordinates (spec section 9), with the province each lies in. */
export const CITIES: ReadonlyArray<LatLon & { name: string; region: (typeof REGIONS)[number] }> = [
  { name: 'Harare', region: 'Harare', latitude: -17.8252, longitude: 31.0335 },
  { name: 'Bulawayo', region: 'Bulawayo', latitude: -20.1325, longitude: 28.6265 },
  { name: 'Chitungwiza', region: 'Harare', latitude: -18.0127, longitude: 31.0756 },
  { name: 'Mutare', region: 'Manicaland', latitude: -18.9707, longitude: 32.6709 },
  { name: 'Epworth', region: 'Harare', latitude: -17.89, longitude: 31.1475 },
  { name: 'Gweru', region: 'Midlands', latitude: -19.4167, longitude: 29.8167 },
  { name: 'Kwekwe', region: 'Midlands', latitude: -18.9281, longitude: 29.8149 },
  { name: 'Kadoma', region: 'Mashonaland West', latitude: -18.3333, longitude: 29.9153 },
  { name: 'Masvingo', region: 'Masvingo', latitude: -20.0744, longitude: 30.8328 },
  { name: 'Chinhoyi', region: 'Mashonaland West', latitude: -17.3667, longitude: 30.2 },
];

/** Sign-up always sends these coordinates, whatever location is typed (spec section 9). */
export const SIGNUP_COORDINATES: LatLon = { latitude: -17.8252, longitude: 31.0335 };

export const GEOLOCATION_OPTIONS = { timeout: 10_000, maximumAge: 5 * 60_000, enableHighAccuracy: true } as const;

export const PASSWORD_MIN_LENGTH = 6;
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const TOKEN_LIFETIME_DAYS = 7;

export const YEAR_MIN = 1990;
export const yearMax = (now: Date = new Date()): number => now.getFullYear() + 1;

export const MAX_IMAGES = 8;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The most pixels an uploaded image may decode to (a small file can hold a huge image that costs seconds of CPU). */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const PLACEHOLDER_IMAGE = '/placeholder-vehicle.svg';

export const DEALER_OTHER_VEHICLES_MAX = 4;
export const HOME_MOBILE_LIST_SIZE = 6;

/** Max price applies only below this value (spec section 5). */
export const MAX_PRICE_CEILING = 200_000;

/** Construction engine-power bands in horsepower, inclusive, 50-100 HP up to 401+ HP (spec section 9); farming offers them too. */
export const CONSTRUCTION_ENGINE_POWER_BANDS = ['50-100', '101-200', '201-300', '301-400', '401+'] as const;
export type EnginePowerBand = (typeof CONSTRUCTION_ENGINE_POWER_BANDS)[number];
/** The most horsepower a listing may state (the database's check holds the same bound). */
export const ENGINE_POWER_HP_MAX = 5000;
/** The most operating hours a listing may give (the hour meter of an equipment listing). */
export const OPERATING_HOURS_MAX = 1_000_000;

/** Car engine-size bands in litres, inclusive (spec section 5). */
export const ENGINE_SIZE_BANDS = ['1.0-1.2', '1.3-1.6', '1.7-2.0', '2.1-2.5', '2.6-3.0', '3.1-4.0', '4.1+'] as const;

export const SORT_ORDERS = ['newest', 'price_asc', 'price_desc', 'year_desc', 'year_asc', 'mileage_asc', 'distance'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const TOAST_MS = 3000;
export const NAV_HEIGHT_PX = 96;
export const MOBILE_BREAKPOINT_PX = 640;
export const MENU_RESET_BREAKPOINT_PX = 768;
/** The cookie banner appears this long after load when no consent is saved (spec section 9). */
export const COOKIE_BANNER_DELAY_MS = 1000;
/** The install prompt appears this long after load, unless dismissed within the last 7 days. */
export const INSTALL_PROMPT_DELAY_MS = 3000;
export const INSTALL_PROMPT_DISMISS_DAYS = 7;

export const STORAGE_KEYS = {
  authToken: 'authToken',
  userData: 'userData',
  selectedAdvertisingPlan: 'selectedAdvertisingPlan',
  /** Session storage: an admin notice shown again after the page reloads (the database reset). */
  adminNotice: 'adminNotice',
  /** Local storage: the cookie consent record (src/domain/account/consent.ts). */
  cookieConsent: 'cookieConsent',
  /** Local storage: when the install prompt was last dismissed (milliseconds since 1970). */
  installPromptDismissedAt: 'installPromptDismissedAt',
  /** Local storage: when the notification prompt was last dismissed (milliseconds since 1970). */
  notificationPromptDismissedAt: 'notificationPromptDismissedAt',
  /** Local storage: the signed-in member's listings as last loaded, for the dashboard offline (src/domain/listing/dashboard.ts). */
  dashboardListings: 'dashboardListings',
  dashboardLeads: 'dashboardLeads',
  /** Local storage: whom the signed-in member works for (GET /api/me/team) as last loaded, so an offline dashboard shows a dealer's staff the dealer's listings. */
  myTeam: 'myTeam',
  /** Local storage: the browse screen's last answer on this device, drawn before the app runs (src/domain/search/browseOpening.ts). */
  browseOpening: 'browseOpening',
  /** Local storage: '1' when the buyer chose to also see prices in ZiG (issue 39). */
  showZig: 'showZig',
  /** Local storage: the language chosen on this device's switch (issue 39): 'en', 'sn' or 'nd'. */
  language: 'language',
} as const;

/** The typed phrase that confirms a database reset. */
export const RESET_DATABASE_PHRASE = 'DELETE ALL DATA';
