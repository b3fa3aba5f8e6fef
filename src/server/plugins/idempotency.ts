import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import { GENERIC_MESSAGES } from '../../domain/messages';
import { HttpError } from '../errors';

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
    const thisKey = and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key));
    await db.delete(idempotencyKeys).where(and(thisKey, lt(idempotencyKeys.createdAt, new Date(Date.now() - TTL_MS))));
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          thisKey,
          isNull(idempotencyKeys.statusCode),
          eq(idempotencyKeys.requestHash, hash),
          lt(idempotencyKeys.createdAt, new Date(Date.now() - STALE_CLAIM_MS)),
        ),
      );
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ principal, key, method: req.method, path, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      req.idempotency = { principal, key };
      return;
    }
    const [prior] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key)));
    if (!prior) throw new HttpError(409, GENERIC_MESSAGES.idempotencyInProgress);
    if (prior.requestHash !== hash) throw new HttpError(422, GENERIC_MESSAGES.idempotencyMismatch);
    if (prior.statusCode === null) throw new HttpError(409, GENERIC_MESSAGES.idempotencyInProgress);
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
    const where = and(eq(idempotencyKeys.principal, claim.principal), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode >= 500 || NOT_STORED.has(reply.statusCode) || (payload !== null && typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    const body = payload === null || payload === undefined ? '' : payload.toString();
    const type = reply.getHeader('content-type');
    await db
      .update(idempotencyKeys)
      .set({ statusCode: reply.statusCode, responseBody: body, responseType: typeof type === 'string' ? type : null })
      .where(where);
    return payload;
  });

  // A request that failed before a reply was sent (the client went away) must not hold its key forever.
  app.addHook('onRequestAbort', async (req) => {
    const claim = req.idempotency;
    if (!claim) return;
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.principal, claim.principal), eq(idempotencyKeys.key, claim.key)));
  });
});

export async function purgeExpiredIdempotencyKeys(db: import('../db/client').Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`));
}
