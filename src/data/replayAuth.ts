import type { Mirror } from './mirror';

/** Whose outbox a replay with no page open sends, and with which token. */
export interface ReplayAuth {
  token: string;
  userId: string;
}

/**
 * Keeps the signed-in user's token in IndexedDB for the service worker's background replay (it cannot
 * read localStorage); null forgets it on sign-out, so nothing is sent for a user who has left.
 */
export async function saveReplayAuth(mirror: Mirror, auth: ReplayAuth | null): Promise<void> {
  if (auth) await mirror.putMeta({ key: 'replayAuth', token: auth.token, userId: auth.userId });
  else await mirror.deleteMeta('replayAuth');
}

export async function readReplayAuth(mirror: Mirror): Promise<ReplayAuth | null> {
  const row = await mirror.meta('replayAuth');
  return row?.token && row.userId ? { token: row.token, userId: row.userId } : null;
}

/**
 * Forgets the stored session if it still holds `token`: the server refused it (revoked by a password
 * reset or "Sign out on all devices", or expired), so background replays stop sending it. A newer
 * session stored meanwhile by a page is kept.
 */
export async function forgetReplayAuth(mirror: Mirror, token: string): Promise<void> {
  if ((await readReplayAuth(mirror))?.token === token) await mirror.deleteMeta('replayAuth');
}
