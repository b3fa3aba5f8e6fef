import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES } from '@/domain/core/messages';
import { AUTH_MESSAGES } from '@/domain/account/authMessages';
import { forbidden, unauthorized } from '@/server/errors';
import { findUserById, type UserRow } from '@/server/repositories/users.repo';
import { findApiKeyByHash, touchApiKey } from '@/server/repositories/stockApi.repo';
import { STOCK_API_MESSAGES } from '@/domain/account/stockApi';
import { hashApiKey, isApiKey } from '@/server/apiKeys';

interface TokenClaims {
  sub: string;
  /** The user's token_version when the token was issued; tokens from before that field count as 0. */
  ver?: number;
}

const READS = new Set(['GET', 'HEAD']);

/**
 * Resolves `request.currentUser` from a bearer token on every request. Public routes treat a bad or
 * expired token as anonymous (browsing must never break); protected routes answer 401. The tokens are
 * signed and verified by plugins/external/jwt.ts, registered before this. A dealer's API key (`mk_…`,
 * issue 38) signs in only to the routes that accept one (`config.apiKeys`), and a read key only to read.
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('authError', null);
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (!header) return;
    if (!/^Bearer\s+\S+$/i.test(header)) {
      req.authError = 'Invalid authorization header';
      return;
    }
    const token = header.replace(/^Bearer\s+/i, '');
    if (isApiKey(token)) return signInWithKey(req, token);
    try {
      const claims = await req.jwtVerify<TokenClaims>();
      // The user is read on every request so a deleted user, a changed role or a revoked token (a
      // password reset or "Sign out on all devices" bumps token_version) takes effect at once.
      const user = await findUserById(app.ctx.db, claims.sub);
      if (user && user.tokenVersion === (claims.ver ?? 0)) req.currentUser = user;
      else req.authError = AUTH_MESSAGES.sessionExpired;
    } catch {
      req.authError = AUTH_MESSAGES.sessionExpired;
    }
  });
});

/** Signs a request in with an API key: its dealer, for the routes that take a key, in the key's scope. */
async function signInWithKey(req: FastifyRequest, token: string): Promise<void> {
  const { db, now } = req.server.ctx;
  const key = await findApiKeyByHash(db, hashApiKey(token));
  const user = key && (await findUserById(db, key.userId));
  if (!key || !user) {
    req.authError = STOCK_API_MESSAGES.badKey;
    return;
  }
  if (!req.routeOptions.config.apiKeys) {
    req.authError = STOCK_API_MESSAGES.keyNotHere;
    return;
  }
  if (!READS.has(req.method) && key.scope !== 'write') throw forbidden(STOCK_API_MESSAGES.readOnlyKey);
  req.currentUser = user;
  req.apiKey = { id: key.id, scope: key.scope as 'read' | 'write' };
  await touchApiKey(db, key.id, now());
}

export function signToken(reply: FastifyReply, user: UserRow): Promise<string> {
  return reply.jwtSign({ sub: user.id, ver: user.tokenVersion } satisfies TokenClaims);
}

export function requireUser(req: FastifyRequest, detail: string = req.authError ?? AUTH_MESSAGES.notAuthenticated): UserRow {
  if (!req.currentUser) throw unauthorized(detail);
  return req.currentUser;
}

export function requireAdmin(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (user.userType !== 'admin') throw forbidden(ADMIN_MESSAGES.adminRequired);
  return user;
}

export const isAdmin = (u: UserRow | null): boolean => u?.userType === 'admin';
