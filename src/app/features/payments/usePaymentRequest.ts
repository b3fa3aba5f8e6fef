import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { readListingChain } from '@/data/listingPayment';
import { paymentItemOf } from '@/data/outbox/items';
import { outboxRunner } from '@/app/shared/outbox/outboxRunner';
import { syncStore } from '@/app/shared/sync/syncStore';

/**
 * The listing's payment request as the outbox holds it, live: the request (null when none is queued),
 * the listing's create when it is still queued on this device, and whether the queue can reach the server.
 */
export function usePaymentRequest(listingId: string) {
  const { online } = useSnapshot(syncStore);
  const { last } = useSnapshot(outboxRunner);
  const chain = useLiveQuery(() => readListingChain(listingId), [listingId, last]);
  return {
    /** The chain has been read. */
    loaded: chain !== undefined,
    item: chain ? paymentItemOf(chain, listingId) : null,
    create: chain?.find((i) => i.kind === 'create') ?? null,
    online,
    lastOffline: last?.outcome === 'offline',
  };
}
