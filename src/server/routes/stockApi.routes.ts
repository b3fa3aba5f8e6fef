import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyRoutes } from './stockApi/keys';
import { stockRoutes } from './stockApi/stock';
import { webhookRoutes } from './stockApi/webhook';

/** A dealer's Stock API (issue 38): API keys, the webhook, and the stock by stock number. */
export const stockApiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(apiKeyRoutes);
  await app.register(webhookRoutes);
  await app.register(stockRoutes);
};
