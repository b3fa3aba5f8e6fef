import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STOCK_API_MESSAGES, WEBHOOK_EVENTS } from '@/domain/account/stockApi';
import { webhookInputSchema, webhookSchema } from '@/domain/account/stockApiWire';
import { unprocessable } from '@/server/errors';
import { noContent } from '@/server/responses';
import { checkOutboundUrl, OutboundRefused } from '@/server/outbound/guardedRequest';
import { deleteWebhook, findWebhook, saveWebhook } from '@/server/repositories/stockApi.repo';
import { newWebhookSecret } from '@/server/webhooks/webhooks';
import { requireDealer } from './dealer';

const security = [{ bearerAuth: [] }];
const events = [...WEBHOOK_EVENTS];

/**
 * A dealer's webhook (issue 38): the address their listings' events are posted to. Saving an address
 * makes a new signing secret, answered once. An address on a private network is refused here, and
 * again at each delivery, whatever its name resolves to then (outbound/guardedRequest.ts).
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.get('/dealer/webhook', { schema: { summary: "Get the dealer's webhook", response: { 200: webhookSchema }, tags: ['stock'], security } }, async (req) => {
    const user = await requireDealer(req);
    return { url: (await findWebhook(db, user.id))?.url ?? null, events };
  });

  app.put('/dealer/webhook', { schema: { summary: "Set the dealer's webhook address", body: webhookInputSchema, response: { 200: webhookSchema }, tags: ['stock'], security } }, async (req, reply) => {
    const user = await requireDealer(req);
    let url: URL;
    try {
      url = checkOutboundUrl(req.body.url, config.outboundAllowPrivate);
    } catch (e) {
      if (e instanceof OutboundRefused) throw unprocessable(e.privateAddress ? STOCK_API_MESSAGES.privateAddress : STOCK_API_MESSAGES.notAnAddress);
      throw e;
    }
    const saved = await saveWebhook(db, user.id, url.toString(), newWebhookSecret());
    reply.header('cache-control', 'no-store');
    return { url: saved.url, events, secret: saved.secret };
  });

  app.delete('/dealer/webhook', { schema: { summary: "Remove the dealer's webhook", response: { 204: noContent }, tags: ['stock'], security } }, async (req, reply) => {
    const user = await requireDealer(req);
    await deleteWebhook(db, user.id);
    return reply.code(204).send();
  });
};
