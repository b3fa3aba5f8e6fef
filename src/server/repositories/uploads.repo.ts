import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { messages, uploads, vehicles } from '../db/schema';
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

/** How many uploads one transaction of the purge settles; it holds their rows locked while their files go. */
const PURGE_BATCH = 200;
/**
 * How long a run goes on starting batches: well inside the job's lease, so a backlog (say the rows of
 * every photo of a million listings, about 4 million, settled at about 5 ms a batch of 200 when few
 * are orphans) drains over several runs, and deleting many orphans' files from a bucket does too.
 */
const PURGE_RUN_MS = 30_000;

/**
 * Records stored photos for the purge to settle a day from now: photos a listing let go of (an edit
 * dropped them, the listing was deleted), and photos stored from a data URL on their way into a
 * listing (so a request refused after storing them leaves no file unnamed). The purge deletes those
 * that no listing shows by then. Photos that are not stored uploads (samples, the placeholder) are
 * left out.
 */
export async function recordLoosePhotos(tx: Tx, urls: readonly string[], now: Date): Promise<void> {
  const stored = [...new Set(urls.filter((url) => url.startsWith(MEDIA_PREFIX)))];
  if (!stored.length) return;
  await tx
    .insert(uploads)
    .values(stored.map((mediaKey) => ({ mediaKey, createdAt: now })))
    .onConflictDoUpdate({ target: uploads.mediaKey, set: { createdAt: now } });
}

/**
 * Settles the uploads ORPHAN_UPLOAD_AGE_MS after their (latest) upload or their release by a listing:
 * each row goes, and the files of those that no listing or message shows go with it; a photo a listing or a message shows keeps
 * its files, and only a listing letting go of it brings its row back (recordLoosePhotos). So the
 * rows the purge reads are a day's uploads and releases, not every photo ever stored, and whether a
 * listing shows one is a lookup in vehicles_images_idx. A batch at a time, each in one transaction:
 * the rows are deleted (locked, and so kept from a listing taking them meanwhile: see keepUploads),
 * then the files, then the deletion commits. A crash or a store error midway rolls the rows back, so
 * the next run deletes them again rather than leaving files that nothing names. Answers how many
 * photos' files were deleted.
 */
export async function purgeOrphanUploads(db: Db, media: MediaStore, now: Date): Promise<number> {
  const due = lt(uploads.createdAt, new Date(now.getTime() - ORPHAN_UPLOAD_AGE_MS));
  const until = Date.now() + PURGE_RUN_MS;
  let deleted = 0;
  while (Date.now() < until) {
    const settled = await db.transaction(async (tx) => {
      // The condition again on the delete itself: a row a listing took meanwhile is checked afresh once its lock is let go.
      const rows = await tx
        .delete(uploads)
        .where(and(inArray(uploads.mediaKey, tx.select({ url: uploads.mediaKey }).from(uploads).where(due).limit(PURGE_BATCH)), due))
        .returning({ url: uploads.mediaKey });
      if (!rows.length) return { rows: 0, orphans: 0 };
      // Stored URLs hold no comma (/media/<hash>-full.webp): one text parameter for the batch.
      const shown = await tx
        .select({ url: sql<string>`u` })
        .from(sql`unnest(string_to_array(${rows.map((r) => r.url).join(',')}, ',')) as u`)
        .where(sql`exists (select 1 from ${vehicles} where ${vehicles.images} @> jsonb_build_array(u)) or exists (select 1 from ${messages} where ${messages.images} @> jsonb_build_array(u))`);
      const kept = new Set(shown.map((r) => r.url));
      const orphans = rows.filter((r) => !kept.has(r.url));
      for (const { url } of orphans) await media.remove(url);
      return { rows: rows.length, orphans: orphans.length };
    });
    deleted += settled.orphans;
    if (settled.rows < PURGE_BATCH) break;
  }
  return deleted;
}
