// A local stand-in for the two Stripe endpoints the card adapter calls, answering with Stripe's JSON
// shapes so the real SDK parses them (and raises its own error classes) exactly as it would in production.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: { type: 'card_error'; code: string; decline_code: string; message: string } | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
}

export interface FakeStripeCreate {
  idempotencyKey: string | undefined;
  /** The form body as sent, e.g. `metadata[reference]`. */
  params: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  intents: Map<string, FakePaymentIntent>;
  /** Every POST /v1/payment_intents that passed authentication, replays included. */
  creates: FakeStripeCreate[];
  /** The customer paid. */
  succeed(intentId: string): void;
  /** The card was declined: Stripe sends the intent back to requires_payment_method with the error. */
  fail(intentId: string, message: string): void;
  cancel(intentId: string): void;
  close(): Promise<void>;
}

function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${hex(7)}`, ...headers });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, error: Record<string, string>): void {
  send(res, status, { error: { type: 'invalid_request_error', ...error } });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakePaymentIntent>();
  const creates: FakeStripeCreate[] = [];
  // Stripe replays the first answer given for a key, not the intent's current state.
  const replies = new Map<string, string>();

  function intent(id: string): FakePaymentIntent {
    const pi = intents.get(id);
    if (!pi) throw new Error(`fake Stripe: no payment intent ${id}`);
    return pi;
  }

  /** Returns the new intent, or answers the request with Stripe's validation error and returns null. */
  function create(params: Record<string, string>, res: ServerResponse): FakePaymentIntent | null {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      stripeError(res, 400, { code: 'parameter_missing', param: 'amount', message: 'Missing required param: amount.' });
      return null;
    }
    if (!params.currency) {
      stripeError(res, 400, { code: 'parameter_missing', param: 'currency', message: 'Missing required param: currency.' });
      return null;
    }
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(params)) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const id = `pi_${hex(12)}`;
    const pi: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      automatic_payment_methods: params['automatic_payment_methods[enabled]'] === 'true' ? { enabled: true } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${hex(12)}`,
      confirmation_method: 'automatic',
      created: Math.floor(Date.now() / 1000),
      currency: params.currency,
      description: params.description ?? null,
      last_payment_error: null,
      livemode: false,
      metadata,
      payment_method: null,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
    };
    intents.set(id, pi);
    return pi;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;

    const auth = req.headers.authorization ?? '';
    if (!/^Bearer sk_test_\S+$/.test(auth)) {
      return stripeError(res, 401, { message: `Invalid API Key provided: ${auth.replace(/^Bearer\s*/, '').slice(0, 8)}****` });
    }

    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const params = Object.fromEntries(new URLSearchParams(body));
      const key = req.headers['idempotency-key'];
      const idempotencyKey = Array.isArray(key) ? key[0] : key;
      creates.push({ idempotencyKey, params });
      const replay = idempotencyKey === undefined ? undefined : replies.get(idempotencyKey);
      if (replay) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' });
        res.end(replay);
        return;
      }
      const created = create(params, res);
      if (!created) return;
      if (idempotencyKey !== undefined) replies.set(idempotencyKey, JSON.stringify(created));
      return send(res, 200, created);
    }

    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && match?.[1]) {
      const id = decodeURIComponent(match[1]);
      const pi = intents.get(id);
      if (!pi) {
        return stripeError(res, 404, { code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${id}'` });
      }
      return send(res, 200, pi);
    }

    stripeError(res, 404, { message: `Unrecognized request URL (${req.method}: ${path}).` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    creates,
    succeed(intentId) {
      const pi = intent(intentId);
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      pi.last_payment_error = null;
      pi.payment_method = `pm_${hex(12)}`;
    },
    fail(intentId, message) {
      const pi = intent(intentId);
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message };
    },
    cancel(intentId) {
      const pi = intent(intentId);
      pi.status = 'canceled';
      pi.canceled_at = Math.floor(Date.now() / 1000);
      pi.cancellation_reason = 'requested_by_customer';
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // The SDK keeps connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}
