import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { SANDBOX_PINS } from '@/domain/payments/fees';
import { PaynowMobileMoneyProvider } from '@/server/payments/paynow';
import { ProviderError } from '@/server/payments/provider';
import { createPaymentProviders } from '@/server/payments/providers';
import { SandboxCardProvider, SandboxMobileMoneyProvider } from '@/server/payments/sandbox';
import { StripeCardProvider } from '@/server/payments/stripe';
import { startFakePaynow, type FakePaynow } from '../fakes/fakePaynow';
import { freePort } from '../support/ports';
import { startFakeStripe, type FakeStripe } from '../fakes/fakeStripe';

const intentInput = {
  amountCents: 200,
  currency: 'usd',
  reference: 'pay_0001',
  description: 'Motokari premium listing (7 days)',
  idempotencyKey: 'idem-0001',
};

const mobileInput = {
  amountCents: 100,
  reference: 'pay_eco_0001',
  msisdn: '0771234567',
  email: 'seller@example.co.zw',
  description: 'Motokari standard listing',
};

/** Resolves to the ProviderError a call rejects with, failing the test if it resolves or rejects otherwise. */
async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a ProviderError, but the call succeeded');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('SandboxCardProvider', () => {
  const card = new SandboxCardProvider();

  it('describes itself as the sandbox without a publishable key', () => {
    expect(card.name).toBe('sandbox');
    expect(card.mode).toBe('sandbox');
    expect(card.publishableKey).toBeNull();
  });

  it('creates distinct intents whose client secret embeds the intent id', async () => {
    const a = await card.createIntent(intentInput);
    const b = await card.createIntent(intentInput);
    expect(a.intentId).toMatch(/^pi_sandbox_[0-9a-f]+$/);
    expect(a.clientSecret).toMatch(new RegExp(`^${a.intentId}_secret_[0-9a-f]+$`));
    expect(b.intentId).not.toBe(a.intentId);
  });

  it('answers for intents made by another instance, since it keeps no state', async () => {
    const { intentId } = await new SandboxCardProvider().createIntent(intentInput);
    expect(await card.status(intentId)).toEqual({ status: 'succeeded' });
  });

  it('fails ids it did not make', async () => {
    expect(await card.status('pi_3Nxyz')).toEqual({ status: 'failed', message: 'Unknown payment intent' });
  });
});

describe('SandboxMobileMoneyProvider', () => {
  const eco = new SandboxMobileMoneyProvider();

  it('initiates without a poll URL and asks for the PIN', async () => {
    const res = await eco.initiate(mobileInput);
    expect(res.transactionId).toMatch(/^eco_sandbox_[0-9a-f]+$/);
    expect(res.pollUrl).toBeNull();
    expect(res.message).toBe('Payment initiated. Please enter your PIN.');
    expect(eco.name).toBe('sandbox');
    expect(eco.mode).toBe('sandbox');
  });

  it.each(['12345678', '1234567890123456', '07712345a7', '+263771234567', ''])('rejects msisdn %j with 400', async (msisdn) => {
    const err = await providerError(eco.initiate({ ...mobileInput, msisdn }));
    expect(err.status).toBe(400);
  });

  it('accepts 9 and 15 digits', async () => {
    await expect(eco.initiate({ ...mobileInput, msisdn: '771234567' })).resolves.toBeDefined();
    await expect(eco.initiate({ ...mobileInput, msisdn: '263771234567123' })).resolves.toBeDefined();
  });

  it('approves with the approve PIN or no PIN', async () => {
    const tx = { transactionId: 'eco_sandbox_ab', pollUrl: null };
    expect(await eco.status({ ...tx, pin: SANDBOX_PINS.approve })).toEqual({ status: 'succeeded' });
    expect(await eco.status(tx)).toEqual({ status: 'succeeded' });
  });

  it('declines with the decline PIN', async () => {
    expect(await eco.status({ transactionId: 'eco_sandbox_ab', pollUrl: null, pin: SANDBOX_PINS.decline })).toEqual({
      status: 'failed',
      message: 'Payment declined: insufficient funds (sandbox)',
    });
  });

  it('fails any other PIN', async () => {
    expect(await eco.status({ transactionId: 'eco_sandbox_ab', pollUrl: null, pin: '9999' })).toEqual({
      status: 'failed',
      message: 'Invalid PIN (sandbox)',
    });
  });
});

