import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';

/**
 * WebSockets for the live channel (src/server/live). A client only ever sends its token, so frames are
 * small; on close the server's sockets are closed so a shutdown does not wait for phones to hang up.
 */
export const websocketPlugin = fp(async (app) => {
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
});
