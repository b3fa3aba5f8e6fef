import { useEffect, useMemo, useRef } from 'react';
import { t } from '@/app/shared/i18n/language';
import { useLiveQuery } from 'dexie-react-hooks';
import { readDeviceDrafts } from '@/data/deviceDrafts';
import { summarizeOutbox } from '@/data/outbox/items';
import { clearSentListing, readQueue } from '@/data/publishingQueue';
import { DASHBOARD_TEXTS as T } from '@/domain/listing/dashboard';
import { listingStatus } from '@/domain/listing/vehicle';
import { toast } from '@/app/shared/toasts/toasts';
import { chainTitle } from './queueLines';
import type { MyListings } from '@/app/shared/seller/useMyListings';

/**
 * The dashboard's device side: the drafts saved here and the publishing queue, live as the wizard and
 * the outbox change them. A chain that finishes reads the listings again (with a toast saying where
 * the listing is now, unless the wizard is open to tell it), and once a sent listing shows in My Car
 * Listings its chain and draft are cleared from the device.
 */
export function useDeviceQueue(userId: string, mine: MyListings, wizardOpen: boolean) {
  const drafts = useLiveQuery(() => readDeviceDrafts(), []);
  const allItems = useLiveQuery(() => readQueue(), []);
  // A shared phone: chains queued by someone else are theirs to see.
  const items = useMemo(() => (allItems ?? []).filter((i) => !i.ownerId || i.ownerId === userId), [allItems, userId]);
  const chains = useMemo(() => summarizeOutbox(items), [items]);
  const queued = useMemo(() => new Set(chains.map((c) => c.listingId)), [chains]);
  const draftIds = useMemo(() => new Set((drafts ?? []).map((d) => d.id)), [drafts]);

  // Listings the server has just confirmed (not the kept offline copy).
  const onServer = useMemo(() => (mine.listings && !mine.cachedAt ? new Map(mine.listings.map((v) => [v.id, v])) : null), [mine.listings, mine.cachedAt]);
  const doneIds = chains.filter((c) => c.state === 'done').map((c) => c.listingId);
  const doneKey = doneIds.join(',');
  /** Sent with a payment request that has not published it yet: the seller has the payment to finish. */
  const paymentWaiting = (id: string): boolean => {
    const listing = onServer?.get(id);
    return items.some((i) => i.listingId === id && i.kind === 'payment' && !i.result?.alreadyPaid) && (!listing || listingStatus(listing) !== 'Active');
  };

  // A chain that finishes while the dashboard is open: read the listings again so it shows there.
  const seenDone = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (allItems === undefined) return;
    const before = seenDone.current;
    seenDone.current = new Set(doneIds);
    const finished = before ? doneIds.filter((id) => !before.has(id)) : [];
    if (!finished.length) return;
    mine.reload();
    // The wizard tells its own outcome; a toast would repeat it.
    if (!wizardOpen) {
      for (const id of finished) {
        const chain = chains.find((c) => c.listingId === id);
        if (!chain) continue;
        const title = chainTitle(chain, items);
        // Where it is now, truthfully: published, waiting for its payment, or unpaid under History.
        toast('success', paymentWaiting(id) ? T.chainAwaitingPayment(title, t) : chain.vehicle?.is_published ? T.chainDone(title, t) : T.chainUnpaid(title, t));
      }
    }
    // Runs when the set of done chains changes (doneKey); the rest is read as it is at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- doneKey stands for doneIds, and the rest is read as it is then
  }, [doneKey, allItems === undefined]);

  // Once a sent listing shows in My Car Listings its chain has done its job: the queue line goes, and
  // so do the chain's copies of the photos and the draft. A chain whose payment request was made but
  // not yet confirmed is kept, with its line saying so, for the payment screen, until the listing is active.
  useEffect(() => {
    if (wizardOpen || !onServer) return;
    for (const id of doneIds) {
      if (!onServer.has(id) || paymentWaiting(id)) continue;
      void clearSentListing(id).catch((err: unknown) => console.warn('sent listing not cleared from the device', err));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- doneKey stands for doneIds; paymentWaiting reads the items of this render
  }, [doneKey, onServer, wizardOpen]);

  return {
    chains: chains.filter((c) => !(c.state === 'done' && onServer?.has(c.listingId) && !paymentWaiting(c.listingId))),
    items,
    draftIds,
    drafts: (drafts ?? []).filter((d) => !queued.has(d.id)),
  };
}
