import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardIntentSchema, mobilePaymentSchema, paymentDoneSchema, paymentPendingSchema } from '@/domain/core/wire';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CURRENCY, PLAN_TERMS, SUBSCRIPTION_PLANS, type SubscriptionPlan } from '@/domain/payments/fees';
import { ADVERTISING_PLAN_IDS, ADVERTISING_PLANS, type AdvertisingPlanId } from '@/domain/payments/advertisingPlans';
import { ADVERTISING_PLAN_TERMS } from '@/domain/payments/boosts';
import { LISTING_MESSAGES, PAYMENT_MESSAGES } from '@/domain/core/messages';
import { isPublic, type Vehicle } from '@/domain/listing/vehicle';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized, unprocessable } from '../errors';
import { isAdmin } from '../plugins/app/auth';
import { toApiVehicle } from '../repositories/vehicles/rows';
import { findVehicle } from '../repositories/vehicles/reads';
import { findPayment, type PaymentRow } from '../repositories/payments.repo';
import { resolvePlan } from '../listings';
import type { ProviderStatus } from '../payments/provider';
import { completePayment, providerCall } from '../payments/completion';
import { oneAtATime as serialised, openPayment } from '../payments/opening';
import { findUserById } from '../repositories/users.repo';
import { ecocashMonthCallback } from '../dealerPlan/ecocashMonth';
import { hasNul, NUL_MESSAGE } from '@/domain/core/nul';
import { text } from '@/domain/core/text';

const createBody = z.object({
  vehicle_id: z.uuid(),
  subscription_plan: z.enum(SUBSCRIPTION_PLANS).optional(),
  /** An advertising plan (spec 2.10) to buy instead of the 7-day fee (issue 38); a live listing may buy one. */
  advertising_plan: z.enum(ADVERTISING_PLAN_IDS).optional(),
  payment_method: text().max(40).optional(),
});
const ecocashBody = createBody.extend({ customer_msisdn: text().max(40).optional() });
const refParams = z.object({ id: text().min(1).max(200) });
const confirmBody = z.object({ pin: text().max(12).optional() }).nullish();
/** The confirm calls: settled (200), or not yet (202). */
const confirmAnswers = { 200: paymentDoneSchema, 202: paymentPendingSchema };

type App = Parameters<FastifyPluginAsyncZod>[0];
type OneAtATime = ReturnType<typeof serialised>;

/** The payment routes: by card, by EcoCash (Paynow), and Paynow's status callback, registered in this order. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Creates for one listing run one at a time in this process (see payments/opening.ts).
  const oneAtATime = serialised();
  cardRoutes(app, oneAtATime);
  ecocashRoutes(app, oneAtATime);
  paynowResultRoute(app);
};

/** The signed-in payer: payment calls need a token, and spec section 8 has its own wording for that. */
function payer(req: FastifyRequest) {
  if (!req.currentUser) throw unauthorized(PAYMENT_MESSAGES.authRequired);
  return req.currentUser;
}

/**
 * The listing to pay for: it exists, belongs to the payer (or an admin pays) and is not live already,
 * unless the payment buys an advertising plan (issue 38), which a live listing may. The amount is the
 * plan's: the advertising plan's price, else the 7-day fee.
 */
async function payable(app: App, req: FastifyRequest, body: z.infer<typeof createBody>) {
  const user = payer(req);
  const vehicle = await findVehicle(app.ctx.db, body.vehicle_id);
  if (!vehicle) throw notFound(PAYMENT_MESSAGES.vehicleNotFound);
  if (vehicle.sellerId !== user.id && !isAdmin(user)) throw forbidden(LISTING_MESSAGES.notOwner);
  if (vehicle.soldAt) throw conflict(LISTING_MESSAGES.soldNoPayment);
  const advertising = body.advertising_plan ?? null;
  if (!advertising && isPublic(toApiVehicle(vehicle))) throw conflict(PAYMENT_MESSAGES.alreadyPaid);
  const seller = (await findUserById(app.ctx.db, vehicle.sellerId)) ?? user;
  const plan = resolvePlan(seller, body.subscription_plan ?? (vehicle.subscriptionPlan as SubscriptionPlan | null));
  const amountCents = advertising ? ADVERTISING_PLAN_TERMS[advertising].priceCents : PLAN_TERMS[plan].priceCents;
  // What the payment is, less how it is paid (method, provider, test mode, phone).
  const terms = { vehicleId: vehicle.id, userId: user.id, plan, advertisingPlan: advertising, amountCents, currency: CURRENCY };
  return { user, vehicle, plan, advertising, amountCents, terms };
}

