import { conditionText, fuelText, mileageText, priceText, titleOf, transmissionText } from '../listing/display';
import { wholeNumberText } from '../core/numbers';
import type { VehicleType } from '../core/constants';
import { clip } from './clip';
import { joinPath } from '../account/dealerTeam';
import { BROWSE_PAGES, browseWhat, FIXED_PAGE_TITLES, SITE_NAME, SITE_TITLE } from './pageTitles';
import type { Vehicle } from '../listing/vehicle';

// What a page says about itself to a search engine and to a chat app's link preview, before any script
// runs: its title, description, canonical address, preview image and structured data (schema.org as
// JSON-LD). Written once here: the server puts it in the page's head, and the app keeps the title in
// step as the person moves between screens.

// The titles the address alone decides (and the site's name) are in pageTitles.ts, which every screen's
// shell loads; the server imports them from here.
export { browsePageType, dealerPageId, SITE_NAME } from './pageTitles';
export const SITE_DESCRIPTION = 'Cars, construction and farming vehicles for sale across Zimbabwe, searchable offline.';
/** The size chat apps show a large preview at (Open Graph's recommended 1.91:1). */
export const PREVIEW_IMAGE = { width: 1200, height: 630, type: 'image/jpeg', maxBytes: 300 * 1024 } as const;
/** A description longer than this is cut by search engines anyway. */
const DESCRIPTION_MAX = 160;

export interface PageHead {
  title: string;
  description: string;
  /** The page's one address (absolute); the listing's other addresses point here. */
  canonical: string | null;
  image: { url: string; width: number; height: number; type: string } | null;
  /** Open Graph's type: a listing is a product, every other page a website. */
  ogType: 'website' | 'product';
  /** For a page that must not be indexed (a removed listing, a private screen). */
  noindex: boolean;
  jsonLd: Record<string, unknown>[];
}

/** A listing's page address, the one that is indexed. */
export const listingPath = (id: string) => `/car/${encodeURIComponent(id)}`;
/** The address of a listing's preview image; `v` changes with the photo, so chat apps that cache by address fetch the new one. */
export const listingPreviewPath = (v: Pick<Vehicle, 'id' | 'images'>) => `/preview/${encodeURIComponent(v.id)}.jpg?v=${shortHash(v.images[0] ?? '')}`;

/** Where a listing is: its own location, else its seller's. */
const placeOf = (v: Pick<Vehicle, 'location' | 'seller_location'>) => v.location?.trim() || v.seller_location?.trim() || null;

/** '2019 Toyota Hilux 2.8GD-6 – $38,000 – Borrowdale, Harare | Motokari' */
export function listingTitle(v: Pick<Vehicle, 'year' | 'make' | 'model' | 'variant' | 'price' | 'location' | 'seller_location'>): string {
  return [titleOf(v), priceText(v.price), placeOf(v)].filter(Boolean).join(' – ') + ` | ${SITE_NAME}`;
}

/** The listing's facts, then the start of its own description, cut at a word within DESCRIPTION_MAX characters. */
export function listingDescription(v: Vehicle): string {
  const facts = [`${titleOf(v)} for sale`, placeOf(v) ? `in ${placeOf(v)}` : null, `at ${priceText(v.price)}`].filter(Boolean).join(' ');
  const details = [mileageText(v), v.vehicle_type === 'car' ? fuelText(v.fuel_type) : null, v.vehicle_type === 'car' ? transmissionText(v.transmission) : null, conditionText(v.condition)]
    .filter(Boolean)
    .join(', ');
  const own = (v.description ?? '').replace(/\s+/g, ' ').trim();
  return clip(`${facts}. ${details}.${own ? ` ${own}` : ''}`, DESCRIPTION_MAX);
}

