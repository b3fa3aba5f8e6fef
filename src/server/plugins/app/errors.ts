import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GENERIC_MESSAGES } from '@/domain/core/messages';
import { HttpError } from '@/server/errors';

/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_S = 5;

/** Node's errors for a connection that could not be made or was lost. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** PostgreSQL's: the server shutting down or starting, too many connections (class 08 is a connection exception). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own words for a connection lost or not made in time. */
const LOST = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * Whether a request failed because a service it needs could not be reached (the database down,
 * restarting, failing over or out of connections; the photos' bucket down), looking through the
 * error's causes: worth trying again shortly, not a fault of the request's or a bug.
 */
function serviceUnreachable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_ERRORS.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (LOST.test(e.message)) return true;
  }
  return false;
}

/** JSON `{ "detail": … }` for every error; never a stack trace. */
export function errorReply(err: FastifyError | HttpError | Error): { status: number; detail: unknown } {
  if (err instanceof HttpError) return { status: err.statusCode, detail: err.detail };
  const fe = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe)) {
    return {
      status: 422,
      detail: fe.validation.map((v) => ({
        loc: [fe.validationContext ?? 'body', ...v.instancePath.split('/').filter(Boolean)],
        msg: v.message ?? 'Invalid value',
        type: v.keyword,
      })),
    };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, detail: GENERIC_MESSAGES.malformedJson };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { status: 413, detail: GENERIC_MESSAGES.tooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, detail: 'Unsupported content type' };
    case 'FST_ERR_BAD_URL':
      return { status: 400, detail: GENERIC_MESSAGES.badAddress };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, detail: GENERIC_MESSAGES.addressTooLong };
  }
  if (fe.statusCode === 429) return { status: 429, detail: GENERIC_MESSAGES.rateLimited };
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return { status: fe.statusCode, detail: fe.message };
  if (serviceUnreachable(err)) return { status: 503, detail: GENERIC_MESSAGES.unavailable };
  return { status: 500, detail: GENERIC_MESSAGES.internal };
}

/** Every error a route throws answers errorReply's status and detail; a 5xx is logged. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((err, req, reply) => {
    const { status, detail } = errorReply(err as Error);
    if (status >= 500) req.log.error({ err }, 'request failed');
    if (status === 503) reply.header('retry-after', String(RETRY_AFTER_S));
    reply.code(status).type('application/json; charset=utf-8').send({ detail });
  });
});
