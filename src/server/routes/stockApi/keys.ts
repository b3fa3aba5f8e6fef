import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_API_KEYS, STOCK_API_MESSAGES } from '@/domain/account/stockApi';
import { apiKeySchema, createdApiKeySchema, newApiKeySchema } from '@/domain/account/stockApiWire';
import { conflict, notFound } from '@/server/errors';
import { noContent } from '@/server/responses';
import { newApiKey } from '@/server/apiKeys';
import { countApiKeys, insertApiKey, listApiKeys, revokeApiKey, toApiKey } from '@/server/repositories/stockApi.repo';
import { requireDealer } from './dealer';

const idParams = z.object({ id: z.uuid() });
const security = [{ bearerAuth: [] }];

/**
 * A dealer's API keys (issue 38): made, listed and revoked by the dealer signed in (a key cannot make
 * keys). The key is answered once, when it is made; only its hash is kept.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/dealer/keys', { schema: { summary: "List the dealer's API keys", response: { 200: z.array(apiKeySchema) }, tags: ['stock'], security } }, async (req) => {
    const user = await requireDealer(req);
    return (await listApiKeys(db, user.id)).map(toApiKey);
  });

  app.post('/dealer/keys', { schema: { summary: 'Create an API key', body: newApiKeySchema, response: { 201: createdApiKeySchema }, tags: ['stock'], security } }, async (req, reply) => {
    const user = await requireDealer(req);
    if ((await countApiKeys(db, user.id)) >= MAX_API_KEYS) throw conflict(STOCK_API_MESSAGES.tooManyKeys);
    const { key, prefix, keyHash } = newApiKey();
    const row = await insertApiKey(db, { userId: user.id, name: req.body.name, scope: req.body.scope, prefix, keyHash });
    reply.code(201).header('cache-control', 'no-store');
    return { ...toApiKey(row), key };
  });

  app.delete('/dealer/keys/:id', { schema: { summary: 'Revoke an API key', params: idParams, response: { 204: noContent }, tags: ['stock'], security } }, async (req, reply) => {
    const user = await requireDealer(req);
    if (!(await revokeApiKey(db, user.id, req.params.id, app.ctx.now()))) throw notFound(STOCK_API_MESSAGES.keyNotFound);
    return reply.code(204).send();
  });
};