const SCHEMA_TYPE: Record<VehicleType, 'Car' | 'Vehicle'> = { car: 'Car', construction: 'Vehicle', farming: 'Vehicle' };
const CONDITION_URL = (c: string | null) => (c === 'new' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition');

/**
 * The listing as schema.org structured data: a `Car` (or `Vehicle` for construction and farming
 * equipment) with its `Offer`, and the seller as an `AutoDealer` or a `Person`, by name only: no
 * contact details, which are only for signed-in buyers.
 */
export function listingJsonLd(v: Vehicle, origin: string): Record<string, unknown> {
  const url = origin + listingPath(v.id);
  const images = v.images.map((src) => absolute(src, origin));
  const seller = v.seller_name ? { '@type': v.seller_type === 'dealer' ? 'AutoDealer' : 'Person', name: v.seller_name } : undefined;
  const distance = v.mileage !== null ? { '@type': 'QuantitativeValue', value: v.mileage, unitCode: 'KMT' } : undefined;
  return stripUndefined({
    '@context': 'https://schema.org',
    '@type': SCHEMA_TYPE[v.vehicle_type],
    '@id': `${url}#vehicle`,
    name: titleOf(v),
    url,
    description: v.description ? clip(v.description.replace(/\s+/g, ' ').trim(), 500) : undefined,
    image: images.length ? images : undefined,
    brand: { '@type': 'Brand', name: v.make },
    model: v.model,
    vehicleModelDate: String(v.year),
    mileageFromOdometer: distance,
    fuelType: v.fuel_type ? fuelText(v.fuel_type) : undefined,
    vehicleTransmission: v.transmission ? transmissionText(v.transmission) : undefined,
    color: v.color ?? undefined,
    itemCondition: CONDITION_URL(v.condition),
    offers: stripUndefined({
      '@type': 'Offer',
      url,
      price: v.price ?? undefined,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      itemCondition: CONDITION_URL(v.condition),
      seller,
    }),
  });
}

/** The trail above a listing: Home > Browse Cars (or the type's page) > the vehicle, as on the screen. */
export function breadcrumbJsonLd(v: Pick<Vehicle, 'id' | 'vehicle_type' | 'year' | 'make' | 'model' | 'variant'>, origin: string): Record<string, unknown> {
  const browse = BROWSE_PAGES[v.vehicle_type];
  const items = [
    { name: 'Home', item: `${origin}/` },
    { name: browse.name, item: origin + browse.path },
    { name: [v.make, v.model, v.variant].filter(Boolean).join(' '), item: origin + listingPath(v.id) },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, ...it })),
  };
}

/** The home page's: who we are and the site's search. */
export function siteJsonLd(origin: string): Record<string, unknown>[] {
  return [
    { '@context': 'https://schema.org', '@type': 'Organization', name: SITE_NAME, url: `${origin}/`, logo: `${origin}/icons/icon-512.png` },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE_NAME,
      url: `${origin}/`,
      potentialAction: { '@type': 'SearchAction', target: `${origin}/cars?make={search_term_string}`, 'query-input': 'required name=search_term_string' },
    },
  ];
}

/** The descriptions of the pages in FIXED_PAGE_TITLES, by path. */
const FIXED_PAGE_DESCRIPTIONS: Record<string, string> = {
  '/featured': 'Featured cars, construction and farming vehicles for sale across Zimbabwe.',
  '/dealers': 'Dealers selling cars, construction and farming vehicles across Zimbabwe, with their stock.',
  '/advertising-prices': 'What it costs to list a vehicle on Motokari: plans for private sellers and dealers, paid by card or EcoCash.',
  '/buying-guide': 'How to buy a vehicle safely in Zimbabwe: checks, paperwork and meeting the seller.',
  '/selling-guide': 'How to sell a vehicle on Motokari: photos, price, description and meeting buyers.',
  '/faq': 'Answers about buying, selling, listing fees and using Motokari offline.',
  '/about': 'Motokari is a marketplace for buying and selling vehicles in Zimbabwe, directly between buyer and seller.',
  '/terms-and-conditions': 'The terms of using Motokari.',
  '/privacy-policy': 'How Motokari handles personal data.',
  '/cookie-policy': 'The cookies and device storage Motokari uses.',
};

