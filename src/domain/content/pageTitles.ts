import type { VehicleType } from '../core/constants';
import { decodedPathId, listingPageId } from './screens';

// The page titles that the address alone decides. Every screen's shell keeps the title in step as the
// person moves between screens, so only the titles live here; the descriptions, the listing's and
// dealer's heads and the structured data are in seo.ts, which the server and those screens load.

export const SITE_NAME = 'Motokari';
/** The title of a page that has none of its own (the home page's). */
export const SITE_TITLE = 'Motokari: buy and sell vehicles in Zimbabwe';

export const BROWSE_PAGES: Record<VehicleType, { path: string; name: string; noun: string }> = {
  car: { path: '/cars', name: 'Browse Cars', noun: 'cars' },
  construction: { path: '/construction', name: 'Construction Equipment', noun: 'construction vehicles' },
  farming: { path: '/farming', name: 'Farming Equipment', noun: 'farming vehicles' },
};

/** The titles of the pages with words of their own that do not depend on data, by path. */
export const FIXED_PAGE_TITLES: Record<string, string> = {
  '/featured': 'Featured vehicles',
  '/dealers': 'Vehicle dealers in Zimbabwe',
  '/advertising-prices': 'Advertising prices',
  '/buying-guide': 'Buying guide',
  '/selling-guide': 'Selling guide',
  '/faq': 'Frequently asked questions',
  '/about': 'About us',
  '/terms-and-conditions': 'Terms and conditions',
  '/privacy-policy': 'Privacy policy',
  '/cookie-policy': 'Cookie policy',
};

/** The browse page's type for /cars, /construction and /farming. */
export function browsePageType(pathname: string): VehicleType | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (Object.keys(BROWSE_PAGES) as VehicleType[]).find((t) => BROWSE_PAGES[t].path === path) ?? null;
}

/** 'Cars for sale in Zimbabwe', the browse page's words without its count. */
export function browseWhat(type: VehicleType): string {
  const noun = BROWSE_PAGES[type].noun;
  return `${noun[0]!.toUpperCase() + noun.slice(1)} for sale in Zimbabwe`;
}

const DEALER_PAGE = /^\/dealer\/([^/]+)\/inventory\/?$/;

/** The dealer's id of a dealer's page address; null for any other address. */
export function dealerPageId(pathname: string): string | null {
  const id = DEALER_PAGE.exec(pathname)?.[1];
  return id ? decodedPathId(id) : null;
}

/**
 * A page's title when its address alone decides it (the app sets it as the person moves between
 * screens); null for a listing's or a dealer's page, which name their own once their data is here.
 */
export function pageTitle(pathname: string): string | null {
  if (listingPageId(pathname) !== null || dealerPageId(pathname) !== null) return null;
  const type = browsePageType(pathname);
  if (type) return `${browseWhat(type)} | ${SITE_NAME}`;
  const fixed = FIXED_PAGE_TITLES[pathname.replace(/\/+$/, '') || '/'];
  return fixed ? `${fixed} | ${SITE_NAME}` : SITE_TITLE;
}
