import { escapeMarkup as xml } from '@/domain/content/markup';
import { Readable } from 'node:stream';
import { listingPath } from '@/domain/content/seo';
import type { Db } from '../db/client';
import { LANGUAGES } from '@/domain/i18n/languages';
import { languageAddress, languageAlternates } from '../i18n/translators';
import { dealersWithStock, publicIdBoundaries, publicListingsPage } from '../repositories/seo.repo';

// The sitemaps (sitemaps.org): /sitemap.xml is an index of /sitemaps/pages.xml (the fixed pages, the
// browse pages and the dealers' pages) and /sitemaps/listings-<n>.xml, each of at most `size` public
// listings in id order, written while they are read a page at a time, so a million listings cost a
// page of rows in memory, not the whole list.

/** The pages every visitor can open, besides listings and dealers. */
export const SITEMAP_PAGES = [
  '/',
  '/cars',
  '/construction',
  '/farming',
  '/featured',
  '/dealers',
  '/advertising-prices',
  '/buying-guide',
  '/selling-guide',
  '/faq',
  '/about',
  '/terms-and-conditions',
  '/privacy-policy',
  '/cookie-policy',
];
/** Rows read at a time while a listings sitemap is written. */
const READ_PAGE = 5000;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const XHTML = 'http://www.w3.org/1999/xhtml';

/**
 * A page's entries: one per language (issue 39), each naming all the page's languages
 * (`xhtml:link rel="alternate" hreflang`), as search engines ask of a page with translations.
 */
const url = (loc: string, lastmod?: Date) => {
  const links = languageAlternates(loc)
    .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`)
    .join('');
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return LANGUAGES.map((l) => `<url><loc>${xml(languageAddress(loc, l))}</loc>${modified}${links}</url>\n`).join('');
};

/** The index: the pages' sitemap and one per run of listings (the runs' first ids, see publicIdBoundaries). */
export function sitemapIndex(origin: string, listingFiles: number): string {
  const files = ['/sitemaps/pages.xml', ...Array.from({ length: listingFiles }, (_, i) => `/sitemaps/listings-${i + 1}.xml`)];
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${files.map((f) => `<sitemap><loc>${xml(origin + f)}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;
}

export async function pagesSitemap(db: Db, origin: string): Promise<string> {
  const dealers = await dealersWithStock(db);
  const body = [...SITEMAP_PAGES.map((p) => url(origin + p)), ...dealers.map((d) => url(`${origin}/dealer/${encodeURIComponent(d.id)}/inventory`, d.updated))].join('');
  return `${XML_HEAD}<urlset xmlns="${NS}" xmlns:xhtml="${XHTML}">\n${body}</urlset>\n`;
}

/** The listings from `from` up to `to` (exclusive; null: to the end), written as they are read. */
export function listingsSitemap(db: Db, origin: string, from: string, to: string | null): Readable {
  async function* lines() {
    yield `${XML_HEAD}<urlset xmlns="${NS}" xmlns:xhtml="${XHTML}">\n`;
    let after: string | null = null;
    for (;;) {
      const rows = await publicListingsPage(db, { from, after, to }, READ_PAGE);
      if (rows.length) yield rows.map((r) => url(origin + listingPath(r.id), r.updated)).join('');
      if (rows.length < READ_PAGE) break;
      after = rows[rows.length - 1]!.id;
    }
    yield '</urlset>\n';
  }
  return Readable.from(lines());
}

/**
 * The runs of listings, kept while the listings' revision stays the same (a change anywhere may move
 * the runs' boundaries): one pass over the ids per change, not per sitemap asked for.
 */
export class SitemapRuns {
  private kept: { revision: number; boundaries: Promise<string[]> } | null = null;

  constructor(
    private readonly db: Db,
    readonly size: number,
  ) {}

  boundaries(revision: number): Promise<string[]> {
    if (this.kept?.revision !== revision) {
      const boundaries = publicIdBoundaries(this.db, this.size);
      this.kept = { revision, boundaries };
      boundaries.catch(() => {
        if (this.kept?.boundaries === boundaries) this.kept = null;
      });
    }
    return this.kept.boundaries;
  }
}
