import { subscribe } from 'valtio';
import { db } from '@/data/db';
import { LiveChannel } from '@/data/messages/live';
import { absorbSent, applyLiveEvent, syncMessages } from '@/data/messages/sync';
import type { LiveEvent } from '@/domain/messages/liveEvents';
import { session } from '@/app/shared/session/session';
import { outboxRunner } from '@/app/shared/outbox/outboxRunner';

// The messages' life on the page, for a signed-in person only (App.tsx imports this file once someone
// is signed in, so an anonymous visit loads none of it): the device's sync of conversations when the
// app starts signed in, when the connection returns, when a live event needs it and when a screen
// opens; the live channel while signed in; and the sent messages moved out of the outbox after each run.

let started = false;
let channel: LiveChannel | null = null;
let owner: string | null = null;
let running: Promise<void> | null = null;
let again: { also: string | null } | null = null;

/** Syncs the person's messages (one run at a time; a call during a run makes one more after it). */
export function requestSync(also: string | null = null): Promise<void> {
  const userId = owner;
  if (!userId) return Promise.resolve();
  if (running) {
    again = { also: again?.also ?? also };
    return running;
  }
  running = (async () => {
    let next: string | null = also;
    for (;;) {
      try {
        await syncMessages(db, userId, next);
      } catch (err) {
        console.warn('messages not synced', err);
      }
      if (!again || owner !== userId) break;
      next = again.also;
      again = null;
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

function onEvent(event: LiveEvent): void {
  const userId = owner;
  if (!userId) return;
  void applyLiveEvent(db, userId, event)
    .then((applied) => {
      // Not known here yet, or the conversation changed (blocked, reported): the server says what is true.
      if (!applied) return requestSync(event.type === 'message' ? event.message.conversation_id : event.conversation_id);
      // A new message changes the list's unread counts and order: the server's view follows.
      if (event.type === 'message') return requestSync();
    })
    .catch((err: unknown) => console.warn('live event not stored', err));
}

function onSession(): void {
  const token = session.token;
  const userId = token ? (session.user?.id ?? null) : null;
  if (userId === owner && (channel !== null) === (userId !== null)) return;
  channel?.close();
  channel = null;
  owner = userId;
  if (!token || !userId) return;
  channel = new LiveChannel(token, { onEvent, onReady: () => void requestSync() });
  void requestSync();
}

/** Starts the messages' sync and live channel, following the session (idempotent). */
export function startMessages(): void {
  if (started) return;
  started = true;
  subscribe(session, onSession);
  onSession();
  window.addEventListener('online', () => {
    channel?.wake();
    void requestSync();
  });
  // The outbox sent messages: they are the server's now (stored, shown sent), and their conversations too.
  subscribe(outboxRunner, () => {
    const last = outboxRunner.last;
    if (outboxRunner.running || !owner || !last || last.completed === 0) return;
    void absorbSent(db, owner)
      .then(() => requestSync())
      .catch((err: unknown) => console.warn('sent messages not stored', err));
  });
}