/** What a listing's payment is for, in the provider's description. */
function paidFor(plan: SubscriptionPlan, advertising: AdvertisingPlanId | null): string {
  return advertising ? `${ADVERTISING_PLANS.find((p) => p.id === advertising)?.name ?? advertising} plan, ${ADVERTISING_PLAN_TERMS[advertising].days} days` : `${plan}, ${PLAN_TERMS[plan].days} days`;
}

/**
 * The confirm flow of both methods: the payer's own payment, answered from its record once
 * settled, otherwise from the provider (and then published, once, by `completePayment`).
 */
async function confirmPayment(
  app: App,
  req: FastifyRequest,
  reply: FastifyReply,
  provider: string,
  ref: string,
  ask: (p: PaymentRow) => Promise<ProviderStatus>,
  answers: { done: { status: string; message: string }; pending: string },
) {
  const user = payer(req);
  const payment = await findPayment(app.ctx.db, provider, ref);
  if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  if (payment.userId !== user.id && !isAdmin(user)) throw forbidden(LISTING_MESSAGES.notOwner);
  if (payment.status === 'failed' || payment.status === 'cancelled') throw new HttpError(402, payment.message ?? PAYMENT_MESSAGES.failed);
  let vehicle: Vehicle | null;
  if (payment.status === 'succeeded') {
    const row = await findVehicle(app.ctx.db, payment.vehicleId);
    vehicle = row ? toApiVehicle(row) : null;
  } else {
    const result = await completePayment(app.ctx, payment, await providerCall(() => ask(payment)), app.metrics.payments);
    if (result.state === 'pending') return reply.code(202).send({ success: false as const, status: 'pending' as const, message: answers.pending });
    if (result.state === 'failed') throw new HttpError(402, result.message);
    vehicle = result.vehicle;
  }
  return { success: true as const, ...answers.done, vehicle };
}