describe('StripeCardProvider against a fake Stripe', () => {
  let fake: FakeStripe;
  let stripe: StripeCardProvider;

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = new StripeCardProvider({ secretKey: 'sk_test_motokari', publishableKey: 'pk_test_motokari', apiBase: fake.url });
  });
  afterAll(() => fake.close());

  it('takes its mode from the secret key', () => {
    expect(stripe.name).toBe('stripe');
    expect(stripe.mode).toBe('test');
    expect(stripe.publishableKey).toBe('pk_test_motokari');
    expect(new StripeCardProvider({ secretKey: 'sk_live_x', publishableKey: null }).mode).toBe('live');
  });

  it('creates a payment intent with our reference and automatic payment methods', async () => {
    const intent = await stripe.createIntent({ ...intentInput, idempotencyKey: 'idem-create' });
    const pi = fake.intents.get(intent.intentId);
    expect(pi).toBeDefined();
    expect(intent.clientSecret).toBe(pi?.client_secret);
    expect(pi).toMatchObject({
      amount: 200,
      currency: 'usd',
      description: intentInput.description,
      metadata: { reference: intentInput.reference },
      automatic_payment_methods: { enabled: true },
    });
  });

  it('forwards the idempotency key, and a retried create returns the same intent', async () => {
    const first = await stripe.createIntent({ ...intentInput, idempotencyKey: 'idem-retry' });
    const again = await stripe.createIntent({ ...intentInput, idempotencyKey: 'idem-retry' });
    const other = await stripe.createIntent({ ...intentInput, idempotencyKey: 'idem-other' });
    expect(again).toEqual(first);
    expect(other.intentId).not.toBe(first.intentId);
    expect(fake.creates.filter((c) => c.idempotencyKey === 'idem-retry')).toHaveLength(2);
    expect([...fake.intents.values()].filter((pi) => pi.id === first.intentId)).toHaveLength(1);
  });

  it('is pending until paid, then succeeded with the amount received', async () => {
    const { intentId } = await stripe.createIntent({ ...intentInput, idempotencyKey: 'idem-pay' });
    expect(await stripe.status(intentId)).toEqual({ status: 'pending' });
    fake.succeed(intentId);
    expect(await stripe.status(intentId)).toEqual({ status: 'succeeded', amountCents: 200 });
  });

  it('fails with the decline message after a declined attempt', async () => {
    const { intentId } = await stripe.createIntent({ ...intentInput, idempotencyKey: 'idem-decline' });
    fake.fail(intentId, 'Your card was declined.');
    expect(await stripe.status(intentId)).toEqual({ status: 'failed', message: 'Your card was declined.' });
  });

  it('fails a canceled intent', async () => {
    const { intentId } = await stripe.createIntent({ ...intentInput, idempotencyKey: 'idem-cancel' });
    fake.cancel(intentId);
    expect(await stripe.status(intentId)).toMatchObject({ status: 'failed' });
  });

  it('maps an unknown intent to 404', async () => {
    const err = await providerError(stripe.status('pi_doesnotexist'));
    expect(err).toMatchObject({ status: 404, message: 'Payment not found' });
  });

  it('maps a rejected API key to 502 without leaking Stripe details', async () => {
    const badKey = new StripeCardProvider({ secretKey: 'sk_live_wrong', publishableKey: null, apiBase: fake.url });
    const err = await providerError(badKey.createIntent(intentInput));
    expect(err).toMatchObject({ status: 502, message: 'Card payment provider unavailable' });
    expect(err.cause).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
  });

  it('maps an unreachable Stripe to 502', async () => {
    const port = await freePort();
    const down = new StripeCardProvider({ secretKey: 'sk_test_x', publishableKey: null, apiBase: `http://127.0.0.1:${port}` });
    const err = await providerError(down.status('pi_123'));
    expect(err.status).toBe(502);
  });
});