/** Pages not for search engines: the signed-in screens, and the device's own (saved listings, compare); also a team invitation's link (joinPath). */
const PRIVATE_PAGES = new Set(['/dashboard', '/member-dashboard', '/dashboard/import', '/dashboard/performance', '/admin', '/saved-searches', '/data', '/saved', '/compare']);

const base = (origin: string, path: string, title: string, description: string, extra: Partial<PageHead> = {}): PageHead => ({
  title,
  description,
  canonical: origin + path,
  image: null,
  ogType: 'website',
  noindex: false,
  jsonLd: [],
  ...extra,
});

/** The head of a page whose words do not depend on a listing or a dealer; null for an address that is no page of ours. */
export function fixedPageHead(pathname: string, origin: string): PageHead | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return base(origin, '/', SITE_TITLE, SITE_DESCRIPTION, { jsonLd: siteJsonLd(origin) });
  const title = FIXED_PAGE_TITLES[path];
  if (title) return base(origin, path, `${title} | ${SITE_NAME}`, FIXED_PAGE_DESCRIPTIONS[path] ?? SITE_DESCRIPTION);
  if (PRIVATE_PAGES.has(path) || path.startsWith(joinPath(''))) return siteHead(true);
  return null;
}

/** The site's own head, for a page with no words of its own (an address of no page, an unknown dealer, a signed-in screen). */
export function siteHead(noindex: boolean): PageHead {
  return { title: SITE_TITLE, description: SITE_DESCRIPTION, canonical: null, image: null, ogType: 'website', noindex, jsonLd: [] };
}

/** /cars, /construction, /farming: how many are for sale now. */
export function browsePageHead(type: VehicleType, count: number | null, origin: string): PageHead {
  const page = BROWSE_PAGES[type];
  const counted = count === null ? browseWhat(type) : `${wholeNumberText(count)} ${page.noun} for sale in Zimbabwe`;
  return base(origin, page.path, `${browseWhat(type)} | ${SITE_NAME}`, `${counted}: search by make, price, year and distance, and contact sellers directly.`);
}

/** A dealer's stock page. */
export function dealerPageHead(dealer: { id: string; name: string; location: string | null; stock: number }, origin: string): PageHead {
  const where = dealer.location ? ` in ${dealer.location}` : '';
  const stock = `${wholeNumberText(dealer.stock)} ${dealer.stock === 1 ? 'vehicle' : 'vehicles'} in stock`;
  return base(
    origin,
    `/dealer/${encodeURIComponent(dealer.id)}/inventory`,
    `${dealer.name}${where} – ${stock} | ${SITE_NAME}`,
    clip(`${dealer.name}, vehicle dealer${where}: ${stock} on Motokari.`, DESCRIPTION_MAX),
    {
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'AutoDealer',
          name: dealer.name,
          url: `${origin}/dealer/${encodeURIComponent(dealer.id)}/inventory`,
          ...(dealer.location && { address: dealer.location }),
        },
      ],
    },
  );
}

/** A listing's page. */
export function listingPageHead(v: Vehicle, origin: string): PageHead {
  return {
    title: listingTitle(v),
    description: listingDescription(v),
    canonical: origin + listingPath(v.id),
    image: { url: origin + listingPreviewPath(v), width: PREVIEW_IMAGE.width, height: PREVIEW_IMAGE.height, type: PREVIEW_IMAGE.type },
    ogType: 'product',
    noindex: false,
    jsonLd: [listingJsonLd(v, origin), breadcrumbJsonLd(v, origin)],
  };
}

/** A listing page whose listing is gone or was never public: the 'Car not found' screen, not indexed. */
export function missingListingHead(): PageHead {
  return {
    title: `Car not found | ${SITE_NAME}`,
    description: "The car you're looking for doesn't exist or has been removed.",
    canonical: null,
    image: null,
    ogType: 'website',
    noindex: true,
    jsonLd: [],
  };
}

function absolute(src: string, origin: string): string {
  return /^https?:\/\//.test(src) ? src : origin + (src.startsWith('/') ? src : `/${src}`);
}

function stripUndefined<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** A short, stable text hash (FNV-1a), enough to tell one photo address from another in a URL. */
function shortHash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
