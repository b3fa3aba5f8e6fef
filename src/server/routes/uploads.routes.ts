import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_IMAGE_BYTES } from '../../domain/constants';
import { PLAN_TERMS } from '../../domain/fees';
import { LISTING_MESSAGES } from '../../domain/messages';
import { HttpError, unprocessable, badRequest } from '../errors';
import { requireUser } from '../plugins/auth';
import { NotAnImageError, type StoredImage } from '../media/mediaStore';

const MAX_FILES = PLAN_TERMS.premium.maxPhotos;

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { media } = app.ctx;

  /**
   * POST /api/uploads: one or more images as multipart form data. The type is judged from the bytes;
   * each is stored as WebP renditions named by its content, so a replayed upload stores nothing new.
   */
  app.post('/uploads', { schema: { tags: ['uploads'], consumes: ['multipart/form-data'] } }, async (req, reply) => {
    requireUser(req);
    if (!req.isMultipart()) throw badRequest('Send the images as multipart/form-data');
    const files: StoredImage[] = [];
    let n = 0;
    for await (const part of req.files({ limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES } })) {
      n += 1;
      const name = part.filename || `Image ${n}`;
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, LISTING_MESSAGES.imageTooLarge(name));
        throw e;
      }
      try {
        files.push({ ...(await media.store(bytes)) });
      } catch (e) {
        if (e instanceof NotAnImageError) throw unprocessable(LISTING_MESSAGES.invalidImage(name));
        throw e;
      }
    }
    if (!files.length) throw unprocessable(LISTING_MESSAGES.noValidImages);
    reply.code(201);
    return { files, urls: files.map((f) => f.url) };
  });
};
