import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MotokariDb } from '@/data/db';
import { DraftPhotoMissingError, deleteDraft, getDraft, listDrafts, saveDraft } from '@/data/drafts';

const photo = (text: string) => new Blob([text], { type: 'image/webp' });
const freshDb = () => new MotokariDb(`drafts-${randomUUID()}`);

describe('listing drafts on the device', () => {
  it('saves a draft with its photos in order and restores it after a reload', async () => {
    const name = `drafts-${randomUUID()}`;
    const db = new MotokariDb(name);
    const saved = await saveDraft(db, {
      step: 3,
      fields: { make: 'Toyota', model: 'Hilux', year: '2019', price: '38000', makeId: 12 },
      photos: [
        { blob: photo('front'), name: 'front.webp' },
        { blob: photo('side'), name: 'side.webp' },
      ],
    });
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved.photoIds).toHaveLength(2);
    db.close();

    // A reload: a new connection to the same IndexedDB database.
    const reopened = new MotokariDb(name);
    const draft = await getDraft(reopened, saved.id);
    expect(draft).toMatchObject({ id: saved.id, step: 3, fields: { make: 'Toyota', model: 'Hilux', year: '2019', price: '38000', makeId: 12 } });
    expect(draft!.photos.map((p) => p.name)).toEqual(['front.webp', 'side.webp']);
    expect(await draft!.photos[0]!.blob.text()).toBe('front');
    expect(draft!.photos[0]!.blob.type).toBe('image/webp');
    expect(await draft!.photos[1]!.blob.text()).toBe('side');
  });

  it('saves fields alone without touching the photos, and keeps, reorders, adds and drops photos', async () => {
    const db = freshDb();
    const first = await saveDraft(db, { step: 1, fields: { make: 'Mazda' }, photos: [{ blob: photo('a') }, { blob: photo('b') }, { blob: photo('c') }] });
    const [a, b, c] = first.photoIds as [string, string, string];

    // The cheap save made on every pause in typing: no photos given, the stored ones stay as they are.
    const typed = await saveDraft(db, { id: first.id, step: 1, fields: { make: 'Mazda', model: 'BT-50' } });
    expect(typed.photoIds).toEqual([a, b, c]);
    expect((await getDraft(db, first.id))!.fields).toEqual({ make: 'Mazda', model: 'BT-50' });

    // C becomes the main photo, A is removed, D is added.
    const edited = await saveDraft(db, { id: first.id, step: 5, fields: { make: 'Mazda', model: 'BT-50' }, photos: [{ id: c }, { id: b }, { blob: photo('d'), name: 'd.webp' }] });
    expect(edited.photoIds.slice(0, 2)).toEqual([c, b]);
    const draft = await getDraft(db, first.id);
    expect(await Promise.all(draft!.photos.map((p) => p.blob.text()))).toEqual(['c', 'b', 'd']);
    expect(await db.draftPhotos.get(a)).toBeUndefined();
    expect(await db.draftPhotos.where('draftId').equals(first.id).count()).toBe(3);
  });

  it('refuses a photo id that is not stored with the draft and changes nothing', async () => {
    const db = freshDb();
    const first = await saveDraft(db, { step: 1, fields: { make: 'Isuzu' }, photos: [{ blob: photo('x') }] });
    await expect(saveDraft(db, { id: first.id, step: 2, fields: { make: 'Nissan' }, photos: [{ id: randomUUID() }] })).rejects.toBeInstanceOf(DraftPhotoMissingError);
    const draft = await getDraft(db, first.id);
    expect(draft).toMatchObject({ step: 1, fields: { make: 'Isuzu' } });
    expect(draft!.photos).toHaveLength(1);
  });

  it('lists drafts newest first with their main photo', async () => {
    const db = freshDb();
    let t = 1_000;
    const clock = () => (t += 10);
    const older = await saveDraft(db, { step: 1, fields: { make: 'Ford' }, photos: [{ blob: photo('ford-main') }, { blob: photo('ford-2') }] }, clock);
    const newer = await saveDraft(db, { step: 2, fields: { make: 'Honda' } }, clock);
    expect((await listDrafts(db)).map((d) => d.id)).toEqual([newer.id, older.id]);

    // Editing the older draft brings it to the top.
    await saveDraft(db, { id: older.id, step: 4, fields: { make: 'Ford', model: 'Ranger' } }, clock);
    const list = await listDrafts(db);
    expect(list.map((d) => d.id)).toEqual([older.id, newer.id]);
    expect(await list[0]!.mainPhoto!.text()).toBe('ford-main');
    expect(list[0]).toMatchObject({ step: 4, fields: { model: 'Ranger' } });
    expect(list[0]!.createdAt).toBeLessThan(list[0]!.updatedAt);
    expect(list[1]!.mainPhoto).toBeNull();
  });

  it('deletes a draft with its photos', async () => {
    const db = freshDb();
    const keep = await saveDraft(db, { step: 1, fields: { make: 'Kia' }, photos: [{ blob: photo('k') }] });
    const gone = await saveDraft(db, { step: 1, fields: { make: 'Audi' }, photos: [{ blob: photo('a1') }, { blob: photo('a2') }] });
    await deleteDraft(db, gone.id);
    expect(await getDraft(db, gone.id)).toBeUndefined();
    expect(await db.draftPhotos.where('draftId').equals(gone.id).count()).toBe(0);
    expect((await listDrafts(db)).map((d) => d.id)).toEqual([keep.id]);
    expect((await getDraft(db, keep.id))!.photos).toHaveLength(1);
  });
});
