import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { packUuid } from '@/domain/search/summary';

// The app's IndexedDB as the end-to-end tests reach it: raw rows written and read in the page, as the
// app's own code (src/data) writes them. The app must have run once in the context, so its Dexie
// schema is in place.

/** Writes rows into a store of the app's database. */
export function idbPut(page: Page, store: string, rows: unknown[]): Promise<void> {
  return page.evaluate(
    ({ store, rows }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('motokari');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(store, 'readwrite');
          for (const row of rows) tx.objectStore(store).put(row);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { store, rows },
  );
}

/** Every row of a store of the app's database. */
export function idbAll<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (store) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('motokari');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result as T[]);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    store,
  );
}

export interface QueuedChainOptions {
  listing: Record<string, unknown>;
  freeListing?: boolean;
  /** A mobile-money payment request after the create. */
  ecocashMsisdn?: string;
}

/** An outbox chain as src/data/outbox/enqueue.ts's enqueuePublish writes it: the listing create (no photos), then an optional payment request. */
export function queuedChain(listingId: string, ownerId: string, options: QueuedChainOptions): Record<string, unknown>[] {
  const at = Date.now();
  const base = (seq: number) => ({
    id: randomUUID(),
    listingId,
    seq,
    idempotencyKey: randomUUID(),
    state: 'waiting',
    attempts: 0,
    createdAt: at,
    updatedAt: at,
    ownerId,
    nextAttemptAt: null,
    error: null,
    httpStatus: null,
    claim: null,
    result: null,
  });
  const plan = (options.listing.subscription_plan as string | undefined) ?? 'standard';
  const chain: Record<string, unknown>[] = [{ ...base(0), kind: 'create', listing: { featured: false, subscription_plan: plan, ...options.listing }, freeListing: options.freeListing ?? false }];
  if (options.ecocashMsisdn) chain.push({ ...base(1), kind: 'payment', payment: { method: 'ecocash', msisdn: options.ecocashMsisdn, subscriptionPlan: plan } });
  return chain;
}

/**
 * Whether the device's summary of the listings holds a listing: in its stored base or in a feed page
 * stored since (src/data/mirror.ts SummaryRow), and not removed by a later page.
 */
export async function deviceHolds(page: Page, id: string): Promise<boolean> {
  const rows = await idbAll<{ id: string; columns?: { ids: string }; rows?: { id: string; n: number }; tombstones?: string[] }>(page, 'summary');
  const packed = packUuid(id);
  let held = false;
  for (const row of rows) {
    if (row.columns) held = row.columns.ids.split('\n').includes(id);
    else {
      if (row.rows && Array.from({ length: row.rows.n }, (_, i) => row.rows!.id.slice(i * 22, i * 22 + 22)).includes(packed)) held = true;
      if (row.tombstones?.includes(id)) held = false;
    }
  }
  return held;
}
