import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '@/domain/core/messages';
import { HOME_HERO_PRELOAD_LINK } from '@/domain/content/home';
import { firstScreen, listingPageId, listingPhotoPreloadLink } from '@/domain/content/screens';
import { browsePageHead, browsePageType, dealerPageHead, dealerPageId, fixedPageHead, listingPageHead, missingListingHead, siteHead, type PageHead } from '@/domain/content/seo';
import { LISTING_FACTS_MARK, listingDataScript, listingFactsHtml } from '@/domain/listing/listingFacts';
import { BROWSE_OPENING_MARK, browseDataScript, browseOpeningHtml, type BrowseOpening } from '@/domain/search/browseOpening';
import { isPublic } from '@/domain/listing/vehicle';
import { HOME_MOBILE_LIST_SIZE, startupText } from '@/domain/core/constants';
import { escapeMarkup } from '@/domain/content/markup';
import { dealerPageFacts, publicCountsByType } from '@/server/repositories/seo.repo';
import { toApiVehicle } from '@/server/repositories/vehicles/rows';
import { findVehicle } from '@/server/repositories/vehicles/reads';
import { compressBody, preferredEncoding } from '@/server/compression';
import { loadScreenPreloads } from '@/server/screenPreloads';
import { withHead } from '@/server/seo/pageHtml';
import { browseOpenings } from '@/server/seo/browseOpening';
import { RETRY_AFTER_S } from './errors';
import { languageAddress, languageAlternates, pageLanguage, translatorFor } from '@/server/i18n/translators';
import type { Language } from '@/domain/i18n/languages';
import type { Translate } from '@/domain/i18n/text';

/** The build's page for /: index.html with the home page's opening screen (vite.config.ts). */
const HOME_PAGE_FILE = 'home.html';
/** The build's page for a listing: index.html with the listing facts' styles and LISTING_FACTS_MARK (vite.config.ts). */
const LISTING_PAGE_FILE = 'listing.html';
/** The build's page for a browse screen: index.html with the bar and BROWSE_OPENING_MARK (vite.config.ts). */
const BROWSE_PAGE_FILE = 'browse.html';
/** How long the browse pages' counts are reused for their descriptions. */
const COUNTS_MS = 60_000;

/**
 * Every other GET of a page address answers the app's page with a head of its own (title,
 * description, link previews, structured data: src/domain/content/seo.ts) and preload links for what its
 * first screen needs; a listing that is not public answers 404 (the app shows 'Car not found'), not
 * to be indexed. Anything else not found answers 404 `{ "detail": … }`. Without a built app (appDir
 * null or missing) only the 404.
 */
