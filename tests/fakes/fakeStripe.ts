// A local stand-in for the Stripe endpoints the card adapter calls (payment intents; products,
// customers and subscriptions for a dealer's monthly plan), answering with Stripe's JSON shapes so the
// real SDK parses them (and raises its own error classes) exactly as it would in production.
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

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  currency: string;
  customer: string;
  status: 'open' | 'paid';
  period_start: number;
  period_end: number;
  confirmation_secret: { client_secret: string; type: 'payment_intent' } | null;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'canceled';
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: Array<{ id: string; object: 'subscription_item'; current_period_start: number; current_period_end: number; price: { unit_amount: number; currency: string; product: string } }>;
  };
  latest_invoice: string;
}

export interface FakeStripe {
  url: string;
  /** The plan's subscriptions by id, and every invoice they made. */
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  /** Every POST /v1/subscriptions that passed authentication, replays included. */
  subscriptionCreates: FakeStripeCreate[];
  /** The customer confirmed the first invoice's payment: the subscription becomes active. */
  payFirstInvoice(subscriptionId: string): void;
  /** The first invoice went unpaid for a day: Stripe ends the subscription (incomplete_expired). */
  expire(subscriptionId: string): void;
  /** Stripe charged the saved card for the next period: a new paid invoice and period (`paid` false: the charge failed, past_due). */
  renew(subscriptionId: string, paid?: boolean): void;
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

/** Keeps what is written to `res`, so an answer can be replayed for its idempotency key. */
function captureJson(res: ServerResponse): () => string {
  let written = '';
  const end = res.end.bind(res);
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string') written = chunk;
    return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
  }) as ServerResponse['end'];
  return () => written;
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

  const products = new Set<string>();
  const customers = new Set<string>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const subscriptionCreates: FakeStripeCreate[] = [];
  const MONTH_S = 30 * 86_400;

  function subscription(id: string): FakeSubscription {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`fake Stripe: no subscription ${id}`);
    return sub;
  }

  function newInvoice(sub: Pick<FakeSubscription, 'customer'>, amount: number, currency: string, start: number): FakeInvoice {
    const id = `in_${hex(12)}`;
    const invoice: FakeInvoice = {
      id,
      object: 'invoice',
      amount_due: amount,
      amount_paid: 0,
      currency,
      customer: sub.customer,
      status: 'open',
      period_start: start,
      period_end: start + MONTH_S,
      confirmation_secret: { client_secret: `pi_${hex(12)}_secret_${hex(12)}`, type: 'payment_intent' },
    };
    invoices.set(id, invoice);
    return invoice;
  }

  /** A subscription as the SDK reads it: its latest invoice expanded when asked (`expand[]=latest_invoice…`). */
  const subscriptionJson = (sub: FakeSubscription, expand: boolean) => (expand ? { ...sub, latest_invoice: invoices.get(sub.latest_invoice) } : sub);

  /** Answers the plan's endpoints; false for a path that is not one of them. */
  function planEndpoint(req: IncomingMessage, res: ServerResponse, path: string, params: Record<string, string>, expand: boolean): boolean {
    const product = /^\/v1\/products\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && product?.[1]) {
      const id = decodeURIComponent(product[1]);
      if (products.has(id)) send(res, 200, { id, object: 'product', name: 'Motokari dealer plan' });
      else stripeError(res, 404, { code: 'resource_missing', param: 'id', message: `No such product: '${id}'` });
      return true;
    }
    if (req.method === 'POST' && path === '/v1/products') {
      const id = params.id ?? `prod_${hex(8)}`;
      products.add(id);
      send(res, 200, { id, object: 'product', name: params.name });
      return true;
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      const id = `cus_${hex(8)}`;
      customers.add(id);
      send(res, 200, { id, object: 'customer', email: params.email ?? null, name: params.name ?? null });
      return true;
    }
    if (req.method === 'POST' && path === '/v1/subscriptions') {
      const customer = params.customer ?? '';
      const productId = params['items[0][price_data][product]'] ?? '';
      const amount = Number(params['items[0][price_data][unit_amount]']);
      const currency = params['items[0][price_data][currency]'] ?? '';
      if (!customers.has(customer)) stripeError(res, 400, { code: 'resource_missing', param: 'customer', message: `No such customer: '${customer}'` });
      else if (!products.has(productId)) stripeError(res, 400, { code: 'resource_missing', param: 'items[0][price_data][product]', message: `No such product: '${productId}'` });
      else {
        const start = Math.floor(Date.now() / 1000);
        const invoice = newInvoice({ customer }, amount, currency, start);
        const id = `sub_${hex(12)}`;
        const sub: FakeSubscription = {
          id,
          object: 'subscription',
          customer,
          status: 'incomplete',
          metadata: { reference: params['metadata[reference]'] ?? '' },
          items: {
            object: 'list',
            data: [{ id: `si_${hex(8)}`, object: 'subscription_item', current_period_start: start, current_period_end: start + MONTH_S, price: { unit_amount: amount, currency, product: productId } }],
          },
          latest_invoice: invoice.id,
        };
        subscriptions.set(id, sub);
        send(res, 200, subscriptionJson(sub, expand));
      }
      return true;
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const sub = match?.[1] ? subscriptions.get(decodeURIComponent(match[1])) : undefined;
    if (match && !sub && (req.method === 'GET' || req.method === 'DELETE')) {
      stripeError(res, 404, { code: 'resource_missing', param: 'id', message: `No such subscription: '${match[1]}'` });
      return true;
    }
    if (sub && req.method === 'GET') {
      send(res, 200, subscriptionJson(sub, expand));
      return true;
    }
    if (sub && req.method === 'DELETE') {
      sub.status = 'canceled';
      send(res, 200, subscriptionJson(sub, false));
      return true;
    }
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;

    const auth = req.headers.authorization ?? '';
    if (!/^Bearer sk_test_\S+$/.test(auth)) {
      return stripeError(res, 401, { message: `Invalid API Key provided: ${auth.replace(/^Bearer\s*/, '').slice(0, 8)}****` });
    }

    const form = Object.fromEntries(new URLSearchParams(body));
    const expand = [...Object.entries(form), ...url.searchParams.entries()].some(([k, v]) => k.startsWith('expand') && v.startsWith('latest_invoice'));
    if (req.method === 'POST' && path === '/v1/subscriptions') {
      const key = req.headers['idempotency-key'];
      const idempotencyKey = Array.isArray(key) ? key[0] : key;
      subscriptionCreates.push({ idempotencyKey, params: form });
      const replay = idempotencyKey === undefined ? undefined : replies.get(idempotencyKey);
      if (replay) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' });
        res.end(replay);
        return;
      }
      const captured = captureJson(res);
      planEndpoint(req, res, path, form, expand);
      if (idempotencyKey !== undefined && res.statusCode === 200) replies.set(idempotencyKey, captured());
      return;
    }
    if (planEndpoint(req, res, path, form, expand)) return;

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
    subscriptions,
    invoices,
    subscriptionCreates,
    payFirstInvoice(subscriptionId) {
      const sub = subscription(subscriptionId);
      const invoice = invoices.get(sub.latest_invoice)!;
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      sub.status = 'active';
    },
    expire(subscriptionId) {
      subscription(subscriptionId).status = 'incomplete_expired';
    },
    renew(subscriptionId, paid = true) {
      const sub = subscription(subscriptionId);
      const item = sub.items.data[0]!;
      const invoice = newInvoice(sub, item.price.unit_amount, item.price.currency, item.current_period_end);
      item.current_period_start = invoice.period_start;
      item.current_period_end = invoice.period_end;
      sub.latest_invoice = invoice.id;
      if (paid) {
        invoice.status = 'paid';
        invoice.amount_paid = invoice.amount_due;
        sub.status = 'active';
      } else sub.status = 'past_due';
    },
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
