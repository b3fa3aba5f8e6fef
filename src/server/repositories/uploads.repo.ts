import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads, vehicles } from '../db/schema';
import { MEDIA_PREFIX, type MediaStore } from '../media/mediaStore';

/** How long an uploaded photo waits for a listing to use it before it is deleted. */
export const ORPHAN_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

/** Records a stored upload; uploading the same photo again restarts its day. */
export async function recordUpload(db: Db, url: string, uploaderId: string, now: Date): Promise<void> {
  await db
    .insert(uploads)
    .values({ mediaKey: url, uploaderId, createdAt: now })
    .onConflictDoUpdate({ target: uploads.mediaKey, set: { uploaderId, createdAt: now } });
}

/**
 * Keeps the photos a listing is about to take (its new /media/ URLs) from the orphan purge, and
 * answers the ones that are gone. An uploaded photo's day starts again (so the purge leaves it for a
 * day, time enough for the listing's write); one the purge is deleting at this moment waits for it
 * (its rows are locked until the files are gone) and counts as gone. A URL with no upload row (a
 * photo stored from a data URL, or before uploads were recorded) is looked for in the store: the
 * purge never deletes those.
 */
export async function keepUploads(db: Db, media: Pick<MediaStore, 'size'>, urls: readonly string[], now: Date): Promise<string[]> {
  if (!urls.length) return [];
  const kept = await db
    .update(uploads)
    .set({ createdAt: now })
    .where(inArray(uploads.mediaKey, [...urls]))
    .returning({ url: uploads.mediaKey });
  const known = new Set(kept.map((k) => k.url));
  const missing: string[] = [];
  for (const url of urls) {
    if (known.has(url)) continue;
    if ((await media.size(url.slice(MEDIA_PREFIX.length))) === null) missing.push(url);
  }
  return missing;
}

/** How many orphans one transaction of the purge deletes: it holds their rows locked while their files go. */
const PURGE_BATCH = 100;

/**
 * Deletes the uploads that no listing's images reference ORPHAN_UPLOAD_AGE_MS after their upload,
 * a batch at a time, each in one transaction: the rows are deleted (locked, and so kept from a
 * listing taking them meanwhile: see keepUploads), then their files, then the deletion commits. A
 * crash or a store error midway rolls the rows back, so the next run deletes them again rather than
 * leaving files that nothing names. Answers how many were deleted.
 */
export async function purgeOrphanUploads(db: Db, media: MediaStore, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_UPLOAD_AGE_MS);
  const referenced = sql`exists (select 1 from ${vehicles} where ${vehicles.images} @> jsonb_build_array(${uploads.mediaKey}))`;
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const orphan = and(lt(uploads.createdAt, cutoff), sql`not ${referenced}`);
      const doomed = tx.select({ url: uploads.mediaKey }).from(uploads).where(orphan).limit(PURGE_BATCH);
      // The conditions again on the delete itself: a row a listing took meanwhile is checked afresh once its lock is let go.
      const gone = await tx
        .delete(uploads)
        .where(and(inArray(uploads.mediaKey, doomed), orphan))
        .returning({ url: uploads.mediaKey });
      for (const { url } of gone) await media.remove(url);
      return gone.length;
    });
    deleted += batch;
    if (batch < PURGE_BATCH) return deleted;
  }
}
