import { escapeMarkup as esc, scriptJson } from '../content/markup';
import { STORAGE_KEYS, type VehicleType } from '../core/constants';
import { conditionText, fuelText, mileageText, priceText, titleOf, transmissionText, CARD_FALLBACKS } from '../listing/display';
import { cardPhotoUrl } from '../listing/photos';
import { wholeNumberText } from '../core/numbers';
import type { Vehicle } from '../listing/vehicle';
import { english, type Translate } from '../i18n/text';

// A browse screen's first results as plain HTML: what a person sees of /cars (and the other types)
// before the app's code has arrived and run. On a first visit the server writes them into the page
// (where the build left BROWSE_OPENING_MARK), with their JSON beside it (BROWSE_DATA_ID) so the app's
// first render shows the same cards instead of skeletons; on a later start the app's own last answer,
// kept on the device, is drawn the same way by the page's first script, before the app's code runs
// (offline too). Styled by the page (src/app/openingScreen.ts). The app's screen then takes over.

/** Where the build's browse page takes the opening results. */
export const BROWSE_OPENING_MARK = '<!--browse-opening-->';
/** The element holding the opening results' JSON in the page. */
export const BROWSE_DATA_ID = 'mk-browse';
/** How many results the opening carries: the browse screen's page of results. */
export const OPENING_PAGE = 24;
/** How many of them are drawn as HTML before the app runs: more than a phone's first screen, a wide screen's first row. */
export const OPENING_CARDS = 4;

export const BROWSE_TITLES: Record<VehicleType, string> = { car: /*i18n*/ 'Browse cars', construction: /*i18n*/ 'Construction equipment', farming: /*i18n*/ 'Farming equipment' };

/** A browse screen's count while searching, once found and when nothing is: cars for cars, vehicles for equipment. */
export interface BrowseCountTexts {
  searching: string;
  /** With {count}. */
  found: string;
  none: string;
}
const CAR_COUNT: BrowseCountTexts = { searching: /*i18n*/ 'Searching for cars...', found: /*i18n*/ '{count} cars found', none: /*i18n*/ 'No cars found' };
const VEHICLE_COUNT: BrowseCountTexts = { searching: /*i18n*/ 'Searching for vehicles...', found: /*i18n*/ '{count} vehicles found', none: /*i18n*/ 'No vehicles found' };
export const browseCountTexts = (type: VehicleType): BrowseCountTexts => (type === 'car' ? CAR_COUNT : VEHICLE_COUNT);

/** A browse screen's first results as the newest first, with no filter: what the opening shows. */
export interface BrowseOpening {
  vehicle_type: VehicleType;
  total: number;
  items: Vehicle[];
}

/** What a card needs of a listing: its description and all but its first photo left out, to keep the page small. */
export function openingItem(v: Vehicle): Vehicle {
  return { ...v, description: null, images: v.images.slice(0, 1) };
}

function card(v: Vehicle, first: boolean): string {
  const title = titleOf(v);
  const facts = [mileageText(v), fuelText(v.fuel_type), transmissionText(v.transmission), conditionText(v.condition)].join(' · ');
  return (
    `<a class="mk-b-card" href="/car/${encodeURIComponent(v.id)}">` +
    `<img src="${esc(cardPhotoUrl(v.images[0]))}" alt="${esc(title)}" width="400" height="180"${first ? ' fetchpriority="high"' : ' loading="lazy"'}>` +
    `<span class="mk-b-body"><span class="mk-b-price">${esc(priceText(v.price))}</span>` +
    `<span class="mk-b-name">${esc(title)}</span>` +
    `<span class="mk-b-small">${esc(facts)}</span>` +
    `<span class="mk-b-small">${esc(v.location ?? v.seller_location ?? CARD_FALLBACKS.location)}</span></span></a>`
  );
}

/** The opening's markup: the screen's title, its count and its first cards, every value escaped. */
export function browseOpeningHtml(o: BrowseOpening, tr: Translate = english): string {
  return (
    '<section class="mk-b">' +
    // Where the screen has Back, its title and count, then its tabs, words and sort: the cards start where the screen's do.
    `<div class="mk-b-head"><span class="mk-b-back"></span><div><h1 class="mk-b-title">${esc(tr(BROWSE_TITLES[o.vehicle_type]))}</h1>` +
    `<p class="mk-b-count">${esc(tr(browseCountTexts(o.vehicle_type).found, { count: wholeNumberText(o.total) }))}</p></div></div><div class="mk-b-controls"></div>` +
    `<div class="mk-b-grid">${o.items
      .slice(0, OPENING_CARDS)
      .map((v, i) => card(v, i === 0))
      .join('')}</div></section>`
  );
}

/** The opening's JSON as the page carries it: inside a script element, so no text in it may close the element. */
export function browseDataScript(o: BrowseOpening): string {
  return `<script type="application/json" id="${BROWSE_DATA_ID}">${scriptJson(o)}</script>`;
}

/**
 * The page's first script (inline, before the app's code): on a page that came with no opening of
 * its own (the service worker's copy of index.html, offline or not), draws the browse screen's last
 * answer kept on this device for this address (src/app/shared/search/openingAnswer.ts) with the
 * page's styles (src/app/openingScreen.ts), so the results are on screen before the app's code has
 * been read and run. The server's content security policy names its hash (and no other inline script).
 */
export function openingScript(): string {
  const key = JSON.stringify(STORAGE_KEYS.browseOpening);
  return `(function(){try{var r=document.getElementById('root'),f=r&&r.firstElementChild;if(!f||f.className!=='loading'||location.search)return;var o=JSON.parse(localStorage.getItem(${key})||'null');if(o&&o.path===location.pathname&&typeof o.html==='string')r.innerHTML=o.html}catch(e){}})()`;
}
