import type { ChatMessage } from '../core/wire';

// The live channel's protocol (issue 37), one source for the server (src/server/live) and the app
// (src/data/messages/live.ts): a WebSocket at /api/live. The client speaks first with its bearer token;
// the server answers 'ready', or closes with LIVE_UNAUTHORIZED; then it sends events as they happen.

/** The client's first (and only) message. */
export interface LiveAuth {
  type: 'auth';
  token: string;
}

/** The close code for a missing, bad or expired token: the client signs in again rather than retrying. */
export const LIVE_UNAUTHORIZED = 4401;

/** The path of the live channel under /api. */
export const LIVE_PATH = 'live';

export type LiveEvent =
  /** A new message of one of the person's conversations (theirs too: their other devices hear it). */
  | { type: 'message'; message: ChatMessage }
  /** One of the two read the conversation up to `read_at`. */
  | { type: 'read'; conversation_id: string; reader_id: string; read_at: string }
  /** A conversation was blocked, unblocked or reported: ask the server for it again. */
  | { type: 'conversation'; conversation_id: string };

export type LiveServerMessage = { type: 'ready' } | LiveEvent;
