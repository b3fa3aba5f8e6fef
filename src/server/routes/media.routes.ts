import type { FastifyPluginAsync } from 'fastify';
import { GENERIC_MESSAGES } from '@/domain/core/messages';
import { notFound } from '../errors';
import { MEDIA_CACHE_CONTROL, MEDIA_NAME } from '../media/mediaStore';
import { sendMedia, sendMediaHead } from '../media/sendMedia';

/**
 * GET (and HEAD) /media/:name for photos kept in a bucket (MEDIA_STORE=s3): streamed from it through this
 * server, or with MEDIA_PUBLIC_URL a permanent redirect there, so a CDN serves the bytes. Names
 * never change their bytes, so the redirect is cached for a year too. (Photos on the local disk
 * are served as files: see app.ts.)
 */
export const mediaRoutes: FastifyPluginAsync<{ publicUrl: string | null }> = async (app, { publicUrl }) => {
  const { media } = app.ctx;
  // HEAD is this route's own (Fastify then makes none from the GET, which would read the whole object
  // from the bucket and throw its bytes away): the rendition's size is asked for, not its bytes.
  app.route<{ Params: { name: string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/:name',
    schema: { hide: true },
    handler: async (req, reply) => {
      const { name } = req.params;
      if (!MEDIA_NAME.test(name)) throw notFound(GENERIC_MESSAGES.notFound);
      if (publicUrl) return reply.header('cache-control', MEDIA_CACHE_CONTROL).redirect(`${publicUrl}/${name}`, 301);
      if (req.method === 'HEAD') {
        const bytes = await media.size(name);
        if (bytes === null) throw notFound(GENERIC_MESSAGES.notFound);
        return sendMediaHead(req, reply, name, bytes, MEDIA_CACHE_CONTROL);
      }
      const obj = await media.read(name);
      if (!obj) throw notFound(GENERIC_MESSAGES.notFound);
      return sendMedia(req, reply, obj, MEDIA_CACHE_CONTROL);
    },
  });
};
