import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CURRENCY, PLAN_TERMS, SUBSCRIPTION_PLANS, type SubscriptionPlan } from '../../domain/fees';
import { LISTING_MESSAGES, PAYMENT_MESSAGES } from '../../domain/messages';
import { isPublic, type Vehicle } from '../../domain/vehicle';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized, unprocessable } from '../errors';
import { isAdmin } from '../plugins/auth';
import { findVehicle, toApiVehicle, updateVehicle, withListingWrite } from '../repositories/vehicles.repo';
import {
  creditDoublePayment,
  deletePayment,
  findOpenPayment,
  findPayment,
  insertOpenPayment,
  settlePayment,
  supersedePayment,
  updatePayment,
  type NewPayment,
  type PaymentRow,
} from '../repositories/payments.repo';
import { enqueueListingPublished } from '../jobs/backgroundJobs';
import { publishColumns, resolvePlan } from '../listings';
import { ProviderError, type ProviderStatus } from '../payments/provider';
import { findUserById } from '../repositories/users.repo';
import { hasNul, NUL_MESSAGE } from '../../domain/nul';
import { text } from '../../domain/text';

const createBody = z.object({
  vehicle_id: z.uuid(),
  subscription_plan: z.enum(SUBSCRIPTION_PLANS).optional(),
  payment_method: text().max(40).optional(),
});
const ecocashBody = createBody.extend({ customer_msisdn: text().max(40).optional() });
const refParams = z.object({ id: text().min(1).max(200) });
const confirmBody = z.object({ pin: text().max(12).optional() }).nullish();

/** The provider reference of a payment being opened, before the provider has answered with its own. */
const OPENING_PREFIX = 'opening:';
/** An opening older than this was left by a server that stopped mid-way; a new payment replaces it. */
const OPENING_STALE_MS = 2 * 60_000;
const SUPERSEDED = 'Superseded by a newer payment for this listing';
const OPENING_ELSEWHERE = 'A payment for this listing is being started. Please try again in a moment.';

