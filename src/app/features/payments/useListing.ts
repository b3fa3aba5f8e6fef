import { useCallback, useEffect, useState } from 'react';
import { HTTPError } from 'ky';
import { api } from '@/data/api';
import { readListingChain } from '@/data/listingPayment';
import { paymentItemOf, type CreateItem } from '@/data/outbox/items';
import type { SubscriptionPlan } from '@/domain/payments/fees';
import { titleOf } from '@/domain/listing/display';
import { isPublic, type Vehicle } from '@/domain/listing/vehicle';

export type Loaded = { kind: 'loading' } | { kind: 'ready'; title: string; plan: SubscriptionPlan | null; paid: boolean; onDevice: boolean } | { kind: 'missing' } | { kind: 'offline' };

/**
 * The listing as the server has it, or, when it is still queued on this device (or the device is
 * offline), as the outbox holds it: a listing published offline can be paid for before it is sent.
 */
export function useListing(listingId: string, signedIn: boolean): { loaded: Loaded; reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    setLoaded({ kind: 'loading' });
    (async (): Promise<Loaded> => {
      try {
        const v = await api.get(`vehicles/${encodeURIComponent(listingId)}`).json<Vehicle>();
        return { kind: 'ready', title: titleOf(v), plan: v.subscription_plan, paid: isPublic(v), onDevice: false };
      } catch (err) {
        const notFound = err instanceof HTTPError && err.response.status === 404;
        if (err instanceof HTTPError && !notFound) throw err;
        const chain = await readListingChain(listingId);
        const create = chain.find((i): i is CreateItem => i.kind === 'create');
        if (create) {
          const l = create.listing;
          return { kind: 'ready', title: titleOf({ year: l.year, make: l.make, model: l.model, variant: l.variant ?? null }), plan: l.subscription_plan ?? null, paid: false, onDevice: true };
        }
        // Paid for from this device while offline: the request is queued, the listing is on the server.
        const payment = paymentItemOf(chain, listingId);
        if (payment && !notFound) return { kind: 'ready', title: '', plan: payment.payment.subscriptionPlan, paid: false, onDevice: true };
        return notFound ? { kind: 'missing' } : { kind: 'offline' };
      }
    })()
      .then((l) => !cancelled && setLoaded(l))
      .catch((err: unknown) => {
        console.warn('listing not loaded', err);
        if (!cancelled) setLoaded({ kind: 'offline' });
      });
    return () => {
      cancelled = true;
    };
  }, [listingId, signedIn, attempt]);
  return { loaded, reload: useCallback(() => setAttempt((n) => n + 1), []) };
}
