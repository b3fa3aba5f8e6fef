import type { MotokariDb } from './db';

/** Whose outbox a replay with no page open sends, and with which token. */
export interface ReplayAuth {
  token: string;
  userId: string;
}

/**
 * Keeps the signed-in user's token in IndexedDB for the service worker's background replay (it cannot
 * read localStorage); null forgets it on sign-out, so nothing is sent for a user who has left.
 */
export async function saveReplayAuth(db: MotokariDb, auth: ReplayAuth | null): Promise<void> {
  if (auth) await db.meta.put({ key: 'replayAuth', token: auth.token, userId: auth.userId });
  else await db.meta.delete('replayAuth');
}

export async function readReplayAuth(db: MotokariDb): Promise<ReplayAuth | null> {
  const row = await db.meta.get('replayAuth');
  return row?.token && row.userId ? { token: row.token, userId: row.userId } : null;
}
