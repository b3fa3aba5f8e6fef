import type { FastifyReply, FastifyRequest } from 'fastify';
import { discard, MEDIA_TYPE } from './mediaStore';
import type { MediaObject } from './mediaObjects';

/** Whether an If-None-Match header names this (strong) ETag, or is `*`. */
const ifNoneMatch = (header: string | undefined, etag: string) => !!header && header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');

/**
 * Answers with a stored rendition, whichever store it comes from: its name (which changes with its
 * bytes) as a strong ETag, 304 when the client already has it.
 */
export function sendMedia(req: FastifyRequest, reply: FastifyReply, obj: MediaObject, cacheControl: string): FastifyReply {
  if (notModified(req, reply, obj.name, cacheControl)) {
    discard(obj);
    return reply.code(304).send();
  }
  if (obj.bytes !== undefined) reply.header('content-length', obj.bytes);
  return reply.type(MEDIA_TYPE).send(obj.body);
}

/** A HEAD of a stored rendition: what `sendMedia` would answer, with its byte count and no bytes. */
export function sendMediaHead(req: FastifyRequest, reply: FastifyReply, name: string, bytes: number, cacheControl: string): FastifyReply {
  if (notModified(req, reply, name, cacheControl)) return reply.code(304).send();
  return reply.header('content-length', bytes).type(MEDIA_TYPE).send();
}

/** Sets the caching headers of a rendition; whether the client already has it. */
function notModified(req: FastifyRequest, reply: FastifyReply, name: string, cacheControl: string): boolean {
  const etag = `"${name}"`;
  reply.header('cache-control', cacheControl).header('etag', etag);
  return ifNoneMatch(req.headers['if-none-match'], etag);
}
