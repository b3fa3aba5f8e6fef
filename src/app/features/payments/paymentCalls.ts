import { api } from '@/data/api';
import { readBody } from '@/data/outbox/verdicts';
import type { PaymentMethod } from '@/domain/payments/fees';
import { PAYMENT_MESSAGES } from '@/domain/core/messages';
import { PAYMENT_DECLINED_STATUS, PAYMENT_PENDING_STATUS, PAYMENT_POLL_MS, paymentErrorMessage, serverDetail } from '@/domain/payments/payments';

// The confirm calls of spec section 7. The create calls go through the outbox; these need the
// seller on the screen (a PIN choice, a card form), so they are made directly.

export type ConfirmOutcome =
  /** Settled: the listing is published (`message` is the server's success text). */
  | { kind: 'paid'; message: string | null }
  /** The provider has no final answer yet (the seller has not approved on the phone). */
  | { kind: 'pending' }
  /** The provider declined, or the payment was cancelled: this transaction is over. */
  | { kind: 'declined'; reason: string }
  /** The call went wrong (no connection, signed out, server error): the transaction may still be paid. */
  | { kind: 'error'; message: string };

/**
 * POST /api/payments/ecocash/confirm/{transactionId} or /api/payments/confirm/{paymentIntentId}.
 * The spec's body is empty; the sandbox's mobile money reads the PIN the seller chose (`pin`).
 * Each call carries its own Idempotency-Key: a confirm is safe to repeat on the server (it settles
 * and publishes once), and a new key lets a later poll get a fresh answer instead of a replay.
 */
export async function confirmPayment(method: PaymentMethod, ref: string, pin?: string): Promise<ConfirmOutcome> {
  const path = method === 'ecocash' ? `payments/ecocash/confirm/${encodeURIComponent(ref)}` : `payments/confirm/${encodeURIComponent(ref)}`;
  let res: Response;
  try {
    res = await api.post(path, {
      headers: { 'Idempotency-Key': crypto.randomUUID(), Accept: 'application/json' },
      ...(pin !== undefined && { json: { pin } }),
      throwHttpErrors: false,
    });
  } catch {
    return { kind: 'error', message: PAYMENT_MESSAGES.networkError };
  }
  const body = await readBody(res).catch(() => null);
  if (res.status === PAYMENT_PENDING_STATUS) return { kind: 'pending' };
  if (res.ok && isRecord(body) && body.success === true) return { kind: 'paid', message: typeof body.message === 'string' ? body.message : null };
  if (res.status === PAYMENT_DECLINED_STATUS) return { kind: 'declined', reason: serverDetail(body) ?? PAYMENT_MESSAGES.failed };
  return { kind: 'error', message: paymentErrorMessage(method, { status: res.status, body }) };
}

/**
 * Confirms a card payment, asking again shortly while the provider is still processing it (3-D Secure
 * done, funds not yet captured), a dozen times at most and only while `stillHere` says the seller is.
 */
export async function confirmCardPayment(paymentIntentId: string, stillHere: () => boolean): Promise<ConfirmOutcome> {
  let outcome = await confirmPayment('card', paymentIntentId);
  for (let i = 0; outcome.kind === 'pending' && i < 12 && stillHere(); i++) {
    await sleep(PAYMENT_POLL_MS);
    outcome = await confirmPayment('card', paymentIntentId);
  }
  return outcome;
}

/** Waits `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
