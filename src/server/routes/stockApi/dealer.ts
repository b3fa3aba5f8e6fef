import type { FastifyRequest } from 'fastify';
import { requireUser } from '@/server/plugins/app/auth';
import type { UserRow } from '@/server/repositories/users.repo';
import { requireDealerOwner, requireStockOf } from '@/server/team';

/** The signed-in dealer account itself (a session or its API key); 401 without one, 403 for staff and other accounts. */
export function requireDealer(req: FastifyRequest): Promise<UserRow> {
  return requireDealerOwner(req.server.ctx.db, requireUser(req));
}

/** The dealer whose stock the request manages, and who acts: the dealer, or one of its staff. */
export function requireStock(req: FastifyRequest): Promise<{ dealer: UserRow; actor: UserRow }> {
  return requireStockOf(req.server.ctx.db, requireUser(req));
}
