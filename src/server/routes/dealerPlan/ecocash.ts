import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYMENT_MESSAGES } from '@/domain/core/messages';
import { DEALER_PLAN_CURRENCY, DEALER_PLAN_PRICE_CENTS, PLAN_MESSAGES } from '@/domain/payments/dealerPlan';
import { planConfirmBodySchema, planConfirmedSchema, planEcocashBodySchema, planEcocashStartSchema, planPendingSchema } from '@/domain/payments/dealerPlanWire';
import { text } from '@/domain/core/text';
import { badRequest } from '@/server/errors';
import { confirmEcocashMonth, openEcocashMonth } from '@/server/dealerPlan/ecocashMonth';
import { requireDealer } from '../stockApi/dealer';
import { planAnswer } from './plan';

const security = [{ bearerAuth: [] }];
const tags = ['plan'];
const refParams = z.object({ id: text().min(1).max(200) });

/** A month of the plan paid with EcoCash: the prompt on the dealer's phone, then the confirm that records it (once). */
export const planEcocashRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = planAnswer(app);

  app.post(
    '/dealer/plan/ecocash',
    { schema: { summary: 'Pay a month of the plan with EcoCash', body: planEcocashBodySchema, response: { 200: planEcocashStartSchema }, tags, security } },
    async (req) => {
      const dealer = await requireDealer(req);
      const msisdn = req.body.customer_msisdn.trim();
      if (!msisdn) throw badRequest(PAYMENT_MESSAGES.phoneRequired);
      if (!/^\d+$/.test(msisdn)) throw badRequest(PAYMENT_MESSAGES.phoneDigitsOnly);
      if (msisdn.length < 9 || msisdn.length > 15) throw badRequest(PAYMENT_MESSAGES.phoneLength);
      const { payment, message } = await openEcocashMonth(app.ctx, dealer, msisdn);
      const mobile = app.ctx.payments.mobileMoney;
      return {
        transaction_id: payment.providerRef,
        message,
        status: 'pending' as const,
        amount: DEALER_PLAN_PRICE_CENTS / 100,
        currency: DEALER_PLAN_CURRENCY,
        provider: mobile.name,
        test_mode: mobile.mode !== 'live',
      };
    },
  );

  app.post(
    '/dealer/plan/ecocash/confirm/:id',
    { schema: { summary: 'Confirm a month paid with EcoCash', params: refParams, body: planConfirmBodySchema, response: { 200: planConfirmedSchema, 202: planPendingSchema }, tags, security } },
    async (req, reply) => {
      const dealer = await requireDealer(req);
      if ((await confirmEcocashMonth(app.ctx, dealer, req.params.id, req.body?.pin)) === 'pending') {
        return reply.code(202).send({ success: false as const, status: 'pending' as const, message: PAYMENT_MESSAGES.pending });
      }
      return { success: true as const, message: PLAN_MESSAGES.subscribed, plan: await answer(dealer.id) };
    },
  );
};
