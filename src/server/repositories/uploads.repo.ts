import { and, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads, vehicles } from '../db/schema';
import type { MediaStore } from '../media/mediaStore';

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
 * Deletes the uploads that no listing's images reference ORPHAN_UPLOAD_AGE_MS after their upload:
 * the rows first (so a listing that takes a photo meanwhile keeps it), then their files.
 * Answers how many were deleted.
 */
export async function purgeOrphanUploads(db: Db, media: MediaStore, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_UPLOAD_AGE_MS);
  const referenced = sql`exists (select 1 from ${vehicles} where ${vehicles.images} @> jsonb_build_array(${uploads.mediaKey}))`;
  const gone = await db
    .delete(uploads)
    .where(and(lt(uploads.createdAt, cutoff), sql`not ${referenced}`))
    .returning({ url: uploads.mediaKey });
  for (const { url } of gone) await media.remove(url);
  return gone.length;
}