/** What a new payment would be: an open one that matches it is answered instead of opening another. */
type PaymentTerms = Pick<NewPayment, 'vehicleId' | 'userId' | 'method' | 'provider' | 'plan' | 'amountCents' | 'currency' | 'testMode'> & { msisdn?: string };
/** What the provider answers when a payment is opened there. */
interface Opened {
  providerRef: string;
  pollUrl?: string | null;
  clientSecret?: string | null;
  message?: string;
}

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, payments: providers } = app.ctx;

  // Payment calls need a token; spec section 8 has its own wording for that.
  const payer = (req: FastifyRequest) => {
    if (!req.currentUser) throw unauthorized(PAYMENT_MESSAGES.authRequired);
    return req.currentUser;
  };

  /**
   * Opens at most one payment per listing: a create while one is open answers that one (same method,
   * plan and phone), or supersedes it when the payer changed any of them. Creates for one listing run
   * one at a time in this process; across instances the partial unique index on open payments decides,
   * and the row is claimed before the provider is asked, so the provider is asked once.
   */
  const opening = new Map<string, Promise<unknown>>();
  function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const run = (opening.get(key) ?? Promise.resolve()).then(fn, fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    opening.set(key, tail);
    void tail.then(() => opening.get(key) === tail && opening.delete(key));
    return run;
  }

  // A card payment opened before client secrets were kept (migration 0004) cannot be answered again.
  const sameTerms = (p: PaymentRow, t: PaymentTerms) =>
    p.userId === t.userId &&
    p.provider === t.provider &&
    p.method === t.method &&
    p.plan === t.plan &&
    p.amountCents === t.amountCents &&
    (p.msisdn ?? undefined) === t.msisdn &&
    (p.method !== 'card' || p.clientSecret !== null);

  async function openPayment(terms: PaymentTerms, open: (reference: string) => Promise<Opened>): Promise<{ row: PaymentRow; message?: string }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await findOpenPayment(db, terms.vehicleId);
      if (current) {
        const starting = current.providerRef.startsWith(OPENING_PREFIX);
        if (starting && app.ctx.now().getTime() - current.createdAt.getTime() < OPENING_STALE_MS) throw conflict(OPENING_ELSEWHERE);
        if (!starting && sameTerms(current, terms)) return { row: current };
        await supersedePayment(db, current.id, SUPERSEDED);
      }
      const reference = randomUUID();
      const claimed = await insertOpenPayment(db, {
        ...terms,
        id: reference,
        providerRef: OPENING_PREFIX + reference,
        msisdn: terms.msisdn ?? null,
        createdAt: app.ctx.now(),
      });
      if (!claimed) continue;
      let opened: Opened;
      try {
        opened = await providerCall(() => open(reference));
      } catch (e) {
        // Kept, as failed: a provider that timed out may have started it all the same.
        await settlePayment(db, reference, 'failed', e instanceof Error ? e.message : PAYMENT_MESSAGES.creationFailed);
        throw e;
      }
      // A provider that answers a known intent for a retried create (Stripe's idempotency): keep its row.
      const known = await findPayment(db, terms.provider, opened.providerRef);
      if (known) {
        await deletePayment(db, reference);
        return { row: known, ...(opened.message !== undefined && { message: opened.message }) };
      }
      const row = await updatePayment(db, reference, { providerRef: opened.providerRef, pollUrl: opened.pollUrl ?? null, clientSecret: opened.clientSecret ?? null });
      return { row, ...(opened.message !== undefined && { message: opened.message }) };
    }
    throw conflict(OPENING_ELSEWHERE);
  }

  /** The listing to pay for: it exists, belongs to the payer (or an admin pays) and is not live already. */
  async function payable(req: FastifyRequest, vehicleId: string, requested: SubscriptionPlan | undefined) {
    const user = payer(req);
    const vehicle = await findVehicle(db, vehicleId);
    if (!vehicle) throw notFound(PAYMENT_MESSAGES.vehicleNotFound);
    if (vehicle.sellerId !== user.id && !isAdmin(user)) throw forbidden(LISTING_MESSAGES.notOwner);
    if (isPublic(toApiVehicle(vehicle))) throw conflict(PAYMENT_MESSAGES.alreadyPaid);
    const seller = (await findUserById(db, vehicle.sellerId)) ?? user;
    const plan = resolvePlan(seller, requested ?? (vehicle.subscriptionPlan as SubscriptionPlan | null));
    return { user, vehicle, plan, amountCents: PLAN_TERMS[plan].priceCents };
  }

  /** Publishes the listing for a settled payment, exactly once: only the request that settles it publishes. */
  async function complete(payment: PaymentRow, status: ProviderStatus) {
    if (status.status === 'pending') return { state: 'pending' as const };
    if (status.status === 'failed') {
      await settlePayment(db, payment.id, 'failed', status.message ?? PAYMENT_MESSAGES.failed);
      return { state: 'failed' as const, message: status.message ?? PAYMENT_MESSAGES.failed };
    }
    if (status.amountCents !== undefined && status.amountCents < payment.amountCents) {
      await settlePayment(db, payment.id, 'failed', 'Amount paid is less than the listing fee');
      return { state: 'failed' as const, message: 'Amount paid is less than the listing fee' };
    }
    let published = false;
    const vehicle = await withListingWrite(db, async (tx, next) => {
      if (!(await settlePayment(tx, payment.id, 'succeeded', null))) return null;
      const row = await findVehicle(tx, payment.vehicleId);
      if (!row) return null;
      // A second payment for a listing that is already live publishes nothing: it is a double
      // payment, recorded as such for a refund as account credit (spec section 9).
      if (isPublic(toApiVehicle(row))) {
        await creditDoublePayment(tx, payment, PAYMENT_MESSAGES.doublePayment);
        return row;
      }
      published = true;
      const updated = await updateVehicle(tx, row.id, publishColumns(row, payment.plan as SubscriptionPlan, app.ctx.now()), await next());
      // Its pushes are a job committed with the publication: sent by some instance, never lost to a crash.
      await enqueueListingPublished(tx, row.id, { paid: true });
      return updated;
    });
    // Without waiting: a push never holds up or fails the payment's answer.
    if (published) app.ctx.jobs.kick();
    const row = vehicle ?? (await findVehicle(db, payment.vehicleId));
    return { state: 'succeeded' as const, vehicle: row ? toApiVehicle(row) : null };
  }

  async function providerCall<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof ProviderError) throw new HttpError(e.status, e.message);
      throw e;
    }
  }

  app.post('/payments/create-intent', { schema: { body: createBody, tags: ['payments'] } }, async (req) => {
    payer(req);
    const card = providers.card;
    if (!card) throw new HttpError(503, PAYMENT_MESSAGES.systemError);
    const key = req.headers['idempotency-key'];
    const { row, plan, amountCents } = await oneAtATime(req.body.vehicle_id, async () => {
      const { user, vehicle, plan, amountCents } = await payable(req, req.body.vehicle_id, req.body.subscription_plan);
      const terms = { vehicleId: vehicle.id, userId: user.id, method: 'card', provider: card.name, plan, amountCents, currency: CURRENCY, testMode: card.mode !== 'live' };
      const { row } = await openPayment(terms, async (reference) => {
        const intent = await card.createIntent({
          amountCents,
          currency: CURRENCY,
          reference,
          description: `${app.ctx.config.productName} listing: ${vehicle.year} ${vehicle.make} ${vehicle.model} (${plan}, ${PLAN_TERMS[plan].days} days)`,
          // Scoped to the payer: Stripe keys are account-wide, so two users' keys must never collide.
          idempotencyKey: typeof key === 'string' ? `create-intent:${user.id}:${key}` : reference,
        });
        return { providerRef: intent.intentId, clientSecret: intent.clientSecret };
      });
      return { row, plan, amountCents };
    });
    return {
      client_secret: row.clientSecret,
      payment_intent_id: row.providerRef,
      amount: amountCents / 100,
      currency: CURRENCY,
      subscription_plan: plan,
      provider: card.name,
      test_mode: card.mode !== 'live',
    };
  });

  /**
   * The confirm flow of both methods: the payer's own payment, answered from its record once
   * settled, otherwise from the provider (and then published, once, by `complete`).
   */
  async function confirmPayment(
    req: FastifyRequest,
    reply: FastifyReply,
    provider: string,
    ref: string,
    ask: (p: PaymentRow) => Promise<ProviderStatus>,
    answers: { done: { status: string; message: string }; pending: string },
  ) {
    const user = payer(req);
    const payment = await findPayment(db, provider, ref);
    if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    if (payment.userId !== user.id && !isAdmin(user)) throw forbidden(LISTING_MESSAGES.notOwner);
    if (payment.status === 'failed' || payment.status === 'cancelled') throw new HttpError(402, payment.message ?? PAYMENT_MESSAGES.failed);
    let vehicle: Vehicle | null;
    if (payment.status === 'succeeded') {
      const row = await findVehicle(db, payment.vehicleId);
      vehicle = row ? toApiVehicle(row) : null;
    } else {
      const result = await complete(payment, await providerCall(() => ask(payment)));
      if (result.state === 'pending') return reply.code(202).send({ success: false, status: 'pending', message: answers.pending });
      if (result.state === 'failed') throw new HttpError(402, result.message);
      vehicle = result.vehicle;
    }
    return { success: true, ...answers.done, vehicle };
  }

  app.post('/payments/confirm/:id', { schema: { params: refParams, body: confirmBody, tags: ['payments'] } }, async (req, reply) => {
    payer(req);
    const card = providers.card;
    if (!card) throw new HttpError(503, PAYMENT_MESSAGES.systemError);
    return confirmPayment(req, reply, card.name, req.params.id, (p) => card.status(p.providerRef), {
      done: { status: 'succeeded', message: LISTING_MESSAGES.paid },
      pending: 'Payment is still processing',
    });
  });

  app.post('/payments/ecocash/create', { schema: { body: ecocashBody, tags: ['payments'] } }, async (req) => {
    payer(req);
    const msisdn = req.body.customer_msisdn?.trim();
    if (!msisdn) throw badRequest(PAYMENT_MESSAGES.phoneRequired);
    if (!/^\d+$/.test(msisdn)) throw badRequest(PAYMENT_MESSAGES.phoneDigitsOnly);
    if (msisdn.length < 9 || msisdn.length > 15) throw badRequest(PAYMENT_MESSAGES.phoneLength);
    const mobile = providers.mobileMoney;
    const { row, message, plan, amountCents } = await oneAtATime(req.body.vehicle_id, async () => {
      const { user, vehicle, plan, amountCents } = await payable(req, req.body.vehicle_id, req.body.subscription_plan);
      const terms = { vehicleId: vehicle.id, userId: user.id, method: 'ecocash', provider: mobile.name, plan, amountCents, currency: CURRENCY, testMode: mobile.mode !== 'live', msisdn };
      const opened = await openPayment(terms, async (reference) => {
        const init = await mobile.initiate({
          amountCents,
          reference,
          msisdn,
          email: user.email,
          description: `${app.ctx.config.productName} listing ${vehicle.year} ${vehicle.make} ${vehicle.model}`,
        });
        if (!init.transactionId) throw new HttpError(502, PAYMENT_MESSAGES.missingTransactionId);
        return { providerRef: init.transactionId, pollUrl: init.pollUrl, message: init.message };
      });
      return { ...opened, plan, amountCents };
    });
    return {
      success: true,
      transaction_id: row.providerRef,
      message: message || PAYMENT_MESSAGES.initiated,
      status: 'pending',
      amount: amountCents / 100,
      currency: CURRENCY,
      subscription_plan: plan,
      provider: mobile.name,
      test_mode: mobile.mode !== 'live',
    };
  });

  app.post('/payments/ecocash/confirm/:id', { schema: { params: refParams, body: confirmBody, tags: ['payments'] } }, async (req, reply) => {
    const mobile = providers.mobileMoney;
    const pin = req.body?.pin;
    return confirmPayment(
      req,
      reply,
      mobile.name,
      req.params.id,
      (p) => mobile.status({ transactionId: p.providerRef, pollUrl: p.pollUrl, ...(pin !== undefined && { pin }) }),
      { done: { status: 'completed', message: PAYMENT_MESSAGES.completed }, pending: PAYMENT_MESSAGES.pending },
    );
  });

  /** Paynow's server-to-server status callback: we never trust its body, we ask Paynow again. */
  app.post('/payments/ecocash/result', { schema: { tags: ['payments'] }, config: { skipIdempotency: true } }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const reference = body.reference;
    if (!reference) throw badRequest('Missing reference');
    if (typeof reference !== 'string') throw badRequest('Invalid reference');
    if (hasNul(reference)) throw unprocessable(NUL_MESSAGE);
    const mobile = providers.mobileMoney;
    const payment = await findPayment(db, mobile.name, reference);
    if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    if (payment.status === 'pending' || payment.status === 'superseded') {
      await complete(payment, await providerCall(() => mobile.status({ transactionId: payment.providerRef, pollUrl: payment.pollUrl })));
    }
    return { ok: true };
  });
};
