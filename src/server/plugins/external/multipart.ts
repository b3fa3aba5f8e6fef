import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { MAX_IMAGE_BYTES } from '@/domain/core/constants';

/** Photo uploads: at most 20 files of MAX_IMAGE_BYTES each. */
export const multipartPlugin = fp(async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 20 } });
});
