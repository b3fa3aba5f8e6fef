import { conditionText, fuelText, mileageText, priceText, titleOf, transmissionText } from '../listing/display';
import { wholeNumberText } from '../core/numbers';
import type { VehicleType } from '../core/constants';
import { clip } from './clip';
import { joinPath } from '../account/dealerTeam';
import { BROWSE_PAGES, browseWhat, FIXED_PAGE_TITLES, SITE_NAME, SITE_TITLE } from './pageTitles';
import type { Vehicle } from '../listing/vehicle';
import { english, type Translate } from '../i18n/text';
import type { Language } from '../i18n/languages';

// What a page says about itself to a search engine and to a chat app's link preview, before any script
// runs: its title, description, canonical address, preview image and structured data (schema.org as
// JSON-LD). Written once here: the server puts it in the page's head, and the app keeps the title in
// step as the person moves between screens.

// The titles the address alone decides (and the site's name) are in pageTitles.ts, which every screen's
// shell loads; the server imports them from here.
export { browsePageType, dealerPageId, SITE_NAME } from './pageTitles';
export const SITE_DESCRIPTION = /*i18n*/ 'Cars, construction and farming vehicles for sale across Zimbabwe, searchable offline.';
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
  /** The page's language, and its addresses in every language (issue 39), for an indexed page. */
  language?: Language;
  alternates?: { hreflang: string; href: string }[];
}

/** A listing's page address, the one that is indexed. */
export const listingPath = (id: string) => `/car/${encodeURIComponent(id)}`;
/** The address of a listing's preview image; `v` changes with the photo, so chat apps that cache by address fetch the new one. */
export const listingPreviewPath = (v: Pick<Vehicle, 'id' | 'images'>) => `/preview/${encodeURIComponent(v.id)}.jpg?v=${shortHash(v.images[0] ?? '')}`;

/** Where a listing is: its own location, else its seller's. */
const placeOf = (v: Pick<Vehicle, 'location' | 'seller_location'>) => v.location?.trim() || v.seller_location?.trim() || null;

/** '2019 Toyota Hilux 2.8GD-6 – $38,000 – Borrowdale, Harare | Motokari' */
export function listingTitle(v: Pick<Vehicle, 'year' | 'make' | 'model' | 'variant' | 'price' | 'location' | 'seller_location'>, tr: Translate = english): string {
  return [titleOf(v), priceText(v.price, undefined, tr), placeOf(v)].filter(Boolean).join(' – ') + ` | ${SITE_NAME}`;
}

/** The listing's facts, then the start of its own description, cut at a word within DESCRIPTION_MAX characters. */
export function listingDescription(v: Vehicle, tr: Translate = english): string {
  const place = placeOf(v);
  const values = { title: titleOf(v), place: place ?? '', price: priceText(v.price, undefined, tr) };
  const facts = place ? tr(/*i18n*/ '{title} for sale in {place} at {price}', values) : tr(/*i18n*/ '{title} for sale at {price}', values);
  const details = [
    mileageText(v, tr),
    v.vehicle_type === 'car' ? fuelText(v.fuel_type, undefined, tr) : null,
    v.vehicle_type === 'car' ? transmissionText(v.transmission, undefined, tr) : null,
    conditionText(v.condition, tr),
  ]
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
  '/featured': /*i18n*/ 'Featured cars, construction and farming vehicles for sale across Zimbabwe.',
  '/dealers': /*i18n*/ 'Dealers selling cars, construction and farming vehicles across Zimbabwe, with their stock.',
  '/advertising-prices': /*i18n*/ 'What it costs to list a vehicle on Motokari: plans for private sellers and dealers, paid by card or EcoCash.',
  '/buying-guide': /*i18n*/ 'How to buy a vehicle safely in Zimbabwe: checks, paperwork and meeting the seller.',
  '/selling-guide': /*i18n*/ 'How to sell a vehicle on Motokari: photos, price, description and meeting buyers.',
  '/faq': /*i18n*/ 'Answers about buying, selling, listing fees and using Motokari offline.',
  '/about': /*i18n*/ 'Motokari is a marketplace for buying and selling vehicles in Zimbabwe, directly between buyer and seller.',
  '/terms-and-conditions': /*i18n*/ 'The terms of using Motokari.',
  '/privacy-policy': /*i18n*/ 'How Motokari handles personal data.',
  '/cookie-policy': /*i18n*/ 'The cookies and device storage Motokari uses.',
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
export function fixedPageHead(pathname: string, origin: string, tr: Translate = english): PageHead | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return base(origin, '/', tr(SITE_TITLE), tr(SITE_DESCRIPTION), { jsonLd: siteJsonLd(origin) });
  const title = FIXED_PAGE_TITLES[path];
  if (title) return base(origin, path, `${tr(title)} | ${SITE_NAME}`, tr(FIXED_PAGE_DESCRIPTIONS[path] ?? SITE_DESCRIPTION));
  if (PRIVATE_PAGES.has(path) || path.startsWith(joinPath(''))) return siteHead(true);
  return null;
}

