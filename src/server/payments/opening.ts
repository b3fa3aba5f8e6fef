import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@/domain/core/messages';
import type { AppContext } from '../context';
import { conflict } from '../errors';
import type { Metrics } from '../metrics';
import { deletePayment, findOpenPayment, findPayment, insertOpenPayment, settlePayment, supersedePayment, updatePayment, type NewPayment, type PaymentRow } from '../repositories/payments.repo';
import { providerCall } from './completion';

/** The provider reference of a payment being opened, before the provider has answered with its own. */
const OPENING_PREFIX = 'opening:';
/** An opening older than this was left by a server that stopped mid-way; a new payment replaces it. */
const OPENING_STALE_MS = 2 * 60_000;
const SUPERSEDED = 'Superseded by a newer payment for this listing';
const OPENING_ELSEWHERE = 'A payment for this listing is being started. Please try again in a moment.';

/** What a new payment would be: an open one that matches it is answered instead of opening another. */
export type PaymentTerms = Pick<NewPayment, 'vehicleId' | 'userId' | 'method' | 'provider' | 'plan' | 'amountCents' | 'currency' | 'testMode'> & { msisdn?: string; advertisingPlan?: string | null };
/** What the provider answers when a payment is opened there. */
export interface Opened {
  providerRef: string;
  pollUrl?: string | null;
  clientSecret?: string | null;
  message?: string;
}

// A card payment opened before client secrets were kept (migration 0004) cannot be answered again.
const sameTerms = (p: PaymentRow, t: PaymentTerms) =>
  p.userId === t.userId &&
  p.provider === t.provider &&
  p.method === t.method &&
  p.plan === t.plan &&
  (p.advertisingPlan ?? null) === (t.advertisingPlan ?? null) &&
  p.amountCents === t.amountCents &&
  (p.msisdn ?? undefined) === t.msisdn &&
  (p.method !== 'card' || p.clientSecret !== null);

/**
 * Opens at most one payment per listing: a create while one is open answers that one (same method,
 * plan and phone), or supersedes it when the payer changed any of them. Across instances the partial
 * unique index on open payments decides, and the row is claimed before the provider is asked, so the
 * provider is asked once. Callers run the creates of one listing one at a time (`oneAtATime`).
 * A payment the provider opens is counted in `counted` (event "opened"), one it refuses as "failed".
 */
export async function openPayment(
  ctx: Pick<AppContext, 'db' | 'now'>,
  terms: PaymentTerms,
  counted: Metrics['payments'],
  open: (reference: string) => Promise<Opened>,
): Promise<{ row: PaymentRow; message?: string }> {
  const { db } = ctx;
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await findOpenPayment(db, terms.vehicleId);
    if (current) {
      const starting = current.providerRef.startsWith(OPENING_PREFIX);
      if (starting && ctx.now().getTime() - current.createdAt.getTime() < OPENING_STALE_MS) throw conflict(OPENING_ELSEWHERE);
      if (!starting && sameTerms(current, terms)) return { row: current };
      await supersedePayment(db, current.id, SUPERSEDED);
    }
    const reference = randomUUID();
    const claimed = await insertOpenPayment(db, {
      ...terms,
      id: reference,
      providerRef: OPENING_PREFIX + reference,
      msisdn: terms.msisdn ?? null,
      createdAt: ctx.now(),
    });
    if (!claimed) continue;
    let opened: Opened;
    try {
      opened = await providerCall(() => open(reference));
    } catch (e) {
      // Kept, as failed: a provider that timed out may have started it all the same.
      if (await settlePayment(db, reference, 'failed', e instanceof Error ? e.message : PAYMENT_MESSAGES.creationFailed)) counted.inc({ provider: terms.provider, event: 'failed' });
      throw e;
    }
    // A provider that answers a known intent for a retried create (Stripe's idempotency): keep its row.
    const known = await findPayment(db, terms.provider, opened.providerRef);
    if (known) {
      await deletePayment(db, reference);
      return { row: known, ...(opened.message !== undefined && { message: opened.message }) };
    }
    const row = await updatePayment(db, reference, { providerRef: opened.providerRef, pollUrl: opened.pollUrl ?? null, clientSecret: opened.clientSecret ?? null });
    counted.inc({ provider: terms.provider, event: 'opened' });
    return { row, ...(opened.message !== undefined && { message: opened.message }) };
  }
  throw conflict(OPENING_ELSEWHERE);
}

/** Runs the calls made with one key one after another, in this process (the creates of one listing). */
export function oneAtATime(): <T>(key: string, fn: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<unknown>>();
  return <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const run = (running.get(key) ?? Promise.resolve()).then(fn, fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    running.set(key, tail);
    void tail.then(() => running.get(key) === tail && running.delete(key));
    return run;
  };
}
