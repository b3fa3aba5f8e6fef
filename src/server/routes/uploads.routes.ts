import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadAnswerSchema, type StoredImage } from '@/domain/core/wire';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGES } from '@/domain/core/constants';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { HttpError, unprocessable, badRequest } from '../errors';
import { requireUser } from '../plugins/app/auth';
import { ImageTooLargeError, NotAnImageError } from '../media/mediaStore';
import { recordUpload } from '../repositories/uploads.repo';

/** A listing holds at most MAX_IMAGES photos (the app sends one per request): a request with more is refused. */
const MAX_FILES = MAX_IMAGES;

/** An upload's refusal as counted (the `reason` label of motokari_upload_refusals_total), by its status. */
const REFUSAL_REASONS: Record<number, string> = {
  400: 'malformed',
  401: 'not_signed_in',
  413: 'too_large',
  415: 'not_multipart',
  422: 'unusable_image',
  429: 'rate_limited',
};

/**
 * One step of reading the multipart body. A body that is not valid multipart (no boundary, garbage,
 * a truncated part) is the client's error: 400, never 500. Limits answer 413 with what was exceeded.
 */
async function readPart<T>(step: () => Promise<T>, name: () => string): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, LISTING_MESSAGES.imageTooLarge(name()));
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, LISTING_MESSAGES.tooManyImages(MAX_FILES));
    const status = (e as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) throw e;
    throw badRequest(LISTING_MESSAGES.malformedUpload);
  }
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, media, config } = app.ctx;

  /**
   * POST /api/uploads: one or more images as multipart form data. The type is judged from the bytes;
   * each is stored as WebP renditions named by its content, so a replayed upload stores nothing new
   * and answers the same addresses.
   * Limited per signed-in user (per client address before sign-in is checked), as decoding costs CPU.
   */
  app.post(
    '/uploads',
    {
      schema: { summary: 'Upload listing photos', response: { 201: uploadAnswerSchema }, tags: ['uploads'], consumes: ['multipart/form-data'], security: [{ bearerAuth: [] }] },
      config: {
        apiKeys: true,
        rateLimit: {
          max: config.uploadsPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (req) => (req.currentUser ? `uploads:user:${req.currentUser.id}` : `uploads:ip:${req.ip}`),
        },
        // Not answered from the Idempotency-Key's record: a multipart body is read by the handler, after
        // the record is looked up, so the record would answer a different photo sent under the same key
        // with the first one's address. An upload is idempotent by itself (its answer is a function of
        // its bytes; a replay stores nothing new), so it simply runs again.
        skipIdempotency: true,
      },
      onResponse: (_req, reply, done) => {
        if (reply.statusCode >= 400 && reply.statusCode < 500) app.metrics.uploadRefusals.inc({ reason: REFUSAL_REASONS[reply.statusCode] ?? 'other' });
        done();
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      if (!req.isMultipart()) throw badRequest('Send the images as multipart/form-data');
      const files: StoredImage[] = [];
      let n = 0;
      let name = '';
      const parts = await readPart(
        async () => req.files({ limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES } })[Symbol.asyncIterator](),
        () => name,
      );
      for (;;) {
        const next = await readPart(
          () => parts.next(),
          () => name,
        );
        if (next.done) break;
        const part = next.value;
        n += 1;
        name = part.filename || `Image ${n}`;
        const bytes = await readPart(
          () => part.toBuffer(),
          () => name,
        );
        try {
          const stored = await media.store(bytes);
          // Recorded so that a photo no listing takes is deleted after a day (purgeOrphanUploads).
          await recordUpload(db, stored.url, user.id, app.ctx.now());
          app.metrics.uploadedImages.inc();
          files.push({ ...stored });
        } catch (e) {
          if (e instanceof ImageTooLargeError) throw unprocessable(LISTING_MESSAGES.imageTooManyPixels(name, MAX_IMAGE_PIXELS));
          if (e instanceof NotAnImageError) throw unprocessable(LISTING_MESSAGES.invalidImage(name));
          throw e;
        }
      }
      if (!files.length) throw unprocessable(LISTING_MESSAGES.noValidImages);
      reply.code(201);
      return { files, urls: files.map((f) => f.url) };
    },
  );
};
