import { useState } from 'react';
import { deleteDeviceDraft } from '@/data/deviceDrafts';
import type { DraftSummary } from '@/data/drafts';
import { DASHBOARD_TEXTS as T } from '@/domain/listing/dashboard';
import { toast } from '@/app/shared/toasts/toasts';
import { t } from '@/app/shared/i18n/language';

export type { DraftSummary };

/** Deleting a draft saved on this device: the one the seller is asked to confirm, and the deletion with its toast. */
export function useDraftDeletion() {
  const [confirming, setConfirming] = useState<DraftSummary | null>(null);

  const remove = async () => {
    const d = confirming;
    setConfirming(null);
    if (!d) return;
    try {
      await deleteDeviceDraft(d.id);
      toast('success', t(T.draftDeleted));
    } catch (err) {
      console.warn('draft not deleted', err);
      toast('error', t(T.draftDeleteError));
    }
  };

  return { confirming, setConfirming, remove };
}
