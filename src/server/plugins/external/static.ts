import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { localMediaDir } from '@/server/media/localStore';

/** Uploaded photos in the data folder, at /media/. Named by their content, so they never change: cached for a year. */
export const mediaFilesPlugin = fp(async (app) => {
  const mediaDir = localMediaDir(app.ctx.config.dataDir);
  mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    cacheControl: true,
    allowedPath: (p) => !p.includes('..'),
  });
});

/** The built app's files at /. */
export const appFilesPlugin = fp<{ appDir: string }>(async (app, opts) => {
  await app.register(fastifyStatic, {
    root: opts.appDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (buildApp.ts): served as is, no work per request.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Hashed build assets never change; everything else (the shell, the service worker) is revalidated.
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
});
