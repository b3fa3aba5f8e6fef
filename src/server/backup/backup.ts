import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { localMediaDir } from '../media/localStore';
import { createArchive } from './archiveWriter';
import { FORMAT, MANIFEST, MEDIA_FOLDER, SECRET_FILES, type Manifest } from './archiveLayout';
import { dumpDatabase } from './databaseDump';
import { photoFiles } from './photoFiles';

/** What a backup wrote, for the command's report. */
export interface BackupReport {
  manifest: Manifest;
  /** Where the database's copy came from. */
  source: string;
}

/**
 * Writes one archive (archiveLayout.ts) of everything a restore needs: the database, DATA_DIR's generated
 * secrets and the local store's photos. Written beside `out` under a name of its own and renamed into
 * place at the end, so `out` is a whole archive or untouched.
 *
 * Consistency, while servers run. The database's copy is one consistent moment (pg_dump's snapshot;
 * PGlite's dump of its folder between two queries, which a restore opens as after a crash: every
 * transaction committed by then, none other). It is taken first, and the photos are copied after it. A
 * photo the copied database shows was stored before that moment (a photo is written to the store before
 * any listing can take it, see src/server/listings.ts and keepUploads), so it is on disk when the copy of
 * the photos begins. Photo files are deleted in one place only, the orphan purge (purgeOrphanUploads in
 * src/server/repositories/uploads.repo.ts): it deletes a photo whose upload row is more than a day old
 * (ORPHAN_UPLOAD_AGE_MS) and that no listing shows, in the transaction that deletes the row. For a photo
 * that a listing of the copy shows to go, a transaction after the copy must first let go of it (an edit
 * dropping it, the listing's deletion), and each of those records the photo as loose at that moment
 * (recordLoosePhotos, in the same transaction), so the purge cannot delete it until a day after the copy.
 * A purge transaction under way at the moment of the copy is no exception: it only deletes photos no
 * listing showed within it (on PostgreSQL a listing taking one of them waits for its row lock and is then
 * refused, see keepUploads; on PGlite no other statement runs inside its transaction), and the copy does
 * not contain its uncommitted work. So every photo the copied database shows is in the archive, as long
 * as copying the photos takes less than a day. The archive may also hold photos stored after the copy,
 * which no listing of the copy shows: harmless, as are the thumbnails and previews made on demand.
 */
export async function backup(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'media'>, out: string): Promise<BackupReport> {
  const partial = path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}.partial`);
  const dump = await dumpDatabase(config, `${partial}.pgdump`);
  const archive = createArchive(partial);
  try {
    await archive.add(dump.entry, dump.bytes, dump.body);
    await dump.dispose();
    const secrets: Manifest['secrets'] = [];
    for (const name of SECRET_FILES) {
      const bytes = await readFile(path.join(config.dataDir, name)).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      });
      if (!bytes) continue;
      await archive.add(name, bytes.length, bytes, 0o600);
      secrets.push(name);
    }
    const counts = { photos: 0, photo_bytes: 0, database_bytes: dump.bytes };
    if (config.media.store === 'local') {
      for await (const photo of photoFiles(localMediaDir(config.dataDir))) {
        await archive.add(`${MEDIA_FOLDER}/${photo.name}`, photo.bytes, photo.body);
        counts.photos += 1;
        counts.photo_bytes += photo.bytes;
      }
    }
    const manifest: Manifest = {
      format: FORMAT,
      app: 'motokari',
      created_at: new Date().toISOString(),
      engine: dump.engine,
      database: dump.entry,
      media_store: config.media.store,
      secrets,
      counts,
    };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await archive.add(MANIFEST, text.length, text);
    await archive.finish();
    await rename(partial, out);
    return { manifest, source: dump.source };
  } catch (err) {
    archive.abort();
    await dump.dispose();
    await rm(partial, { force: true });
    throw err;
  }
}
