import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { GENERIC_MESSAGES } from '@/domain/core/messages';
import { PREVIEW_IMAGE } from '@/domain/content/seo';
import { isPublic } from '@/domain/listing/vehicle';
import { LANGUAGES } from '@/domain/i18n/languages';
import { toApiVehicle } from '../repositories/vehicles/rows';
import { findVehicle } from '../repositories/vehicles/reads';
import { currentRevision } from '../repositories/vehicles/writes';
import { listingPreview } from '../seo/preview';
import { listingsSitemap, pagesSitemap, sitemapIndex, SitemapRuns } from '../seo/sitemaps';

// For crawlers and chat apps, outside /api: robots.txt, the sitemaps, and each listing's link preview.

/** The sitemaps protocol's most URLs a file: each listing has one per language (issue 39). */
const SITEMAP_MAX = Math.floor(50_000 / LANGUAGES.length);
/** Crawlers come back for sitemaps often; an hour's copy is fresh enough, and a changed revision answers anew. */
const SITEMAP_CACHE = 'public, max-age=3600';
/** A preview's address carries its photo's hash (listingPreviewPath): a day's copy, as the price is not drawn on it. */
const PREVIEW_CACHE = 'public, max-age=86400';

const ROBOTS = (origin: string) => `# Listings, guides and dealer pages are public; the API and the signed-in screens are not for crawlers.
User-agent: *
Allow: /preview/
Disallow: /api/
Disallow: /dashboard
Disallow: /member-dashboard
Disallow: /admin

Sitemap: ${origin}/sitemap.xml
`;

/** Not part of the API: left out of its OpenAPI description (/api/docs). */
const NOT_API = { schema: { hide: true } };

export const seoRoutes: FastifyPluginAsync<{ sitemapSize?: number }> = async (app, opts) => {
  const { db, media, config } = app.ctx;
  const origin = config.publicUrl;
  const runs = new SitemapRuns(db, opts.sitemapSize ?? SITEMAP_MAX);

  /** Answers 304 when the crawler holds this revision's copy; else sets the validators and says to send. */
  const fresh = async (req: FastifyRequest, reply: FastifyReply): Promise<{ revision: number; notModified: boolean }> => {
    const revision = await currentRevision(db);
    const etag = `W/"r${revision}-${runs.size}"`;
    reply.header('etag', etag).header('cache-control', SITEMAP_CACHE).type('application/xml; charset=utf-8');
    return { revision, notModified: req.headers['if-none-match'] === etag };
  };

  app.get('/robots.txt', NOT_API, async (_req, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS(origin)));

  app.get('/sitemap.xml', NOT_API, async (req, reply) => {
    const { revision, notModified } = await fresh(req, reply);
    if (notModified) return reply.code(304).send();
    return reply.send(sitemapIndex(origin, (await runs.boundaries(revision)).length));
  });

  app.get('/sitemaps/:file', NOT_API, async (req, reply) => {
    const { file } = req.params as { file: string };
    const listings = /^listings-([1-9]\d{0,5})\.xml$/.exec(file);
    if (file !== 'pages.xml' && !listings) return reply.code(404).send({ detail: GENERIC_MESSAGES.notFound });
    const { revision, notModified } = await fresh(req, reply);
    if (notModified) return reply.code(304).send();
    if (!listings) return reply.send(await pagesSitemap(db, origin));
    const boundaries = await runs.boundaries(revision);
    const n = Number(listings[1]);
    if (n > boundaries.length) {
      reply.removeHeader('etag').removeHeader('cache-control');
      return reply.code(404).type('application/json; charset=utf-8').send({ detail: GENERIC_MESSAGES.notFound });
    }
    return reply.send(listingsSitemap(db, origin, boundaries[n - 1]!, boundaries[n] ?? null));
  });

  app.get('/preview/:file', NOT_API, async (req, reply) => {
    const { file } = req.params as { file: string };
    const id = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg$/i.exec(file)?.[1];
    const row = id ? await findVehicle(db, id) : null;
    const v = row ? toApiVehicle(row) : null;
    if (!v || !isPublic(v, app.ctx.now())) return reply.code(404).send({ detail: GENERIC_MESSAGES.notFound });
    const jpeg = await listingPreview(v, media);
    return reply.type(PREVIEW_IMAGE.type).header('cache-control', PREVIEW_CACHE).send(jpeg);
  });
};
