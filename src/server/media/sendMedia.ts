import type { FastifyReply, FastifyRequest } from 'fastify';
import { discard, MEDIA_TYPE, type MediaObject } from './mediaStore';

/** Whether an If-None-Match header names this (strong) ETag, or is `*`. */
const ifNoneMatch = (header: string | undefined, etag: string) => !!header && header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');

/**
 * Answers with a stored rendition, whichever store it comes from: its name (which changes with its
 * bytes) as a strong ETag, 304 when the client already has it.
 */
export function sendMedia(req: FastifyRequest, reply: FastifyReply, obj: MediaObject, cacheControl: string): FastifyReply {
  const etag = `"${obj.name}"`;
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (ifNoneMatch(req.headers['if-none-match'], etag)) {
    discard(obj);
    return reply.code(304).send();
  }
  if (obj.bytes !== undefined) reply.header('content-length', obj.bytes);
  return reply.type(MEDIA_TYPE).send(obj.body);
}
