import type { VehicleType } from '../core/constants';
import { decodedPathId, listingPageId } from './screens';
import { english, type Translate } from '../i18n/text';

// The page titles that the address alone decides. Every screen's shell keeps the title in step as the
// person moves between screens, so only the titles live here; the descriptions, the listing's and
// dealer's heads and the structured data are in seo.ts, which the server and those screens load.

export const SITE_NAME = 'Motokari';
/** The title of a page that has none of its own (the home page's). */
export const SITE_TITLE = /*i18n*/ 'Motokari: buy and sell vehicles in Zimbabwe';

export const BROWSE_PAGES: Record<VehicleType, { path: string; name: string; noun: string }> = {
  car: { path: '/cars', name: /*i18n*/ 'Browse Cars', noun: /*i18n*/ 'cars' },
  construction: { path: '/construction', name: /*i18n*/ 'Construction Equipment', noun: /*i18n*/ 'construction vehicles' },
  farming: { path: '/farming', name: /*i18n*/ 'Farming Equipment', noun: /*i18n*/ 'farming vehicles' },
};

/** The titles of the pages with words of their own that do not depend on data, by path. */
export const FIXED_PAGE_TITLES: Record<string, string> = {
  '/featured': /*i18n*/ 'Featured vehicles',
  '/dealers': /*i18n*/ 'Vehicle dealers in Zimbabwe',
  '/advertising-prices': /*i18n*/ 'Advertising prices',
  '/buying-guide': /*i18n*/ 'Buying guide',
  '/selling-guide': /*i18n*/ 'Selling guide',
  '/faq': /*i18n*/ 'Frequently asked questions',
  '/about': /*i18n*/ 'About us',
  '/terms-and-conditions': /*i18n*/ 'Terms and conditions',
  '/privacy-policy': /*i18n*/ 'Privacy policy',
  '/cookie-policy': /*i18n*/ 'Cookie policy',
};

/** The browse page's type for /cars, /construction and /farming. */
export function browsePageType(pathname: string): VehicleType | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (Object.keys(BROWSE_PAGES) as VehicleType[]).find((t) => BROWSE_PAGES[t].path === path) ?? null;
}

/** 'Cars for sale in Zimbabwe', the browse page's words without its count. */
const BROWSE_WHAT: Record<VehicleType, string> = {
  car: /*i18n*/ 'Cars for sale in Zimbabwe',
  construction: /*i18n*/ 'Construction vehicles for sale in Zimbabwe',
  farming: /*i18n*/ 'Farming vehicles for sale in Zimbabwe',
};

export function browseWhat(type: VehicleType, tr: Translate = english): string {
  return tr(BROWSE_WHAT[type]);
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
export function pageTitle(pathname: string, tr: Translate = english): string | null {
  if (listingPageId(pathname) !== null || dealerPageId(pathname) !== null) return null;
  const type = browsePageType(pathname);
  if (type) return `${browseWhat(type, tr)} | ${SITE_NAME}`;
  const fixed = FIXED_PAGE_TITLES[pathname.replace(/\/+$/, '') || '/'];
  return fixed ? `${tr(fixed)} | ${SITE_NAME}` : tr(SITE_TITLE);
}
