import WebSocket from 'ws';
import type { LiveServerMessage } from '@/domain/messages/liveEvents';

// A client of the live channel (GET /api/live) for the tests and the messages bench: it signs in with its
// token as the app does, keeps every event it hears, and waits for the next one matching.

/** A client of the live channel: every event it heard, and a wait for the next one matching. */
export interface LiveClient {
  events: LiveServerMessage[];
  next(match: (e: LiveServerMessage) => boolean): Promise<LiveServerMessage>;
  closed: Promise<number>;
  close(): void;
}

export function connectLive(base: string, token: string | null, auth = true): Promise<LiveClient> {
  const socket = new WebSocket(base.replace(/^http/, 'ws') + '/api/live');
  const events: LiveServerMessage[] = [];
  const waiters: { match: (e: LiveServerMessage) => boolean; resolve: (e: LiveServerMessage) => void }[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data) => {
    const event = JSON.parse(String(data)) as LiveServerMessage;
    events.push(event);
    for (const w of [...waiters]) {
      if (w.match(event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  });
  const client: LiveClient = {
    events,
    closed,
    close: () => socket.close(),
    next: (match) => {
      const seen = events.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('open', () => {
      if (auth) socket.send(JSON.stringify({ type: 'auth', token }));
      resolve(client);
    });
  });
}

export const isMessage = (text: string) => (e: LiveServerMessage) => e.type === 'message' && e.message.text === text;
