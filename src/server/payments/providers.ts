import type { CardProvider, MobileMoneyProvider } from './provider';
import { PaynowMobileMoneyProvider } from './paynow';
import { SandboxCardProvider, SandboxMobileMoneyProvider } from './sandbox';
import { StripeCardProvider } from './stripe';

export interface PaymentProviders {
  /** Null when card payments are switched off: the app then shows 'Payment System Error'. */
  card: CardProvider | null;
  mobileMoney: MobileMoneyProvider;
}

export interface PaymentEnv {
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_API_BASE?: string;
  PAYNOW_INTEGRATION_ID?: string;
  PAYNOW_INTEGRATION_KEY?: string;
  PAYNOW_API_BASE?: string;
  PAYNOW_RESULT_URL?: string;
  PAYNOW_RETURN_URL?: string;
  PAYMENTS_SANDBOX?: string;
}

// Empty strings count as unset, as a blank line in an .env file leaves them.
export function createPaymentProviders(env: PaymentEnv, publicUrl: string, now: () => Date = () => new Date()): PaymentProviders {
  const base = publicUrl.replace(/\/+$/, '');

  let card: CardProvider | null = null;
  if (env.STRIPE_SECRET_KEY) {
    card = new StripeCardProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
      apiBase: env.STRIPE_API_BASE || undefined,
    });
  } else if (env.PAYMENTS_SANDBOX !== 'off') {
    card = new SandboxCardProvider(now);
  }

  const mobileMoney =
    env.PAYNOW_INTEGRATION_ID && env.PAYNOW_INTEGRATION_KEY
      ? new PaynowMobileMoneyProvider({
          integrationId: env.PAYNOW_INTEGRATION_ID,
          integrationKey: env.PAYNOW_INTEGRATION_KEY,
          resultUrl: env.PAYNOW_RESULT_URL || `${base}/api/payments/ecocash/result`,
          returnUrl: env.PAYNOW_RETURN_URL || `${base}/dashboard`,
          apiBase: env.PAYNOW_API_BASE || undefined,
        })
      : new SandboxMobileMoneyProvider();

  return { card, mobileMoney };
}
