import { db } from './db';
import { deleteDraft, getDraft, saveDraft, type Draft, type SavedDraft, type SaveDraftInput } from './drafts';
import { queuedPublish, type QueuedPublish } from './listingPublish';
import { listOutbox } from './outbox/enqueue';

// The listing wizard's draft in this device's database: read when the wizard reopens it, saved as the
// seller types, removed once its listing exists on the server.

/** A stored draft (undefined when none is) and where its queued publication stands (null when none is queued). */
export async function openDraft(id: string): Promise<{ draft: Draft | undefined; publish: QueuedPublish | null }> {
  const [draft, items] = await Promise.all([getDraft(db, id), listOutbox(db, id)]);
  return { draft, publish: queuedPublish(items) };
}

/** Saves the draft (see saveDraft). */
export function storeDraft(input: SaveDraftInput): Promise<SavedDraft> {
  return saveDraft(db, input);
}

/** Deletes the draft and its photos (see deleteDraft). */
export function removeDraft(id: string): Promise<void> {
  return deleteDraft(db, id);
}
