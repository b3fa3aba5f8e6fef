import { STOCK_API_MESSAGES } from '@/domain/account/stockApi';
import { TEAM_MESSAGES } from '@/domain/account/dealerTeam';
import { displayName } from '@/domain/account/displayName';
import type { Db } from './db/client';
import { forbidden } from './errors';
import { dealerIdOf } from './repositories/dealerTeam.repo';
import { findUserById, type UserRow } from './repositories/users.repo';

// Whose listings a signed-in account manages (issue 38): its own, or, for a dealer's staff, the
// dealer's. Asked on each request, so a member removed from a team loses the listings at once.

/** The seller an account acts for (`seller`) and the person acting (`actor`): the same but for staff. */
export async function actingSeller(db: Db, user: UserRow): Promise<{ seller: UserRow; actor: UserRow }> {
  const dealerId = user.userType === 'dealer' ? null : await dealerIdOf(db, user.id);
  const dealer = dealerId ? await findUserById(db, dealerId) : null;
  return { seller: dealer ?? user, actor: user };
}

/** Whether the account may manage the listings of `sellerId`: its own, or its dealer's. */
export async function managesListingsOf(db: Db, user: UserRow, sellerId: string): Promise<boolean> {
  return user.id === sellerId || (await dealerIdOf(db, user.id)) === sellerId;
}

/** The dealer account itself (billing, API keys, the webhook, the team); staff and other accounts get 403. */
export async function requireDealerOwner(db: Db, user: UserRow): Promise<UserRow> {
  if (user.userType === 'dealer') return user;
  throw forbidden((await dealerIdOf(db, user.id)) ? TEAM_MESSAGES.ownerOnly : STOCK_API_MESSAGES.dealersOnly);
}

/** The dealer whose stock an account manages: the dealer account, or its staff's dealer; others get 403. */
export async function requireStockOf(db: Db, user: UserRow): Promise<{ dealer: UserRow; actor: UserRow }> {
  const { seller, actor } = await actingSeller(db, user);
  if (seller.userType !== 'dealer') throw forbidden(STOCK_API_MESSAGES.dealersOnly);
  return { dealer: seller, actor };
}

/** How a dealer is named to its team: the business's name, else the account's. */
export const dealerName = (u: Pick<UserRow, 'businessName' | 'name' | 'email'>): string => u.businessName?.trim() || displayName(u);
