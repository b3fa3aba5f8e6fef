import type { FastifyPluginAsync } from 'fastify';
import { GENERIC_MESSAGES } from '../../domain/messages';
import { notFound } from '../errors';
import { MEDIA_CACHE_CONTROL, MEDIA_NAME } from '../media/mediaStore';
import { sendMedia, sendMediaHead } from '../media/sendMedia';

/**
 * GET /media/:name for photos kept in a bucket (MEDIA_STORE=s3): streamed from it through this
 * server, or with MEDIA_PUBLIC_URL a permanent redirect there, so a CDN serves the bytes. Names
 * never change their bytes, so the redirect is cached for a year too. (Photos on the local disk
 * are served as files: see app.ts.)
 */
export const mediaRoutes: FastifyPluginAsync<{ publicUrl: string | null }> = async (app, { publicUrl }) => {
  const { media } = app.ctx;
  // Declared before the GET, so Fastify does not make a HEAD of its own from it (which would read the
  // whole object from the bucket and throw its bytes away).
  app.head<{ Params: { name: string } }>('/media/:name', { schema: { hide: true } }, async (req, reply) => {
    const { name } = req.params;
    if (!MEDIA_NAME.test(name)) throw notFound(GENERIC_MESSAGES.notFound);
    if (publicUrl) return reply.header('cache-control', MEDIA_CACHE_CONTROL).redirect(`${publicUrl}/${name}`, 301);
    const bytes = await media.size(name);
    if (bytes === null) throw notFound(GENERIC_MESSAGES.notFound);
    return sendMediaHead(req, reply, name, bytes, MEDIA_CACHE_CONTROL);
  });
  app.get<{ Params: { name: string } }>('/media/:name', { schema: { hide: true } }, async (req, reply) => {
    const { name } = req.params;
    if (!MEDIA_NAME.test(name)) throw notFound(GENERIC_MESSAGES.notFound);
    if (publicUrl) return reply.header('cache-control', MEDIA_CACHE_CONTROL).redirect(`${publicUrl}/${name}`, 301);
    const obj = await media.read(name);
    if (!obj) throw notFound(GENERIC_MESSAGES.notFound);
    return sendMedia(req, reply, obj, MEDIA_CACHE_CONTROL);
  });
};
