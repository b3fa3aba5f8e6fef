import { randomBytes } from 'node:crypto';
import { SANDBOX_PINS } from '@/domain/payments/fees';
import { MSISDN_DIGITS, msisdnFormIssue } from '@/domain/payments/payments';
import { ProviderError, type CardIntent, type CardProvider, type MobileMoneyInitiation, type MobileMoneyProvider, type ProviderStatus } from './provider';

// Both sandbox providers keep no state: any server instance can answer for an intent or transaction
// another one created, so the outcome is read from the id (card) or the PIN (mobile money).

type IntentInput = Parameters<CardProvider['createIntent']>[0];
type InitiateInput = Parameters<MobileMoneyProvider['initiate']>[0];
type MobileTx = Parameters<MobileMoneyProvider['status']>[0];

const CARD_INTENT_PREFIX = 'pi_sandbox_';

function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

export class SandboxCardProvider implements CardProvider {
  readonly name = 'sandbox';
  readonly mode = 'sandbox';
  readonly publishableKey = null;

  async createIntent(_input: IntentInput): Promise<CardIntent> {
    const intentId = CARD_INTENT_PREFIX + randomHex(12);
    return { intentId, clientSecret: `${intentId}_secret_${randomHex(12)}` };
  }

  async status(intentId: string): Promise<ProviderStatus> {
    return intentId.startsWith(CARD_INTENT_PREFIX) ? { status: 'succeeded' } : { status: 'failed', message: 'Unknown payment intent' };
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
