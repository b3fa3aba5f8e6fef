import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { removeDraft } from '@/data/draftStore';
import { PublishInputError } from '@/data/outbox/enqueue';
import { discardPublish, dropRefusedPublish, fetchListingEligibility, queuePublish, readQueuedPublish, type QueuedPublish } from '@/data/listingPublish';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { DEALER_PLAN_TEXTS } from '@/domain/payments/dealerPlan';
import { expiryText, PAYMENT_STEP, VERIFY_STEP } from '@/domain/listing/listingWizard';
import type { User } from '@/domain/account/user';
import { kickOutbox } from '@/app/shared/outbox/outboxRunner';
import type { FreeOffer } from './ReviewSteps';
import type { WizardFlow } from './useWizardFlow';
import { currentLanguage, knownText, t } from '@/app/shared/i18n/language';

/**
 * Publishing a new listing: 'Create listing' (or the free path) queues the draft in the outbox and
 * sends the queue at once; the payment step follows where the queued listing stands, and the device's
 * draft is removed once the listing exists on the server.
 */
export function usePublishListing({ id, user, editing, flow }: { id: string; user: User; editing: boolean; flow: WizardFlow }) {
  const { draft, setBanner, setBusy, setOutcome, allComplete, showPublishIssues, go } = flow;
  const freeOffer = useFreeOffer(user.id, editing);

  const create = async (free: boolean) => {
    if (!allComplete(VERIFY_STEP)) return;
    setBusy(free ? 'free' : 'create');
    setBanner(null);
    try {
      await draft.persist(true);
      // A refused attempt is dropped so the corrected draft is what goes this time.
      await dropRefusedPublish(id);
      draft.freeze();
      await queuePublish(id, { payment: null, ...(free && { freeListing: true }), ownerId: user.id });
    } catch (err) {
      draft.unfreeze();
      setBusy(null);
      if (err instanceof PublishInputError) return showPublishIssues(err.issues);
      console.warn('listing not queued', err);
      setBanner({ color: 'red', text: t(LISTING_MESSAGES.createError) });
      return;
    }
    const state = await sendNow(id).catch(() => null);
    setBusy(null);
    draft.setQueued(state);
    if (state?.state === 'failed') {
      await discardPublish(id);
      draft.unfreeze();
      setBanner({ color: 'red', title: t(LISTING_MESSAGES.createError), text: knownText(state.error ?? '') });
      return;
    }
    // A dealer whose monthly plan is paid up (issue 38): the server published it without a fee.
    const onPlan = !free && state?.state === 'done' && state.created?.is_published && state.created.expires_at;
    if (onPlan) {
      await removeDraft(id).catch((err: unknown) => console.warn('draft not removed', err));
      setOutcome({ kind: 'success', text: DEALER_PLAN_TEXTS.listedOnPlan(expiryText(onPlan, currentLanguage()), t) });
      return;
    }
    if (free) {
      if (state?.state === 'done') await removeDraft(id).catch((err: unknown) => console.warn('draft not removed', err));
      const expires = state?.created?.expires_at ?? freeOffer?.expiresAt;
      setOutcome(
        state?.state === 'done' && expires
          ? { kind: 'success', text: LISTING_MESSAGES.freeListed(expiryText(expires, currentLanguage()), t) }
          : { kind: 'info', text: t(LISTING_MESSAGES.queuedOffline) },
      );
      return;
    }
    go(PAYMENT_STEP);
  };

  // Where the queued listing stands, kept current while the outbox is sent (by this page, another tab or the service worker).
  const liveQueued = useLiveQuery(() => (draft.step === PAYMENT_STEP ? readQueuedPublish(id) : Promise.resolve(null)), [id, draft.step]);
  const live = liveQueued ?? draft.queued;
  const created = live?.state === 'done';
  useEffect(() => {
    // The listing exists on the server now: the device's draft has done its job.
    if (created && !editing) void removeDraft(id).catch((err: unknown) => console.warn('draft not removed', err));
  }, [created, editing, id]);

  return { freeOffer, create, live, created };
}

/** The free listing the seller may have (spec section 4), once the server has said so; never for an edit. */
function useFreeOffer(userId: string, editing: boolean): FreeOffer | null {
  const [freeOffer, setFreeOffer] = useState<FreeOffer | null>(null);
  useEffect(() => {
    if (editing) return;
    let live = true;
    fetchListingEligibility(userId)
      .then((e) => {
        if (live && e.eligible_for_free_listing && e.expires_at) setFreeOffer({ expiresAt: e.expires_at, activeCount: e.active_listings_count });
      })
      // Offline or refused: the paid path stays open; the free one is offered when it is known.
      .catch((err: unknown) => console.warn('listing eligibility not known', err));
    return () => {
      live = false;
    };
  }, [editing, userId]);
  return freeOffer;
}

/** Sends the queue now and reads where this listing stands. */
async function sendNow(id: string): Promise<QueuedPublish | null> {
  await kickOutbox();
  let state = await readQueuedPublish(id);
  // A run already under way when this listing was queued may have finished without it.
  if (state?.state === 'waiting' && !state.error && navigator.onLine) {
    await kickOutbox();
    state = await readQueuedPublish(id);
  }
  return state;
}

/** What usePublishListing gives the wizard's screen. */
export type PublishListing = ReturnType<typeof usePublishListing>;
