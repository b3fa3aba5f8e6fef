import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyRoutes } from './stockApi/keys';
import { stockRoutes } from './stockApi/stock';
import { webhookRoutes } from './stockApi/webhook';
import { teamRoutes } from './stockApi/team';
import { importRoutes } from './stockApi/imports';

/** A dealer's desk (issue 38): API keys, the webhook, the stock by stock number, the team, and stock files. */
export const stockApiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(apiKeyRoutes);
  await app.register(webhookRoutes);
  await app.register(stockRoutes);
  await app.register(teamRoutes);
  await app.register(importRoutes);
};
