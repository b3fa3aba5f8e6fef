import type { FastifyInstance } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { LIVE_PATH, LIVE_UNAUTHORIZED, type LiveAuth, type LiveServerMessage } from '@/domain/messages/liveEvents';
import { findUserById, type UserRow } from '../repositories/users.repo';
import { LiveHub } from './liveHub';

// GET /api/live: the live channel's WebSocket (@fastify/websocket, registered in app.ts). The client sends
// its bearer token as the first message (a browser's WebSocket cannot set an Authorization header, and a
// token in the address would be written to logs); the socket then joins the hub (liveHub.ts) until it
// closes. A ping every PING_MS finds connections a phone dropped without closing them.

const PING_MS = 25_000;
/** A socket that has not said who it is in this long is closed (a generous wait: phones on 2G sign in slowly). */
const AUTH_WAIT_MS = 60_000;

interface TokenClaims {
  sub: string;
  ver?: number;
}

async function userOfToken(app: FastifyInstance, token: unknown): Promise<UserRow | null> {
  if (typeof token !== 'string' || token.length === 0) return null;
  try {
    const claims = app.jwt.verify<TokenClaims>(token);
    const user = await findUserById(app.ctx.db, claims.sub);
    return user && user.tokenVersion === (claims.ver ?? 0) ? user : null;
  } catch {
    return null;
  }
}

function parseAuth(data: unknown): LiveAuth | null {
  try {
    const msg = JSON.parse(String(data)) as Partial<LiveAuth>;
    return msg.type === 'auth' && typeof msg.token === 'string' ? (msg as LiveAuth) : null;
  } catch {
    return null;
  }
}

export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const hub = new LiveHub(app.ctx.database, app.log);
  // Listening starts once the database is open (start-up runs in the background, however slow the database).
  void app.startup.done.then(
    () => hub.start(),
    () => undefined,
  );
  app.addHook('onClose', () => hub.close());

  app.get(`/${LIVE_PATH}`, { websocket: true, schema: { hide: true }, config: { skipIdempotency: true } }, (socket: WebSocket) => {
    let user: UserRow | null = null;
    let alive = true;
    const authTimer = setTimeout(() => socket.close(LIVE_UNAUTHORIZED, 'no token'), AUTH_WAIT_MS);
    const ping = setInterval(() => {
      if (!alive) return void socket.terminate();
      alive = false;
      socket.ping();
    }, PING_MS);
    socket.on('pong', () => (alive = true));
    socket.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(ping);
      if (user) hub.remove(user.id, socket);
    });
    socket.once('message', (data) => {
      clearTimeout(authTimer);
      void (async () => {
        const found = await userOfToken(app, parseAuth(data)?.token);
        if (!found) return socket.close(LIVE_UNAUTHORIZED, 'sign in again');
        if (socket.readyState !== socket.OPEN) return;
        user = found;
        hub.add(found.id, socket);
        socket.send(JSON.stringify({ type: 'ready' } satisfies LiveServerMessage));
      })();
    });
  });
}
