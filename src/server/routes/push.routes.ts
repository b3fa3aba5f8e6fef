import { isIP } from 'node:net';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushSubscriptionSchema } from '@/domain/core/wire';
import { noContent } from '../responses';
import { PUSH_MESSAGES } from '@/domain/account/notifications';
import { notFound, unprocessable } from '../errors';
import { requireUser } from '../plugins/app/auth';
import { deleteOwnSubscription, upsertSubscription } from '../repositories/push.repo';

/** base64url of exactly `bytes` bytes (the browser's PushSubscription keys). */
const base64url = (bytes: number, check: (b: Buffer) => boolean = () => true) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.invalidSubscription)
    .refine((s) => {
      const b = Buffer.from(s, 'base64url');
      return b.length === bytes && check(b);
    }, PUSH_MESSAGES.invalidSubscription);

/** The browser's PushSubscription as `subscription.toJSON()` gives it. */
const subscriptionBody = z.object({
  endpoint: z.url().max(2048),
  // Milliseconds since 1970 (DOMHighResTimeStamp), within the range of a Date.
  expirationTime: z.number().min(0).max(8.64e15).nullish(),
  keys: z.object({
    // An uncompressed P-256 point and a 16-byte secret (RFC 8291).
    p256dh: base64url(65, (b) => b[0] === 4),
    auth: base64url(16),
  }),
});
const endpointBody = z.object({ endpoint: z.url().max(2048) });

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  /**
   * Push services are public https hosts. Anything else would make this server post wherever a user
   * says (its own network included); plain http is allowed only when configured, for a local fake in tests.
   */
  function checkEndpoint(endpoint: string): void {
    const url = new URL(endpoint);
    if (config.pushAllowHttp) {
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw unprocessable(PUSH_MESSAGES.invalidSubscription);
      return;
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (url.protocol !== 'https:' || isIP(host) !== 0 || host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) {
      throw unprocessable(PUSH_MESSAGES.invalidSubscription);
    }
  }

  app.post(
    '/push/subscriptions',
    {
      schema: {
        summary: 'Subscribe this device to push notifications',
        body: subscriptionBody,
        response: { 200: pushSubscriptionSchema, 201: pushSubscriptionSchema },
        tags: ['push'],
        security: [{ bearerAuth: [] }],
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const { endpoint, keys } = req.body;
      checkEndpoint(endpoint);
      const { row, created } = await upsertSubscription(db, user.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
      reply.code(created ? 201 : 200);
      return { id: row.id, endpoint: row.endpoint, created_at: row.createdAt.toISOString() };
    },
  );

  app.delete(
    '/push/subscriptions',
    { schema: { summary: 'Unsubscribe a device from push notifications', body: endpointBody, response: { 204: noContent }, tags: ['push'], security: [{ bearerAuth: [] }] } },
    async (req, reply) => {
      const user = requireUser(req);
      if (!(await deleteOwnSubscription(db, user.id, req.body.endpoint))) throw notFound(PUSH_MESSAGES.subscriptionNotFound);
      return reply.code(204).send();
    },
  );
};
