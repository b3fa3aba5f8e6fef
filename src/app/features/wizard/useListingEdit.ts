import { useRef } from 'react';
import { sendListingEdit } from '@/data/listingPublish';
import type { EditKeyHolder } from '@/data/outbox/edit';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { EDIT_STEPS, saveErrorMessage, updateBody } from '@/domain/listing/listingWizard';
import type { WizardFlow } from './useWizardFlow';
import { knownText, t } from '@/app/shared/i18n/language';

/**
 * Editing a published listing: 'Save changes' checks steps 1 to 6 and sends the change to the server at
 * once (an edit needs a connection); a second try of the same change keeps its key.
 */
export function useListingEdit({ id, isAdmin, flow }: { id: string; isAdmin: boolean; flow: WizardFlow }) {
  const { draft, setBanner, setBusy, setOutcome, allComplete } = flow;
  const putKey = useRef<EditKeyHolder['current']>(null);

  return async () => {
    if (!allComplete(EDIT_STEPS)) return;
    if (!navigator.onLine) return setBanner({ color: 'orange', text: t(LISTING_MESSAGES.editNeedsConnection) });
    setBusy('save');
    setBanner(null);
    try {
      const answer = await sendListingEdit({
        listingId: id,
        photos: draft.photosRef.current,
        body: (images) => updateBody(draft.form, images, isAdmin),
        uploaded: (photoId, url) => draft.setPhotos((list) => list.map((q) => (q.id === photoId ? { ...q, url } : q))),
        lastPut: putKey,
      });
      if (answer.ok) setOutcome({ kind: 'success', text: t(LISTING_MESSAGES.changesSaved) });
      else setBanner({ color: 'red', text: knownText(saveErrorMessage(answer.status, answer.body)) });
    } catch (err) {
      if (!navigator.onLine || err instanceof TypeError) setBanner({ color: 'orange', text: t(LISTING_MESSAGES.editNeedsConnection) });
      else setBanner({ color: 'red', text: t(LISTING_MESSAGES.saveError) });
    } finally {
      setBusy(null);
    }
  };
}
