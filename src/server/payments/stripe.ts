import Stripe from 'stripe';
import { ProviderError, type CardIntent, type CardProvider, type ProviderMode, type ProviderStatus } from './provider';

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
}
