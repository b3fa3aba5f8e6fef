import { STORAGE_KEYS } from '@/domain/core/constants';
import type { MyTeam } from '@/domain/account/dealerTeam';

// Whom the member works for, as last heard from the server, kept on the device: an offline dashboard
// still shows a dealer's staff the dealer's listings (kept under the dealer's id, useMyListings).

const isTeam = (t: unknown): t is MyTeam => {
  if (typeof t !== 'object' || t === null) return false;
  const { role, dealer } = t as { role?: unknown; dealer?: unknown };
  if (role === null) return dealer === null;
  if (role !== 'owner' && role !== 'staff') return false;
  const d = dealer as { id?: unknown; name?: unknown } | null;
  return typeof d?.id === 'string' && typeof d.name === 'string';
};

/** The kept answer for this account, or null when none (or another account's). */
export function readTeam(userId: string): MyTeam | null {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEYS.myTeam) ?? 'null') as { userId?: unknown; team?: unknown } | null;
    return kept?.userId === userId && isTeam(kept.team) ? kept.team : null;
  } catch {
    return null;
  }
}

export function keepTeam(userId: string, team: MyTeam): void {
  try {
    localStorage.setItem(STORAGE_KEYS.myTeam, JSON.stringify({ userId, team }));
  } catch (err) {
    console.warn('team not kept for offline visits', err);
  }
}
