import type { ProcessResult } from '@/data/outbox/runner';
import { saveReplayAuth, type ReplayAuth } from '@/data/replayAuth';
import { mirror } from './state';

// The page's way to the seller's outbox: it is sent from here (the same sendOutbox the service worker
// calls), and the session is handed to the service worker for its background sends.

/** Sends the signed-in user's queued publications (the outbox) until nothing more can run now. */
export async function replayOutbox(token: string, userId: string): Promise<ProcessResult> {
  // Loaded on first use (a signed-in seller): buyers' first screen does not carry the write path or Dexie.
  const { sendOutbox } = await import('@/data/outbox/send');
  return sendOutbox({ token, userId });
}

/** Hands the session to the service worker's background replay (null on sign-out). */
export function setReplayAuth(auth: ReplayAuth | null): Promise<void> {
  return saveReplayAuth(mirror, auth);
}