describe('PaynowMobileMoneyProvider against a fake Paynow', () => {
  const integration = { integrationId: '21436', integrationKey: 'A1B2C3D4-E5F6-7A8B-9C0D-E1F2A3B4C5D6' };
  let fake: FakePaynow;
  let paynow: PaynowMobileMoneyProvider;

  beforeAll(async () => {
    fake = await startFakePaynow(integration);
    paynow = new PaynowMobileMoneyProvider({
      ...integration,
      resultUrl: 'http://127.0.0.1:3000/api/payments/ecocash/result',
      returnUrl: 'http://127.0.0.1:3000/dashboard',
      apiBase: fake.url,
    });
  });
  afterAll(() => fake.close());

  it('initiates an EcoCash payment and returns the poll URL and instructions', async () => {
    const res = await paynow.initiate(mobileInput);
    expect(res.transactionId).toBe(mobileInput.reference);
    expect(res.pollUrl).toMatch(new RegExp(`^${fake.url}/poll/[0-9a-f-]+$`));
    expect(res.message).toBe('Dial *151*2*4# to approve');

    const sent = fake.requests.at(-1)?.form;
    expect(sent).toMatchObject({
      id: integration.integrationId,
      reference: mobileInput.reference,
      amount: '1',
      phone: mobileInput.msisdn,
      method: 'ecocash',
      authemail: mobileInput.email,
      additionalinfo: encodeURI(mobileInput.description),
    });
    expect(paynow.name).toBe('paynow');
    expect(paynow.mode).toBe('live');
  });

  it('is pending until Paynow reports it paid', async () => {
    const tx = await paynow.initiate({ ...mobileInput, reference: 'pay_eco_paid' });
    expect(await paynow.status(tx)).toEqual({ status: 'pending' });
    fake.setStatus('pay_eco_paid', 'Paid');
    expect(await paynow.status(tx)).toEqual({ status: 'succeeded' });
  });

  it('fails a cancelled payment', async () => {
    const tx = await paynow.initiate({ ...mobileInput, reference: 'pay_eco_cancel' });
    fake.setStatus('pay_eco_cancel', 'Cancelled');
    expect(await paynow.status(tx)).toMatchObject({ status: 'failed' });
  });

  it('maps an invalid mobile number to 400 with Paynow’s message', async () => {
    const err = await providerError(paynow.initiate({ ...mobileInput, msisdn: '0001234567' }));
    expect(err).toMatchObject({ status: 400, message: 'Invalid mobile number' });
  });

  it('maps an email the package refuses to 400', async () => {
    const err = await providerError(paynow.initiate({ ...mobileInput, email: 'not-an-email' }));
    expect(err.status).toBe(400);
  });

  it('refuses an initiation answer with a tampered hash', async () => {
    // The package catches its own hash failure, logs it and resolves undefined.
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      fake.tamperNextHash();
      const err = await providerError(paynow.initiate({ ...mobileInput, reference: 'pay_eco_tamper' }));
      expect(err).toMatchObject({ status: 502, message: 'Mobile money provider unavailable' });
      expect(log).toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });

  it('refuses a poll answer with a tampered hash', async () => {
    const tx = await paynow.initiate({ ...mobileInput, reference: 'pay_eco_tamper_poll' });
    fake.setStatus('pay_eco_tamper_poll', 'Paid');
    fake.tamperNextHash();
    const err = await providerError(paynow.status(tx));
    expect(err.status).toBe(502);
    expect(err.cause).toMatchObject({ message: 'Hashes do not match!' });
  });

  it('needs a poll URL', async () => {
    const err = await providerError(paynow.status({ transactionId: 'pay_x', pollUrl: null }));
    expect(err).toMatchObject({ status: 500, message: 'Missing poll URL' });
  });

  it('maps an unreachable Paynow to 502', async () => {
    const port = await freePort();
    const down = new PaynowMobileMoneyProvider({
      ...integration,
      resultUrl: 'http://127.0.0.1:3000/r',
      returnUrl: 'http://127.0.0.1:3000/d',
      apiBase: `http://127.0.0.1:${port}`,
    });
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect((await providerError(down.initiate(mobileInput))).status).toBe(502);
      expect((await providerError(down.status({ transactionId: 'x', pollUrl: `http://127.0.0.1:${port}/poll/x` }))).status).toBe(502);
    } finally {
      log.mockRestore();
    }
  });
});

