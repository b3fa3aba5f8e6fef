import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEALER_PLAN_PRICE_CENTS, DEALER_PLAN_CURRENCY, PLAN_MESSAGES } from '@/domain/payments/dealerPlan';
import { dealerPlanSchema, planCardStartSchema, planConfirmBodySchema, planConfirmedSchema, planPendingSchema, publishedDraftsSchema } from '@/domain/payments/dealerPlanWire';
import { noContent } from '@/server/responses';
import { findPlan } from '@/server/repositories/dealerPlans.repo';
import { toApiPlan } from '@/server/dealerPlan/standing';
import { cancelPlan, confirmCardPlan, subscribeByCard } from '@/server/dealerPlan/subscribe';
import { publishDraftsOnPlan } from '@/server/dealerPlan/publishDrafts';
import { requireDealer } from '../stockApi/dealer';

const security = [{ bearerAuth: [] }];
const tags = ['plan'];

/** The plan's answer as it stands now, with whether its provider takes real money. */
export function planAnswer(app: Parameters<FastifyPluginAsyncZod>[0]) {
  const { payments } = app.ctx;
  const testMode = (provider: string) => [payments.card, payments.mobileMoney].find((p) => p?.name === provider)?.mode !== 'live';
  return async (dealerId: string) => toApiPlan(await findPlan(app.ctx.db, dealerId), app.ctx.now(), testMode);
}

/**
 * A dealer's monthly plan (issue 38; spec section 9, 'Dealers: unlimited listings for $99/month.'): where
 * it stands, subscribing by card and confirming the first month, cancelling, and publishing the drafts
 * that wait for a fee. The dealer account only: staff get 403.
 */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = planAnswer(app);

  app.get('/dealer/plan', { schema: { summary: "The dealer's monthly plan", response: { 200: dealerPlanSchema }, tags, security } }, async (req) => {
    const dealer = await requireDealer(req);
    return answer(dealer.id);
  });

  app.post(
    '/dealer/plan/card',
    {
      schema: {
        summary: 'Subscribe to the monthly plan by card',
        description: 'Answers the client secret of the first payment for the browser to confirm (null when nothing is left to confirm).',
        response: { 200: planCardStartSchema },
        tags,
        security,
      },
    },
    async (req) => {
      const dealer = await requireDealer(req);
      const plan = await subscribeByCard(app.ctx, dealer);
      return {
        subscription_id: plan.providerSubscriptionId ?? '',
        client_secret: plan.clientSecret,
        provider: plan.provider,
        test_mode: app.ctx.payments.card?.mode !== 'live',
        amount: DEALER_PLAN_PRICE_CENTS / 100,
        currency: DEALER_PLAN_CURRENCY,
      };
    },
  );

  app.post(
    '/dealer/plan/card/confirm',
    { schema: { summary: "Confirm the card plan's first payment", body: planConfirmBodySchema, response: { 200: planConfirmedSchema, 202: planPendingSchema }, tags, security } },
    async (req, reply) => {
      const dealer = await requireDealer(req);
      if ((await confirmCardPlan(app.ctx, dealer)) === 'pending') return reply.code(202).send({ success: false as const, status: 'pending' as const, message: 'Payment is still processing' });
      return { success: true as const, message: PLAN_MESSAGES.subscribed, plan: await answer(dealer.id) };
    },
  );

  app.post('/dealer/plan/cancel', { schema: { summary: 'Stop the monthly plan renewing', response: { 204: noContent }, tags, security } }, async (req, reply) => {
    const dealer = await requireDealer(req);
    await cancelPlan(app.ctx, dealer);
    return reply.code(204).send();
  });

  app.post(
    '/dealer/plan/publish-drafts',
    {
      schema: {
        summary: 'Publish the drafts waiting for a fee',
        description: 'A paid-up dealer publishes every draft and expired listing without a fee.',
        response: { 200: publishedDraftsSchema },
        tags,
        security,
      },
    },
    async (req) => {
      const dealer = await requireDealer(req);
      return { published: await publishDraftsOnPlan(app.ctx, dealer) };
    },
  );
};
