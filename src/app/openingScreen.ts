import { escapeMarkup as esc } from '../domain/content/markup';
import { FONT_FAMILY, brand, gold, gray } from './brandColors';
import { NAV_HEIGHT_PX, PRODUCT_NAME, startupText } from '../domain/core/constants';
import { HOME_DESKTOP_MIN_WIDTH, HOME_HERO_TEXTS, heroMedia } from '../domain/content/home';
import { LOGO_MARK, LOGO_NAME, SYNC_STATUS_HEIGHT_PX } from './shared/shell/shellLook';
import { languageAttributes, type OpeningTranslators } from '../domain/i18n/openingLanguage';
import { HERO_COPY, HERO_FILL, HERO_HEIGHT_PX, HERO_OVERLAY, HERO_TEXT_SHADOW, HERO_TITLE_PX } from './features/search/home/heroLook';

// What the home page shows before the app's code has run, as plain HTML and CSS inside #root (the
// build writes it into home.html, which the server and the service worker send for /): the bar with
// the logo, the hero with its headline and poster, and the startup spinner naming the product (spec
// section 2.1). The poster, the page's largest paint, is then drawn as soon as it arrives instead of
// after the app's script has been downloaded and run. The app's first render replaces all of it,
// with the same bar and hero in the same places: measurements and texts come from the modules the
// React screens use, so the two do not drift apart. Other pages keep the plain startup text: there
// a drawn opening screen measured slower (more layout and paint before the screen's own).

const px = (n: number) => `${n}px`;

/** The height of the browse screen's tabs and its words and sort rows, which the opening keeps free (measured on the screen). */
const BROWSE_CONTROLS_PX = { phone: 136, wide: 109 };
const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const declarations = (o: Record<string, string | number>) =>
  Object.entries(o)
    .map(([k, v]) => `${kebab(k)}:${typeof v === 'number' && v !== 0 ? px(v) : v}`)
    .join(';');

function styles(): string {
  const desktop = `@media (min-width: ${HOME_DESKTOP_MIN_WIDTH})`;
  return [
    `.mk-o{font-family:${FONT_FAMILY};color:${gray[9]};-webkit-font-smoothing:antialiased}`,
    `.mk-o-bar{position:fixed;top:0;left:0;right:0;min-height:${px(NAV_HEIGHT_PX)};background:#fff;border-bottom:1px solid ${gray[2]};display:flex;align-items:center;z-index:100}`,
    // Mantine's Container at size xl: 82.5rem wide at most, 1rem each side.
    `.mk-o-wrap{width:100%;max-width:82.5rem;padding-inline:1rem;margin-inline:auto}`,
    `.mk-o-bar .mk-o-wrap{display:flex;align-items:center}`,
    `.mk-o-logo{display:inline-flex;align-items:center;gap:${px(LOGO_NAME.gapPx)};text-decoration:none;font-weight:${LOGO_NAME.fontWeight};font-size:${px(LOGO_NAME.fontPx)};line-height:1.55;color:${brand[8]}}`,
    `.mk-o-main{padding-top:${px(NAV_HEIGHT_PX)};min-height:100vh}`,
    `.mk-o-status{height:${px(SYNC_STATUS_HEIGHT_PX)}}`,
    `.mk-o-hero{position:relative;height:${px(HERO_HEIGHT_PX.mobile)};overflow:hidden;background:${brand[9]};color:#fff}`,
    `.mk-o-hero img{${declarations(HERO_FILL)}}`,
    `.mk-o-shade{position:absolute;inset:0;background:${HERO_OVERLAY.mobile}}`,
    `.mk-o-hero .mk-o-wrap{position:relative;height:100%}`,
    `.mk-o-copy{display:flex;flex-direction:column;gap:0.75rem;height:100%;padding-top:${px(HERO_COPY.phoneTopPx)}}`,
    `.mk-o-copy h1{margin:0;font-size:${px(HERO_TITLE_PX.mobile)};line-height:1.1;font-weight:750;text-shadow:${HERO_TEXT_SHADOW.title}}`,
    `.mk-o-copy p{margin:0;font-size:1rem;line-height:1.55;color:${brand[0]};text-shadow:${HERO_TEXT_SHADOW.lead}}`,
    `.mk-o-loading{display:flex;flex-direction:column;align-items:center;gap:1rem;padding:2rem 1rem;color:${gray[6]};font-size:1rem}`,
    `.mk-o-spin{width:36px;height:36px;border:4px solid ${brand[1]};border-top-color:${brand[7]};border-radius:50%;animation:mk-o-turn 0.8s linear infinite}`,
    `@keyframes mk-o-turn{to{transform:rotate(360deg)}}`,
    `${desktop}{.mk-o-hero{height:${px(HERO_HEIGHT_PX.desktop)}}.mk-o-shade{background:${HERO_OVERLAY.desktop}}.mk-o-copy{justify-content:center;max-width:${px(HERO_COPY.maxWidthPx)};padding-top:0;padding-bottom:${px(HERO_COPY.desktopBottomPx)}}.mk-o-copy h1{font-size:${px(HERO_TITLE_PX.desktop)}}.mk-o-copy p{font-size:1.125rem}}`,
  ].join('');
}

