// The payment-provider interface. Routes talk only to these; adapters (sandbox, Stripe, Paynow)
// implement them. Amounts are in US cents and always computed by the server.

export type ProviderMode = 'sandbox' | 'test' | 'live';

export interface CardIntent {
  /** The provider's payment-intent id (used in POST /api/payments/confirm/{id}). */
  intentId: string;
  clientSecret: string;
}

export type ProviderPaymentStatus = 'succeeded' | 'pending' | 'failed';

export interface ProviderStatus {
  status: ProviderPaymentStatus;
  /** The amount the provider says was charged, in cents, when it tells. */
  amountCents?: number;
  /** A human-readable reason, for failures. */
  message?: string;
}

export interface CardProvider {
  readonly name: 'sandbox' | 'stripe';
  readonly mode: ProviderMode;
  /** Publishable key for the client's card element, when the provider has one. */
  readonly publishableKey: string | null;
  createIntent(input: {
    amountCents: number;
    currency: string;
    /** Our payment id; stored in the provider's metadata. */
    reference: string;
    description: string;
    /** Passed to the provider so a retried create never makes a second intent. */
    idempotencyKey: string;
  }): Promise<CardIntent>;
  /** Asks the provider whether the intent was paid. */
  status(intentId: string): Promise<ProviderStatus>;
  /** Makes a customer and a monthly subscription (a dealer's plan, issue 38); the browser confirms its first invoice with `clientSecret`. */
  createSubscription(input: {
    amountCents: number;
    currency: string;
    email: string;
    name: string;
    /** Our dealer's id; stored in the provider's metadata. */
    reference: string;
    description: string;
    idempotencyKey: string;
  }): Promise<CardSubscription>;
  /** Where a subscription stands: its status, its current period, and that period's invoice once paid. */
  subscription(subscriptionId: string): Promise<SubscriptionState>;
  /** Stops the renewals; the paid period stays paid. */
  cancelSubscription(subscriptionId: string): Promise<void>;
}

export interface CardSubscription {
  subscriptionId: string;
  customerId: string;
  /** The first invoice's payment, for the browser to confirm; null when nothing is left to confirm (the sandbox). */
  clientSecret: string | null;
}

/** A period the subscription's invoice paid: its invoice is the reference that makes our invoice once. */
export interface PaidPeriod {
  invoiceId: string;
  amountCents: number;
  start: Date;
  end: Date;
}

export interface SubscriptionState {
  status: 'active' | 'pending' | 'past_due' | 'canceled';
  /** The current period's end, as the provider counts it. */
  currentPeriodEnd: Date | null;
  /** The current period, when its invoice is paid. */
  paid: PaidPeriod | null;
}

export interface MobileMoneyInitiation {
  transactionId: string;
  /** Where to ask for the transaction's status later (Paynow's poll URL). */
  pollUrl: string | null;
  message: string;
}

export interface MobileMoneyProvider {
  readonly name: 'sandbox' | 'paynow';
  readonly mode: ProviderMode;
  initiate(input: {
    amountCents: number;
    reference: string;
    /** Digits only, e.g. 0771234567. */
    msisdn: string;
    /** The payer's email (Paynow requires one for mobile payments). */
    email: string;
    description: string;
  }): Promise<MobileMoneyInitiation>;
  /** The transaction's status; `pin` is only read by the sandbox (SANDBOX_PINS in src/domain/payments/fees.ts). */
  status(tx: { transactionId: string; pollUrl: string | null; pin?: string }): Promise<ProviderStatus>;
}

/** Raised by an adapter when the provider refuses or cannot be reached; `status` is the HTTP status to answer. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number = 502,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