describe('createPaymentProviders', () => {
  const publicUrl = 'http://127.0.0.1:3000/';

  it('uses the sandboxes when nothing is configured', () => {
    const p = createPaymentProviders({}, publicUrl);
    expect(p.card).toBeInstanceOf(SandboxCardProvider);
    expect(p.mobileMoney).toBeInstanceOf(SandboxMobileMoneyProvider);
  });

  it('has no card provider when the sandbox is off and Stripe is not configured', () => {
    const p = createPaymentProviders({ PAYMENTS_SANDBOX: 'off' }, publicUrl);
    expect(p.card).toBeNull();
    expect(p.mobileMoney).toBeInstanceOf(SandboxMobileMoneyProvider);
  });

  it('uses Stripe when a secret key is set, even with the sandbox off', () => {
    for (const PAYMENTS_SANDBOX of [undefined, 'off']) {
      const p = createPaymentProviders({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc', PAYMENTS_SANDBOX }, publicUrl);
      expect(p.card).toBeInstanceOf(StripeCardProvider);
      expect(p.card).toMatchObject({ mode: 'live', publishableKey: 'pk_live_abc' });
    }
    expect(createPaymentProviders({ STRIPE_SECRET_KEY: 'sk_test_abc' }, publicUrl).card).toMatchObject({
      mode: 'test',
      publishableKey: null,
    });
  });

  it('treats empty variables as unset', () => {
    const p = createPaymentProviders({ STRIPE_SECRET_KEY: '', PAYNOW_INTEGRATION_ID: '', PAYNOW_INTEGRATION_KEY: '' }, publicUrl);
    expect(p.card).toBeInstanceOf(SandboxCardProvider);
    expect(p.mobileMoney).toBeInstanceOf(SandboxMobileMoneyProvider);
  });

  it('needs both Paynow ids to use Paynow', () => {
    expect(createPaymentProviders({ PAYNOW_INTEGRATION_ID: '1' }, publicUrl).mobileMoney).toBeInstanceOf(SandboxMobileMoneyProvider);
    expect(createPaymentProviders({ PAYNOW_INTEGRATION_KEY: 'k' }, publicUrl).mobileMoney).toBeInstanceOf(SandboxMobileMoneyProvider);
  });

  describe('with Paynow configured', () => {
    const integration = { integrationId: '9001', integrationKey: 'factory-key' };
    let fake: FakePaynow;
    beforeAll(async () => {
      fake = await startFakePaynow(integration);
    });
    afterAll(() => fake.close());

    it('sends result and return URLs derived from the public URL by default', async () => {
      const { mobileMoney } = createPaymentProviders(
        {
          PAYNOW_INTEGRATION_ID: integration.integrationId,
          PAYNOW_INTEGRATION_KEY: integration.integrationKey,
          PAYNOW_API_BASE: fake.url,
        },
        publicUrl,
      );
      expect(mobileMoney).toBeInstanceOf(PaynowMobileMoneyProvider);
      await mobileMoney.initiate(mobileInput);
      expect(fake.requests.at(-1)?.form).toMatchObject({
        resulturl: 'http://127.0.0.1:3000/api/payments/ecocash/result',
        returnurl: 'http://127.0.0.1:3000/dashboard',
      });
    });

    it('prefers explicit result and return URLs', async () => {
      const { mobileMoney } = createPaymentProviders(
        {
          PAYNOW_INTEGRATION_ID: integration.integrationId,
          PAYNOW_INTEGRATION_KEY: integration.integrationKey,
          PAYNOW_API_BASE: fake.url,
          PAYNOW_RESULT_URL: 'https://motokari.example/hooks/paynow',
          PAYNOW_RETURN_URL: 'https://motokari.example/done',
        },
        publicUrl,
      );
      await mobileMoney.initiate(mobileInput);
      expect(fake.requests.at(-1)?.form).toMatchObject({
        resulturl: 'https://motokari.example/hooks/paynow',
        returnurl: 'https://motokari.example/done',
      });
    });
  });

  it('points Stripe at STRIPE_API_BASE', async () => {
    const fake = await startFakeStripe();
    try {
      const { card } = createPaymentProviders({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_API_BASE: fake.url }, publicUrl);
      const intent = await card?.createIntent(intentInput);
      expect(intent && fake.intents.has(intent.intentId)).toBe(true);
    } finally {
      await fake.close();
    }
  });
});
