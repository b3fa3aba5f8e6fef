import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SANDBOX_PINS } from '../../domain/fees';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, payments } = app.ctx;

  /** What the app must not hard-code: names, addresses and which payment providers are live. */
  app.get('/config', { schema: { tags: ['config'] } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
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
    };
  });

  app.get('/health', { schema: { tags: ['config'] } }, async () => ({ status: 'ok' }));
};
