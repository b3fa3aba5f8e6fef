import { escapeMarkup as esc, scriptJson } from '../content/markup';
import { PLACEHOLDER_IMAGE } from '../core/constants';
import { conditionText, fuelText, mileageText, priceText, titleOf, transmissionText } from './display';
import { clip } from '../content/clip';
import type { Vehicle } from './vehicle';
import { english, type Translate } from '../i18n/text';

// A listing's key facts as plain HTML: what a crawler without scripts and a person on a failing
// connection see of /car/{id} before the app's code arrives. The server writes it into the page
// (where the build left LISTING_FACTS_MARK), with the listing's JSON beside it (LISTING_DATA_ID), so
// the app's first render shows the listing at once instead of a loading state; while the detail
// screen's own code is on its way, the app shows this same markup. Styled by the page (the build's
// listing.html). Never contact details.

/** Where the build's listing page takes the facts. */
export const LISTING_FACTS_MARK = '<!--listing-facts-->';
/** The element holding the listing's JSON in the page. */
export const LISTING_DATA_ID = 'mk-listing';
/** How much of the description the facts show. */
const DESCRIPTION_CHARS = 320;

const BROWSE: Record<Vehicle['vehicle_type'], { path: string; label: string }> = {
  car: { path: '/cars', label: /*i18n*/ 'Browse Cars' },
  construction: { path: '/construction', label: /*i18n*/ 'Construction Equipment' },
  farming: { path: '/farming', label: /*i18n*/ 'Farming Equipment' },
};

/** The facts' markup, its words in the reader's language (`tr`), English by default. */
export function listingFactsHtml(v: Vehicle, tr: Translate = english): string {
  const title = titleOf(v);
  const photo = v.images[0] ?? PLACEHOLDER_IMAGE;
  const place = v.location?.trim() || v.seller_location?.trim() || null;
  const facts: [string, string][] = [
    [tr(/*i18n*/ 'Year'), String(v.year)],
    [v.mileage === null && v.operating_hours !== null ? tr(/*i18n*/ 'Operating Hours') : tr(/*i18n*/ 'Mileage'), mileageText(v, tr)],
    [tr(/*i18n*/ 'Fuel Type'), fuelText(v.fuel_type, undefined, tr)],
    [tr(/*i18n*/ 'Transmission'), transmissionText(v.transmission, undefined, tr)],
    [tr(/*i18n*/ 'Condition'), conditionText(v.condition, tr)],
    ...(place ? ([[tr(/*i18n*/ 'Location'), place]] as [string, string][]) : []),
  ];
  const description = (v.description ?? '').trim();
  const browse = BROWSE[v.vehicle_type];
  return (
    '<article class="mk-l">' +
    '<div class="mk-l-head">' +
    `<nav class="mk-l-crumbs" aria-label="${esc(tr(/*i18n*/ 'Breadcrumb'))}"><a href="/">${esc(tr(/*i18n*/ 'Home'))}</a><span aria-hidden="true">/</span><a href="${browse.path}">${esc(tr(browse.label))}</a><span aria-hidden="true">/</span><span>${esc([v.make, v.model, v.variant].filter(Boolean).join(' '))}</span></nav>` +
    // Without scripts, back to the listings of its kind; the app's Back goes back in history.
    `<a class="mk-l-back" href="${browse.path}">${esc(tr(/*i18n*/ 'Back'))}</a>` +
    '</div><div class="mk-l-grid">' +
    `<figure class="mk-l-photo"><img src="${esc(photo)}" alt="${esc(title)}" width="800" height="600" fetchpriority="high"></figure>` +
    '<div class="mk-l-card">' +
    `<p class="mk-l-price">${esc(priceText(v.price, undefined, tr))}</p>` +
    `<dl class="mk-l-facts">${facts.map(([k, val]) => `<div><dt>${esc(k)}</dt><dd>${esc(val)}</dd></div>`).join('')}</dl>` +
    '</div>' +
    `<h1>${esc(title)}</h1>` +
    (description ? `<p class="mk-l-text">${esc(clip(description.replace(/\s+/g, ' '), DESCRIPTION_CHARS))}</p>` : '') +
    '</div></article>'
  );
}

/** The listing's JSON as the page carries it: inside a script element, so no text in it may close the element. */
export function listingDataScript(v: Vehicle): string {
  return `<script type="application/json" id="${LISTING_DATA_ID}">${scriptJson(v)}</script>`;
}
