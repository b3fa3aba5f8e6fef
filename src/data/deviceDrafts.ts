import { db } from './db';
import { deleteDraft, listDrafts, type DraftSummary } from './drafts';

// The drafts saved on this device, as the dashboard lists them: read live, deleted by the seller.

/** The drafts, the latest first, each with its main photo (see listDrafts). For liveQuery. */
export function readDeviceDrafts(): Promise<DraftSummary[]> {
  return listDrafts(db);
}

/** Deletes a draft and its photos (see deleteDraft). */
export function deleteDeviceDraft(id: string): Promise<void> {
  return deleteDraft(db, id);
}
