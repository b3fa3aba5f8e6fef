import Stripe from 'stripe';
import { ProviderError, type CardIntent, type CardProvider, type CardSubscription, type ProviderMode, type ProviderStatus, type SubscriptionState } from './provider';

type StripeAddress = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;

/** Turns an override such as 'http://127.0.0.1:12345' into the SDK's separate host/port/protocol options. */
function addressOf(apiBase: string): StripeAddress {
  const url = new URL(apiBase);
  const protocol = url.protocol.slice(0, -1);
  if (protocol !== 'http' && protocol !== 'https') {
    throw new Error(`Stripe API base must be http or https: ${apiBase}`);
  }
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function toProviderError(err: unknown): ProviderError {
  if (err instanceof Stripe.errors.StripeInvalidRequestError && (err.statusCode === 404 || err.code === 'resource_missing')) {
    return new ProviderError('Payment not found', 404);
  }
  if (err instanceof Stripe.errors.StripeCardError) return new ProviderError(err.message, 402);
  const error = new ProviderError('Card payment provider unavailable', 502);
  // Kept for the server log: the client only ever sees the generic message.
  error.cause = err;
  return error;
}

function statusOf(pi: Stripe.PaymentIntent): ProviderStatus {
  switch (pi.status) {
    case 'succeeded':
      return { status: 'succeeded', amountCents: pi.amount_received || pi.amount };
    case 'canceled':
      return { status: 'failed', message: 'Payment was canceled' };
    case 'requires_payment_method':
      // Stripe returns an intent to this state after a declined attempt; before any attempt there is no error.
      return pi.last_payment_error?.message ? { status: 'failed', message: pi.last_payment_error.message } : { status: 'pending' };
    default:
      return { status: 'pending' };
  }
}

/** The product every dealer's plan is a price of, made once under this id. */
const PLAN_PRODUCT = 'motokari_dealer_plan';

const toDate = (seconds: number) => new Date(seconds * 1000);

function subscriptionStateOf(sub: Stripe.Subscription): SubscriptionState {
  // Since API version 2025-03-31 the period lives on the subscription's items.
  const item = sub.items.data[0];
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  const status: SubscriptionState['status'] =
    sub.status === 'active' || sub.status === 'trialing'
      ? 'active'
      : sub.status === 'incomplete'
        ? 'pending'
        : sub.status === 'canceled' || sub.status === 'incomplete_expired'
          ? 'canceled'
          : 'past_due';
  const paid =
    item && invoice?.status === 'paid' && invoice.id
      ? { invoiceId: invoice.id, amountCents: invoice.amount_paid, start: toDate(item.current_period_start), end: toDate(item.current_period_end) }
      : null;
  return { status, currentPeriodEnd: item ? toDate(item.current_period_end) : null, paid };
}

export class StripeCardProvider implements CardProvider {
  readonly name = 'stripe';
  readonly mode: ProviderMode;
  readonly publishableKey: string | null;
  private readonly stripe: Stripe;

  constructor(opts: { secretKey: string; publishableKey: string | null; apiBase?: string }) {
    this.mode = opts.secretKey.startsWith('sk_test_') ? 'test' : 'live';
    this.publishableKey = opts.publishableKey;
    this.stripe = new Stripe(opts.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(opts.apiBase ? addressOf(opts.apiBase) : {}),
    });
  }

  async createIntent(input: { amountCents: number; currency: string; reference: string; description: string; idempotencyKey: string }): Promise<CardIntent> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          metadata: { reference: input.reference },
          description: input.description,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!pi.client_secret) throw new Error(`Payment intent ${pi.id} came back without a client secret`);
      return { intentId: pi.id, clientSecret: pi.client_secret };
    } catch (err) {
      throw toProviderError(err);
    }
  }

  async status(intentId: string): Promise<ProviderStatus> {
    try {
      return statusOf(await this.stripe.paymentIntents.retrieve(intentId));
    } catch (err) {
      throw toProviderError(err);
    }
  }

  async createSubscription(input: Parameters<CardProvider['createSubscription']>[0]): Promise<CardSubscription> {
    try {
      await this.planProduct();
      const customer = await this.stripe.customers.create({ email: input.email, name: input.name, metadata: { reference: input.reference } }, { idempotencyKey: `${input.idempotencyKey}:customer` });
      const sub = await this.stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price_data: { currency: input.currency, product: PLAN_PRODUCT, unit_amount: input.amountCents, recurring: { interval: 'month' } } }],
          description: input.description,
          metadata: { reference: input.reference },
          // The first invoice waits for the browser to confirm its payment; later ones charge the saved card.
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
        },
        { idempotencyKey: `${input.idempotencyKey}:subscription` },
      );
      const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      return { subscriptionId: sub.id, customerId: customer.id, clientSecret: invoice?.confirmation_secret?.client_secret ?? null };
    } catch (err) {
      throw toProviderError(err);
    }
  }

  async subscription(subscriptionId: string): Promise<SubscriptionState> {
    try {
      return subscriptionStateOf(await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] }));
    } catch (err) {
      throw toProviderError(err);
    }
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (err) {
      throw toProviderError(err);
    }
  }

  /** The plan's product, made on first use: a fixed id, so every instance finds the same one. */
  private async planProduct(): Promise<void> {
    try {
      await this.stripe.products.retrieve(PLAN_PRODUCT);
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)) throw err;
      await this.stripe.products.create({ id: PLAN_PRODUCT, name: 'Motokari dealer plan' }, { idempotencyKey: `product:${PLAN_PRODUCT}` });
    }
  }
}
