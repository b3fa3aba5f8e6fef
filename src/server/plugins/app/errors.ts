import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GENERIC_MESSAGES } from '../../../domain/messages';
import { HttpError } from '../../errors';

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
  return { status: 500, detail: GENERIC_MESSAGES.internal };
}

/** Every error a route throws answers errorReply's status and detail; a 5xx is logged. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((err, req, reply) => {
    const { status, detail } = errorReply(err as Error);
    if (status >= 500) req.log.error({ err }, 'request failed');
    reply.code(status).type('application/json; charset=utf-8').send({ detail });
  });
});