/** Card payments: the intent the browser confirms with the provider, then the confirm that publishes. */
function cardRoutes(app: App, oneAtATime: OneAtATime) {
  const { payments: providers } = app.ctx;

  app.post(
    '/payments/create-intent',
    { schema: { summary: 'Start a card payment for a listing', body: createBody, response: { 200: cardIntentSchema }, tags: ['payments'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      payer(req);
      const card = providers.card;
      if (!card) throw new HttpError(503, PAYMENT_MESSAGES.systemError);
      const key = req.headers['idempotency-key'];
      const { row, plan, advertising, amountCents } = await oneAtATime(req.body.vehicle_id, async () => {
        const { user, vehicle, plan, advertising, amountCents, terms } = await payable(app, req, req.body);
        const { row } = await openPayment(app.ctx, { ...terms, method: 'card', provider: card.name, testMode: card.mode !== 'live' }, app.metrics.payments, async (reference) => {
          const intent = await card.createIntent({
            amountCents,
            currency: CURRENCY,
            reference,
            description: `${app.ctx.config.productName} listing: ${vehicle.year} ${vehicle.make} ${vehicle.model} (${paidFor(plan, advertising)})`,
            // Scoped to the payer: Stripe keys are account-wide, so two users' keys must never collide.
            idempotencyKey: typeof key === 'string' ? `create-intent:${user.id}:${key}` : reference,
          });
          return { providerRef: intent.intentId, clientSecret: intent.clientSecret };
        });
        return { row, plan, advertising, amountCents };
      });
      return {
        client_secret: row.clientSecret,
        payment_intent_id: row.providerRef,
        amount: amountCents / 100,
        currency: CURRENCY,
        subscription_plan: plan,
        advertising_plan: advertising,
        provider: card.name,
        test_mode: card.mode !== 'live',
      };
    },
  );

  app.post(
    '/payments/confirm/:id',
    { schema: { summary: 'Confirm a card payment', params: refParams, body: confirmBody, response: confirmAnswers, tags: ['payments'], security: [{ bearerAuth: [] }] } },
    async (req, reply) => {
      payer(req);
      const card = providers.card;
      if (!card) throw new HttpError(503, PAYMENT_MESSAGES.systemError);
      return confirmPayment(app, req, reply, card.name, req.params.id, (p) => card.status(p.providerRef), {
        done: { status: 'succeeded', message: LISTING_MESSAGES.paid },
        pending: 'Payment is still processing',
      });
    },
  );
}

/** EcoCash payments through Paynow: the prompt on the payer's phone, then the confirm that publishes. */
function ecocashRoutes(app: App, oneAtATime: OneAtATime) {
  const { payments: providers } = app.ctx;

  app.post(
    '/payments/ecocash/create',
    { schema: { summary: 'Start an EcoCash payment for a listing', body: ecocashBody, response: { 200: mobilePaymentSchema }, tags: ['payments'], security: [{ bearerAuth: [] }] } },
    async (req) => {
      payer(req);
      const msisdn = req.body.customer_msisdn?.trim();
      if (!msisdn) throw badRequest(PAYMENT_MESSAGES.phoneRequired);
      if (!/^\d+$/.test(msisdn)) throw badRequest(PAYMENT_MESSAGES.phoneDigitsOnly);
      if (msisdn.length < 9 || msisdn.length > 15) throw badRequest(PAYMENT_MESSAGES.phoneLength);
      const mobile = providers.mobileMoney;
      const { row, message, plan, advertising, amountCents } = await oneAtATime(req.body.vehicle_id, async () => {
        const { user, vehicle, plan, advertising, amountCents, terms } = await payable(app, req, req.body);
        const opened = await openPayment(app.ctx, { ...terms, method: 'ecocash', provider: mobile.name, testMode: mobile.mode !== 'live', msisdn }, app.metrics.payments, async (reference) => {
          const init = await mobile.initiate({
            amountCents,
            reference,
            msisdn,
            email: user.email,
            description: `${app.ctx.config.productName} listing ${vehicle.year} ${vehicle.make} ${vehicle.model} (${paidFor(plan, advertising)})`,
          });
          if (!init.transactionId) throw new HttpError(502, PAYMENT_MESSAGES.missingTransactionId);
          return { providerRef: init.transactionId, pollUrl: init.pollUrl, message: init.message };
        });
        return { ...opened, plan, advertising, amountCents };
      });
      return {
        success: true as const,
        transaction_id: row.providerRef,
        message: message || PAYMENT_MESSAGES.initiated,
        status: 'pending' as const,
        amount: amountCents / 100,
        currency: CURRENCY,
        subscription_plan: plan,
        advertising_plan: advertising,
        provider: mobile.name,
        test_mode: mobile.mode !== 'live',
      };
    },
  );

  app.post(
    '/payments/ecocash/confirm/:id',
    { schema: { summary: 'Confirm an EcoCash payment', params: refParams, body: confirmBody, response: confirmAnswers, tags: ['payments'], security: [{ bearerAuth: [] }] } },
    async (req, reply) => {
      const mobile = providers.mobileMoney;
      const pin = req.body?.pin;
      return confirmPayment(app, req, reply, mobile.name, req.params.id, (p) => mobile.status({ transactionId: p.providerRef, pollUrl: p.pollUrl, ...(pin !== undefined && { pin }) }), {
        done: { status: 'completed', message: PAYMENT_MESSAGES.completed },
        pending: PAYMENT_MESSAGES.pending,
      });
    },
  );
}

/** Paynow's server-to-server status callback: we never trust its body, we ask Paynow again. */
function paynowResultRoute(app: App) {
  const { db, payments: providers } = app.ctx;

  app.post(
    '/payments/ecocash/result',
    { schema: { summary: 'Receive a Paynow payment status callback', response: { 200: z.object({ ok: z.literal(true) }) }, tags: ['payments'], security: [] }, config: { skipIdempotency: true } },
    async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const reference = body.reference;
      if (!reference) throw badRequest('Missing reference');
      if (typeof reference !== 'string') throw badRequest('Invalid reference');
      if (hasNul(reference)) throw unprocessable(NUL_MESSAGE);
      const mobile = providers.mobileMoney;
      const payment = await findPayment(db, mobile.name, reference);
      if (!payment) {
        // A month of a dealer's plan (issue 38) is paid through the same callback.
        if (await ecocashMonthCallback(app.ctx, reference)) return { ok: true as const };
        throw notFound(PAYMENT_MESSAGES.paymentNotFound);
      }
      if (payment.status === 'pending' || payment.status === 'superseded') {
        await completePayment(app.ctx, payment, await providerCall(() => mobile.status({ transactionId: payment.providerRef, pollUrl: payment.pollUrl })), app.metrics.payments);
      }
      return { ok: true as const };
    },
  );
}
