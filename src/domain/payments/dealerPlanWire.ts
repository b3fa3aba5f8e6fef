import { z } from 'zod';
import { text } from '../core/text';
import { PLAN_METHODS } from './dealerPlan';

// The monthly plan's bodies and answers (issue 38), declared on its routes under /api/dealer/plan.

const standings = ['none', 'paid', 'grace', 'lapsed'] as const;

/** GET /api/dealer/plan: where the dealer's plan stands. */
export const dealerPlanSchema = z.object({
  standing: z.enum(standings),
  /** True while listings publish without a fee (paid, or within the grace days). */
  paid_up: z.boolean(),
  method: z.enum(PLAN_METHODS).nullable(),
  /** True while a card subscription renews by itself. */
  renews: z.boolean(),
  paid_until: z.string().nullable(),
  /** The end of the grace days: listings made under the plan expire then unless it is renewed. */
  grace_until: z.string().nullable(),
  /** When the next payment is due (EcoCash) or taken (card); null once cancelled or before the first. */
  next_payment_at: z.string().nullable(),
  price_cents: z.number().int(),
  currency: z.string(),
  provider: z.string().nullable(),
  test_mode: z.boolean(),
});
export type DealerPlan = z.infer<typeof dealerPlanSchema>;

/** POST /api/dealer/plan/card: what the browser needs to confirm the first month (null when nothing is left to confirm). */
export const planCardStartSchema = z.object({
  subscription_id: z.string(),
  client_secret: z.string().nullable(),
  provider: z.string(),
  test_mode: z.boolean(),
  amount: z.number(),
  currency: z.string(),
});

export const planEcocashBodySchema = z.object({ customer_msisdn: text().max(40) });
export const planConfirmBodySchema = z.object({ pin: text().max(12).optional() }).nullish();

/** POST /api/dealer/plan/ecocash: the prompt sent to the payer's phone. */
export const planEcocashStartSchema = z.object({
  transaction_id: z.string(),
  message: z.string(),
  status: z.literal('pending'),
  amount: z.number(),
  currency: z.string(),
  provider: z.string(),
  test_mode: z.boolean(),
});

/** The confirm calls: settled (200, the plan as it now stands) or not yet (202). */
export const planConfirmedSchema = z.object({ success: z.literal(true), message: z.string(), plan: dealerPlanSchema });
export const planPendingSchema = z.object({ success: z.literal(false), status: z.literal('pending'), message: z.string() });

export const planInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  issued_at: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  method: z.enum(PLAN_METHODS),
});
export type PlanInvoice = z.infer<typeof planInvoiceSchema>;

/** POST /api/dealer/plan/publish-drafts: how many of the dealer's drafts went live. */
export const publishedDraftsSchema = z.object({ published: z.number().int() });
