import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planRoutes } from './dealerPlan/plan';
import { planEcocashRoutes } from './dealerPlan/ecocash';
import { planInvoiceRoutes } from './dealerPlan/invoices';

/** A dealer's monthly plan (issue 38): the plan, its EcoCash months and its invoices. */
export const dealerPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(planRoutes);
  await app.register(planEcocashRoutes);
  await app.register(planInvoiceRoutes);
};
