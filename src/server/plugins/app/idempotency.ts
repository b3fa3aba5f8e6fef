import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '@/domain/core/messages';
import { HttpError } from '@/server/errors';
import { claimIdempotencyKey, findIdempotencyKey, releaseIdempotencyKey, storeIdempotentAnswer } from '@/server/repositories/idempotency.repo';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim still without an answer after this long belongs to a request that will never finish: its
 * client went silent mid-body (a phone losing signal mid-upload does not always close the connection,
 * so no abort is seen). The same request may then take the key over, or the seller's queue would be
 * answered 'still being processed' for a day. Our handlers answer in well under a second once the body
 * is in, and a shrunk photo is a few hundred KB, so two minutes is far beyond a live request.
 */
export const STALE_CLAIM_MS = 2 * 60 * 1000;
/** Answers that are not a final result of the request (202 is "still pending") and so must not be replayed. */
const NOT_STORED = new Set([202, 401, 408, 409, 429]);

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { principal: string; key: string } | null;
  }
}

/** The request's fingerprint. Bodies are parsed with a cap on nesting (jsonBody.ts); one that still cannot be serialised is refused. */
function requestHash(method: string, url: string, body: unknown): string {
  let text: string;
  try {
    text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  } catch {
    throw new HttpError(400, GENERIC_MESSAGES.tooDeep);
  }
  return createHash('sha256').update(`${method} ${url}\n`).update(text).digest('hex');
}

/**
 * Every mutating /api request with an `Idempotency-Key` header runs once per (user, key): a replay
 * within 24 hours gets the first answer back and changes nothing. A row is claimed before the
 * handler runs (the primary key settles races) and filled in when the answer is sent; a 5xx or an
 * answer that is not final (202, 401, 409, 429) releases the key so the client may retry, and so does
 * a claim abandoned for STALE_CLAIM_MS.
 */
export const idempotencyPlugin = fp(async (app) => {
  const { db } = app.ctx;
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (req, reply) => {
    if (!MUTATING.has(req.method) || !req.url.startsWith('/api/')) return;
    if (req.routeOptions.config.skipIdempotency) return;
    const raw = req.headers['idempotency-key'];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key) return;
    if (key.length > 200) throw new HttpError(400, 'Idempotency-Key is too long');
    const principal = req.currentUser ? `user:${req.currentUser.id}` : 'anonymous';
    const path = req.url;
    const hash = requestHash(req.method, path, req.body);
    const now = Date.now();
    const cutoffs = { expiredBefore: new Date(now - TTL_MS), staleBefore: new Date(now - STALE_CLAIM_MS) };
    if (await claimIdempotencyKey(db, { principal, key, method: req.method, path, requestHash: hash }, cutoffs)) {
      req.idempotency = { principal, key };
      return;
    }
    const prior = await findIdempotencyKey(db, principal, key);
    if (!prior) throw new HttpError(409, GENERIC_MESSAGES.idempotencyInProgress);
    if (prior.requestHash !== hash) throw new HttpError(422, GENERIC_MESSAGES.idempotencyMismatch);
    if (prior.statusCode === null) throw new HttpError(409, GENERIC_MESSAGES.idempotencyInProgress);
    app.metrics.idempotentReplays.inc();
    reply
      .code(prior.statusCode)
      .header('idempotent-replayed', 'true')
      .header('content-type', prior.responseType ?? 'application/json; charset=utf-8');
    return reply.send(prior.responseBody ?? '');
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const claim = req.idempotency;
    if (!claim) return payload;
    req.idempotency = null;
    if (reply.statusCode >= 500 || NOT_STORED.has(reply.statusCode) || (payload !== null && typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      await releaseIdempotencyKey(db, claim.principal, claim.key);
      return payload;
    }
    const body = payload === null || payload === undefined ? '' : payload.toString();
    const type = reply.getHeader('content-type');
    await storeIdempotentAnswer(db, claim.principal, claim.key, { statusCode: reply.statusCode, responseBody: body, responseType: typeof type === 'string' ? type : null });
    return payload;
  });

  // A request that failed before a reply was sent (the client went away) must not hold its key forever.
  app.addHook('onRequestAbort', async (req) => {
    const claim = req.idempotency;
    if (!claim) return;
    await releaseIdempotencyKey(db, claim.principal, claim.key);
  });
});
