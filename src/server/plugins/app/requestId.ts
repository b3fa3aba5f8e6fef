import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

/** A request id a proxy may hand on: short, and only characters that are safe in a log line and a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the X-Request-Id sent by a trusted proxy (TRUST_PROXY set), so that one request
 * can be followed from the balancer's log to this server's, when it looks like an id; otherwise a new
 * UUID. Without a trusted proxy the header is whatever the client chose, and is ignored.
 */
export function requestIdGenerator(trustsProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const sent = trustsProxy ? req.headers['x-request-id'] : undefined;
    return typeof sent === 'string' && SANE_ID.test(sent) ? sent : randomUUID();
  };
}

/** Every answer carries its request's id in X-Request-Id: the `reqId` of that request's log lines. */
export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onSend', (req, reply, payload, done) => {
      reply.header('x-request-id', req.id);
      done(null, payload);
    });
  },
  { name: 'request-id' },
);
