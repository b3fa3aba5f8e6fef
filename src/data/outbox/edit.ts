import { isImageGone } from '@/domain/core/messages';
import { readBody, uploadedFile } from './verdicts';
import { uploadRequest, type Send } from './senders';

// The seller's other write: an edit of a listing already on the server. It is sent at once, not
// queued (an edit needs a connection: the seller sees the server's answer on the screen), over the
// same Send, the same upload request and the same reading of answers as the queue's items.

/** A photo of the edited listing: one already on the server has its URL, a new one its bytes. */
export interface EditPhoto {
  id: string;
  name: string;
  blob: Blob | null;
  url: string | null;
}

/** The last change sent and its Idempotency-Key, kept by the caller between tries (a React ref fits). */
export interface EditKeyHolder {
  current: { body: string; key: string } | null;
}

export interface ListingEdit {
  listingId: string;
  /** In order; the first is the main photo. */
  photos: readonly EditPhoto[];
  /** PUT /api/cars/{id}'s body for the photos' URLs in order. */
  body: (images: string[]) => unknown;
  /** Told each new photo's URL once it is uploaded, so a second try of the save sends its URL. */
  uploaded: (photoId: string, url: string) => Promise<unknown>;
  lastPut: EditKeyHolder;
}

/** The server's answer to the edit: saved, or the status and body of the request it refused. */
export type EditAnswer = { ok: true } | Refusal;
type Refusal = { ok: false; status: number; body: unknown };

/**
 * Saves an edit: uploads the new photos (each with a key of its own), then PUT /api/cars/{id} with
 * every photo's URL. The same change tried again (a lost answer) keeps its key, so the server does
 * it once; a changed one gets a new key. A new photo uploaded by an earlier try keeps its URL; if
 * the server refuses it as gone (an upload no listing took within a day, deleted), the new photos are
 * uploaded again from their bytes and the change sent once more, with a new key (the refusal is kept
 * under the old one). Resolves with the server's answer; rejects as Send does when no answer arrived,
 * and when an upload's answer names no photo.
 */
export function saveListingEdit(send: Send, edit: ListingEdit): Promise<EditAnswer> {
  return save(send, edit, false);
}

async function save(send: Send, edit: ListingEdit, uploadAgain: boolean): Promise<EditAnswer> {
  const images: string[] = [];
  for (const p of edit.photos) {
    if (p.url && !(uploadAgain && p.blob)) images.push(p.url);
    else if (p.blob) {
      const upload = uploadRequest(p.blob, p.name, crypto.randomUUID());
      const res = await send(upload.path, upload.init);
      if (!res.ok) return refused(res);
      const file = uploadedFile(await readBody(res));
      if (!file) throw new Error(`No photo in the answer of POST /api/uploads (${res.status})`);
      images.push(file.url);
      await edit.uploaded(p.id, file.url);
    }
  }
  const text = JSON.stringify(edit.body(images));
  if (uploadAgain || edit.lastPut.current?.body !== text) edit.lastPut.current = { body: text, key: crypto.randomUUID() };
  const res = await send(`cars/${edit.listingId}`, {
    method: 'PUT',
    headers: { 'Idempotency-Key': edit.lastPut.current.key, 'Content-Type': 'application/json' },
    body: text,
  });
  if (res.ok) return { ok: true };
  const answer = await refused(res);
  const detail = (answer.body as { detail?: unknown } | null)?.detail;
  const gone = answer.status === 422 && typeof detail === 'string' && isImageGone(detail);
  if (gone && !uploadAgain && edit.photos.some((p) => p.url && p.blob)) return save(send, edit, true);
  return answer;
}

async function refused(res: Response): Promise<Refusal> {
  return { ok: false, status: res.status, body: await readBody(res).catch(() => null) };
}
