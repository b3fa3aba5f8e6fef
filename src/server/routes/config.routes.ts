import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configSchema, readinessSchema, type Readiness } from '@/domain/core/wire';
import { SANDBOX_PINS } from '@/domain/payments/fees';
import { readZigRate } from '../repositories/zigRate.repo';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, payments } = app.ctx;

  /** What the app must not hard-code: names, addresses and which payment providers are live. */
  app.get('/config', { schema: { summary: "Get the app's public configuration", response: { 200: configSchema }, tags: ['config'], security: [] } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    const zigRate = await readZigRate(app.ctx.db);
    const card = payments.card;
    const mobile = payments.mobileMoney;
    return {
      product_name: config.productName,
      support_email: config.supportEmail,
      payments: {
        card: card ? { provider: card.name, mode: card.mode, publishable_key: card.publishableKey } : null,
        mobile_money: { provider: mobile.name, mode: mobile.mode },
        sandbox_pins: card?.mode === 'sandbox' || mobile.mode === 'sandbox' ? SANDBOX_PINS : null,
      },
      push_public_key: config.vapid.publicKey,
      zig_rate: zigRate,
    };
  });

  /** Liveness: the process answers. A load balancer that restarts on failure asks this one. */
  app.get('/health', { schema: { summary: 'Check that the server is up', response: { 200: z.object({ status: z.literal('ok') }) }, tags: ['config'], security: [] } }, async () => ({
    status: 'ok' as const,
  }));

  /**
   * Readiness: 503 while a dependency this instance needs (the database, the photos' store) does not
   * answer, so a load balancer sends requests elsewhere without restarting it.
   */
  app.get(
    '/ready',
    {
      schema: {
        tags: ['config'],
        summary: 'Whether this instance can serve requests',
        security: [],
        description:
          "Readiness probe: 200 when the database and the photos' store answer, 503 naming the part that does not. Redis (when configured) and the in-memory search index are reported without making the instance unready: while Redis is away rate limits are counted in memory, and while the index builds searches are answered by SQL.",
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_req, reply): Promise<Readiness> => {
      const readiness = await app.ctx.readiness();
      reply.code(readiness.ready ? 200 : 503).header('cache-control', 'no-store');
      return readiness;
    },
  );
};