function logo(): string {
  const { size, radius, path, strokeWidth } = LOGO_MARK;
  const mark = `<svg width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" aria-hidden="true" focusable="false"><rect width="${size}" height="${size}" rx="${radius}" fill="${brand[7]}"/><path d="${path}" fill="none" stroke="${gold[4]}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
  return `<a class="mk-o-logo" href="/" aria-label="${esc(PRODUCT_NAME)} home">${mark}${esc(PRODUCT_NAME)}</a>`;
}

function poster(): string {
  const wide = `(min-width: ${HOME_DESKTOP_MIN_WIDTH})`;
  return (
    '<picture>' +
    `<source media="${wide}" srcset="${heroMedia('desktop')}.webp" type="image/webp">` +
    `<source media="${wide}" srcset="${heroMedia('desktop')}.jpg">` +
    `<source srcset="${heroMedia('mobile')}.webp" type="image/webp">` +
    `<img src="${heroMedia('mobile')}.jpg" alt="" fetchpriority="high">` +
    '</picture>'
  );
}

function hero(translators: OpeningTranslators): string {
  const title = languageAttributes((tr) => tr(HOME_HERO_TEXTS.title), translators);
  const lead = languageAttributes((tr) => tr(HOME_HERO_TEXTS.lead), translators);
  return (
    `<section class="mk-o-hero" aria-label="${esc(HOME_HERO_TEXTS.label)}">${poster()}<div class="mk-o-shade"></div>` +
    `<div class="mk-o-wrap"><div class="mk-o-copy"><h1${title}>${esc(HOME_HERO_TEXTS.title)}</h1><p${lead}>${esc(HOME_HERO_TEXTS.lead)}</p></div></div></section>`
  );
}

/**
 * The styles of a listing's key facts (src/domain/listing/listingFacts.ts), for the page's head: the server
 * writes the facts into a listing's page, and the app shows the same markup while the detail screen's
 * code is on its way, so the styles must outlive the opening screen in #root. Laid out as the detail
 * screen is: the photo and title on the left, the price and facts on the right from Mantine's md.
 */
export function listingFactsStyles(): string {
  const md = '@media (min-width: 62em)';
  return [
    `.mk-l{font-family:${FONT_FAMILY};color:${gray[9]};width:100%;max-width:82.5rem;margin-inline:auto;padding:1rem;box-sizing:border-box;line-height:1.55}`,
    `.mk-l a{color:${brand[7]};text-decoration:none}`,
    // As the screen's Group of breadcrumbs and Back button: spaced apart, the button below on a phone.
    `.mk-l-head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:1rem;margin-bottom:1rem}`,
    `.mk-l-crumbs{display:flex;flex-wrap:wrap;align-items:center;column-gap:10px;font-size:1rem}`,
    `.mk-l-crumbs span{color:${gray[9]}}`,
    `.mk-l .mk-l-back{display:inline-flex;align-items:center;height:36px;padding:0 18px;border:1px solid ${gray[4]};border-radius:8px;font-size:14px;font-weight:600;color:${gray[9]};background:#fff;box-sizing:border-box}`,
    `.mk-l-grid{display:grid;grid-template-columns:minmax(0,1fr);row-gap:1rem}`,
    `.mk-l-photo{margin:0;border-radius:16px;overflow:hidden;background:${gray[1]}}`,
    `.mk-l-photo img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover}`,
    `.mk-l h1{margin:0;font-size:26px;line-height:1.2;font-weight:750}`,
    `.mk-l-text{margin:0;color:${gray[7]}}`,
    `.mk-l-card{background:#fff;border:1px solid ${gray[3]};border-radius:16px;padding:1rem}`,
    `.mk-l-price{margin:0;font-size:36px;font-weight:850;color:${brand[8]}}`,
    `.mk-l-facts{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:0.75rem;margin:1rem 0 0}`,
    `.mk-l-facts dt{font-size:0.75rem;font-weight:600;text-transform:uppercase;color:${gray[6]}}`,
    `.mk-l-facts dd{margin:0;font-weight:600}`,
    // Two columns from Mantine's md, as the screen's Grid: photo, title and text left, the price card right.
    `${md}{.mk-l-grid{grid-template-columns:minmax(0,7fr) minmax(0,5fr);column-gap:2rem;align-items:start}.mk-l-photo,.mk-l h1,.mk-l-text{grid-column:1}.mk-l-card{grid-column:2;grid-row:1 / span 3}.mk-l h1{font-size:34px}}`,
  ].join('');
}

