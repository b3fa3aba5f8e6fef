import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '../../../domain/messages';
import { HOME_HERO_PRELOAD_LINK } from '../../../domain/home';
import { firstScreenModule, listingPageId, listingPhotoPreloadLink } from '../../../domain/screens';
import { isPublic } from '../../../domain/vehicle';
import { findVehicle, toApiVehicle } from '../../repositories/vehicles.repo';
import { loadScreenPreloads } from '../../screenPreloads';

/** The build's page for /: index.html with the home page's opening screen (vite.config.ts). */
const HOME_PAGE_FILE = 'home.html';

/**
 * Every other GET of a page address answers the app's page, with preload links for what its first
 * screen needs; anything else not found answers 404 `{ "detail": … }`. Without a built app (appDir
 * null or missing) only the 404.
 */
export const pagesPlugin = fp<{ appDir: string | null }>(async (app, opts) => {
  const { ctx } = app;
  const appDir = opts.appDir;
  const indexHtml = appDir ? path.join(appDir, 'index.html') : null;
  const preloads = appDir && existsSync(appDir) ? loadScreenPreloads(appDir) : null;
  /** The code of the screen the address opens on; for the home page, the phone or desktop panel as the browser's mobile hint says. */
  const screenLinks = (url: string, mobileHint: string | string[] | undefined): string | null => {
    const screen = firstScreenModule(url);
    if (!screen || !preloads) return null;
    return preloads(screen, mobileHint === '?1' ? 'mobile' : mobileHint === '?0' ? 'desktop' : null);
  };

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage = req.method === 'GET' && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/media/') && !path.extname(url);
    if (isPage && indexHtml && existsSync(indexHtml)) {
      const listing = listingPageId(url);
      // A hint only: a failed catch-up leaves the page without it.
      const row = listing ? await findVehicle(ctx.db, listing).catch(() => null) : null;
      const listed = row && isPublic(toApiVehicle(row), ctx.now()) ? row : null;
      const links = [
        url === '/' ? HOME_HERO_PRELOAD_LINK : null,
        listed ? listingPhotoPreloadLink(listed.images) : null,
        screenLinks(url, req.headers['sec-ch-ua-mobile']),
      ].filter(Boolean);
      if (links.length) reply.header('link', links.join(', '));
      // The home page's own copy carries its hero drawn in HTML (src/app/openingScreen.ts); a build without it gets the shell.
      const page = url === '/' && existsSync(path.join(appDir!, HOME_PAGE_FILE)) ? HOME_PAGE_FILE : 'index.html';
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(page, appDir!);
    }
    return reply.code(404).send({ detail: GENERIC_MESSAGES.notFound });
  });
});
