import { randomBytes } from 'node:crypto';
import { addMonth } from '@/domain/payments/dealerPlan';
import { SANDBOX_PINS } from '@/domain/payments/fees';
import { MSISDN_DIGITS, msisdnFormIssue } from '@/domain/payments/payments';
import {
  ProviderError,
  type CardIntent,
  type CardProvider,
  type CardSubscription,
  type SubscriptionState,
  type MobileMoneyInitiation,
  type MobileMoneyProvider,
  type ProviderStatus,
} from './provider';

// Both sandbox providers keep no state: any server instance can answer for an intent or transaction
// another one created, so the outcome is read from the id (card) or the PIN (mobile money).

type IntentInput = Parameters<CardProvider['createIntent']>[0];
type SubscriptionInput = Parameters<CardProvider['createSubscription']>[0];
type InitiateInput = Parameters<MobileMoneyProvider['initiate']>[0];
type MobileTx = Parameters<MobileMoneyProvider['status']>[0];

const CARD_INTENT_PREFIX = 'pi_sandbox_';
/** A sandbox subscription's id holds its start and amount (base 36): sub_sandbox_<start>_<amount>_<random>. */
const SUBSCRIPTION = /^sub_sandbox_([0-9a-z]+)_([0-9a-z]+)_[0-9a-f]+$/;

function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

export class SandboxCardProvider implements CardProvider {
  readonly name = 'sandbox';
  readonly mode = 'sandbox';
  readonly publishableKey = null;

  /** `now`: the server's clock, so a sandbox subscription renews as the server's time passes (tests move it). */
  constructor(private readonly now: () => Date = () => new Date()) {}

  async createIntent(_input: IntentInput): Promise<CardIntent> {
    const intentId = CARD_INTENT_PREFIX + randomHex(12);
    return { intentId, clientSecret: `${intentId}_secret_${randomHex(12)}` };
  }

  async status(intentId: string): Promise<ProviderStatus> {
    return intentId.startsWith(CARD_INTENT_PREFIX) ? { status: 'succeeded' } : { status: 'failed', message: 'Unknown payment intent' };
  }

  /** Paid at once with the sandbox card: nothing for the browser to confirm. */
  async createSubscription(input: SubscriptionInput): Promise<CardSubscription> {
    const subscriptionId = `sub_sandbox_${this.now().getTime().toString(36)}_${input.amountCents.toString(36)}_${randomHex(8)}`;
    return { subscriptionId, customerId: 'cus_sandbox_' + randomHex(8), clientSecret: null };
  }

  /** Every month since the start is paid, each by an invoice of its own. */
  async subscription(subscriptionId: string): Promise<SubscriptionState> {
    const m = SUBSCRIPTION.exec(subscriptionId);
    if (!m) throw new ProviderError('Subscription not found', 404);
    const now = this.now();
    let start = new Date(parseInt(m[1]!, 36));
    let n = 0;
    for (let next = addMonth(start); next <= now; next = addMonth(start), n++) start = next;
    const end = addMonth(start);
    return { status: 'active', currentPeriodEnd: end, paid: { invoiceId: `in_${subscriptionId}_${n}`, amountCents: parseInt(m[2]!, 36), start, end } };
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    if (!SUBSCRIPTION.test(subscriptionId)) throw new ProviderError('Subscription not found', 404);
  }
}

export class SandboxMobileMoneyProvider implements MobileMoneyProvider {
  readonly name = 'sandbox';
  readonly mode = 'sandbox';

  async initiate(input: InitiateInput): Promise<MobileMoneyInitiation> {
    if (msisdnFormIssue(input.msisdn)) {
      throw new ProviderError(`Invalid mobile number: use ${MSISDN_DIGITS.min} to ${MSISDN_DIGITS.max} digits`, 400);
    }
    return {
      transactionId: 'eco_sandbox_' + randomHex(12),
      pollUrl: null,
      message: 'Payment initiated. Please enter your PIN.',
    };
  }

  async status(tx: MobileTx): Promise<ProviderStatus> {
    if (tx.pin === undefined || tx.pin === SANDBOX_PINS.approve) return { status: 'succeeded' };
    if (tx.pin === SANDBOX_PINS.decline) {
      return { status: 'failed', message: 'Payment declined: insufficient funds (sandbox)' };
    }
    return { status: 'failed', message: 'Invalid PIN (sandbox)' };
  }
}