/** A listing page's opening screen, to go inside the page's #root: the bar, and where the server writes the facts. */
export function listingOpeningScreenHtml(factsMark: string): string {
  return `<style>${styles()}</style><div class="mk-o"><header class="mk-o-bar"><div class="mk-o-wrap">${logo()}</div></header><main class="mk-o-main"><div class="mk-o-status"></div>${factsMark}</main></div>`;
}

/** The home page's opening screen, to go inside the page's #root, its texts also in the other languages (openingLanguage.ts). */
export function homeOpeningScreenHtml(translators: OpeningTranslators): string {
  const loading = languageAttributes((tr) => startupText(PRODUCT_NAME, tr), translators);
  return (
    `<style>${styles()}</style>` +
    '<div class="mk-o">' +
    `<header class="mk-o-bar"><div class="mk-o-wrap">${logo()}</div></header>` +
    '<main class="mk-o-main"><div class="mk-o-status"></div>' +
    hero(translators) +
    `<div class="mk-o-loading" role="status"><span class="mk-o-spin"></span><span${loading}>${esc(startupText(PRODUCT_NAME))}</span></div>` +
    '</main></div>'
  );
}

/**
 * The styles of a browse screen's opening results (src/domain/search/browseOpening.ts), for every page's
 * head: the server writes them into /cars and the other types on a first visit, and the page's first
 * script draws the app's last answer with them on a later start (openingScript). Laid out as the
 * browse screen is: the title and the count, then the cards in Mantine's SimpleGrid columns.
 */
export function browseOpeningStyles(): string {
  const phone = '@media (max-width: 39.99em)';
  const xs = '@media (min-width: 36em)';
  const wide = '@media (min-width: 40em)';
  const md = '@media (min-width: 62em)';
  const lg = '@media (min-width: 75em)';
  return [
    `.mk-b{font-family:${FONT_FAMILY};color:${gray[9]};width:100%;max-width:82.5rem;margin-inline:auto;padding:24px 1rem;box-sizing:border-box;line-height:1.55}`,
    `.mk-b-head{display:flex;align-items:center;gap:1rem}`,
    `.mk-b-back{flex:none;width:86px;height:36px}`,
    `.mk-b-title{margin:0;font-size:32px;line-height:1.2;font-weight:700}`,
    `.mk-b-count{margin:0;font-weight:600;color:${gray[6]}}`,
    `.mk-b-controls{height:${px(BROWSE_CONTROLS_PX.wide)};margin:1rem 0}`,
    `.mk-b-grid{display:grid;grid-template-columns:minmax(0,1fr);gap:12px}`,
    `.mk-b-card{display:block;background:#fff;border:1px solid ${gray[3]};border-radius:16px;overflow:hidden;color:inherit;text-decoration:none;box-shadow:0 1px 3px rgba(0,0,0,.05),0 1px 2px rgba(0,0,0,.1)}`,
    `.mk-b-card img{display:block;width:100%;height:180px;object-fit:cover;background:${gray[1]}}`,
    `.mk-b-body{display:flex;flex-direction:column;gap:6px;padding:1rem}`,
    `.mk-b-body span{display:block;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}`,
    `.mk-b-price{font-size:20px;font-weight:800;color:${brand[8]}}`,
    `.mk-b-name{font-weight:650}`,
    `.mk-b-small{font-size:14px;color:${gray[6]}}`,
    `@media (max-width: 47.99em){.mk-b-title{font-size:24px}}`,
    `${phone}{.mk-b{padding-top:8px}.mk-b-head{gap:12px}.mk-b-back{width:40px;height:40px}.mk-b-title{font-size:20px}.mk-b-count{font-size:14px;line-height:1.3}.mk-b-controls{height:${px(BROWSE_CONTROLS_PX.phone)};margin:8px 0 12px}.mk-b-body{padding:12px;gap:4px}}`,
    `${xs}{.mk-b-grid{grid-template-columns:repeat(2,minmax(0,1fr));gap:16px}}`,
    `${wide}{.mk-b-grid{gap:16px}}`,
    `${md}{.mk-b-grid{grid-template-columns:repeat(3,minmax(0,1fr))}}`,
    `${lg}{.mk-b-grid{grid-template-columns:repeat(4,minmax(0,1fr))}}`,
  ].join('');
}

/** A browse page's opening screen, to go inside the page's #root: the bar, and the opening results (or where the server writes them). */
export function browseOpeningScreenHtml(results: string): string {
  return `<style>${styles()}</style><div class="mk-o"><header class="mk-o-bar"><div class="mk-o-wrap">${logo()}</div></header><main class="mk-o-main"><div class="mk-o-status"></div>${results}</main></div>`;
}