/** The site's own head, for a page with no words of its own (an address of no page, an unknown dealer, a signed-in screen). */
export function siteHead(noindex: boolean, tr: Translate = english): PageHead {
  return { title: tr(SITE_TITLE), description: tr(SITE_DESCRIPTION), canonical: null, image: null, ogType: 'website', noindex, jsonLd: [] };
}

/** /cars, /construction, /farming: how many are for sale now. */
export function browsePageHead(type: VehicleType, count: number | null, origin: string, tr: Translate = english): PageHead {
  const page = BROWSE_PAGES[type];
  const what = browseWhat(type, tr);
  const values = { what, count: count === null ? '' : wholeNumberText(count), noun: tr(page.noun) };
  const description =
    count === null
      ? tr(/*i18n*/ '{what}: search by make, price, year and distance, and contact sellers directly.', values)
      : tr(/*i18n*/ '{count} {noun} for sale in Zimbabwe: search by make, price, year and distance, and contact sellers directly.', values);
  return base(origin, page.path, `${what} | ${SITE_NAME}`, description);
}

/** A dealer's stock page. */
export function dealerPageHead(dealer: { id: string; name: string; location: string | null; stock: number }, origin: string, tr: Translate = english): PageHead {
  const count = wholeNumberText(dealer.stock);
  const stock = dealer.stock === 1 ? tr(/*i18n*/ '{count} vehicle in stock', { count }) : tr(/*i18n*/ '{count} vehicles in stock', { count });
  const values = { name: dealer.name, place: dealer.location ?? '', stock };
  return base(
    origin,
    `/dealer/${encodeURIComponent(dealer.id)}/inventory`,
    `${dealer.location ? tr(/*i18n*/ '{name} in {place}', values) : dealer.name} – ${stock} | ${SITE_NAME}`,
    clip(dealer.location ? tr(/*i18n*/ '{name}, vehicle dealer in {place}: {stock} on Motokari.', values) : tr(/*i18n*/ '{name}, vehicle dealer: {stock} on Motokari.', values), DESCRIPTION_MAX),
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
export function listingPageHead(v: Vehicle, origin: string, tr: Translate = english): PageHead {
  return {
    title: listingTitle(v, tr),
    description: listingDescription(v, tr),
    canonical: origin + listingPath(v.id),
    image: { url: origin + listingPreviewPath(v), width: PREVIEW_IMAGE.width, height: PREVIEW_IMAGE.height, type: PREVIEW_IMAGE.type },
    ogType: 'product',
    noindex: false,
    jsonLd: [listingJsonLd(v, origin), breadcrumbJsonLd(v, origin)],
  };
}

/** A listing page whose listing is gone or was never public: the 'Car not found' screen, not indexed. */
export function missingListingHead(tr: Translate = english): PageHead {
  return {
    title: `${tr(/*i18n*/ 'Car not found')} | ${SITE_NAME}`,
    description: tr(/*i18n*/ "The car you're looking for doesn't exist or has been removed."),
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
