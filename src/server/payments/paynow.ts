import { createRequire } from 'node:module';
import { ProviderError, type MobileMoneyInitiation, type MobileMoneyProvider, type ProviderStatus } from './provider';

// The paynow package ships CommonJS without type declarations; these describe the parts used here.
interface PaynowPayment {
  add(title: string, amount: number): PaynowPayment;
}

/** The package parses both initiation and poll answers into this shape; `status` is lower-cased. */
interface PaynowResponse {
  status: string;
  success: boolean;
  error?: string;
  pollUrl?: string;
  instructions?: string;
}

interface PaynowClient {
  createPayment(reference: string, authEmail: string): PaynowPayment;
  /** Resolves undefined when the request or the answer's hash check fails (the package logs and swallows it). */
  sendMobile(payment: PaynowPayment, phone: string, method: 'ecocash'): Promise<PaynowResponse | null | undefined>;
  pollTransaction(url: string): Promise<PaynowResponse | null>;
}

interface PaynowModule {
  Paynow: new (integrationId: string, integrationKey: string, resultUrl: string, returnUrl: string) => PaynowClient;
}

interface PaynowEndpoints {
  URL_INITIATE_TRANSACTION: string;
  URL_INITIATE_MOBILE_TRANSACTION: string;
}

const requireCjs = createRequire(import.meta.url);
const { Paynow } = requireCjs('paynow') as PaynowModule;
const endpoints = requireCjs('paynow/dist/constants.js') as PaynowEndpoints;
const liveEndpoints: PaynowEndpoints = {
  URL_INITIATE_TRANSACTION: endpoints.URL_INITIATE_TRANSACTION,
  URL_INITIATE_MOBILE_TRANSACTION: endpoints.URL_INITIATE_MOBILE_TRANSACTION,
};

const SUCCEEDED = new Set(['paid', 'awaiting delivery', 'delivered']);
const FAILED = new Set(['cancelled', 'failed', 'disputed', 'refunded']);

function unavailable(cause: unknown, message = 'Mobile money provider unavailable'): ProviderError {
  const error = new ProviderError(message, 502);
  error.cause = cause;
  return error;
}

export class PaynowMobileMoneyProvider implements MobileMoneyProvider {
  readonly name = 'paynow';
  readonly mode = 'live';
  private readonly paynow: PaynowClient;
  private readonly endpoints: PaynowEndpoints;

  constructor(opts: { integrationId: string; integrationKey: string; resultUrl: string; returnUrl: string; apiBase?: string }) {
    this.paynow = new Paynow(opts.integrationId, opts.integrationKey, opts.resultUrl, opts.returnUrl);
    this.endpoints = opts.apiBase
      ? {
          URL_INITIATE_TRANSACTION: `${opts.apiBase}/interface/initiatetransaction`,
          URL_INITIATE_MOBILE_TRANSACTION: `${opts.apiBase}/interface/remotetransaction`,
        }
      : liveEndpoints;
  }

  async initiate(input: { amountCents: number; reference: string; msisdn: string; email: string; description: string }): Promise<MobileMoneyInitiation> {
    const payment = this.paynow.createPayment(input.reference, input.email);
    // The package's cart summary drops the last character of the description; the trailing space absorbs it.
    payment.add(`${input.description} `, input.amountCents / 100);
    // The package reads these process-wide endpoints when the call starts; set per call so tests can aim at a local fake.
    Object.assign(endpoints, this.endpoints);
    let res: PaynowResponse | null | undefined;
    try {
      res = await this.paynow.sendMobile(payment, input.msisdn, 'ecocash');
    } catch (err) {
      // Network and parse failures resolve undefined, so a rejection is the package's own input check
      // (empty cart, non-positive total, an email its pattern refuses).
      throw new ProviderError(err instanceof Error ? err.message : String(err), 400);
    }
    if (!res) throw unavailable(res);
    if (!res.success) {
      if (res.status === 'error') throw new ProviderError(res.error || 'Mobile money payment refused', 400);
      throw unavailable(res, res.error || undefined);
    }
    if (!res.pollUrl) throw unavailable(res);
    return {
      transactionId: input.reference,
      pollUrl: res.pollUrl,
      message: res.instructions || 'Payment initiated. Please enter your PIN.',
    };
  }

  async status(tx: { transactionId: string; pollUrl: string | null }): Promise<ProviderStatus> {
    if (!tx.pollUrl) throw new ProviderError('Missing poll URL', 500);
    let res: PaynowResponse | null;
    try {
      res = await this.paynow.pollTransaction(tx.pollUrl);
    } catch (err) {
      throw unavailable(err);
    }
    if (!res) throw unavailable(res);
    if (res.status === 'error') throw unavailable(res, res.error || undefined);
    if (SUCCEEDED.has(res.status)) return { status: 'succeeded' };
    if (FAILED.has(res.status)) return { status: 'failed', message: `Mobile money payment ${res.status}` };
    return { status: 'pending' };
  }
}