export const pagesPlugin = fp<{ appDir: string | null }>(async (app, opts) => {
  const { ctx } = app;
  const origin = ctx.config.publicUrl;
  const appDir = opts.appDir;
  const indexHtml = appDir ? path.join(appDir, 'index.html') : null;
  const preloads = appDir && existsSync(appDir) ? loadScreenPreloads(appDir) : null;
  /** The code of the screen the address opens on; for the home page, the phone or desktop panel as the browser's mobile hint says. */
  const screenLinks = (url: string, mobileHint: string | string[] | undefined): string | null => {
    const screen = firstScreen(url);
    if (!screen || !preloads) return null;
    return preloads(screen, mobileHint === '?1' ? 'mobile' : mobileHint === '?0' ? 'desktop' : null);
  };
  /** A built page's text, read again only when the build changes it. */
  const pages = new Map<string, { mtimeMs: number; html: string }>();
  const pageText = (file: string): string => {
    const full = path.join(appDir!, file);
    const { mtimeMs } = statSync(full);
    const kept = pages.get(file);
    if (kept?.mtimeMs === mtimeMs) return kept.html;
    const html = readFileSync(full, 'utf8');
    pages.set(file, { mtimeMs, html });
    return html;
  };
  const openings = browseOpenings(ctx);
  let counts: { at: number; value: Promise<Awaited<ReturnType<typeof publicCountsByType>>> } | null = null;
  const typeCounts = () => {
    if (!counts || ctx.now().getTime() - counts.at > COUNTS_MS) counts = { at: ctx.now().getTime(), value: publicCountsByType(ctx.db) };
    const value = counts.value;
    return value.catch(() => {
      if (counts?.value === value) counts = null;
      return null;
    });
  };

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage = req.method === 'GET' && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/media/') && !path.extname(url);
    if (isPage && indexHtml && existsSync(indexHtml)) {
      let head: PageHead;
      let status = 200;
      // Each page has an address per language (issue 39): `?lang=sn` words its head (and a listing's facts) in Shona.
      const language = pageLanguage(req.url);
      const tr = translatorFor(language).t;
      const listing = listingPageId(url);
      const browse = browsePageType(url);
      const dealer = dealerPageId(url);
      let listed: ReturnType<typeof toApiVehicle> | null = null;
      let opening: BrowseOpening | null = null;
      if (!app.startup.apiReady && (listing || browse || dealer)) {
        // Still starting: the app's page, without the words read from the database, and a status that
        // tells a crawler to come back (the app itself reads its device copy and asks /api again).
        head = siteHead(true, tr);
        status = 503;
        reply.header('retry-after', String(RETRY_AFTER_S));
      } else if (listing) {
        // Not a listing's id at all (PostgreSQL refuses it) reads as no listing.
        const row = await findVehicle(ctx.db, listing).catch(() => null);
        const v = row ? toApiVehicle(row) : null;
        listed = v && isPublic(v, ctx.now()) ? v : null;
        head = listed ? listingPageHead(listed, origin, tr) : missingListingHead(tr);
        if (!listed) status = 404;
      } else if (browse) {
        head = browsePageHead(browse, (await typeCounts())?.[browse] ?? null, origin, tr);
        // The first results come with the page when it asks for none of its own (filters in the address).
        if (!req.url.includes('?')) opening = await openings(browse).catch(() => null);
      } else if (dealer) {
        const facts = await dealerPageFacts(ctx.db, dealer).catch(() => null);
        head = facts ? dealerPageHead(facts, origin, tr) : siteHead(true, tr);
      } else {
        head = fixedPageHead(url, origin, tr) ?? siteHead(false, tr);
        // The home page's list of the newest cars: their JSON only, for the app's first render (its hero is the page's opening).
        if (url === '/' && app.startup.apiReady) opening = await openings('car').catch(() => null);
      }
      const links = [url === '/' ? HOME_HERO_PRELOAD_LINK : null, listed ? listingPhotoPreloadLink(listed.images) : null, screenLinks(url, req.headers['sec-ch-ua-mobile'])].filter(Boolean);
      if (links.length) reply.header('link', links.join(', '));
      // The home page's own copy carries its hero drawn in HTML (src/app/openingScreen.ts), a listing's its
      // facts and JSON (src/domain/listing/listingFacts.ts), a browse page its first results and their JSON
      // (src/domain/search/browseOpening.ts); a build without them gets the shell.
      const own = url === '/' ? HOME_PAGE_FILE : listed ? LISTING_PAGE_FILE : opening ? BROWSE_PAGE_FILE : null;
      const page = own && existsSync(path.join(appDir!, own)) ? own : 'index.html';
      let html = withHead(pageText(page), inLanguage(head, language));
      // The startup line, in the page's language until the app draws the screen.
      if (language !== 'en')
        html = html.replace(/(<p class="loading"[^>]*>)[^<]*(<\/p>)/, (_all, open: string, close: string) => `${open}${escapeMarkup(startupText(ctx.config.productName, tr))}${close}`);
      if (listed) html = withListing(html, listed, tr);
      if (opening && html.includes(BROWSE_OPENING_MARK)) html = html.replace(BROWSE_OPENING_MARK, () => browseOpeningHtml(opening, tr) + browseDataScript(opening));
      else if (opening && url === '/') html = html.replace('</body>', () => `${browseDataScript({ ...opening, items: opening.items.slice(0, HOME_MOBILE_LIST_SIZE) })}</body>`);
      // Compressed here: @fastify/compress hooks the routes it sees registered, and this handler is none of them.
      const { body, encoding } = compressBody(html, preferredEncoding(req.headers['accept-encoding']));
      if (encoding) reply.header('content-encoding', encoding);
      return reply.code(status).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8').send(body);
    }
    return reply.code(404).send({ detail: GENERIC_MESSAGES.notFound });
  });
});

/** An indexed page's head in its language: its own address is the canonical one, and it names the others (hreflang). */
function inLanguage(head: PageHead, language: Language): PageHead {
  if (!head.canonical || head.noindex) return { ...head, language };
  return { ...head, language, canonical: languageAddress(head.canonical, language), alternates: languageAlternates(head.canonical) };
}

/** The listing's facts where the build marked them (else at the start of #root) and its JSON for the app's first render. */
function withListing(html: string, v: Parameters<typeof listingFactsHtml>[0], tr: Translate): string {
  const facts = listingFactsHtml(v, tr) + listingDataScript(v);
  if (html.includes(LISTING_FACTS_MARK)) return html.replace(LISTING_FACTS_MARK, () => facts);
  return html.replace(/<div id="root">(?:<p class="loading"[^>]*>[^<]*<\/p>)?/, () => `<div id="root">${facts}`);
}
