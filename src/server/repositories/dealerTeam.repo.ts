import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client';
import { dealerInvites, dealerMembers, users } from '@/server/db/schema';
import type { TeamInvite, TeamMember } from '@/domain/account/dealerTeam';

// A dealer's team (issue 38): its members and its invitations.

type InviteRow = typeof dealerInvites.$inferSelect;

/** The dealer an account works for, or null. */
export async function dealerIdOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ dealerId: dealerMembers.dealerId }).from(dealerMembers).where(eq(dealerMembers.userId, userId)).limit(1);
  return row?.dealerId ?? null;
}

export async function listMembers(db: Db, dealerId: string): Promise<TeamMember[]> {
  const rows = await db
    .select({ user_id: users.id, name: users.name, email: users.email, joined: dealerMembers.createdAt })
    .from(dealerMembers)
    .innerJoin(users, eq(users.id, dealerMembers.userId))
    .where(eq(dealerMembers.dealerId, dealerId))
    .orderBy(asc(dealerMembers.createdAt));
  return rows.map(({ joined, ...r }) => ({ ...r, joined_at: joined.toISOString() }));
}

export const toInvite = (r: InviteRow): TeamInvite => ({ id: r.id, email: r.email, created_at: r.createdAt.toISOString(), expires_at: r.expiresAt.toISOString() });

/** A dealer's invitations not accepted and not expired, oldest first. */
export async function openInvites(db: Db, dealerId: string, now: Date): Promise<InviteRow[]> {
  return db
    .select()
    .from(dealerInvites)
    .where(and(eq(dealerInvites.dealerId, dealerId), isNull(dealerInvites.acceptedAt), gt(dealerInvites.expiresAt, now)))
    .orderBy(asc(dealerInvites.createdAt));
}

export async function insertInvite(db: Db, invite: Pick<InviteRow, 'dealerId' | 'email' | 'tokenHash' | 'expiresAt'>): Promise<InviteRow> {
  const [row] = await db.insert(dealerInvites).values(invite).returning();
  return row!;
}

export async function deleteInvite(db: Db, dealerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(dealerInvites)
    .where(and(eq(dealerInvites.id, id), eq(dealerInvites.dealerId, dealerId), isNull(dealerInvites.acceptedAt)))
    .returning({ id: dealerInvites.id });
  return rows.length > 0;
}

/** The open invitation a link's token names, or null (unknown, used or expired). */
export async function findOpenInvite(db: Db | Tx, tokenHash: string, now: Date): Promise<InviteRow | null> {
  const [row] = await db
    .select()
    .from(dealerInvites)
    .where(and(eq(dealerInvites.tokenHash, tokenHash), isNull(dealerInvites.acceptedAt), gt(dealerInvites.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/**
 * Takes an invitation for an account, once: the invitation is marked used and the account joins the
 * dealer, in one transaction. False when the invitation was used meanwhile or the account joined a team.
 */
export async function acceptInvite(db: Db, inviteId: string, userId: string, dealerId: string, now: Date): Promise<boolean> {
  class Taken extends Error {}
  try {
    return await db.transaction(async (tx) => {
      const joined = await tx.insert(dealerMembers).values({ userId, dealerId, createdAt: now }).onConflictDoNothing().returning({ userId: dealerMembers.userId });
      if (!joined.length) return false;
      const taken = await tx
        .update(dealerInvites)
        .set({ acceptedAt: now })
        .where(and(eq(dealerInvites.id, inviteId), isNull(dealerInvites.acceptedAt)))
        .returning({ id: dealerInvites.id });
      // Used by another request meanwhile: the membership goes with this transaction.
      if (!taken.length) throw new Taken();
      return true;
    });
  } catch (e) {
    if (e instanceof Taken) return false;
    throw e;
  }
}

export async function removeMember(db: Db, dealerId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(dealerMembers)
    .where(and(eq(dealerMembers.dealerId, dealerId), eq(dealerMembers.userId, userId)))
    .returning({ userId: dealerMembers.userId });
  return rows.length > 0;
}

export async function leaveTeam(db: Db, userId: string): Promise<boolean> {
  const rows = await db.delete(dealerMembers).where(eq(dealerMembers.userId, userId)).returning({ userId: dealerMembers.userId });
  return rows.length > 0;
}
