import type { FastifyRequest } from 'fastify';
import { STOCK_API_MESSAGES } from '@/domain/account/stockApi';
import { forbidden } from '@/server/errors';
import { requireUser } from '@/server/plugins/app/auth';
import type { UserRow } from '@/server/repositories/users.repo';

/** The signed-in dealer (a session or an API key); 401 without one, 403 for other accounts. */
export function requireDealer(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (user.userType !== 'dealer') throw forbidden(STOCK_API_MESSAGES.dealersOnly);
  return user;
}
