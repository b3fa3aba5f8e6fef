import { db } from '../db';
import type { ReplayAuth } from '../replayAuth';
import { processOutbox, type ProcessResult } from './runner';
import { fetchSend } from './senders';

// The one way into the outbox from outside the page: the listings worker (for the page) and the
// service worker (in the background, with no page open) both send the queue through here.

/**
 * Sends the signed-in user's queue from the device's database with plain fetch and their token, until
 * nothing more can run now. The runner's device lock makes the page's run and the service worker's take turns.
 */
export function sendOutbox(auth: ReplayAuth): Promise<ProcessResult> {
  return processOutbox(db, fetchSend(auth.token), { userId: auth.userId });
}
