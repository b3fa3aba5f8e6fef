import { LIVE_PATH, LIVE_UNAUTHORIZED, type LiveAuth, type LiveEvent } from '@/domain/messages/liveEvents';

// The live channel's client (issue 37): a WebSocket to /api/live on the page's own origin. It sends
// the bearer token first ({"type":"auth"}), then hears the server's events until it is closed; when the
// connection drops it connects again after a backoff (1 s, 2 s, 4 s ... up to 30 s). A close with 4401
// (the token refused) stops it: a new session opens a new channel.

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

interface LiveHandlers {
  /** An event from the server. */
  onEvent(event: LiveEvent): void;
  /** The channel is (again) ready: what happened while it was down is for a sync to fetch. */
  onReady(): void;
}

function liveUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/${LIVE_PATH}`;
}

function parse(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string') return null;
  try {
    const v = JSON.parse(data) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A live channel for one session's token. */
export class LiveChannel {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private closed = false;

  constructor(
    private readonly token: string,
    private readonly handlers: LiveHandlers,
    private readonly url: string = liveUrl(),
  ) {
    this.connect();
  }

  /** Connects again at once (the connection came back) if it is down. */
  wake(): void {
    if (this.closed || this.socket) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.connect();
  }

  /** Closes the channel for good (signed out). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }

  private connect(): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url);
    } catch (err) {
      console.warn('live channel not opened', err);
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: this.token } satisfies LiveAuth));
    socket.onmessage = (e) => {
      const msg = parse(e.data);
      if (!msg || this.socket !== socket) return;
      if (msg.type === 'ready') {
        this.failures = 0;
        this.handlers.onReady();
      } else if (msg.type === 'message' || msg.type === 'read' || msg.type === 'conversation') {
        this.handlers.onEvent(msg as unknown as LiveEvent);
      }
    };
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (e.code === LIVE_UNAUTHORIZED) this.closed = true;
      else this.retry();
    };
  }

  private retry(): void {
    if (this.closed) return;
    const wait = Math.min(BACKOFF_BASE_MS * 2 ** this.failures, BACKOFF_MAX_MS);
    this.failures += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.closed) this.connect();
    }, wait);
  }
}
