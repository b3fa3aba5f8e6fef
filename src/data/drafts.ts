import type { MotokariDb } from './db';
import type { DraftFields, DraftPhotoRow, DraftRow } from './records';

export interface DraftPhoto {
  id: string;
  blob: Blob;
  name: string;
}

export interface Draft {
  id: string;
  createdAt: number;
  updatedAt: number;
  step: number;
  fields: DraftFields;
  /** In order; the first is the main photo. */
  photos: DraftPhoto[];
}

export interface DraftSummary extends DraftRow {
  /** The first photo, for a thumbnail; null when the draft has none. */
  mainPhoto: Blob | null;
}

/**
 * A photo in a save: `{ id }` keeps a photo already stored with this draft as it is (no bytes are
 * written again); a `blob` stores a new photo (under `id` when given, else under a new id).
 */
export interface DraftPhotoInput {
  id?: string;
  blob?: Blob;
  name?: string;
}

export interface SaveDraftInput {
  /** The draft's id; a new draft gets a client-generated UUID, which also becomes its listing's id. */
  id?: string;
  step: number;
  fields: DraftFields;
  /** The full photo list in order. Leave it out to keep the stored photos untouched (the cheap save). */
  photos?: DraftPhotoInput[];
}

export interface SavedDraft {
  id: string;
  updatedAt: number;
  /** The photos' ids in order: pass them back as `{ id }` on later saves. */
  photoIds: string[];
}

export class DraftPhotoMissingError extends Error {
  constructor(readonly photoId: string) {
    super(`Photo ${photoId} is not stored with this draft`);
    this.name = 'DraftPhotoMissingError';
  }
}

/**
 * Saves a draft in one transaction: the fields row, and when `photos` is given the photo list
 * (new blobs written, dropped photos deleted, kept ones untouched). A reload finds exactly the last
 * completed save, never half of one.
 */
export async function saveDraft(db: MotokariDb, input: SaveDraftInput, now: () => number = Date.now): Promise<SavedDraft> {
  const id = input.id ?? crypto.randomUUID();
  return db.transaction('rw', db.drafts, db.draftPhotos, async () => {
    const prior = await db.drafts.get(id);
    const at = now();
    let photoIds = prior?.photoIds ?? [];
    if (input.photos) {
      const stored = new Set(prior?.photoIds ?? []);
      const next: string[] = [];
      const writes: DraftPhotoRow[] = [];
      for (const p of input.photos) {
        if (p.blob) {
          const photoId = p.id ?? crypto.randomUUID();
          writes.push({ id: photoId, draftId: id, blob: p.blob, name: p.name ?? `Photo ${next.length + 1}` });
          next.push(photoId);
        } else if (p.id && stored.has(p.id)) {
          next.push(p.id);
        } else {
          throw new DraftPhotoMissingError(p.id ?? '(no id)');
        }
      }
      const kept = new Set(next);
      const dropped = [...stored].filter((photoId) => !kept.has(photoId));
      if (dropped.length) await db.draftPhotos.bulkDelete(dropped);
      if (writes.length) await db.draftPhotos.bulkPut(writes);
      photoIds = next;
    }
    await db.drafts.put({ id, createdAt: prior?.createdAt ?? at, updatedAt: at, step: input.step, fields: input.fields, photoIds });
    return { id, updatedAt: at, photoIds };
  });
}

/** The draft with its photos in order, or undefined. */
export async function getDraft(db: MotokariDb, id: string): Promise<Draft | undefined> {
  return db.transaction('r', db.drafts, db.draftPhotos, async () => {
    const row = await db.drafts.get(id);
    if (!row) return undefined;
    const photos = await db.draftPhotos.bulkGet(row.photoIds);
    return {
      id: row.id,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      step: row.step,
      fields: row.fields,
      photos: photos.filter((p): p is DraftPhotoRow => !!p).map(({ id: photoId, blob, name }) => ({ id: photoId, blob, name })),
    };
  });
}

/** All drafts, the most recently saved first, each with its main photo. */
export async function listDrafts(db: MotokariDb): Promise<DraftSummary[]> {
  return db.transaction('r', db.drafts, db.draftPhotos, async () => {
    const rows = await db.drafts.orderBy('updatedAt').reverse().toArray();
    const mains = await db.draftPhotos.bulkGet(rows.map((r) => r.photoIds[0] ?? ''));
    return rows.map((r, i) => ({ ...r, mainPhoto: mains[i]?.blob ?? null }));
  });
}

/** Deletes a draft and its photos. A publish already queued keeps its own copy and is not affected. */
export async function deleteDraft(db: MotokariDb, id: string): Promise<void> {
  await db.transaction('rw', db.drafts, db.draftPhotos, async () => {
    await db.draftPhotos.where('draftId').equals(id).delete();
    await db.drafts.delete(id);
  });
}
